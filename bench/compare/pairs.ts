/**
 * Put+get pairs on two trees' queue managers in one process, alternating rounds, so that the
 * machine's noise (other processes, CPU frequency) falls on both alike, each round timed by the
 * CPU it used: the median of the rounds' ratios is what changed between the trees. On this
 * 2-core VM, separate runs of the same code vary by ±30%; this ratio varies much less, but
 * still by a few percent between runs: compare a few runs before believing a change under 10%.
 */
import type { QueueManager } from "../../core/index.js";

export interface PairsCase {
  name: string;
  persistent: boolean;
  pairs: number;
}

export const CASES: PairsCase[] = [
  { name: "memory, non-persistent, put+get pairs, 1 KiB", persistent: false, pairs: 100_000 },
  { name: "memory, persistent, put+get pairs, 1 KiB", persistent: true, pairs: 20_000 },
];

const BODY = "x".repeat(1024);

/**
 * Pairs per second of the process's CPU time (user + system, every thread) in one round. Not
 * the wall clock: on this shared machine a round waits for a core as long as it runs, and the
 * same tree against itself measured 0.58x by the wall clock at load 8 (1.0x by CPU time).
 */
async function round(qm: QueueManager, persistent: boolean, pairs: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < pairs; i++) {
    await qm.put("DEV.QUEUE.1", { body: BODY, persistent });
    await qm.get("DEV.QUEUE.1");
  }
  const used = process.cpuUsage(started);
  return pairs / ((used.user + used.system) / 1e6);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each case, `rounds` rounds on both managers, which goes first alternating (the second of a
 * pair runs on a warmer machine). The ratio is the median of each round's current/baseline,
 * whose two halves ran side by side; the rates are the medians of each.
 */
export async function comparePairs(
  baseline: QueueManager,
  current: QueueManager,
  rounds: number,
): Promise<{ name: string; baseline: number; current: number; ratio: number }[]> {
  const results = [];
  for (const { name, persistent, pairs } of CASES) {
    const rates: [number[], number[]] = [[], []];
    const ratios: number[] = [];
    await round(baseline, persistent, pairs / 10); // warm both up before measuring
    await round(current, persistent, pairs / 10);
    for (let i = 0; i < rounds; i++) {
      const first = i % 2 === 0 ? await round(baseline, persistent, pairs) : await round(current, persistent, pairs);
      const second = i % 2 === 0 ? await round(current, persistent, pairs) : await round(baseline, persistent, pairs);
      const [before, now] = i % 2 === 0 ? [first, second] : [second, first];
      rates[0].push(before);
      rates[1].push(now);
      ratios.push(now / before);
    }
    results.push({ name, baseline: median(rates[0]), current: median(rates[1]), ratio: median(ratios) });
  }
  return results;
}
