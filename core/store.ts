/**
 * The Store contract: what every storage engine (memory, IndexedDB, Durable Object SQLite)
 * provides to the queue manager. Calls are async, data is structured-cloneable (and
 * JSON-safe but for byte bodies), and `commit` applies a batch atomically: a transaction's
 * puts, removals and updates, across queues, land together or not at all.
 *
 * Only committed state is ever written, so reopening a store restores exactly what was
 * committed; uncommitted work lives in the manager's memory and is gone with it.
 */
import type { JsonValue, MessageRecord, StoredBody } from "./message.js";

/** Kinds of object, each its own namespace, as in MQ (all queue types share "queue"). */
export type ObjectKind = "qmgr" | "queue" | "process" | "topic" | "subscription" | "channel" | "namelist";

/** A defined object: its kind and name, its type within the kind, its attributes. */
export interface ObjectRecord {
  kind: ObjectKind;
  name: string;
  /** The object's type within its kind, e.g. "localQueue" or "aliasQueue" for queues. */
  type: string;
  attributes: { [name: string]: JsonValue };
  /** When it was defined and last altered (ms since the epoch): MQSC's CRDATE and ALTDATE. */
  createdAt?: number;
  alteredAt?: number;
  /** Set on a permanent dynamic queue, made from a model queue. */
  dynamic?: "permanent";
}

export type StoreOp =
  | { op: "putMessage"; record: MessageRecord; body: StoredBody }
  /** Replaces a stored message's descriptor (backout count, for instance); the body stays. */
  | { op: "updateMessage"; record: MessageRecord }
  | { op: "deleteMessage"; seq: number }
  | { op: "putObject"; record: ObjectRecord }
  | { op: "deleteObject"; kind: ObjectKind; name: string }
  | { op: "putMeta"; key: string; value: JsonValue };

export interface StoreSnapshot {
  objects: ObjectRecord[];
  /** Every stored message descriptor, in ascending seq order; bodies are read on demand. */
  messages: MessageRecord[];
  meta: { key: string; value: JsonValue }[];
}

export interface Store {
  /** A short name for messages and benchmarks, e.g. "memory", "indexeddb", "durable-object". */
  readonly kind: string;
  /**
   * Whether batches that arrive together should share one commit (default true). A store
   * whose commit completes synchronously (a Durable Object's SQLite) gains nothing from
   * grouping and says false, so that its batches go straight through.
   */
  readonly groupCommit?: boolean;
  /** Reads everything committed, but message bodies. */
  load(): Promise<StoreSnapshot>;
  /** The body of a stored message, or undefined when there is none by that seq. */
  readBody(seq: number): Promise<StoredBody | undefined>;
  /** Applies the batch atomically, in order. Resolves only once it is durable. */
  commit(batch: StoreOp[]): Promise<void>;
  /** Releases the storage; the store is not used again. */
  close(): Promise<void>;
}

/** The key an object has in a store: its kind and name. */
export function objectKey(kind: ObjectKind, name: string): string {
  return `${kind}/${name}`;
}
