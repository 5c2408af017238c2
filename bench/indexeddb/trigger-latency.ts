/**
 * Triggering's latency in the browser (issue 10), Chromium and IndexedDB, run in the page:
 * the time from a persistent put on a TRIGTYPE(EVERY) queue to the first get of that message
 * by the Web Worker the trigger monitor started for it (startWorkerTriggerMonitor: the
 * trigger message made at commit, taken off the initiation queue, a module worker started and
 * handed the trigger and the queue manager through comlink, its get answered across the
 * port), against a plain persistent put then get round trip on the same queue manager, one
 * message at a time. The worker notes the time of its first get on the timeline both contexts
 * share (performance.timeOrigin + performance.now()) and reports it afterwards, so reporting
 * is not timed. `warmWorkers` is the monitor's option: with it (the default) each trigger after
 * the first finds its worker started and its module loaded (adapters/browser/warm-workers.ts).
 */
import { QueueManager } from "../../core/index.js";
import { IndexedDBStore, startWorkerTriggerMonitor } from "../../adapters/browser/index.js";

export interface TriggerLatencies {
  /** Put to the triggered worker's first get, each trigger, milliseconds. */
  triggered: number[];
  /** Persistent put then get, each round trip, milliseconds. */
  plain: number[];
  /** Of each trigger: put to the worker's creation (its timeOrigin; negative for a spare started before the put), milliseconds. */
  toCreated: number[];
  /** Of each trigger: the time after the put spent loading the worker's module graph (dev server: unbundled; 0 for a spare loaded before), milliseconds. */
  loading: number[];
}

const WORKER_URL = new URL("./trigger-bench.worker.ts", import.meta.url).href;

export async function triggerWorkerLatency(
  databaseName: string,
  triggers: number,
  warmup: number,
  warmWorkers: boolean,
  /** The worker module's URL: by default trigger-bench.worker.ts as the dev server serves it. */
  workerUrl = WORKER_URL,
): Promise<TriggerLatencies> {
  const qm = await QueueManager.open({ name: "BENCH", store: new IndexedDBStore({ databaseName }) });
  try {
    await qm.mqsc(
      [
        `DEFINE PROCESS(BENCH.PROC) APPLICID('${workerUrl}')`,
        "DEFINE QLOCAL(BENCH.INITQ)",
        "DEFINE QLOCAL(BENCH.TRIGGERED) TRIGGER TRIGTYPE(EVERY) INITQ(BENCH.INITQ) PROCESS(BENCH.PROC)",
        "DEFINE QLOCAL(BENCH.DONE)",
        "DEFINE QLOCAL(BENCH.PLAIN)",
      ].join("\n"),
    );
    const errors: unknown[] = [];
    const monitor = await startWorkerTriggerMonitor(qm, "BENCH.INITQ", { timeoutMs: 30_000, warmWorkers, onError: (error) => void errors.push(error) });
    const out: TriggerLatencies = { triggered: [], plain: [], toCreated: [], loading: [] };
    try {
      for (let i = 0; i < warmup + triggers; i++) {
        const putAt = performance.timeOrigin + performance.now();
        const put = await qm.put("BENCH.TRIGGERED", { body: "go", persistent: true });
        const done = await qm.get("BENCH.DONE", { wait: 30_000 });
        if (!done) throw new Error(`trigger bench: no worker got the message (${errors.map(String).join("; ") || "no error reported"})`);
        if (done.correlationId !== put.messageId) throw new Error("trigger bench: a worker got another message than the one just put");
        // Each worker ends before the next put, so that one trigger's start-up does not overlap the next.
        while (monitor.workers > 0) await new Promise((resolve) => setTimeout(resolve, 1));
        const { createdAt, loadedAt, gotAt } = JSON.parse(String(done.body)) as { createdAt: number; loadedAt: number; gotAt: number };
        if (i >= warmup) {
          out.triggered.push(gotAt - putAt);
          out.toCreated.push(createdAt - putAt);
          out.loading.push(Math.max(0, loadedAt - Math.max(createdAt, putAt)));
        }

        const before = performance.now();
        await qm.put("BENCH.PLAIN", { body: "go", persistent: true });
        await qm.get("BENCH.PLAIN");
        if (i >= warmup) out.plain.push(performance.now() - before);
      }
    } finally {
      await monitor.close();
    }
    if (errors.length > 0) throw new Error(`trigger bench: ${errors.length} failure(s): ${errors.map(String).join("; ")}`);
    return out;
  } finally {
    await qm.close();
  }
}
