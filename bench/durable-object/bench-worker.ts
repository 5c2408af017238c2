/**
 * The bench worker, bundled by run.ts and run in workerd through Miniflare. The default
 * fetch handler routes `?object=NAME` to that Durable Object; BenchObject runs one step per
 * request, so that setup is never timed:
 *   /clock               does Date.now()/performance.now() move during a pure-CPU loop here?
 *   /empty               nothing (for the node-side round-trip baseline)
 *   /setup-ours          opens a QueueManager on DurableObjectStore(ctx.storage)
 *   /setup-raw?n=        creates the store's messages table and builds n rows to write
 *   /ours-batch?n=       n persistent puts, then n gets       /ours-pairs?n=  n put+get pairs
 *   /setup-store?n=      a store without a queue manager      /store-pairs?n=  n putMessage+deleteMessage commits
 *   /listener-setup?kind=&n=, /listener?kind=&n=   a listener case (bench/listener-cases.ts)
 *   /raw-batch?n=        n INSERTs, then n DELETEs            /raw-pairs?n=   n INSERT+DELETE pairs
 *   /setup-nosql, /nosql-pairs?n=  the queue manager's pairs over SQL that does nothing (our JavaScript alone)
 *   /raw-awaited-pairs?n=  the raw pairs, each statement in an async call that awaits (what awaiting costs)
 *   /awaits-only-pairs?n=  the same awaited calls without the statements
 *   /trigger-setup       a TRIGTYPE(EVERY) queue and the edge's trigger monitor (adapters/edge/triggers.ts)
 *   /trigger?n=&batch=   n samples, each a batch of triggers timed from the put to the handler's
 *                        first get, alternated with batches of plain put+get (latencies, not rates)
 *
 * Timing: locally, workerd's clocks do move during CPU work (/clock checks it each run and
 * the result goes into the JSON), but on Cloudflare they only move across I/O. So each timed
 * step starts and ends with `await ctx.storage.sync()`, which is I/O *and* waits until the
 * writes are durable: the elapsed time is right under either clock, and it counts the
 * commit to disk for both sides alike. run.ts also times each request from node, minus an
 * empty request, as a cross-check.
 */
import { DurableObject } from "cloudflare:workers";
import { QueueManager } from "../../core/index.js";
import { DurableObjectStore } from "../../adapters/edge/durable-object-store.js";
import type { SqliteStorage } from "../../adapters/edge/durable-object-tables.js";
import { EdgeTriggerMonitors, registerTriggerHandlers } from "../../adapters/edge/triggers.js";
import type { MessageRecord } from "../../core/internal.js";
import { benchDescriptor } from "../descriptor.js";
import { BODY_1KIB } from "../stats.js";
import { JMS_CASES, runJmsCase, type JmsCase } from "../jms-cases.js";
import { LISTENER_CASES, prepareListenerCase, runListenerCase, type ListenerCase } from "../listener-cases.js";
import { PUBSUB_CASES, preparePubSubCase, runPubSubCase, type PubSubCase } from "../pubsub-cases.js";

interface Env {
  BENCH: DurableObjectNamespace;
}

const QUEUE = "DEV.QUEUE.1";
/** The table DurableObjectStore uses for messages, under a prefix of its own. */
const RAW_TABLE = "raw_messages";

const TRIGGERED = "BENCH.TRIGGERED";

/** The trigger being timed: the handler stamps its first get, then says it is done. */
let pendingTrigger: { got: (at: number) => void; done: () => void } | undefined;

registerTriggerHandlers({
  "bench-trigger": async (trigger, { queueManager }) => {
    const message = await queueManager.get(trigger.queueName);
    const at = performance.now();
    if (message) pendingTrigger?.got(at);
    pendingTrigger?.done();
  },
});

export class BenchObject extends DurableObject<Env> {
  #qm: QueueManager | undefined;
  /** [seq, descriptor JSON] rows, built before the timed step: the baseline times SQLite alone. */
  #rows: [number, string][] = [];
  #store: DurableObjectStore | undefined;
  #records: MessageRecord[] = [];
  #triggers: EdgeTriggerMonitors | undefined;

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const n = Number(url.searchParams.get("n") ?? 0);
    switch (url.pathname) {
      case "/clock":
        return Response.json(probeClock());
      case "/empty":
        return Response.json({});
      case "/setup-ours":
        this.#qm = await QueueManager.open({ name: "BENCH", store: new DurableObjectStore(this.ctx.storage) });
        await this.#qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
        return Response.json({});
      case "/setup-raw":
        this.ctx.storage.sql.exec(
          `CREATE TABLE IF NOT EXISTS ${RAW_TABLE} (seq INTEGER PRIMARY KEY, record TEXT NOT NULL, body, chunks INTEGER NOT NULL DEFAULT 0)`,
        );
        this.#rows = Array.from({ length: n }, (_, i) => [i + 1, JSON.stringify(benchDescriptor(i + 1))]);
        return Response.json({});
      case "/setup-store":
        // The store alone, without the queue manager: where a put+get pair's time goes.
        this.#store = new DurableObjectStore(this.ctx.storage, { tablePrefix: "store_only" });
        this.#records = Array.from({ length: n }, (_, i) => benchDescriptor(i + 1));
        return Response.json({});
      case "/store-pairs":
        return this.#timed(n, async () => {
          const store = this.#store!;
          for (const record of this.#records) {
            await store.commit([{ op: "putMessage", record, body: BODY_1KIB }]);
            // Where the message is, as the queue manager says it.
            await store.commit([{ op: "deleteMessage", seq: record.seq, queue: record.queue, priority: record.priority }]);
          }
          return this.#records.length;
        });
      case "/ours-batch":
        return this.#timed(n, async (qm) => {
          for (let i = 0; i < n; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
          let got = 0;
          for (let i = 0; i < n; i++) if (await qm.get(QUEUE)) got++;
          return got;
        });
      case "/ours-pairs":
        return this.#timed(n, async (qm) => {
          let got = 0;
          for (let i = 0; i < n; i++) {
            await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
            if (await qm.get(QUEUE)) got++;
          }
          return got;
        });
      case "/jms": {
        const kind = url.searchParams.get("kind") as JmsCase;
        if (!JMS_CASES.includes(kind)) return new Response("unknown case", { status: 400 });
        return this.#timed(n, (qm) => runJmsCase(qm, kind, n));
      }
      case "/listener-setup": {
        const kind = url.searchParams.get("kind") as ListenerCase;
        if (!LISTENER_CASES.includes(kind)) return new Response("unknown case", { status: 400 });
        await prepareListenerCase(this.#qm!, kind, n);
        return Response.json({});
      }
      case "/listener": {
        const kind = url.searchParams.get("kind") as ListenerCase;
        if (!LISTENER_CASES.includes(kind)) return new Response("unknown case", { status: 400 });
        return this.#timed(n, (qm) => runListenerCase(qm, kind, n));
      }
      case "/pubsub-setup": {
        const kind = url.searchParams.get("kind") as PubSubCase;
        if (!PUBSUB_CASES.includes(kind)) return new Response("unknown case", { status: 400 });
        await preparePubSubCase(this.#qm!, kind, n);
        return Response.json({});
      }
      case "/pubsub": {
        const kind = url.searchParams.get("kind") as PubSubCase;
        if (!PUBSUB_CASES.includes(kind)) return new Response("unknown case", { status: 400 });
        return this.#timed(n, (qm) => runPubSubCase(qm, kind, n));
      }
      case "/trigger-setup": {
        const qm = this.#qm!;
        const defined = await qm.mqsc(
          `DEFINE PROCESS(BENCH.PROC) APPLICID('bench-trigger')\nDEFINE QLOCAL(BENCH.INITQ)\nDEFINE QLOCAL(${TRIGGERED}) TRIGGER TRIGTYPE(EVERY) INITQ(BENCH.INITQ) PROCESS(BENCH.PROC)`,
        );
        if (defined.notProcessed + defined.syntaxErrors > 0) return new Response(defined.transcript, { status: 500 });
        this.#triggers = await EdgeTriggerMonitors.start(
          qm,
          this.env,
          [{ queueManager: qm.name, initiationQueue: "BENCH.INITQ" }],
          (promise) => this.ctx.waitUntil(promise),
          (text) => console.warn(text),
        );
        return Response.json({});
      }
      case "/trigger": {
        // Latencies in ms. The clock here moves in whole milliseconds and a trigger takes less,
        // so each sample is a batch of `batch` triggers one after another (each from before its
        // put to the handler's first get returning; the next put waits for that handler to
        // end), divided by `batch`; alternated with a batch of plain put+get round trips.
        const qm = this.#qm!;
        const batch = Number(url.searchParams.get("batch") ?? 1);
        const trigger: number[] = [];
        const plain: number[] = [];
        for (let i = 0; i < n; i++) {
          const start = performance.now();
          for (let j = 0; j < batch; j++) {
            let got!: (at: number) => void;
            let done!: () => void;
            const gotAt = new Promise<number>((resolve) => (got = resolve));
            const finished = new Promise<void>((resolve) => (done = resolve));
            pendingTrigger = { got, done };
            await qm.put(TRIGGERED, { body: BODY_1KIB, persistent: true });
            await gotAt;
            await finished;
          }
          trigger.push((performance.now() - start) / batch);
          const plainStart = performance.now();
          for (let j = 0; j < batch; j++) {
            await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
            if (!(await qm.get(QUEUE))) return new Response("the plain get found nothing", { status: 500 });
          }
          plain.push((performance.now() - plainStart) / batch);
        }
        pendingTrigger = undefined;
        await this.ctx.storage.sync();
        const stats = this.#triggers!.stats;
        if (stats.started !== n * batch || stats.failed !== 0)
          return new Response(`${stats.started} of ${n * batch} triggers started, ${stats.failed} failed`, { status: 500 });
        return Response.json({ count: n, trigger, plain });
      }
      case "/raw-batch":
        return this.#timed(n, async () => {
          const sql = this.ctx.storage.sql;
          for (const [seq, record] of this.#rows) sql.exec(`INSERT INTO ${RAW_TABLE} (seq, record, body, chunks) VALUES (?, ?, ?, 0)`, seq, record, BODY_1KIB);
          let deleted = 0;
          for (const [seq] of this.#rows) deleted += sql.exec(`DELETE FROM ${RAW_TABLE} WHERE seq = ?`, seq).rowsWritten;
          return deleted;
        });
      case "/raw-pairs":
        return this.#timed(n, async () => {
          const sql = this.ctx.storage.sql;
          let deleted = 0;
          for (const [seq, record] of this.#rows) {
            sql.exec(`INSERT INTO ${RAW_TABLE} (seq, record, body, chunks) VALUES (?, ?, ?, 0)`, seq, record, BODY_1KIB);
            deleted += sql.exec(`DELETE FROM ${RAW_TABLE} WHERE seq = ?`, seq).rowsWritten;
          }
          return deleted;
        });
      case "/setup-nosql":
        // The queue manager and the store over SQL statements that do nothing: our JavaScript
        // alone, as workerd runs it (the same run in node is bench/README.md's comparison).
        this.#qm = await QueueManager.open({ name: "BENCH", store: new DurableObjectStore(noSqlStorage()) });
        await this.#qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
        return Response.json({});
      case "/nosql-pairs":
        return this.#timed(n, async (qm) => {
          let got = 0;
          for (let i = 0; i < n; i++) {
            await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
            if (await qm.get(QUEUE)) got++;
          }
          return got;
        });
      case "/awaits-only-pairs":
        // The awaited calls of /raw-awaited-pairs without their statements.
        return this.#timed(n, async () => {
          let done = 0;
          for (const [seq] of this.#rows) {
            await awaited(() => seq);
            done += await awaited(() => 1);
          }
          return done;
        });
      case "/raw-awaited-pairs":
        // The raw pairs, each statement behind an awaited promise, as any async API's call is
        // (the queue manager's put and get are two, each awaiting its commit inside): what
        // awaiting alone costs here, apart from our code.
        return this.#timed(n, async () => {
          const sql = this.ctx.storage.sql;
          let deleted = 0;
          for (const [seq, record] of this.#rows) {
            await awaited(() => sql.exec(`INSERT INTO ${RAW_TABLE} (seq, record, body, chunks) VALUES (?, ?, ?, 0)`, seq, record, BODY_1KIB));
            deleted += await awaited(() => sql.exec(`DELETE FROM ${RAW_TABLE} WHERE seq = ?`, seq).rowsWritten);
          }
          return deleted;
        });
      default:
        return new Response("not found", { status: 404 });
    }
  }

  /** Runs one timed step between two storage syncs; `work` returns how many messages made it through. */
  async #timed(n: number, work: (qm: QueueManager) => Promise<number>): Promise<Response> {
    await this.ctx.storage.sync();
    const start = Date.now();
    const through = await work(this.#qm!);
    await this.ctx.storage.sync();
    const ms = Date.now() - start;
    if (through !== n) return new Response(`${through} of ${n} messages made it through`, { status: 500 });
    return Response.json({ count: n, ms });
  }
}

/** Runs `work` in an async function that awaits a settled promise, as a commit awaited inside a put does. */
async function awaited<T>(work: () => T): Promise<T> {
  const value = work();
  await COMMITTED;
  return value;
}
const COMMITTED = Promise.resolve();

/** A SqliteStorage whose statements do nothing and find no rows: what the store's own code costs. */
function noSqlStorage(): SqliteStorage {
  const cursor = {
    rowsWritten: 1,
    toArray: () => [],
    one: () => ({ count: 0, maxSeq: null, bytes: 0, id: null }),
    [Symbol.iterator]: () => [][Symbol.iterator](),
  };
  return { sql: { exec: () => cursor } as unknown as SqlStorage, transactionSync: <T>(work: () => T): T => work() } as SqliteStorage;
}

/** Arithmetic with no I/O (tens of ms): do the clocks move across it? */
function probeClock() {
  const d0 = Date.now();
  const p0 = performance.now();
  let x = 0;
  for (let i = 0; i < 2e7; i++) x += i & 7;
  return { dateNowMs: Date.now() - d0, performanceNowMs: performance.now() - p0, sink: x };
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const name = new URL(request.url).searchParams.get("object") ?? "default";
    return env.BENCH.get(env.BENCH.idFromName(name)).fetch(request);
  },
};
