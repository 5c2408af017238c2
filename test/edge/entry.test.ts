import { describe, expect, it } from "vitest";
import * as entry from "../../adapters/edge/entry.js";

describe("the Worker entry (wrangler.toml main)", () => {
  // workerd refuses to start a module that exports anything but handlers and classes.
  it("exports only the fetch handler and the Durable Object class", () => {
    expect(Object.keys(entry).sort()).toEqual(["QueueManagerObject", "default"]);
    expect(typeof entry.QueueManagerObject).toBe("function");
    expect(typeof entry.default.fetch).toBe("function");
  });
});
