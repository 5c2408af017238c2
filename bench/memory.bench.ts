/**
 * Memory, node: non-persistent put then get on a QueueManager with its memory store,
 * against a bare JS array used as a FIFO (push then shift of the same 1 KiB string wrapped
 * in an object), in the same process. Two shapes: put+get pairs, and put 10,000 then get
 * 10,000. Warm-up rounds first, then the median of several rounds.
 *
 * Standalone: `npx tsx bench/memory.bench.ts` (add `--cpu-prof` through node to profile:
 * `node --cpu-prof --import tsx bench/memory.bench.ts`).
 */
import { QueueManager, createMemoryStore } from "../core/index.js";
import { jmsSet, runJmsCase } from "./jms-cases.js";
import { caseRows } from "./case-rows.js";
import { LISTENER_SET, prepareListenerCase, runListenerCase } from "./listener-cases.js";
import { triggerLatencyRow } from "./trigger-latency.js";
import { selectiveDepthRows } from "./selective-depth.js";
import { PUBSUB_SET, preparePubSubCase, runPubSubCase, type PubSubCase } from "./pubsub-cases.js";
import { BODY_1KIB, alternate, median, rate } from "./stats.js";
import type { BenchResult, BenchRow } from "./types.js";

const QUEUE = "DEV.QUEUE.1";
const DEPTH = 10_000;
const TARGET_PAIRS_PER_SECOND = 1_000_000;
const WARMUP_ROUNDS = 2;
const ROUNDS = 7;
/** Pairs per round: enough for ~100 ms at the target rate. */
const OURS_PAIRS = 100_000;
/** The array is ~100 times faster; more pairs keep its rounds well above timer resolution. */
const ARRAY_PAIRS = 5_000_000;

/** What a get hands back, wrapped like a message, so the array baseline allocates too. */
interface Wrapped {
  body: string;
}

export async function runMemoryBench(): Promise<BenchResult> {
  const qm = await QueueManager.open({ name: "BENCH" });
  await qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
  try {
    const pairs = await compare(
      () => oursPairs(qm, OURS_PAIRS),
      () => arrayPairs(ARRAY_PAIRS),
    );
    const depth = await compare(
      () => oursDepth(qm, OURS_PAIRS / DEPTH),
      () => arrayDepth(ARRAY_PAIRS / DEPTH / 10),
    );
    if (qm.queueStatus(QUEUE).depth !== 0) throw new Error("memory bench: the queue was not drained");
    const pubsubMessages = (kind: PubSubCase) => (kind.startsWith("selective") ? 20 : 10_000);
    const pubsub = await caseRows("node", "memory, persistent", PUBSUB_SET, pubsubMessages, 1, 3, async (kind) => {
      const manager = await QueueManager.open({ name: "BENCH", store: createMemoryStore() });
      try {
        await preparePubSubCase(manager, kind, pubsubMessages(kind));
        const start = performance.now();
        const count = await runPubSubCase(manager, kind, pubsubMessages(kind));
        return { count, ms: performance.now() - start };
      } finally {
        await manager.close();
      }
    });
    const jms = await caseRows(
      "node",
      "memory",
      jmsSet(),
      () => 20_000,
      1,
      5,
      async (kind) => {
        const manager = await QueueManager.open({ name: "BENCH", store: createMemoryStore() });
        try {
          const start = performance.now();
          const count = await runJmsCase(manager, kind, 20_000);
          return { count, ms: performance.now() - start };
        } finally {
          await manager.close();
        }
      },
    );
    const listenerMessages = 5_000;
    const listener = await caseRows(
      "node",
      "memory",
      LISTENER_SET,
      () => listenerMessages,
      1,
      3,
      async (kind) => {
        const manager = await QueueManager.open({ name: "BENCH", store: createMemoryStore() });
        try {
          await prepareListenerCase(manager, kind, listenerMessages);
          const start = performance.now();
          const count = await runListenerCase(manager, kind, listenerMessages);
          return { count, ms: performance.now() - start };
        } finally {
          await manager.close();
        }
      },
    );
    const trigger = await triggerLatencyRow();
    const selectiveDepth = await selectiveDepthRows();
    return {
      name: "memory",
      runtime: "node",
      versions: { node: process.version, v8: process.versions.v8 },
      rows: [
        row("put+get pairs", pairs, OURS_PAIRS, ARRAY_PAIRS),
        row(`put ${DEPTH} then get ${DEPTH}`, depth, OURS_PAIRS, ARRAY_PAIRS / 10),
        ...jms,
        ...pubsub,
        ...selectiveDepth,
        ...listener,
        trigger,
      ],
      notes: [
        "Rates are put+get pairs per second (one message through the queue).",
        "Target: at least 1,000,000 pairs/s through the queue manager; the ratio to the array is for information.",
        "JMS rows: persistent messages on the memory store, each case against plain put+get pairs of the same run (bench/jms-cases.ts).",
      ],
    };
  } finally {
    await qm.close();
  }
}

type Round = () => Promise<{ count: number; ms: number }> | { count: number; ms: number };

/** Rates of alternated rounds (see alternate in stats.ts). */
async function compare(ours: Round, baseline: Round): Promise<{ ours: number[]; baseline: number[] }> {
  const rounds = await alternate(ours, baseline, WARMUP_ROUNDS, ROUNDS);
  return { ours: rounds.ours.map((t) => rate(t.count, t.ms)), baseline: rounds.baseline.map((t) => rate(t.count, t.ms)) };
}

function row(name: string, rounds: { ours: number[]; baseline: number[] }, oursPerRound: number, arrayPerRound: number): BenchRow {
  const ours = median(rounds.ours);
  const baseline = median(rounds.baseline);
  return {
    runtime: "node",
    case: `memory, non-persistent, ${name}`,
    ours,
    baseline,
    ratio: ours / baseline,
    target: "≥ 1,000,000 msg/s",
    met: ours >= TARGET_PAIRS_PER_SECOND,
    rounds,
    details: {
      oursPairsPerRound: oursPerRound,
      arrayPairsPerRound: arrayPerRound,
      warmupRounds: WARMUP_ROUNDS,
      rounds: ROUNDS,
      baseline: "JS array push + shift",
    },
  };
}

async function oursPairs(qm: QueueManager, n: number) {
  let received = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    await qm.put(QUEUE, { body: BODY_1KIB, persistent: false });
    if (await qm.get(QUEUE)) received++;
  }
  const ms = performance.now() - start;
  return { count: check(received, n), ms };
}

async function oursDepth(qm: QueueManager, batches: number) {
  let received = 0;
  const start = performance.now();
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < DEPTH; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: false });
    for (let i = 0; i < DEPTH; i++) if (await qm.get(QUEUE)) received++;
  }
  const ms = performance.now() - start;
  return { count: check(received, batches * DEPTH), ms };
}

function arrayPairs(n: number) {
  const fifo: Wrapped[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    fifo.push({ body: BODY_1KIB });
    bytes += fifo.shift()!.body.length;
  }
  const ms = performance.now() - start;
  return { count: check(bytes / BODY_1KIB.length, n), ms };
}

function arrayDepth(batches: number) {
  const fifo: Wrapped[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < DEPTH; i++) fifo.push({ body: BODY_1KIB });
    for (let i = 0; i < DEPTH; i++) bytes += fifo.shift()!.body.length;
  }
  const ms = performance.now() - start;
  return { count: check(bytes / BODY_1KIB.length, batches * DEPTH), ms };
}

/** Every message must come back; a benchmark that lost some would be measuring nothing. */
function check(received: number, expected: number): number {
  if (received !== expected) throw new Error(`memory bench: ${received} of ${expected} messages came back`);
  return received;
}

// Standalone run: print the rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import("./report.js");
  console.log(formatTable((await runMemoryBench()).rows));
}
