/**
 * `npm run bench` (through scripts/bench.mjs): runs the memory, IndexedDB, Durable
 * Object, shared-manager, channels, wasm, MQI client, Node SQLite file and edge cluster benchmarks one after another, each in its own runtime, prints one table and
 * writes bench/results/<name>.json for each. A benchmark that fails is reported and the
 * others still run; the exit code is then 1. Missed targets show as "no" in the table but
 * are not failures.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runDurableObjectBench } from "./durable-object/run.js";
import { runIndexedDBBench } from "./indexeddb/run.js";
import { runMemoryBench } from "./memory.bench.js";
import { runSharedBench } from "./shared/run.js";
import { runChannelsBench } from "./channels/run.js";
import { runWasmBench } from "./wasm/run.js";
import { runMqiClientBench } from "./mqi-client/run.js";
import { runNodeSqliteBench } from "./node-sqlite/run.js";
import { runEdgeClustersBench } from "./edge-clusters.js";
import { formatTable, writeResult } from "./report.js";
import type { BenchResult } from "./types.js";

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), "results");
/** Far above the ~1 minute a run takes: only a hung browser or runtime gets here. */
const WATCHDOG_MS = 5 * 60_000;

const BENCHMARKS: [string, () => Promise<BenchResult>][] = [
  ["memory", runMemoryBench],
  ["indexeddb", runIndexedDBBench],
  ["durable-object", runDurableObjectBench],
  ["shared", runSharedBench],
  ["channels", runChannelsBench],
  ["wasm", runWasmBench],
  ["mqi-client", runMqiClientBench],
  ["node-sqlite", runNodeSqliteBench],
  ["edge-clusters", runEdgeClustersBench],
];

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 1000} s; giving up`);
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

const only = process.argv.slice(2);
const date = new Date().toISOString();
const results: BenchResult[] = [];
let failed = false;
for (const [name, run] of BENCHMARKS) {
  if (only.length > 0 && !only.includes(name)) continue;
  const start = performance.now();
  process.stderr.write(`bench: ${name}...`);
  try {
    const result = await run();
    results.push(result);
    const file = await writeResult(RESULTS, result, date);
    process.stderr.write(` ${((performance.now() - start) / 1000).toFixed(1)} s, ${file}\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(` failed\n`);
    console.error(error);
  }
}

console.log(`\n${formatTable(results.flatMap((r) => r.rows))}\n`);
for (const r of results) {
  console.log(
    `${r.name}: ${Object.entries(r.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  for (const note of r.notes ?? []) console.log(`  ${note}`);
}
if (failed) process.exitCode = 1;
