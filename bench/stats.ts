/** Small helpers shared by the benchmarks (runs in node, Chromium and workerd alike). */

/** 1 KiB of text: the body every benchmark puts. */
export const BODY_1KIB = "x".repeat(1024);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How long `work` took, in milliseconds. */
export async function elapsedMs(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Messages per second for `count` messages in `ms` milliseconds. */
export function rate(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : Infinity;
}

/**
 * Runs our rounds and the baseline's alternately, so that drift on a shared machine hits
 * both alike, and drops the warm-up rounds. Each round reports what it measured.
 */
export async function alternate<T>(
  ours: () => T | Promise<T>,
  baseline: () => T | Promise<T>,
  warmup: number,
  rounds: number,
): Promise<{ ours: T[]; baseline: T[] }> {
  const out = { ours: [] as T[], baseline: [] as T[] };
  for (let i = 0; i < warmup + rounds; i++) {
    const a = await ours();
    const b = await baseline();
    if (i < warmup) continue;
    out.ours.push(a);
    out.baseline.push(b);
  }
  return out;
}
