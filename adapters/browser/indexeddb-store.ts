/**
 * The Store on IndexedDB (through idb), for a page or a Web Worker that must keep its
 * messages offline. A batch is one readwrite transaction over every object store, so it
 * lands whole or not at all; the manager's group commit puts the batches that arrive
 * together into one transaction. Descriptors and bodies are kept apart so that opening a
 * deep queue reads no bodies.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";
import { MQError, type ObjectKind, type ObjectRecord, type Store, type StoreOp, type StoreSnapshot } from "../../core/index.js";
import type { MessageRecord, StoredBody } from "../../core/internal.js";
import type { JsonValue } from "../../core/index.js";

export const DRIVER_NAME = "indexeddb";

export interface IndexedDBStoreOptions {
  /** The database's name: one queue manager per database. */
  databaseName: string;
}

interface QueueManagerDB extends DBSchema {
  objects: { key: [ObjectKind, string]; value: ObjectRecord };
  messages: { key: number; value: MessageRecord };
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
          db.createObjectStore("messages", { keyPath: "seq" });
          db.createObjectStore("bodies");
          db.createObjectStore("meta", { keyPath: "key" });
        },
      });
  }

  async load(): Promise<StoreSnapshot> {
    const db = await this.#db;
    const tx = db.transaction(["objects", "messages", "meta"], "readonly");
    const [objects, messages, meta] = await Promise.all([
      tx.objectStore("objects").getAll(),
      tx.objectStore("messages").getAll(), // keys are seqs, so this is seq order
      tx.objectStore("meta").getAll(),
      tx.done,
    ]);
    return { objects, messages, meta };
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
      return [tx.objectStore("messages").put(op.record), tx.objectStore("bodies").put(op.body, op.record.seq)];
    case "updateMessage":
      return [tx.objectStore("messages").put(op.record)];
    case "deleteMessage":
      return [tx.objectStore("messages").delete(op.seq), tx.objectStore("bodies").delete(op.seq)];
    case "putObject":
      return [tx.objectStore("objects").put(op.record)];
    case "deleteObject":
      return [tx.objectStore("objects").delete([op.kind, op.name])];
    case "putMeta":
      return [tx.objectStore("meta").put({ key: op.key, value: op.value })];
  }
}

/** A full disk is an MQ condition of its own; other failures stay as they are. */
function translate(error: unknown): unknown {
  if (error instanceof Error && error.name === "QuotaExceededError") {
    return new MQError("MQRC_STORAGE_MEDIUM_FULL", "IndexedDB is out of quota: the browser refused the write", { cause: error });
  }
  return error;
}
