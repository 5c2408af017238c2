/** Rows for the JMS cases of one runtime: each case against the plain put+get of the same run. */
import { JMS_CASES, type JmsCase } from "./jms-cases.js";
import { median, rate } from "./stats.js";
import type { BenchRow } from "./types.js";

export interface JmsRound {
  kind: JmsCase;
  count: number;
  ms: number;
}

/**
 * Runs `rounds` rounds of every case (after `warmup` rounds), the cases of a round one after
 * another so that drift on a shared machine hits them alike, and makes one row per case.
 */
export async function jmsRows(runtime: BenchRow["runtime"], store: string, n: number, warmup: number, rounds: number, run: (kind: JmsCase, n: number) => Promise<JmsRound>): Promise<BenchRow[]> {
  const rates = new Map<JmsCase, number[]>(JMS_CASES.map((kind) => [kind, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (const kind of JMS_CASES) {
      const timed = await run(kind, n);
      if (round >= warmup) rates.get(kind)!.push(rate(timed.count, timed.ms));
    }
  }
  const plain = median(rates.get("plain")!);
  return JMS_CASES.filter((kind) => kind !== "plain").map((kind) => {
    const ours = median(rates.get(kind)!);
    // A transaction of 100 should cost about one store batch, so where a commit is dear (IndexedDB) it
    // should beat one commit per message. SQLite in a Durable Object coalesces writes already.
    const target = kind === "tx-100" && store === "indexeddb" ? 2 : undefined;
    return {
      runtime,
      case: `${store}, persistent, ${describe(kind)} vs plain put+get`,
      ours,
      baseline: plain,
      ratio: ours / plain,
      target: target === undefined ? "(info)" : `≥ ${target * 100}%`,
      met: target === undefined ? true : ours / plain >= target,
      rounds: { ours: rates.get(kind)!, baseline: rates.get("plain")! },
      details: { messages: n, warmupRounds: warmup, rounds },
    };
  });
}

function describe(kind: JmsCase): string {
  if (kind.startsWith("tx-")) return `transacted session, commit every ${kind.slice(3)}`;
  return `${kind.toUpperCase().replace("-", "_")} acknowledgement`;
}
