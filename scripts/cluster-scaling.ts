// `npx tsx scripts/cluster-scaling.ts [10 100 1000]`: how the repositories' traffic and the time to
// converge grow with the number of queue managers, from the seeded simulation
// (test/fixtures/cluster-simulation.ts) with no puts: repository command messages sent, records
// per cache, and the simulated time (the ManualClock) and event-loop turns until every cache holds
// every record it should hold. CLUSTER_SCALING_QUEUES sets the cluster queues (default: as many as
// queue managers), CLUSTER_SCALING_OPENS the cluster queues each member opens (subscribes to; default 5).
import { simulate } from "../test/fixtures/cluster-simulation.js";

const OPENS = Number(process.env.CLUSTER_SCALING_OPENS ?? 5);
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 2);
const rows: string[][] = [
  [
    "queue managers",
    "cluster queues",
    "records at a full repository",
    "records at a partial one",
    "repository messages",
    "messages per qmgr",
    "turns to converge",
    "simulated s to converge",
  ],
];
for (const queueManagers of sizes.length > 0 ? sizes : [10, 100]) {
  const queues = Number(process.env.CLUSTER_SCALING_QUEUES ?? queueManagers);
  const report = await simulate({ seed: 1, queueManagers, queues, maxInstances: 10, messages: 0, cuts: 0, restarts: 0, spreadMessages: 0, opens: OPENS });
  const { messages, turns, records, partialRecords, simulatedMs } = report.convergence;
  rows.push(
    [queueManagers, queues, records, partialRecords.toFixed(1), messages, (messages / queueManagers).toFixed(1), turns, (simulatedMs / 1000).toFixed(0)].map(
      String,
    ),
  );
  console.error(`${queueManagers} queue managers done`);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const [i, row] of rows.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padStart(widths[j]!)).join(" | ")} |`);
  if (i === 0) console.log(`| ${widths.map((w) => "-".repeat(w - 1) + ":").join(" | ")} |`);
}
