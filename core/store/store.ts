/**
 * The Store contract: what every storage engine (memory, IndexedDB, Durable Object SQLite)
 * provides to the queue manager. Calls are async, data is structured-cloneable (and
 * JSON-safe but for byte bodies), and `commit` applies a batch atomically: a transaction's
 * puts, removals and updates, across queues, land together or not at all.
 *
 * Only committed state is ever written, so reopening a store restores exactly what was
 * committed; uncommitted work lives in the manager's memory and is gone with it.
 */
import type { JsonValue, MessageRecord, StoredBody } from "../message/message.js";

/** Kinds of object, each its own namespace, as in MQ (all queue types share "queue"). */
export type ObjectKind = "qmgr" | "queue" | "process" | "topic" | "subscription" | "channel" | "namelist" | "listener";

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
  /**
   * Removes a stored message. `queue` and `priority` say where it is, when the caller knows
   * (the queue manager always does): a store that files messages by lane (the Durable
   * Object's) goes straight to the row; without them it looks the seq up.
   */
  | { op: "deleteMessage"; seq: number; queue?: string; priority?: number }
  /** Removes every stored message of a queue (CLEAR, DELETE ... PURGE), in memory or not. */
  | { op: "deleteQueueMessages"; queue: string }
  | { op: "putObject"; record: ObjectRecord }
  | { op: "deleteObject"; kind: ObjectKind; name: string }
  | { op: "putMeta"; key: string; value: JsonValue }
  | { op: "deleteMeta"; key: string };

export interface StoreSnapshot {
  objects: ObjectRecord[];
  /**
   * How many messages each queue holds at each priority: no message itself, so that opening
   * a queue deeper than memory reads only what delivery will need first.
   */
  queues: QueueSummary[];
  meta: { key: string; value: JsonValue }[];
}

/** Where a stored message is filed: its queue and priority (a lane). */
export interface MessageWhere {
  queue: string;
  priority: number;
}

export interface QueueSummary {
  queue: string;
  priority: number;
  count: number;
  /** The highest seq stored for the queue at that priority. */
  maxSeq: number;
  /** The bytes of those messages' bodies (their bodySize), for a queue's MAXBYTES. */
  bytes: number;
}

/**
 * Which stored messages to read; every answer is in ascending seq order.
 * - a lane of a queue: one priority, seqs after `afterSeq` (and before `beforeSeq`), at most `limit`;
 * - one message by seq, when it belongs to `queue`;
 * - a queue's messages with a correlation id, at most `limit`.
 */
export type MessageQuery =
  | { queue: string; priority: number; afterSeq: number; beforeSeq?: number; limit: number }
  | { queue: string; seq: number }
  | { queue: string; correlationId: string; limit: number };

export interface Store {
  /** A short name for messages and benchmarks, e.g. "memory", "indexeddb", "durable-object". */
  readonly kind: string;
  /**
   * Whether batches that arrive together should share one commit (default true). A store
   * whose commit completes synchronously (a Durable Object's SQLite) gains nothing from
   * grouping and says false, so that its batches go straight through.
   */
  readonly groupCommit?: boolean;
  /** Reads the objects, meta and a summary of the messages: never the messages themselves. */
  load(): Promise<StoreSnapshot>;
  /** Stored message descriptors (no bodies) that the query selects, in ascending seq order. */
  loadMessages(query: MessageQuery): Promise<MessageRecord[]>;
  /**
   * The body of a stored message, or undefined when there is none by that seq. `where` is
   * its queue and priority when the caller knows them (see deleteMessage); a store may ignore it.
   */
  readBody(seq: number, where?: MessageWhere): Promise<StoredBody | undefined>;
  /** Applies the batch atomically, in order. Resolves only once it is durable. */
  commit(batch: StoreOp[]): Promise<void>;
  /** Releases the storage; the store is not used again. */
  close(): Promise<void>;
}

/** The key an object has in a store: its kind and name. */
export function objectKey(kind: ObjectKind, name: string): string {
  return `${kind}/${name}`;
}
