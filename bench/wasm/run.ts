/**
 * The MQI for WebAssembly, node: MQPUT+MQGET pairs of a 1 KiB non-persistent message from a
 * C program (bench/wasm/pairs.c, built here with clang and wasm-opt) on the wasm host, against
 * the core's put+get pairs in the same run. A third figure, the same pairs through the
 * JavaScript MQI the host calls (PutPromise + GetOnce), splits the host's cost per call into
 * what the JS MQI costs and what the wasm boundary (memory marshalling, Asyncify's unwind and
 * rewind) adds. Needs clang, wasi-libc and binaryen (adapters/wasm/README.md).
 *
 * Standalone: `npx tsx bench/wasm/run.ts`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { QueueManager } from "../../core/index.js";
import * as mqi from "../../adapters/mqi/index.js";
import { asyncifyArguments, compileFile, runMqiFile } from "../../adapters/wasm/node.js";
import { BODY_1KIB, alternate, elapsedMs, median, rate } from "../stats.js";
import type { BenchResult } from "../types.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const QUEUE = "DEV.QUEUE.1";
const PAIRS = 5_000;
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const run = promisify(execFile);

export async function runWasmBench(): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), "webmq-wasm-bench-"));
  const qm = await QueueManager.open({ name: "BENCH" });
  const unregister = mqi.registerQueueManager(qm);
  try {
    const wasm = join(dir, "pairs.wasm");
    await run("clang", ["--target=wasm32-wasi", "-O2", `-I${join(HERE, "../../include")}`, "-o", wasm, join(HERE, "pairs.c")]);
    await run("wasm-opt", asyncifyArguments(wasm, wasm));
    const module = await compileFile(wasm);
    const wasmPairs = () =>
      elapsedMs(async () => {
        const status = await runMqiFile(module, { args: [QUEUE, "BENCH", String(PAIRS)] });
        if (status !== 0) throw new Error(`wasm bench: the program ended with status ${status}`);
      });
    const corePairs = () =>
      elapsedMs(async () => {
        for (let i = 0; i < PAIRS; i++) {
          await qm.put(QUEUE, { body: BODY_1KIB, persistent: false });
          if ((await qm.get(QUEUE)) === null) throw new Error("wasm bench: core get found nothing");
        }
      });
    const jsMqiPairs = () => elapsedMs(() => jsMqi(PAIRS));
    const main = await alternate(wasmPairs, corePairs, WARMUP_ROUNDS, ROUNDS);
    const js = await alternate(jsMqiPairs, corePairs, WARMUP_ROUNDS, ROUNDS);
    if (qm.queueStatus(QUEUE).depth !== 0) throw new Error("wasm bench: the queue was not drained");
    const ours = main.ours.map((ms) => rate(PAIRS, ms));
    const baseline = main.baseline.map((ms) => rate(PAIRS, ms));
    const perCall = (ms: number[]) => (median(ms) * 1000) / (2 * PAIRS);
    const wasmCall = perCall(main.ours);
    const jsCall = perCall(js.ours);
    const coreCall = perCall(main.baseline);
    return {
      name: "wasm",
      runtime: "node",
      versions: { node: process.version },
      rows: [
        {
          runtime: "node",
          case: "wasm MQI: MQPUT+MQGET pairs, 1 KiB, vs core put+get",
          ours: median(ours),
          baseline: median(baseline),
          ratio: median(ours) / median(baseline),
          target: "report",
          met: true,
          rounds: { ours, baseline },
          details: { pairs: PAIRS, microsecondsPerCall: { wasm: wasmCall, jsMqi: jsCall, core: coreCall } },
        },
      ],
      notes: [
        `wasm host: ${wasmCall.toFixed(2)} µs per MQI call; the JS MQI under it ${jsCall.toFixed(2)} µs; the core ${coreCall.toFixed(2)} µs: ` +
          `the wasm boundary (marshalling, Asyncify) adds ${(wasmCall - jsCall).toFixed(2)} µs per call`,
      ],
    };
  } finally {
    unregister();
    await qm.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same pairs through the JavaScript MQI, as the host calls it. */
async function jsMqi(pairs: number): Promise<void> {
  const hConn = await mqi.ConnPromise("BENCH");
  const od = Object.assign(new mqi.MQOD(), { ObjectName: QUEUE });
  const hObj = await mqi.OpenPromise(hConn, od, mqi.MQC.MQOO_INPUT_AS_Q_DEF | mqi.MQC.MQOO_OUTPUT);
  const data = Buffer.from(BODY_1KIB);
  for (let i = 0; i < pairs; i++) {
    const md = Object.assign(new mqi.MQMD(), { Format: "MQSTR", Persistence: mqi.MQC.MQPER_NOT_PERSISTENT });
    await mqi.PutPromise(hObj, md, new mqi.MQPMO(), data);
    await mqi.GetOnce(hObj, new mqi.MQMD(), new mqi.MQGMO(), 2048);
  }
  await mqi.ClosePromise(hObj, 0);
  await mqi.DiscPromise(hConn);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runWasmBench();
  console.log(JSON.stringify(result.rows[0], null, 2));
  for (const note of result.notes ?? []) console.log(note);
}
