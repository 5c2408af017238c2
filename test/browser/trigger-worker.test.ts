/**
 * Triggering in the browser (issue 10), end to end in Chromium: a TRIGTYPE(EVERY) queue whose
 * process's APPLICID is a module URL; the trigger monitor (startWorkerTriggerMonitor) starts
 * that module as a real Web Worker, which gets the message through the RemoteQueueManager it
 * was handed, puts a reply, and ends; the worker is then gone. Workers that fail (the
 * application throws, the module does not load or throws as it loads, a worker that never
 * ends) are reported and counted, and the monitor goes on.
 *
 * Fixture modules are referenced as vite serves them: new URL("./fixtures/...", import.meta.url).
 * They import no module dynamically, so starting them from a URL held in a variable is fine.
 */
import { describe, expect, it } from "vitest";
import { openLocalBrowserQueueManager, startWorkerTriggerMonitor, TriggeredWorkerError } from "../../adapters/browser/index.js";
import type { QueueManager, TriggerInfo } from "../../core/index.js";

/** This file's URL, held in a variable: vite rewrites `new URL(\`...${x}\`, import.meta.url)` as a glob of existing files. */
const here = import.meta.url;
const fixture = (name: string) => new URL(`./fixtures/${name}`, here).href;

async function until<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, tries = 400): Promise<T> {
  let value = await probe();
  for (let i = 0; !done(value) && i < tries; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await probe();
  }
  return value;
}

async function heldLocks(prefix: string): Promise<string[]> {
  const { held = [] } = await navigator.locks.query();
  return held.map((lock) => lock.name ?? "").filter((name) => name.startsWith(prefix));
}

async function freshManager(prefix: string): Promise<{ qm: QueueManager; qmgr: string; done(): Promise<void> }> {
  const qmgr = `${prefix}${Date.now().toString(36).toUpperCase()}`;
  indexedDB.deleteDatabase(`webmq:${qmgr}`);
  const qm = await openLocalBrowserQueueManager({ name: qmgr });
  return {
    qm,
    qmgr,
    async done() {
      await qm.close();
      indexedDB.deleteDatabase(`webmq:${qmgr}`);
    },
  };
}

describe("triggered applications as Web Workers (Chromium, IndexedDB)", () => {
  it("starts the process's module as a Web Worker for a TRIGTYPE(EVERY) queue: it gets the message, puts a reply and ends", async () => {
    const { qm, qmgr, done } = await freshManager("TWE");
    const lock = `webmq-test-trigger:${qmgr}`;
    const url = fixture("trigger-reply.worker.ts");
    await qm.mqsc(
      [
        `DEFINE PROCESS(REPLY.PROC) APPLICID('${url}') USERDATA('${qmgr}') ENVRDATA('env=test')`,
        "DEFINE QLOCAL(APP.INITQ)",
        "DEFINE QLOCAL(APP.REQ) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(REPLY.PROC) TRIGDATA('reply please')",
        "DEFINE QLOCAL(APP.REPLY)",
      ].join("\n"),
    );
    const errors: unknown[] = [];
    const monitor = await startWorkerTriggerMonitor(qm, "APP.INITQ", { onError: (error) => void errors.push(error) });
    expect((await qm.queueStatus("APP.INITQ")).openInputCount).toBeGreaterThan(0);

    const put = await qm.put("APP.REQ", { body: "order 1", persistent: true });
    const reply = await qm.get("APP.REPLY", { wait: 15_000 });
    expect(reply, `no reply; monitor errors: ${errors.map(String).join("; ")}`).not.toBeNull();
    expect(reply!.correlationId).toBe(put.messageId);
    const body = JSON.parse(String(reply!.body)) as { reply: string; trigger: TriggerInfo; worker: string };
    expect(body.reply).toBe("done: order 1");
    expect(body.trigger).toMatchObject({
      queueName: "APP.REQ",
      processName: "REPLY.PROC",
      triggerData: "reply please",
      applicationId: url,
      environmentData: "env=test",
      userData: qmgr,
      queueManagerName: qmgr,
    });
    expect(body.worker).toBe("REPLY.PROC for APP.REQ");

    // The worker drains with a wait interval, ends, and is terminated: its lock goes with it.
    const stats = await until(
      () => ({ ...monitor.stats, workers: monitor.workers }),
      (s) => s.workers === 0,
    );
    expect(stats).toEqual({ triggers: 1, started: 1, failed: 0, workers: 0 });
    expect(
      await until(
        () => heldLocks(lock),
        (held) => held.length === 0,
      ),
    ).toEqual([]);
    expect((await qm.queueStatus("APP.REQ")).depth).toBe(0);

    // EVERY: each message starts a worker.
    for (const n of [2, 3]) await qm.put("APP.REQ", { body: `order ${n}` });
    const replies = [await qm.get("APP.REPLY", { wait: 15_000 }), await qm.get("APP.REPLY", { wait: 15_000 })];
    expect(replies.map((m) => (JSON.parse(String(m?.body)) as { reply: string }).reply).sort()).toEqual(["done: order 2", "done: order 3"]);
    const after = await until(
      () => ({ ...monitor.stats, workers: monitor.workers }),
      (s) => s.started === 3 && s.workers === 0,
    );
    expect(after).toEqual({ triggers: 3, started: 3, failed: 0, workers: 0 });
    expect(
      await until(
        () => heldLocks(lock),
        (held) => held.length === 0,
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);

    await monitor.close();
    expect((await qm.queueStatus("APP.INITQ")).openInputCount).toBe(0);
    await done();
  });

  it(
    "reports and counts a worker that throws, one that does not load, one that fails as it loads and one that never ends, and goes on",
    { timeout: 45_000 },
    async () => {
      const { qm, qmgr, done } = await freshManager("TWF");
      const lock = `webmq-test-trigger:${qmgr}`;
      await qm.mqsc(
        [
          `DEFINE PROCESS(REPLY.PROC) APPLICID('${fixture("trigger-reply.worker.ts")}') USERDATA('${qmgr}.REPLY')`,
          `DEFINE PROCESS(THROWS.PROC) APPLICID('${fixture("trigger-throws.worker.ts")}')`,
          `DEFINE PROCESS(MISSING.PROC) APPLICID('${fixture("no-such-module.worker.js")}')`,
          `DEFINE PROCESS(LOADFAIL.PROC) APPLICID('${fixture("trigger-throws-on-load.worker.ts")}')`,
          `DEFINE PROCESS(HANGS.PROC) APPLICID('${fixture("trigger-hangs.worker.ts")}') USERDATA('${qmgr}')`,
          "DEFINE QLOCAL(APP.INITQ)",
          "DEFINE QLOCAL(APP.REQ) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(REPLY.PROC)",
          "DEFINE QLOCAL(APP.THROWS) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(THROWS.PROC)",
          "DEFINE QLOCAL(APP.MISSING) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(MISSING.PROC)",
          "DEFINE QLOCAL(APP.LOADFAIL) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(LOADFAIL.PROC)",
          "DEFINE QLOCAL(APP.HANGS) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(HANGS.PROC)",
          "DEFINE QLOCAL(APP.REPLY)",
          "DEFINE QLOCAL(APP.WAIT)",
        ].join("\n"),
      );
      const errors: { error: unknown; trigger: TriggerInfo | undefined }[] = [];
      // Long enough for a worker's module to load while other test files share the machine (at
      // 2 s a worker that throws was once ended as hung before it could throw), short enough to wait for.
      const monitor = await startWorkerTriggerMonitor(qm, "APP.INITQ", { timeoutMs: 8_000, onError: (error, trigger) => void errors.push({ error, trigger }) });

      await qm.put("APP.HANGS", { body: "never answered" });
      // The hanging worker runs (its lock is held) ...
      expect(
        await until(
          () => heldLocks(lock),
          (held) => held.length === 1,
        ),
      ).toEqual([lock]);
      expect(
        (
          await until(
            () => qm.queueStatus("APP.WAIT"),
            (s) => s.openInputCount === 1,
          )
        ).openInputCount,
      ).toBe(1);
      for (const queue of ["APP.THROWS", "APP.MISSING", "APP.LOADFAIL"]) await qm.put(queue, { body: `for ${queue}` });

      const failedStats = await until(
        () => ({ ...monitor.stats, workers: monitor.workers }),
        (s) => s.failed === 4 && s.workers === 0,
        800, // up to 20 s: the hanging worker is ended at 8 s
      );
      expect(failedStats).toEqual({ triggers: 4, started: 4, failed: 4, workers: 0 });
      // ... and is terminated after the timeout: its lock is released.
      expect(
        await until(
          () => heldLocks(lock),
          (held) => held.length === 0,
        ),
      ).toEqual([]);

      const byProcess = new Map(errors.map(({ error, trigger }) => [trigger?.processName, error]));
      expect(byProcess.get("THROWS.PROC")).toMatchObject({ message: "cannot handle for APP.THROWS" });
      expect(byProcess.get("MISSING.PROC")).toBeInstanceOf(TriggeredWorkerError);
      expect(byProcess.get("MISSING.PROC")).toMatchObject({ failure: "error", url: fixture("no-such-module.worker.js") });
      expect(byProcess.get("LOADFAIL.PROC")).toMatchObject({ failure: "error" });
      expect(byProcess.get("HANGS.PROC")).toMatchObject({ failure: "timeout", message: expect.stringContaining("8000 ms") });
      expect(errors).toHaveLength(4);
      // The terminated worker's get is not left waiting: a message put now stays on its queue.
      expect((await qm.queueStatus("APP.WAIT")).openInputCount).toBe(0);
      await qm.put("APP.WAIT", { body: "nobody waits" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await qm.queueStatus("APP.WAIT")).depth).toBe(1);

      // The monitor goes on.
      await qm.put("APP.REQ", { body: "after the failures" });
      const reply = await qm.get("APP.REPLY", { wait: 15_000 });
      expect((JSON.parse(String(reply?.body)) as { reply: string }).reply).toBe("done: after the failures");
      const finalStats = await until(
        () => ({ ...monitor.stats, workers: monitor.workers }),
        (s) => s.started === 5 && s.workers === 0,
      );
      expect(finalStats).toEqual({ triggers: 5, started: 5, failed: 4, workers: 0 });

      await monitor.close();
      await done();
    },
  );

  it("keeps a started worker for the next trigger of a process (warmWorkers), ended by the monitor's close; warmWorkers: false starts none ahead", async () => {
    for (const warmWorkers of [true, false]) {
      const { qm, qmgr, done } = await freshManager(warmWorkers ? "TWW" : "TWC");
      const name = `WARM.PROC for APP.REQ`;
      // Each manager's workers share one name: the lock of this run's is told apart by its holder count going to 0 at the end.
      await qm.mqsc(
        [
          `DEFINE PROCESS(WARM.PROC) APPLICID('${fixture("trigger-warm.worker.ts")}')`,
          "DEFINE QLOCAL(APP.INITQ)",
          "DEFINE QLOCAL(APP.REQ) TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(WARM.PROC)",
          "DEFINE QLOCAL(APP.REPLY)",
        ].join("\n"),
      );
      const errors: unknown[] = [];
      const monitor = await startWorkerTriggerMonitor(qm, "APP.INITQ", { warmWorkers, onError: (error) => void errors.push(error) });
      const createdAtOfReplyTo = async (body: string) => {
        const putAt = performance.timeOrigin + performance.now();
        const put = await qm.put("APP.REQ", { body, persistent: true });
        const reply = await qm.get("APP.REPLY", { wait: 15_000 });
        expect(reply?.correlationId, `no reply to ${body} (${qmgr}); errors: ${errors.map(String).join("; ")}`).toBe(put.messageId);
        await until(
          () => monitor.workers,
          (n) => n === 0,
        );
        return (JSON.parse(String(reply!.body)) as { createdAt: number }).createdAt - putAt;
      };
      const lockHolders = async () => (await heldLocks(`webmq-test-warm:${name}`)).length;

      // The first trigger of a process starts its worker after the put, warm or not.
      expect(await createdAtOfReplyTo("first")).toBeGreaterThan(0);
      // Warm: a spare worker is alive (its module ran) with no trigger for it, not counted in `workers`.
      expect(await until(lockHolders, (n) => n === (warmWorkers ? 1 : 0))).toBe(warmWorkers ? 1 : 0);
      // The second trigger is served by a worker created before its put when warm, after it when not.
      const second = await createdAtOfReplyTo("second");
      if (warmWorkers) expect(second).toBeLessThan(0);
      else expect(second).toBeGreaterThan(0);
      expect(monitor.stats).toEqual({ triggers: 2, started: 2, failed: 0 });

      await monitor.close();
      // Closing the monitor ends the spare: nothing of it outlives the monitor.
      expect(await until(lockHolders, (n) => n === 0)).toBe(0);
      expect(errors).toEqual([]);
      await done();
    }
  });
});
