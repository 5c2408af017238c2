/**
 * `npm run bench -- edge-clusters`: bench/edge-clusters.mjs in the bench table. Persistent puts/s
 * to one cluster queue with 1, 2, 4 and 8 instances under workerd (the worker as `npm start` runs
 * it), each size against the 1-instance cluster of the same run; the CPU workerd spent per put
 * and how the puts spread over the members are in each row's details.
 */
import { createRequire } from "node:module";
// @ts-expect-error: a plain .mjs script, untyped (it also runs on its own: node bench/edge-clusters.mjs)
import { measureEdgeClusters } from "./edge-clusters.mjs";
import type { BenchResult, BenchRow } from "./types.js";

interface ClusterRow {
  instances: number;
  perSecond: number;
  cpuMicrosPerPut: number;
  spread: string;
}

export async function runEdgeClustersBench(): Promise<BenchResult> {
  const { count, clients, rows } = (await measureEdgeClusters()) as { count: number; clients: number; rows: ClusterRow[] };
  const base = rows[0]!.perSecond;
  const benchRows: BenchRow[] = rows.map((r) => ({
    runtime: "workerd",
    case: `cluster queue with ${r.instances} instance(s), persistent 1 KiB puts to the cluster's name, ${clients} clients`,
    ours: r.perSecond,
    baseline: base,
    ratio: r.perSecond / base,
    target: "(info)",
    met: true,
    rounds: { ours: [r.perSecond], baseline: [base] },
    details: {
      messages: count,
      baseline: "the same puts to a cluster of 1 instance, same run",
      "workerd CPU µs per put": r.cpuMicrosPerPut,
      "puts per member": r.spread,
    },
  }));
  const fromMiniflare = createRequire(createRequire(import.meta.url).resolve("miniflare"));
  return {
    name: "edge-clusters",
    runtime: "workerd",
    versions: { workerd: fromMiniflare("workerd/package.json").version as string, node: process.version },
    rows: benchRows,
    notes: [
      "One workerd process holds every member's object here: the ratios show the cluster's overhead on 2 shared cores, not Cloudflare's per-object scaling.",
    ],
  };
}
