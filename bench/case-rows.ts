/** Rows for a set of cases run in one runtime, each against the "plain" case of the same run. */
import { median, rate } from "./stats.js";
import type { BenchRow } from "./types.js";

export interface CaseRound {
  count: number;
  ms: number;
}

export interface CaseSet<K extends string> {
  cases: readonly K[];
  describe(kind: K): string;
  /** A ratio a row must reach, or undefined when the row is for information. */
  target(kind: K): number | undefined;
  /** What the "plain" case is, named in each row; "plain put+get" unless given. */
  baseline?: string;
}

/** Runs every case `rounds` times after `warmup` rounds, the cases of a round one after another. */
export async function caseRows<K extends string>(
  runtime: BenchRow["runtime"],
  store: string,
  set: CaseSet<K>,
  n: (kind: K) => number,
  warmup: number,
  rounds: number,
  run: (kind: K) => Promise<CaseRound>,
): Promise<BenchRow[]> {
  const rates = new Map<K, number[]>(set.cases.map((kind) => [kind, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (const kind of set.cases) {
      const timed = await run(kind);
      if (round >= warmup) rates.get(kind)!.push(rate(timed.count, timed.ms));
    }
  }
  const plain = median(rates.get("plain" as K)!);
  return set.cases
    .filter((kind) => kind !== "plain")
    .map((kind) => {
      const ours = median(rates.get(kind)!);
      const target = set.target(kind);
      return {
        runtime,
        case: `${store}, ${set.describe(kind)} vs ${set.baseline ?? "plain put+get"}`,
        ours,
        baseline: plain,
        ratio: ours / plain,
        target: target === undefined ? "(info)" : `≥ ${target * 100}%`,
        met: target === undefined ? true : ours / plain >= target,
        rounds: { ours: rates.get(kind)!, baseline: rates.get("plain" as K)! },
        details: { messages: n(kind), warmupRounds: warmup, rounds },
      };
    });
}
