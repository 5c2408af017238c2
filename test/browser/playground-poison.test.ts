/**
 * The playground's listener tutorial in real Chromium, on a real IndexedDB: clicking "Send
 * poison order" and "Send good order" as a person does, the good orders are handled once
 * each while the poison one is backed out until BOTHRESH(4) and moved to the backout queue;
 * switching to a setup that would stall a WebSphere listener port shows the warning, and the
 * poison order still goes aside after maxRetries.
 */
import { seriousViolations } from "./support/axe.js";
import { screenshotStep } from "./support/step-screenshots.js";
import { mountedTutorial } from "./support/tutorial-page.js";
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { mountPoisonTutorial } from "../../playground/poison-tutorial.js";

const QUEUE = "APP.ORDERS";
const BACKOUT = "APP.ORDERS.BACKOUT";
const mounted = mountedTutorial("poison", mountPoisonTutorial);

const button = (name: string) => mounted.host.querySelector<HTMLButtonElement>(`button[name="${name}"]`)!;
const texts = (selector: string) => [...mounted.host.querySelectorAll(selector)].map((element) => element.textContent!);
/** A two-column table of the page as name → value. */
const table = (selector: string) =>
  Object.fromEntries(
    [...mounted.host.querySelectorAll<HTMLTableRowElement>(`${selector} tr`)].map((tr) => [tr.cells[0]!.textContent, tr.cells[1]!.textContent]),
  );
const settle = { timeout: 15_000, interval: 50 };

async function click(name: string): Promise<void> {
  await userEvent.click(button(name));
  await mounted.tutorial.idle();
}

describe("playground listener tutorial (Chromium, IndexedDB)", () => {
  it("part 1: the poison order goes to the backout queue at BOTHRESH(4) while the good orders are handled once each", async () => {
    expect(mounted.host.querySelector(".mqsc-shown")!.textContent).toContain(`DEFINE QLOCAL(${QUEUE}) BOTHRESH(4) BOQNAME(${BACKOUT})`);
    expect(texts(".event-log li")).toEqual(["listener started: BOTHRESH(4), maxRetries 5, maxSessions 2, no warning"]);

    await click("good");
    await click("poison");
    for (let i = 0; i < 3; i++) await click("good");

    // What the learner sees once the stats settle.
    await expect.poll(() => table(".stats"), settle).toMatchObject({ processed: "4", backedOut: "1" });
    await expect.poll(() => table(".depths"), settle).toEqual({ [QUEUE]: "0", [BACKOUT]: "1", "SYSTEM.DEAD.LETTER.QUEUE": "0" });
    expect(table(".stats")).toEqual({ processed: "4", rolledBack: "4", backedOut: "1", deadLettered: "0", discarded: "0", errors: "4" });
    const handled = texts(".handled li");
    expect([...handled].sort()).toEqual(["order 1", "order 3", "order 4", "order 5"]);
    expect(texts(".event-log li").slice(1)).toEqual([
      ...[1, 2, 3, 4].map((n) => `order 2 (poison) failed in the handler and was backed out: backout count now ${n}`),
      `order 2 (poison) came back with backout count 4, the queue's BOTHRESH(4): moved to ${BACKOUT}`,
    ]);

    // What happened in the queue manager.
    expect(mounted.tutorial.listener.stats).toEqual({ processed: 4, rolledBack: 4, backedOut: 1, deadLettered: 0, discarded: 0, errors: 4 });
    expect(mounted.qm.queueStatus(QUEUE)).toMatchObject({ depth: 0, uncommitted: 0 });
    const aside = await mounted.qm.list(BACKOUT);
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatchObject({ backoutCount: 4, persistent: true, properties: [expect.objectContaining({ name: "poison", value: true })] });
    const cursor = mounted.qm.browse(BACKOUT);
    expect((await cursor.next())?.body).toBe("order 2 (poison)");
    cursor.close();
    expect(await mounted.qm.list("SYSTEM.DEAD.LETTER.QUEUE")).toHaveLength(0);

    // The timeline tells the poison order's story from the queue manager's events: put, delivered and backed out four times, delivered again and moved aside.
    const poison = mounted.timeline.rows().find((events) => events.some((e) => e.startsWith("moved to the backout queue")));
    expect(poison).toContain(`put on ${QUEUE} (persistent: kept across a restart)`);
    // Delivered a fifth time with backout count 4, BOTHRESH: moved aside in that delivery's unit.
    expect(poison!.filter((e) => e.startsWith(`delivered from ${QUEUE}`))).toHaveLength(5);
    expect(poison!.filter((e) => e.startsWith(`backed out: back on ${QUEUE}`))).toHaveLength(4);
    expect(poison).toContain(`moved to the backout queue ${BACKOUT} (it failed too often)`);
    // The row follows the message to the backout queue, where it stays.
    expect(poison!.at(-1)).toBe(`put on ${BACKOUT} (persistent: kept across a restart)`);
    await screenshotStep("poison", "1-backout-queue", mounted.host);
  });

  it("part 2: a misconfigured listener warns when it starts and still moves the poison order aside after maxRetries", async () => {
    const before = texts(".event-log li").length;
    await click("no-threshold");
    expect(mounted.host.querySelector(".mqsc-alter")!.textContent).toBe(`ALTER QLOCAL(${QUEUE}) BOTHRESH(0)`);
    expect(mounted.host.querySelector(".mqsc-shown")!.textContent).toContain("BOTHRESH(4)");
    expect(mounted.qm.queueAttributes(QUEUE).backoutThreshold).toBe(0);
    expect(button("no-threshold").getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(() => texts(".event-log li").slice(before), settle)
      .toEqual([
        "listener started: BOTHRESH(0), maxRetries 5, maxSessions 2",
        expect.stringMatching(/^warning: queue APP\.ORDERS has no backout threshold \(BOTHRESH 0\).*maxRetries \(5\)/),
      ]);

    await click("poison");
    await click("good");
    await expect.poll(() => table(".stats"), settle).toMatchObject({ processed: "1", backedOut: "1" });
    expect(texts(".event-log li").at(-1)).toBe(`order 6 (poison) came back with backout count 5, the listener's maxRetries (5): moved to ${BACKOUT}`);
    expect(texts(".handled li")).toContain("order 7");
    expect((await mounted.qm.list(BACKOUT)).map((m) => m.backoutCount)).toEqual([4, 5]);

    // maxRetries below BOTHRESH: the listener gives up first; ours warns and moves it after 3 failures.
    const mark = texts(".event-log li").length;
    await click("retries-below");
    expect(mounted.qm.queueAttributes(QUEUE).backoutThreshold).toBe(5);
    await expect
      .poll(() => texts(".event-log li").slice(mark, mark + 2), settle)
      .toEqual([
        "listener started: BOTHRESH(5), maxRetries 3, maxSessions 2",
        expect.stringMatching(/^warning: maxRetries \(3\) is at or below queue APP\.ORDERS's BOTHRESH \(5\)/),
      ]);
    await click("poison-again");
    await expect.poll(() => table(".stats"), settle).toMatchObject({ backedOut: "1" });
    expect(texts(".event-log li").at(-1)).toBe(`order 8 (poison) came back with backout count 3, the listener's maxRetries (3): moved to ${BACKOUT}`);
    expect((await mounted.qm.list(BACKOUT)).map((m) => m.backoutCount)).toEqual([4, 5, 3]);

    // Back to the seed's setup: no warning.
    await click("seed");
    expect(texts(".event-log li").at(-1)).toBe("listener started: BOTHRESH(4), maxRetries 5, maxSessions 2, no warning");
    expect(mounted.tutorial.listener.warnings).toEqual([]);
    expect(mounted.qm.queueStatus(QUEUE)).toMatchObject({ depth: 0, uncommitted: 0 });
  });

  it("has no serious or critical accessibility violation (axe-core) in the state the steps above left", async () => {
    expect(await seriousViolations(document, mounted.host)).toEqual([]);
    expect(await seriousViolations(document, mounted.timeline.timeline.element)).toEqual([]);
  });
});
