/**
 * Memory, node: what a selective get of 1 message in 1,000 costs as the queue deepens (10³, 10⁴,
 * 10⁵ persistent messages; 2,000 per lane in memory, the default, the rest paged in the memory
 * store), each depth against 10³ in the same run: a ratio near 100% says the cost grows
 * with the matches, not the depth. Two ways: the selector in use before the queue fills (its
 * put-time index, core/kernel/selector-index.ts, leads each get to its message), and first used
 * after the fill (each get reads on from where the last stopped). One round per depth: filling
 * 10⁵ messages is the long part, and it is untimed.
 */
import { QueueManager, createMemoryStore } from "../core/index.js";
import { BODY_1KIB, rate } from "./stats.js";
import type { BenchRow } from "./types.js";

const QUEUE = "DEV.QUEUE.1";
const SELECTOR = "region = 'eu'";
const DEPTHS = [1_000, 10_000, 100_000];

export async function selectiveDepthRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const live of [true, false]) {
    const rates = [];
    for (const depth of DEPTHS) rates.push(await selectiveGets(depth, live));
    for (const [i, depth] of DEPTHS.entries()) {
      rows.push({
        runtime: "node",
        case: `memory, persistent, selective get of 1 in 1,000, selector ${live ? "in use before the fill" : "first used after the fill"}, queue ${depth.toLocaleString("en")} deep (ms/get ${(1000 / rates[i]!).toFixed(3)}) vs 1,000 deep`,
        ours: rates[i]!,
        baseline: rates[0]!,
        ratio: rates[i]! / rates[0]!,
        target: "(info)",
        met: true,
        rounds: { ours: [rates[i]!], baseline: [rates[0]!] },
        details: { depth, gets: depth / 1000, selectorInUseBeforeFill: live },
      });
    }
  }
  return rows;
}

/** Gets/s of depth/1000 selective gets on a queue `depth` deep, each taking the next match. */
async function selectiveGets(depth: number, live: boolean): Promise<number> {
  const qm = await QueueManager.open({ name: "BENCH", store: createMemoryStore() });
  try {
    await qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
    // The selector compiler is loaded (untimed) either way; `live` uses the selector on this queue.
    await qm.get(live ? QUEUE : "SYSTEM.DEFAULT.LOCAL.QUEUE", { selector: SELECTOR });
    for (let i = 0; i < depth; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true, properties: { region: i % 1000 === 999 ? "eu" : "us" } });
    const gets = depth / 1000;
    const start = performance.now();
    for (let k = 0; k < gets; k++)
      if (!(await qm.get(QUEUE, { selector: SELECTOR }))) throw new Error(`selective-depth bench: get ${k} of ${gets} found nothing`);
    return rate(gets, performance.now() - start);
  } finally {
    await qm.close();
  }
}
