/**
 * The Store on IndexedDB (through idb), for a page or a Web Worker that must keep its
 * messages offline. A batch is one readwrite transaction over every object store, so it
 * lands whole or not at all; the manager's group commit puts the batches that arrive
 * together into one transaction. Descriptors and bodies are kept apart so that opening a
 * deep queue reads no bodies.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPIndex, type IDBPTransaction } from "idb";
import {
  MQError,
  type MessageQuery,
  type ObjectKind,
  type ObjectRecord,
  type QueueSummary,
  type Store,
  type StoreOp,
  type StoreSnapshot,
} from "../../core/index.js";
import { NO_ID, type MessageRecord, type StoredBody } from "../../core/internal.js";
import type { JsonValue } from "../../core/index.js";

export const DRIVER_NAME = "indexeddb";

export interface IndexedDBStoreOptions {
  /** The database's name: one queue manager per database. */
  databaseName: string;
}

interface QueueManagerDB extends DBSchema {
  objects: { key: [ObjectKind, string]; value: ObjectRecord };
  messages: {
    key: number;
    value: MessageRecord;
    indexes: { lane: [string, number, number]; correlation: [string, string, number] };
  };
  bodies: { key: number; value: StoredBody };
  meta: { key: string; value: { key: string; value: JsonValue } };
}

const STORES = ["objects", "messages", "bodies", "meta"] as const;
type Tx = IDBPTransaction<QueueManagerDB, typeof STORES extends readonly (infer S)[] ? S[] : never, "readwrite">;

export function createIndexedDBStore(options: IndexedDBStoreOptions): Store {
  return new IndexedDBStore(options);
}

export class IndexedDBStore implements Store {
  readonly kind = DRIVER_NAME;
  readonly #db: Promise<IDBPDatabase<QueueManagerDB>>;

  constructor(options: IndexedDBStoreOptions) {
    // idb reads the global indexedDB (in node, fake-indexeddb/auto provides it).
    this.#db = openDB<QueueManagerDB>(options.databaseName, 1, {
      upgrade(db) {
        db.createObjectStore("objects", { keyPath: ["kind", "name"] });
        const messages = db.createObjectStore("messages", { keyPath: "seq" });
        // A lane in seq order (a queue's lanes together are a range of it too), and the
        // messages that have a correlation id: records without `indexedCorrelation` stay out
        // of that index, so a put without one updates a single index.
        messages.createIndex("lane", ["queue", "priority", "seq"]);
        messages.createIndex("correlation", ["queue", "indexedCorrelation", "seq"]);
        db.createObjectStore("bodies");
        db.createObjectStore("meta", { keyPath: "key" });
      },
    });
  }

  async load(): Promise<StoreSnapshot> {
    const db = await this.#db;
    const tx = db.transaction(["objects", "messages", "meta"], "readonly");
    const [objects, meta, queues] = await Promise.all([
      tx.objectStore("objects").getAll(),
      tx.objectStore("meta").getAll(),
      summarize(tx.objectStore("messages").index("lane")),
    ]);
    await tx.done;
    return { objects, queues, meta };
  }

  async loadMessages(query: MessageQuery): Promise<MessageRecord[]> {
    const db = await this.#db;
    if ("seq" in query) {
      const record = await db.get("messages", query.seq);
      return record && record.queue === query.queue ? [plain(record)] : [];
    }
    if ("correlationId" in query) {
      const range = IDBKeyRange.bound([query.queue, query.correlationId, -Infinity], [query.queue, query.correlationId, Infinity]);
      return (await db.getAllFromIndex("messages", "correlation", range, query.limit)).map(plain);
    }
    const range = IDBKeyRange.bound([query.queue, query.priority, query.afterSeq], [query.queue, query.priority, query.beforeSeq ?? Infinity], true, true);
    return (await db.getAllFromIndex("messages", "lane", range, query.limit)).map(plain);
  }

  async readBody(seq: number): Promise<StoredBody | undefined> {
    return (await this.#db).get("bodies", seq);
  }

  async commit(batch: StoreOp[]): Promise<void> {
    const db = await this.#db;
    const tx = db.transaction([...STORES], "readwrite") as unknown as Tx;
    const pending: Promise<unknown>[] = [];
    try {
      for (const op of batch) {
        if (op.op === "deleteQueueMessages") {
          await Promise.all(pending.splice(0));
          let cursor = await tx
            .objectStore("messages")
            .index("lane")
            .openKeyCursor(IDBKeyRange.bound([op.queue, -Infinity, -Infinity], [op.queue, Infinity, Infinity]));
          while (cursor) {
            pending.push(tx.objectStore("messages").delete(cursor.primaryKey), tx.objectStore("bodies").delete(cursor.primaryKey));
            cursor = await cursor.continue();
          }
          continue;
        }
        if (op.op === "updateMessage") {
          // The update must see the batch's earlier writes, and fail the batch when its message is gone.
          await Promise.all(pending.splice(0));
          if ((await tx.objectStore("messages").count(op.record.seq)) === 0) {
            throw new Error(`indexeddb store: no message with seq ${op.record.seq} to update`);
          }
        }
        pending.push(...apply(tx, op));
      }
      await Promise.all([...pending, tx.done]);
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already aborted or finished: the error below is what matters
      }
      await tx.done.catch(() => undefined);
      throw translate(error);
    }
  }

  async close(): Promise<void> {
    (await this.#db).close();
  }
}

// --- Internal helpers ---

function apply(tx: Tx, op: StoreOp): Promise<unknown>[] {
  switch (op.op) {
    case "putMessage":
      return [tx.objectStore("messages").put(indexed(op.record)), tx.objectStore("bodies").put(op.body, op.record.seq)];
    case "updateMessage":
      return [tx.objectStore("messages").put(indexed(op.record))];
    case "deleteMessage":
      return [tx.objectStore("messages").delete(op.seq), tx.objectStore("bodies").delete(op.seq)];
    case "putObject":
      return [tx.objectStore("objects").put(op.record)];
    case "deleteObject":
      return [tx.objectStore("objects").delete([op.kind, op.name])];
    case "putMeta":
      return [tx.objectStore("meta").put({ key: op.key, value: op.value })];
    case "deleteMeta":
      return [tx.objectStore("meta").delete(op.key)];
    case "deleteQueueMessages":
      return []; // done in commit, which must walk the queue's index
  }
}

/** The stored form of a record: with `indexedCorrelation` when it has a correlation id worth indexing. */
function indexed(record: MessageRecord): MessageRecord {
  return record.correlationId === NO_ID ? record : ({ ...record, indexedCorrelation: record.correlationId } as MessageRecord);
}

/** A record as read back, without the index's field. */
function plain(record: MessageRecord): MessageRecord {
  if (!("indexedCorrelation" in record)) return record;
  const { indexedCorrelation: _, ...rest } = record as MessageRecord & { indexedCorrelation: string };
  return rest;
}

/**
 * How many messages each (queue, priority) holds, and their bodies' bytes: the cursor jumps
 * from one lane to the next; each lane is counted, and its descriptors (never its bodies) are
 * read a thousand at a time for their sizes, which a queue's MAXBYTES needs from the start.
 */
async function summarize(index: IDBPIndex<QueueManagerDB, ("objects" | "messages" | "meta")[], "messages", "lane", "readonly">): Promise<QueueSummary[]> {
  const out: QueueSummary[] = [];
  let cursor = await index.openKeyCursor();
  while (cursor) {
    const [queue, priority] = cursor.key;
    const lane = IDBKeyRange.bound([queue, priority, -Infinity], [queue, priority, Infinity]);
    const [count, last] = await Promise.all([index.count(lane), index.openKeyCursor(lane, "prev")]);
    let bytes = 0;
    for (let after = -Infinity; ;) {
      const page = await index.getAll(IDBKeyRange.bound([queue, priority, after], [queue, priority, Infinity], true, false), 1000);
      for (const record of page) bytes += typeof record.bodySize === "number" ? record.bodySize : 0;
      if (page.length < 1000) break;
      after = page[page.length - 1]!.seq;
    }
    out.push({ queue, priority, count, maxSeq: last!.key[2], bytes });
    cursor = await cursor.continue([queue, priority, Infinity]);
  }
  return out;
}

/**
 * The origin's storage quota used up is MQRC_STORAGE_NOT_AVAILABLE (2071): the batch's
 * transaction was aborted whole, so nothing of it was written. Other failures stay as they are.
 */
function translate(error: unknown): unknown {
  if (error instanceof Error && error.name === "QuotaExceededError") {
    return new MQError(
      "MQRC_STORAGE_NOT_AVAILABLE",
      "the browser's storage quota for this origin is used up (QuotaExceededError): IndexedDB refused the write and nothing of it was written; get or clear messages, or ask for persistent storage, and try again",
      { cause: error },
    );
  }
  return error;
}
