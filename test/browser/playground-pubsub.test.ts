/**
 * The playground's publish/subscribe tutorial in real Chromium, on a real IndexedDB: typing a
 * topic and a price and pressing Publish, as a person does, reaches exactly the subscribers
 * whose topic and selector take it.
 */
import { seriousViolations } from "./support/axe.js";
import { screenshotStep } from "./support/step-screenshots.js";
import { mountedTutorial } from "./support/tutorial-page.js";
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { mountPubSubTutorial } from "../../playground/pubsub-tutorial.js";

const mounted = mountedTutorial("pubsub", mountPubSubTutorial);

const field = (name: string) => mounted.host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const columns = () => [...mounted.host.querySelectorAll(".subscribers ol")].map((ol) => [...ol.querySelectorAll("li")].map((li) => li.textContent));

async function publish(topic: string, region: "eu" | "us", body: string): Promise<void> {
  await userEvent.clear(field("topic"));
  await userEvent.type(field("topic"), topic);
  await userEvent.selectOptions(mounted.host.querySelector("select") as unknown as HTMLElement, region);
  await userEvent.clear(field("body"));
  await userEvent.type(field("body"), body);
  await userEvent.click(mounted.host.querySelector("button")!);
  await mounted.tutorial.idle();
}

describe("playground publish/subscribe tutorial (Chromium, IndexedDB)", () => {
  it("delivers what is published to the subscribers whose topic and selector take it", async () => {
    await publish("price/fruit/apples", "eu", "1.20");
    expect(columns()).toEqual([["1.20 (region eu)"], ["1.20 (region eu)"], ["1.20 (region eu)"]]);
    expect(mounted.host.querySelector("output")!.textContent).toBe("published to 3 subscriptions");

    await publish("price/vegetables/apples", "us", "0.50");
    await publish("price/fruit/pears", "us", "0.90");
    expect(columns()).toEqual([["1.20 (region eu)", "0.90 (region us)"], ["1.20 (region eu)", "0.50 (region us)"], ["1.20 (region eu)"]]);
    // The durable subscription is an object of the queue manager, kept in IndexedDB.
    expect(mounted.qm.object("subscription", "PLAY.ALL.FRUIT")?.attributes).toMatchObject({ topicString: "price/fruit/#", destination: "PLAY.FRUIT" });
  });

  it("shows on the timeline each copy the subscribers got: put on its subscription's queue, then taken off it", async () => {
    await screenshotStep("pubsub", "1-publish", mounted.host);
    const copies = mounted.timeline.rows().filter((events) => events[0]!.startsWith("put on "));
    // 3 + 1 + 1 copies, as the subscribers' columns show: one row each, for each copy has an id of its own.
    expect(copies).toHaveLength(5);
    expect(copies.filter((events) => events[0]!.startsWith("put on PLAY.FRUIT"))).toHaveLength(2);
    for (const events of copies) expect(events.at(-1)).toMatch(/^acknowledged: removed from /);
  });

  it("has no serious or critical accessibility violation (axe-core) in the state the steps above left", async () => {
    expect(await seriousViolations(document, mounted.host)).toEqual([]);
    expect(await seriousViolations(document, mounted.timeline.timeline.element)).toEqual([]);
  });
});
