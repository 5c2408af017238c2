/**
 * One bounded load run against one server: a fixed number of producers and consumers over
 * real HTTP for `seconds`, with at most `maxInFlight` requests at once and the queue's
 * MAXDEPTH as the bound on what waits; then the drain and the conservation check.
 */
import { consume, record, type ConsumerKind } from "./consumer.js";
import { send } from "./http-client.js";
import { InFlight } from "./in-flight.js";
import { Latencies } from "./latency.js";
import { Ledger, type Conservation } from "./ledger.js";
import { monitor } from "./monitor.js";
import { produce } from "./producer.js";
import { auth, currentDepth, defineLoadQueue, messageUrl, type LoadTarget } from "./rest.js";
import { newTally, sleep, type RunState, type Tally } from "./run-state.js";

export interface LoadOptions {
  seconds: number;
  producers: number;
  readers: number;
  slowReaders: number;
  neverReaders: number;
  aborters: number;
  /** Clients browsing and running MQSC meanwhile. */
  monitors: number;
  maxInFlight: number;
  maxDepth: number;
  /** Producers put for this long, then rest as long (0: they never rest). */
  burstMs: number;
  /** Every n-th message of a producer is large (0: none). */
  largeEvery: number;
  largeBytes: number;
  /** Seeds the aborters' timing, so a run can be repeated. */
  seed: number;
}

export const DEFAULT_LOAD: LoadOptions = {
  seconds: 15,
  producers: 6,
  readers: 4,
  slowReaders: 2,
  neverReaders: 1,
  aborters: 2,
  monitors: 1,
  maxInFlight: 16,
  maxDepth: 200,
  burstMs: 1500,
  largeEvery: 50,
  largeBytes: 256 * 1024,
  seed: 1,
};

export interface LoadResult {
  server: string;
  options: LoadOptions;
  /** The load phase, measured. */
  elapsedMs: number;
  puts: number;
  /** Got during the load phase (the drain's come after). */
  gets: number;
  drained: number;
  putP50: number;
  putP99: number;
  getP50: number;
  getP99: number;
  peakInFlight: number;
  tally: Tally;
  errors: string[];
  /** CURDEPTH once drained. */
  depthAfter: number;
  conservation: Conservation;
  /** Conservation held, the queue is empty and no client had an answer it should not have. */
  ok: boolean;
}

export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  await defineLoadQueue(target, options.maxDepth);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const state: RunState = {
    target,
    ledger: new Ledger(),
    inFlight: new InFlight(options.maxInFlight),
    stopping: () => performance.now() >= deadline,
    sinceStart: () => performance.now() - started,
    putLatency: new Latencies(),
    getLatency: new Latencies(),
    tally: newTally(),
    errors: [],
  };
  const random = mulberry32(options.seed);
  const kinds: ConsumerKind[] = [
    ...Array<ConsumerKind>(options.readers).fill("reader"),
    ...Array<ConsumerKind>(options.slowReaders).fill("slow"),
    ...Array<ConsumerKind>(options.neverReaders).fill("never"),
    ...Array<ConsumerKind>(options.aborters).fill("aborter"),
  ];
  const clients = [
    ...Array.from({ length: options.producers }, (_, i) => produce(state, i, options)),
    ...kinds.map((kind) => consume(state, kind, random)),
    ...Array.from({ length: options.monitors }, () => monitor(state, options.maxDepth)),
  ];
  await Promise.all(clients);
  const elapsedMs = performance.now() - started;
  const gets = state.ledger.receivedCount;
  // Every response left unread is backed out within responseTimeout; then nothing is held.
  await sleep(target.responseTimeout + 1500);
  const drained = await drain(state);
  const depthAfter = await currentDepth(target);
  const conservation = state.ledger.check(state.tally.abortedInWait);
  return {
    server: target.name,
    options,
    elapsedMs,
    puts: state.ledger.acknowledgedCount,
    gets,
    drained,
    putP50: state.putLatency.percentile(50),
    putP99: state.putLatency.percentile(99),
    getP50: state.getLatency.percentile(50),
    getP99: state.getLatency.percentile(99),
    peakInFlight: state.inFlight.peak,
    tally: state.tally,
    errors: state.errors,
    depthAfter,
    conservation,
    ok: conservation.ok && depthAfter === 0 && state.errors.length === 0,
  };
}

/** Gets what is left with a reader until the queue answers 204; returns how many. */
async function drain(state: RunState): Promise<number> {
  let count = 0;
  for (;;) {
    const outcome = await send(messageUrl(state.target), "DELETE", auth(state.target, "DELETE"), { kind: "read" });
    if (outcome.status === 204) return count;
    if (outcome.status !== 200 || !outcome.complete) throw new Error(`a draining get answered ${outcome.status} (complete: ${outcome.complete})`);
    record(state, "drain", outcome);
    count++;
  }
}

/** A small seeded generator (mulberry32), so that a run's timings can be repeated. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
