/**
 * Triggering's latency (issue 10), memory: the time from a put on a TRIGTYPE(EVERY) queue to
 * the triggered application's first get of it (the trigger message made at commit, put on the
 * initiation queue, taken by the trigger monitor, the application started and its get
 * answered), against a plain put then get round trip on the same queue manager, one message
 * at a time. Rows give each as a rate (one over the median latency) with the median and 99th
 * percentile in the case's text and details.
 */
import { QueueManager, createMemoryStore } from "../core/index.js";
import type { BenchRow } from "./types.js";

const TRIGGERS = 500;
const WARMUP = 50;

export async function triggerLatencyRow(): Promise<BenchRow> {
  const qm = await QueueManager.open({ name: "BENCH", store: createMemoryStore() });
  try {
    await qm.mqsc(
      [
        "DEFINE PROCESS(BENCH.PROC) APPLICID('bench-app')",
        "DEFINE QLOCAL(BENCH.INITQ)",
        "DEFINE QLOCAL(BENCH.TRIGGERED) TRIGGER TRIGTYPE(EVERY) INITQ(BENCH.INITQ) PROCESS(BENCH.PROC)",
        "DEFINE QLOCAL(BENCH.PLAIN)",
      ].join("\n"),
    );
    let gotAt: (() => void) | undefined;
    const monitor = await qm.startTriggerMonitor("BENCH.INITQ", {
      applications: {
        "bench-app": async (trigger, manager) => {
          const message = await manager.get(trigger.queueName);
          if (message) gotAt?.();
        },
      },
    });
    const triggered: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < WARMUP + TRIGGERS; i++) {
      const started = performance.now();
      const got = new Promise<void>((resolve) => (gotAt = resolve));
      await qm.put("BENCH.TRIGGERED", { body: "go", persistent: false });
      await got;
      if (i >= WARMUP) triggered.push(performance.now() - started);
      const before = performance.now();
      await qm.put("BENCH.PLAIN", { body: "go", persistent: false });
      await qm.get("BENCH.PLAIN");
      if (i >= WARMUP) plain.push(performance.now() - before);
    }
    await monitor.close();
    const [p50, p99] = [percentile(triggered, 50), percentile(triggered, 99)];
    const [plain50, plain99] = [percentile(plain, 50), percentile(plain, 99)];
    return {
      runtime: "node",
      case: `memory, trigger latency: put to the triggered function's first get (p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms) vs a plain put+get round trip (p50 ${plain50.toFixed(3)} ms, p99 ${plain99.toFixed(3)} ms), as 1/p50`,
      ours: 1000 / p50,
      baseline: 1000 / plain50,
      ratio: plain50 / p50,
      target: "(info)",
      met: true,
      rounds: { ours: triggered.map((ms) => 1000 / ms), baseline: plain.map((ms) => 1000 / ms) },
      details: { triggers: TRIGGERS, warmup: WARMUP, p50Ms: p50, p99Ms: p99, plainP50Ms: plain50, plainP99Ms: plain99 },
    };
  } finally {
    await qm.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
