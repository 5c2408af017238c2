import { describe, expect, it } from "vitest";
import { matchesTopic } from "../../core/features/pubsub/topic-string.js";

describe("MQ topic-level wildcards", () => {
  it.each([
    ["price/fruit/#", "price/fruit", true],
    ["price/fruit/#", "price/fruit/apples", true],
    ["price/fruit/#", "price/fruit/apples/red", true],
    ["price/fruit/#", "price/vegetables", false],
    ["price/+/apples", "price/fruit/apples", true],
    ["price/+/apples", "price/apples", false],
    ["price/+/apples", "price/fruit/red/apples", false],
    ["#", "anything/at/all", true],
    ["#/apples", "price/fruit/apples", true],
    ["#/apples", "apples", true],
    ["+", "a", true],
    ["+", "a/b", false],
    ["price/#/red", "price/fruit/apples/red", true],
    ["price/#/red", "price/red", true],
    ["price", "price", true],
    ["price", "Price", false],
    ["price/fruit", "price/fruit/apples", false],
  ])("%s against %s: %s", (filter, topic, expected) => {
    expect(matchesTopic(filter, topic)).toBe(expected);
  });
});
