/**
 * Durable Object, workerd: bundles bench-worker.ts with esbuild, runs it in Miniflare
 * (SQLite-backed object, in-memory storage), and compares persistent put/get through a
 * QueueManager on DurableObjectStore with raw SQLite INSERTs and DELETEs of the same rows,
 * same count. Two shapes: put N then get N, and put+get pairs. Target ≥ 50%.
 * Each round uses a fresh object (a fresh database); Miniflare is disposed at the end.
 * Triggering: time from a put on a TRIGTYPE(EVERY) queue to the edge handler's first get
 * (the object's trigger monitor, adapters/edge/triggers.ts), median and 99th percentile,
 * against a plain put+get round trip in the same request ("(info)" rows).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, stop } from "esbuild";
import { Miniflare } from "miniflare";
import { Cleanup } from "../cleanup.js";
import { alternate, median, rate } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";
import { caseRows } from "../case-rows.js";
import { jmsSet } from "../jms-cases.js";
import { LISTENER_SET } from "../listener-cases.js";
import { PUBSUB_SET, type PubSubCase } from "../pubsub-cases.js";

const MESSAGES = 10_000;
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
/**
 * Put+get pairs take ~50 ms a round and workerd's clock moves in whole ms: more rounds, so the
 * median (the figure issue 7's 60% is judged by) is not one noisy round's.
 */
const PAIR_ROUNDS = 15;
const EMPTY_REQUESTS = 20;
const TARGET = 0.5;
/** Put+get pairs: the units-of-work issue (7) asks for 60% of raw SQLite. */
const PAIRS_TARGET = 0.6;
/** Samples per round, triggers per sample (the clock moves in whole ms), rounds (each on a fresh object) after one warm-up round. */
const TRIGGERS = 25;
const TRIGGER_BATCH = 500;
const TRIGGER_ROUNDS = 4;
const here = dirname(fileURLToPath(import.meta.url));
/**
 * `BENCH_SECTIONS=pairs npm run bench -- durable-object` runs only the sections named (batch,
 * pairs, jms, pubsub, listener, trigger), to measure one change without the whole run.
 */
const SECTIONS = process.env.BENCH_SECTIONS?.split(",");
const runs = (section: string) => SECTIONS === undefined || SECTIONS.includes(section);

interface Timed {
  count: number;
  /** Measured inside the object, between two storage syncs. */
  ms: number;
  /** The request's round trip from node, less the median empty request. */
  nodeMs: number;
}

export async function runDurableObjectBench(): Promise<BenchResult> {
  const cleanup = new Cleanup();
  try {
    const outdir = await mkdtemp(join(tmpdir(), "webmq-bench-do-"));
    cleanup.add(() => rm(outdir, { recursive: true, force: true }));
    const scriptPath = join(outdir, "bench-worker.mjs");
    await build({
      entryPoints: [join(here, "bench-worker.ts")],
      outfile: scriptPath,
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      mainFields: ["module", "main"],
      external: ["cloudflare:workers"],
      logLevel: "warning",
    });
    // Ends esbuild's service process now, while this process is there to reap it.
    await stop();
    const mf = new Miniflare({
      modules: true,
      scriptPath,
      modulesRoot: outdir,
      compatibilityDate: "2026-04-20",
      durableObjects: { BENCH: { className: "BenchObject", useSQLite: true } },
    });
    cleanup.add(() => mf.dispose());
    let objects = 0;
    const fetchJson = async (path: string, object: string, n = 0) => {
      const response = await mf.dispatchFetch(`http://bench.local${path}?object=${object}&n=${n}`);
      const text = await response.text();
      if (!response.ok) throw new Error(`durable-object bench: ${path} failed: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, number>;
    };
    const clock = await fetchJson("/clock", "clock");

    const empties: number[] = [];
    for (let i = 0; i < EMPTY_REQUESTS; i++) {
      const start = performance.now();
      await fetchJson("/empty", "empty");
      empties.push(performance.now() - start);
    }
    const emptyMs = median(empties);

    /** One timed step on a fresh object, after its untimed setup. */
    const step = async (side: "ours" | "raw" | "store" | "raw-awaited" | "nosql" | "awaits-only", shape: "batch" | "pairs"): Promise<Timed> => {
      const object = `${side}-${shape}-${objects++}`;
      await fetchJson(`/setup-${side === "raw-awaited" || side === "awaits-only" ? "raw" : side}`, object, MESSAGES);
      const start = performance.now();
      const inside = await fetchJson(`/${side}-${shape}`, object, MESSAGES);
      return { count: inside.count!, ms: inside.ms!, nodeMs: performance.now() - start - emptyMs };
    };

    const batch = !runs("batch")
      ? undefined
      : await compare(
          () => step("ours", "batch"),
          () => step("raw", "batch"),
        );
    const pairs = !runs("pairs")
      ? undefined
      : await compare(
          () => step("ours", "pairs"),
          () => step("raw", "pairs"),
          PAIR_ROUNDS,
        );
    // Where a pair's time goes: the store's own schema and statements, without the manager.
    const storePairs = !runs("pairs")
      ? undefined
      : await compare(
          () => step("store", "pairs"),
          () => step("raw", "pairs"),
          PAIR_ROUNDS,
        );
    // What awaiting costs in workerd, apart from any code of ours: the raw pairs with each
    // statement behind an awaited async call, against the plain raw pairs.
    const awaitedPairs = !runs("pairs")
      ? undefined
      : await compare(
          () => step("raw-awaited", "pairs"),
          () => step("raw", "pairs"),
          PAIR_ROUNDS,
        );
    // Our JavaScript alone, as workerd runs it: the queue manager and the store over SQL that does nothing.
    const noSqlPairs = !runs("pairs")
      ? undefined
      : await compare(
          () => step("nosql", "pairs"),
          () => step("raw", "pairs"),
          PAIR_ROUNDS,
        );
    // The same awaited calls without the statements: an await alone is cheap; one after a write is not.
    const awaitsOnly = !runs("pairs")
      ? undefined
      : await compare(
          () => step("awaits-only", "pairs"),
          () => step("raw", "pairs"),
          PAIR_ROUNDS,
        );
    const jms = !runs("jms")
      ? []
      : await caseRows(
          "workerd",
          "durable object sqlite",
          jmsSet(),
          () => MESSAGES,
          1,
          3,
          async (kind) => {
            const object = `jms-${kind}-${objects++}`;
            await fetchJson("/setup-ours", object, MESSAGES);
            const inside = await fetchJson(`/jms`, `${object}&kind=${kind}`, MESSAGES);
            return { count: inside.count!, ms: inside.ms! };
          },
        );
    const pubsubMessages = (kind: PubSubCase) => (kind.startsWith("selective") ? 5 : 2000);
    const pubsub = !runs("pubsub")
      ? []
      : await caseRows("workerd", "durable object sqlite, persistent", PUBSUB_SET, pubsubMessages, 1, 3, async (kind) => {
          const object = `pubsub-${kind}-${objects++}`;
          await fetchJson("/setup-ours", object, 0);
          await fetchJson("/pubsub-setup", `${object}&kind=${kind}`, pubsubMessages(kind));
          const inside = await fetchJson("/pubsub", `${object}&kind=${kind}`, pubsubMessages(kind));
          return { count: inside.count!, ms: inside.ms! };
        });
    const listenerMessages = 2000;
    const listener = !runs("listener")
      ? []
      : await caseRows(
          "workerd",
          "durable object sqlite",
          LISTENER_SET,
          () => listenerMessages,
          1,
          3,
          async (kind) => {
            const object = `listener-${kind}-${objects++}`;
            await fetchJson("/setup-ours", object, 0);
            await fetchJson("/listener-setup", `${object}&kind=${kind}`, listenerMessages);
            const inside = await fetchJson("/listener", `${object}&kind=${kind}`, listenerMessages);
            return { count: inside.count!, ms: inside.ms! };
          },
        );
    const triggerLatencies = { trigger: [] as number[][], plain: [] as number[][] };
    for (let round = 0; runs("trigger") && round < 1 + TRIGGER_ROUNDS; round++) {
      const object = `trigger-${objects++}`;
      await fetchJson("/setup-ours", object, 0);
      await fetchJson("/trigger-setup", object, 0);
      const response = await mf.dispatchFetch(`http://bench.local/trigger?object=${object}&n=${TRIGGERS}&batch=${TRIGGER_BATCH}`);
      const text = await response.text();
      if (!response.ok) throw new Error(`durable-object bench: /trigger failed: ${response.status} ${text}`);
      if (round === 0) continue;
      const inside = JSON.parse(text) as { trigger: number[]; plain: number[] };
      triggerLatencies.trigger.push(inside.trigger);
      triggerLatencies.plain.push(inside.plain);
    }
    return {
      name: "durable-object",
      runtime: "workerd",
      versions: { workerd: workerdVersion(), miniflare: createRequire(import.meta.url)("miniflare/package.json").version, node: process.version },
      rows: [
        ...(batch ? [row(`durable object sqlite, persistent, put ${MESSAGES} then get ${MESSAGES}`, batch)] : []),
        ...(pairs ? [row("durable object sqlite, persistent, put+get pairs", pairs, PAIRS_TARGET)] : []),
        ...(storePairs
          ? [{ ...row("durable object sqlite, the store alone (no queue manager), putMessage+deleteMessage pairs", storePairs), target: "(info)", met: true }]
          : []),
        ...(awaitedPairs
          ? [{ ...row("raw sqlite, each INSERT and DELETE in an awaited async call (no code of ours), vs raw", awaitedPairs), target: "(info)", met: true }]
          : []),
        ...(noSqlPairs
          ? [
              {
                ...row("the queue manager's put+get pairs over SQL statements that do nothing (our JavaScript alone), vs raw", noSqlPairs),
                target: "(info)",
                met: true,
              },
            ]
          : []),
        ...(awaitsOnly
          ? [{ ...row("the same two awaited async calls a pair without the statements (awaiting alone), vs raw", awaitsOnly), target: "(info)", met: true }]
          : []),
        ...jms,
        ...pubsub,
        ...listener,
        ...(runs("trigger") ? triggerRows(triggerLatencies) : []),
      ],
      notes: [
        "Rates are put+get (INSERT+DELETE) pairs per second, timed inside the object between two ctx.storage.sync() calls.",
        `Clock probe: in this workerd a pure-CPU loop moved Date.now() by ${clock.dateNowMs} ms and performance.now() by ${clock.performanceNowMs} ms ` +
          `(the clocks ${clock.dateNowMs! > 0 ? "do" : "do not"} advance without I/O; the storage.sync() brackets make the timing valid either way).`,
        `Node-side cross-check: each request's round trip less the median empty request (${emptyMs.toFixed(2)} ms) is in details.nodeRounds.`,
        "The raw rows (descriptor JSON and body) are built before the timed step, so the baseline times SQLite alone.",
        `Trigger rows: latencies (performance.now() inside the object, which moves in whole ms) of ${TRIGGERS * TRIGGER_ROUNDS} samples over ${TRIGGER_ROUNDS} fresh objects after a warm-up round, ` +
          `each sample the mean of ${TRIGGER_BATCH} triggers one after another (so the 99th percentile is of ${TRIGGER_BATCH}-trigger means, not of single triggers); ` +
          "ours and baseline are 1000 / latency ms (a put to the triggered handler's first get, against a plain persistent put+get round trip alternated with it); the ms figures are in the case and in details.",
      ],
    };
  } finally {
    await cleanup.run();
  }
}

/** Rates of alternated rounds, timed inside the object and, as a cross-check, from node. */
async function compare(ours: () => Promise<Timed>, baseline: () => Promise<Timed>, roundCount = ROUNDS) {
  const rounds = await alternate(ours, baseline, WARMUP_ROUNDS, roundCount);
  return {
    ours: rounds.ours.map((t) => rate(t.count, t.ms)),
    baseline: rounds.baseline.map((t) => rate(t.count, t.ms)),
    nodeOurs: rounds.ours.map((t) => rate(t.count, t.nodeMs)),
    nodeBaseline: rounds.baseline.map((t) => rate(t.count, t.nodeMs)),
  };
}

function row(name: string, r: Awaited<ReturnType<typeof compare>>, target = TARGET): BenchRow {
  const ours = median(r.ours);
  const baseline = median(r.baseline);
  const nodeRatio = median(r.nodeOurs) / median(r.nodeBaseline);
  return {
    runtime: "workerd",
    case: name,
    ours,
    baseline,
    ratio: ours / baseline,
    target: `≥ ${target * 100}%`,
    met: ours / baseline >= target,
    rounds: { ours: r.ours, baseline: r.baseline },
    details: { messages: MESSAGES, warmupRounds: WARMUP_ROUNDS, rounds: r.ours.length, nodeRounds: { ours: r.nodeOurs, baseline: r.nodeBaseline }, nodeRatio },
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Two "(info)" rows: the trigger latency's median and 99th percentile, against a plain put+get round trip. */
function triggerRows(latencies: { trigger: number[][]; plain: number[][] }): BenchRow[] {
  const trigger = latencies.trigger.flat();
  const plain = latencies.plain.flat();
  const perSecond = (ms: number) => (ms > 0 ? 1000 / ms : Infinity);
  return (
    [
      ["median", (v: number[]) => median(v)],
      ["99th percentile", (v: number[]) => percentile(v, 99)],
    ] as const
  ).map(([label, measure]) => {
    const ours = measure(trigger);
    const baseline = measure(plain);
    return {
      runtime: "workerd",
      case: `trigger, edge handler (EVERY, persistent): put to the handler's first get, ${label} ${ours.toFixed(3)} ms vs put+get ${baseline.toFixed(3)} ms`,
      ours: perSecond(ours),
      baseline: perSecond(baseline),
      ratio: perSecond(ours) / perSecond(baseline),
      target: "(info)",
      met: true,
      rounds: { ours: latencies.trigger.map((round) => perSecond(measure(round))), baseline: latencies.plain.map((round) => perSecond(measure(round))) },
      details: {
        samples: trigger.length,
        triggersPerSample: TRIGGER_BATCH,
        rounds: latencies.trigger.length,
        triggerMs: ours,
        plainPutGetMs: baseline,
        triggerLatenciesMs: latencies.trigger,
        plainLatenciesMs: latencies.plain,
      },
    };
  });
}

function workerdVersion(): string {
  const fromMiniflare = createRequire(createRequire(import.meta.url).resolve("miniflare"));
  return fromMiniflare("workerd/package.json").version as string;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import("../report.js");
  const result = await runDurableObjectBench();
  console.log(formatTable(result.rows));
  console.log(result.notes?.join("\n"));
}
