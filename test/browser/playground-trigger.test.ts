/**
 * The playground's triggering tutorial in real Chromium, on a real IndexedDB: clicking the
 * buttons as a person does starts the application as FIRST, EVERY and DEPTH say, and the
 * table shows what the queue manager holds.
 */
import { seriousViolations } from "./support/axe.js";
import { screenshotStep } from "./support/step-screenshots.js";
import { mountedTutorial } from "./support/tutorial-page.js";
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { mountTriggerTutorial } from "../../playground/trigger-tutorial.js";
import triggeredWorkerUrl from "../../playground/trigger-app.worker.ts?worker&url";

const mounted = mountedTutorial("trigger", (host, qm) => mountTriggerTutorial(host, qm, new URL(triggeredWorkerUrl, location.href).href));

const button = (name: string) => mounted.host.querySelector<HTMLButtonElement>(`[name="${name}"]`)!;
/** The table as the learner sees it: queue -> [messages, started, TRIGGER]. */
const table = () =>
  Object.fromEntries(
    [...mounted.host.querySelectorAll("table.triggers tbody tr")].map((row) => {
      const cells = [...row.querySelectorAll("td")].map((td) => td.textContent);
      return [cells[0], [Number(cells[2]), Number(cells[3]), cells[4]]];
    }),
  );

describe("the triggering tutorial (Chromium)", () => {
  it("part 1: putting orders starts a real Web Worker, which drains the queue, replies and ends", async () => {
    await userEvent.click(button("orders"));
    await expect.poll(() => mounted.host.querySelectorAll(".worker-done li").length, { timeout: 15_000 }).toBe(3);
    expect([...mounted.host.querySelectorAll(".worker-done li")].map((li) => li.textContent)).toEqual(
      ["order 1", "order 2", "order 3"].map((order) => `${order}, handled by the Web Worker "TUTOR.WORKER.PROC for TRIG.WORKER"`),
    );
    // The worker ends once the queue stays empty for its wait interval.
    await expect.poll(() => mounted.tutorial.workerMonitor.workers, { timeout: 5000 }).toBe(0);
    expect(mounted.tutorial.workerMonitor.stats).toMatchObject({ triggers: 1, started: 1, failed: 0 });
    expect(mounted.qm.queueStatus("TRIG.WORKER").depth).toBe(0);
    await expect.poll(() => mounted.host.querySelector(".workers")!.textContent, { timeout: 2000 }).toMatch(/Web Workers started: 1; running now: 0;/);
    // The timeline: the trigger message the queue manager wrote to start the worker, and the orders it took (and replied to on TRIG.WORKER.DONE).
    const rows = mounted.timeline.rows().map((events) => events.join("\n"));
    expect(rows.filter((row) => /trigger message written on [A-Z.]+ to start TUTOR\.WORKER\.PROC for TRIG\.WORKER/.test(row))).toHaveLength(1);
    expect(rows.filter((row) => /^put on TRIG\.WORKER\.DONE \([\s\S]*acknowledged: removed from TRIG\.WORKER\.DONE$/.test(row))).toHaveLength(3);
    expect(rows.filter((row) => /^put on TRIG\.WORKER \([\s\S]*acknowledged: removed from TRIG\.WORKER$/.test(row))).toHaveLength(3);
    await screenshotStep("trigger", "1-worker", mounted.host);
  });

  it("starts the application once per message for EVERY, once for FIRST, and at three for DEPTH, which then turns NOTRIGGER", async () => {
    for (let i = 0; i < 4; i++) {
      await userEvent.click(button("put"));
      await mounted.tutorial.idle();
    }
    expect(table()).toEqual({ "TRIG.FIRST": [4, 1, "TRIGGER"], "TRIG.EVERY": [4, 4, "TRIGGER"], "TRIG.DEPTH": [4, 1, "NOTRIGGER"] });
    expect(mounted.qm.queueAttributes("TRIG.DEPTH").trigger).toBe(false);
    expect(mounted.tutorial.monitor.stats).toMatchObject({ triggers: 6, started: 6, failed: 0 });
    expect(mounted.host.querySelector(".event-log")!.textContent).toMatch(/started tutor-app for TRIG.DEPTH/);
  });

  it("FIRST starts again once the queue has been emptied; ALTER TRIGGER on a DEPTH queue that qualifies starts one at once", async () => {
    await userEvent.click(button("drain"));
    await mounted.tutorial.idle();
    await userEvent.click(button("put"));
    await mounted.tutorial.idle();
    expect(table()["TRIG.FIRST"]).toEqual([1, 2, "TRIGGER"]);
    expect(table()["TRIG.EVERY"]).toEqual([1, 5, "TRIGGER"]);
    expect(table()["TRIG.DEPTH"]).toEqual([1, 1, "NOTRIGGER"]);
    await userEvent.click(button("put"));
    await userEvent.click(button("put"));
    await mounted.tutorial.idle();
    expect(table()["TRIG.DEPTH"]).toEqual([3, 1, "NOTRIGGER"]);
    await userEvent.click(button("retrigger"));
    await mounted.tutorial.idle();
    expect(table()["TRIG.DEPTH"]).toEqual([3, 2, "NOTRIGGER"]);
    expect(mounted.qm.queueStatus("TUTOR.INITQ").depth).toBe(0);
  });

  it("has no serious or critical accessibility violation (axe-core) in the state the steps above left", async () => {
    expect(await seriousViolations(document, mounted.host)).toEqual([]);
    expect(await seriousViolations(document, mounted.timeline.timeline.element)).toEqual([]);
  });
});
