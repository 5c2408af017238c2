/**
 * The IndexedDB cases, run inside Chromium. Node (run.ts) calls `window.bench.<case>(n)`;
 * each case opens a fresh database, times only the puts, then closes and deletes it.
 *
 * Baselines write what IndexedDBStore writes for a put: the descriptor into "messages"
 * (keyPath seq) and the 1 KiB body into "bodies" (key seq), with plain IndexedDB calls.
 */
import { QueueManager } from "../../core/index.js";
import { IndexedDBStore } from "../../adapters/browser/index.js";
import { benchDescriptor } from "../descriptor.js";
import { BODY_1KIB } from "../stats.js";
import { JMS_CASES, runJmsCase } from "../jms-cases.js";
import { LISTENER_CASES, prepareListenerCase, runListenerCase } from "../listener-cases.js";
import { PUBSUB_CASES, preparePubSubCase, runPubSubCase } from "../pubsub-cases.js";
import { triggerWorkerLatency, type TriggerLatencies } from "./trigger-latency.js";

const QUEUE = "DEV.QUEUE.1";
export interface Timed {
  count: number;
  ms: number;
}

let databases = 0;
const freshName = (kind: string) => `webmq-bench-${kind}-${Date.now()}-${databases++}`;

/** `producers` loops, each awaiting its own persistent puts, sharing `n` messages. */
async function oursConcurrent(n: number, producers: number): Promise<Timed> {
  return withManager(async (qm) => {
    const each = Math.ceil(n / producers);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: producers }, async () => {
        for (let i = 0; i < each; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
      }),
    );
    return { count: each * producers, ms: performance.now() - start };
  });
}

/** One awaited persistent put after another. */
async function oursSerial(n: number): Promise<Timed> {
  return withManager(async (qm) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
    return { count: n, ms: performance.now() - start };
  });
}

/** Every record in ONE readwrite transaction. */
async function rawOneTransaction(n: number): Promise<Timed> {
  return withRawDatabase(async (db) => {
    const start = performance.now();
    const tx = db.transaction(["messages", "bodies"], "readwrite");
    const messages = tx.objectStore("messages");
    const bodies = tx.objectStore("bodies");
    for (let seq = 1; seq <= n; seq++) {
      messages.put(benchDescriptor(seq));
      bodies.put(BODY_1KIB, seq);
    }
    await done(tx);
    return { count: n, ms: performance.now() - start };
  });
}

/** One transaction per record, each awaited before the next. */
async function rawSerial(n: number): Promise<Timed> {
  return withRawDatabase(async (db) => {
    const start = performance.now();
    for (let seq = 1; seq <= n; seq++) {
      const tx = db.transaction(["messages", "bodies"], "readwrite");
      tx.objectStore("messages").put(benchDescriptor(seq));
      tx.objectStore("bodies").put(BODY_1KIB, seq);
      await done(tx);
    }
    return { count: n, ms: performance.now() - start };
  });
}

// --- Helpers ---

async function withManager(run: (qm: QueueManager) => Promise<Timed>): Promise<Timed> {
  const databaseName = freshName("ours");
  const qm = await QueueManager.open({ name: "BENCH", store: new IndexedDBStore({ databaseName }) });
  try {
    await qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
    const timed = await run(qm);
    const depth = qm.queueStatus(QUEUE).depth;
    if (depth !== timed.count) throw new Error(`indexeddb bench: ${depth} of ${timed.count} messages are on the queue`);
    return timed;
  } finally {
    await qm.close();
    await deleteDatabase(databaseName);
  }
}

/** The same schema IndexedDBStore creates. */
async function withRawDatabase(run: (db: IDBDatabase) => Promise<Timed>): Promise<Timed> {
  const name = freshName("raw");
  const db = await request(
    (() => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => {
        const d = open.result;
        d.createObjectStore("objects", { keyPath: ["kind", "name"] });
        d.createObjectStore("messages", { keyPath: "seq" });
        d.createObjectStore("bodies");
        d.createObjectStore("meta", { keyPath: "key" });
      };
      return open;
    })(),
  );
  try {
    const timed = await run(db);
    const stored = await request(db.transaction("bodies").objectStore("bodies").count());
    if (stored !== timed.count) throw new Error(`indexeddb bench: ${stored} of ${timed.count} raw records were stored`);
    return timed;
  } finally {
    db.close();
    await deleteDatabase(name);
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    // "blocked" only means a closing connection is still finishing its transactions: wait on.
  });
}

/** One JMS case (bench/jms-cases.ts), by its index in JMS_CASES, on a fresh database. */
async function jms(kindIndex: number, n: number): Promise<Timed> {
  const databaseName = freshName("jms");
  const qm = await QueueManager.open({ name: "BENCH", store: new IndexedDBStore({ databaseName }) });
  try {
    const start = performance.now();
    const count = await runJmsCase(qm, JMS_CASES[kindIndex]!, n);
    return { count, ms: performance.now() - start };
  } finally {
    await qm.close();
    await deleteDatabase(databaseName);
  }
}

/** One publish/subscribe or selector case (bench/pubsub-cases.ts), by index, on a fresh database; set-up untimed. */
async function pubsub(kindIndex: number, n: number): Promise<Timed> {
  const databaseName = freshName("pubsub");
  const qm = await QueueManager.open({ name: "BENCH", store: new IndexedDBStore({ databaseName }) });
  try {
    const kind = PUBSUB_CASES[kindIndex]!;
    await preparePubSubCase(qm, kind, n);
    const start = performance.now();
    const count = await runPubSubCase(qm, kind, n);
    return { count, ms: performance.now() - start };
  } finally {
    await qm.close();
    await deleteDatabase(databaseName);
  }
}

/** One listener case (bench/listener-cases.ts), by index, on a fresh database; the messages put untimed. */
async function listener(kindIndex: number, n: number): Promise<Timed> {
  const databaseName = freshName("listener");
  const qm = await QueueManager.open({ name: "BENCH", store: new IndexedDBStore({ databaseName }) });
  try {
    const kind = LISTENER_CASES[kindIndex]!;
    await prepareListenerCase(qm, kind, n);
    const start = performance.now();
    const count = await runListenerCase(qm, kind, n);
    return { count, ms: performance.now() - start };
  } finally {
    await qm.close();
    await deleteDatabase(databaseName);
  }
}

/** Trigger latency with a Web Worker as the triggered application (trigger-latency.ts), on a fresh database. */
async function triggerWorker(triggers: number, warmup: number, warmWorkers: boolean, workerUrl?: string): Promise<TriggerLatencies> {
  const databaseName = freshName("trigger");
  try {
    return await triggerWorkerLatency(databaseName, triggers, warmup, warmWorkers, workerUrl && new URL(workerUrl, location.href).href);
  } finally {
    await deleteDatabase(databaseName);
  }
}

const bench = { oursConcurrent, oursSerial, rawOneTransaction, rawSerial, jms, pubsub, listener, triggerWorker };
export type PageBench = typeof bench;
declare global {
  interface Window {
    bench: PageBench;
  }
}
window.bench = bench;
