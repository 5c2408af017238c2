/**
 * IndexedDB, Chromium: serves page.ts from a Vite dev server on 127.0.0.1 (a free port the
 * OS picks), drives it with playwright's headless Chromium (Debian's /usr/bin/chromium,
 * never a downloaded browser), and closes both at the end.
 *
 * (a) 64 producers, each awaiting its own persistent puts, against raw puts of the same
 *     records in ONE transaction: target ≥ 50%.
 * (b) serial awaited persistent puts against raw puts of one transaction each, awaited
 *     serially: target ≥ 80%.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build, stop } from "esbuild";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright";
import { version as viteVersion } from "vite";
import { Cleanup } from "../cleanup.js";
import { openBenchPage } from "../browser-page.js";
import { alternate, median, rate } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";
import type { PageBench, Timed } from "./page.js";
import type { TriggerLatencies } from "./trigger-latency.js";
import { JMS_CASES, jmsSet } from "../jms-cases.js";
import { caseRows } from "../case-rows.js";
import { LISTENER_CASES, LISTENER_SET } from "../listener-cases.js";
import { PUBSUB_CASES, PUBSUB_SET, type PubSubCase } from "../pubsub-cases.js";

/** Messages per JMS case and round. */
const JMS_MESSAGES = 500;

const require = createRequire(import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));
/** Where the bundled trigger worker is written (git ignores it; Vite serves it under /@fs). */
const RESULTS = join(HERE, "..", "results");
const PRODUCERS = 64;
/** Triggers timed for the Web Worker trigger-latency row, after a few untimed ones. */
const TRIGGERS = 30;
const TRIGGER_WARMUP = 3;
const CONCURRENT_MESSAGES = 4096;
const SERIAL_MESSAGES = 1000;
const WARMUP_ROUNDS = 1;
const ROUNDS = 3;

/**
 * `BENCH_SECTIONS=pubsub npm run bench -- indexeddb` runs only the sections named (puts, jms,
 * pubsub, listener, trigger): on a busy machine the whole benchmark can pass the 5-minute watchdog.
 */
const SECTIONS = process.env.BENCH_SECTIONS?.split(",");
const runs = (section: string) => SECTIONS === undefined || SECTIONS.includes(section);

export async function runIndexedDBBench(): Promise<BenchResult> {
  const cleanup = new Cleanup();
  try {
    const page = await openBenchPage(HERE, "indexeddb bench", () => typeof window.bench === "object", cleanup);
    if (!runs("puts")) return { name: "indexeddb", runtime: "chromium", versions: {}, rows: await sectionRows(page) };

    const concurrent = await compare(
      () => call(page, "oursConcurrent", CONCURRENT_MESSAGES, PRODUCERS),
      () => call(page, "rawOneTransaction", CONCURRENT_MESSAGES),
    );
    const serial = await compare(
      () => call(page, "oursSerial", SERIAL_MESSAGES),
      () => call(page, "rawSerial", SERIAL_MESSAGES),
    );
    const [jms, pubsub, listener, trigger] = await sections(page);
    return {
      name: "indexeddb",
      runtime: "chromium",
      versions: { chromium: page.context().browser()!.version(), playwright: require("playwright/package.json").version, vite: viteVersion },
      rows: [
        row(`indexeddb, persistent put, ${PRODUCERS} producers vs raw puts in one transaction`, concurrent, 0.5, {
          messages: CONCURRENT_MESSAGES,
          producers: PRODUCERS,
        }),
        row("indexeddb, persistent put, serial vs raw one transaction per put", serial, 0.8, { messages: SERIAL_MESSAGES }),
        ...jms,
        ...pubsub,
        ...listener,
        ...trigger,
      ],
      notes: [
        "Rates are persistent puts per second; each round uses a fresh database, deleted afterwards.",
        "Transactions use Chromium's default durability on both sides.",
        "JMS rows: persistent put+get through sessions, each case against plain put+get of the same run (bench/jms-cases.ts).",
        `Trigger row: ${TRIGGERS} persistent puts on a TRIGTYPE(EVERY) queue (after ${TRIGGER_WARMUP} untimed), each starting a module Web Worker (startWorkerTriggerMonitor); rates are 1/p50 (bench/indexeddb/trigger-latency.ts).`,
      ],
    };
  } finally {
    await cleanup.run();
  }
}

/** The rows after the put rows, each section unless BENCH_SECTIONS leaves it out. */
async function sections(page: Page): Promise<[BenchRow[], BenchRow[], BenchRow[], BenchRow[]]> {
  const jms = !runs("jms")
    ? []
    : await caseRows(
        "chromium",
        "indexeddb",
        jmsSet(2),
        () => JMS_MESSAGES,
        1,
        3,
        (kind) => call(page, "jms", JMS_CASES.indexOf(kind), JMS_MESSAGES),
      );
  const pubsubMessages = (kind: PubSubCase) => (kind.startsWith("selective") ? 5 : 500);
  const pubsub = !runs("pubsub")
    ? []
    : await caseRows("chromium", "indexeddb, persistent", PUBSUB_SET, pubsubMessages, 0, 2, (kind) =>
        call(page, "pubsub", PUBSUB_CASES.indexOf(kind), pubsubMessages(kind)),
      );
  const listenerMessages = 300;
  const listener = !runs("listener")
    ? []
    : await caseRows(
        "chromium",
        "indexeddb",
        LISTENER_SET,
        () => listenerMessages,
        0,
        2,
        (kind) => call(page, "listener", LISTENER_CASES.indexOf(kind), listenerMessages),
      );
  const trigger = !runs("trigger") ? [] : await triggerRows(page);
  return [jms, pubsub, listener, trigger];
}

/**
 * The trigger rows: the worker's module as the dev server serves it (unbundled, one request per
 * module) and bundled into one file as an app ships it (esbuild); each cold (`warmWorkers:
 * false`, a worker started per trigger, as before issue 25) then warm, in the same run.
 */
async function triggerRows(page: Page): Promise<BenchRow[]> {
  const bundled = join(RESULTS, "trigger-bench.worker.js");
  await build({ entryPoints: [join(HERE, "trigger-bench.worker.ts")], bundle: true, format: "esm", minify: true, outfile: bundled, logLevel: "warning" });
  await stop(); // esbuild's service process ends now, while this process is there to reap it
  const rows: BenchRow[] = [];
  for (const [serving, url] of [
    ["vite dev server, unbundled", undefined],
    ["one bundled file (esbuild)", `/@fs${bundled}`],
  ] as const) {
    for (const warm of [false, true]) {
      const latencies = await page.evaluate(([n, w, warm, url]) => window.bench.triggerWorker(n, w, warm, url), [TRIGGERS, TRIGGER_WARMUP, warm, url] as const);
      rows.push(triggerRow(latencies, warm, serving));
    }
  }
  return rows;
}

async function sectionRows(page: Page): Promise<BenchRow[]> {
  return (await sections(page)).flat();
}

function call(page: Page, name: keyof PageBench, ...args: number[]): Promise<Timed> {
  return page.evaluate(([name, args]) => (window.bench[name] as (...a: number[]) => Promise<Timed>)(...args), [name, args] as const);
}

/** Rates of alternated rounds (see alternate in stats.ts). */
async function compare(ours: () => Promise<Timed>, baseline: () => Promise<Timed>) {
  const rounds = await alternate(ours, baseline, WARMUP_ROUNDS, ROUNDS);
  return { ours: rounds.ours.map((t) => rate(t.count, t.ms)), baseline: rounds.baseline.map((t) => rate(t.count, t.ms)) };
}

function row(name: string, rounds: { ours: number[]; baseline: number[] }, target: number, details: Record<string, unknown>): BenchRow {
  const ours = median(rounds.ours);
  const baseline = median(rounds.baseline);
  return {
    runtime: "chromium",
    case: name,
    ours,
    baseline,
    ratio: ours / baseline,
    target: `≥ ${target * 100}%`,
    met: ours / baseline >= target,
    rounds,
    details: { ...details, warmupRounds: WARMUP_ROUNDS, rounds: ROUNDS },
  };
}

/** Put to the triggered Web Worker's first get, p50 and p99, against a plain put+get round trip. */
function triggerRow({ triggered, plain, toCreated, loading }: TriggerLatencies, warm: boolean, serving: string): BenchRow {
  const [p50, p99] = [percentile(triggered, 50), percentile(triggered, 99)];
  const [plain50, plain99] = [percentile(plain, 50), percentile(plain, 99)];
  return {
    runtime: "chromium",
    case: `indexeddb, trigger latency (${serving}, ${warm ? "warmWorkers, the default" : "warmWorkers: false"}): put to the triggered Web Worker's first get (p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; p50 ${percentile(loading, 50).toFixed(1)} ms of it loading the worker's modules) vs a plain put+get round trip (p50 ${plain50.toFixed(2)} ms, p99 ${plain99.toFixed(2)} ms), as 1/p50`,
    ours: 1000 / p50,
    baseline: 1000 / plain50,
    ratio: plain50 / p50,
    target: warm ? "p50 ≤ 20 ms" : "(info)",
    met: !warm || p50 <= 20,
    rounds: { ours: triggered.map((ms) => 1000 / ms), baseline: plain.map((ms) => 1000 / ms) },
    details: {
      triggers: TRIGGERS,
      warmup: TRIGGER_WARMUP,
      warmWorkers: warm,
      persistent: true,
      p50Ms: p50,
      p99Ms: p99,
      plainP50Ms: plain50,
      plainP99Ms: plain99,
      putToWorkerCreatedP50Ms: percentile(toCreated, 50),
      workerModulesLoadedP50Ms: percentile(loading, 50),
      moduleServing: serving,
    },
  };
}

/** The nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import("../report.js");
  console.log(formatTable((await runIndexedDBBench()).rows));
}
