/**
 * The tutorials' timeline in real Chromium, fed by the queue manager's own events: the
 * reliable-delivery tutorial's steps done by clicks, then the timeline read as a user reads
 * it: a message put, delivered, backed out, delivered again with delivery count 2 and
 * acknowledged; a transaction's puts held then committed, and one rolled back. axe-core finds
 * no serious violation on that state.
 */
import "../../playground/style.css";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import { mountReliableTutorial, type ReliableTutorial } from "../../playground/reliable-tutorial.js";
import { mountTutorialShell } from "../../playground/tutorial-shell.js";
import { mountTimeline, type Timeline } from "../../playground/timeline/timeline.js";
import { seriousViolations } from "./support/axe.js";

const databaseName = `webmq-timeline-test-${Date.now().toString(36)}`;
let host: HTMLElement;
let tutorial: ReliableTutorial;
let timeline: Timeline;

beforeAll(async () => {
  host = document.createElement("main");
  document.body.appendChild(host);
  const tutorials = document.createElement("div");
  host.appendChild(tutorials);
  timeline = mountTimeline(host);
  tutorial = await mountReliableTutorial(() => openLocalBrowserQueueManager({ name: "RELIABLE", databaseName }).then((qm) => (timeline.watch(qm), qm)));
  mountTutorialShell(tutorials, [tutorial.definition]);
});

afterAll(async () => {
  await tutorial.dispose();
  host.remove();
  indexedDB.deleteDatabase(databaseName);
});

const visibleStep = () => host.querySelector<HTMLElement>(".tutorial-step:not([hidden])")!;
async function click(label: string): Promise<void> {
  await userEvent.click([...visibleStep().querySelectorAll("button")].find((b) => b.textContent === label)!);
  await tutorial.idle();
}
/** Each row's events, in words, without their times. */
const rows = () =>
  [...timeline.element.querySelectorAll(".timeline-row")].map((row) =>
    [...row.querySelectorAll(".timeline-event")].map((e) => e.lastChild!.textContent!.trim()),
  );

describe("playground timeline (Chromium, IndexedDB)", () => {
  it("shows a message put, delivered, backed out, delivered with count 2 and acknowledged", async () => {
    await userEvent.click(host.querySelector(".tutorial-next")!);
    timeline.clear();
    await click("Receive, then crash");
    await click("Receive again and acknowledge");
    const order = rows().find((events) => events.some((e) => e.includes("delivery count 2")));
    expect(order).toBeDefined();
    const kinds = order!.map((e) => e.split(/[:( ]/)[0]);
    expect(kinds[0]).toBe("put");
    expect(order!.join("\n")).toMatch(
      /delivered from RELIABLE\.ORDERS \(delivery count 1\)[\s\S]*backed out[\s\S]*delivery count 2[\s\S]*acknowledged: removed from RELIABLE\.ORDERS/,
    );
  });

  it("shows a transaction's puts held, then committed, and a rolled-back put undone", async () => {
    await userEvent.click(host.querySelector(".tutorial-next")!);
    timeline.clear();
    await click("Send two and commit");
    await click("Send one and roll back");
    const all = rows();
    expect(all).toHaveLength(3);
    // Newest first: the rolled-back one, then the two committed.
    expect(all[0]!.join("\n")).toMatch(/held by a transaction[\s\S]*rolled back/);
    for (const committed of all.slice(1)) expect(committed.join("\n")).toMatch(/held by a transaction[\s\S]*put on RELIABLE\.ORDERS \(persistent/);
  });

  it("is labelled and keyboard-reachable: axe-core finds no serious violation", async () => {
    expect(timeline.element.querySelector<HTMLElement>(".timeline-rows")!.tabIndex).toBe(0);
    expect(await seriousViolations(document, host)).toEqual([]);
  });
});
