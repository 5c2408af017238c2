/**
 * The embedded default store: everything in memory, nothing durable beyond the running program.
 * A MemoryStorage outlives the MemoryStore opened on it, so closing a manager and opening
 * another on the same storage behaves like a restart. Records are cloned on the way in
 * and out, as a real store would, so no caller shares an object with the storage.
 */
import type { JsonValue, MessageRecord, StoredBody } from "../message/message.js";
import { objectKey, type MessageQuery, type ObjectRecord, type QueueSummary, type Store, type StoreOp, type StoreSnapshot } from "./store.js";

export const MEMORY_STORE_KIND = "memory";

declare function structuredClone<T>(value: T): T;

/** The data a MemoryStore keeps; pass the same one to reopen "the same storage". */
export class MemoryStorage {
  readonly objects = new Map<string, ObjectRecord>();
  readonly messages = new Map<number, { record: MessageRecord; body: StoredBody }>();
  readonly meta = new Map<string, JsonValue>();
  /**
   * Whether `messages` iterates in ascending seq, as it does while each put has a higher seq
   * than the last (a prepared two-phase put can come later with a lower one): then a lane
   * query reads only as far as it needs, instead of sorting every message.
   */
  inSeqOrder = true;
  lastSeq = -1;
  /**
   * While `inSeqOrder`: every seq put, ascending, deleted ones included until the next
   * compaction, so that a lane query after a seq starts there by binary search rather than
   * walking the messages before it (a selective get on a deep queue reads on from far in).
   */
  readonly seqs: number[] = [];
}

export interface MemoryStoreOptions {
  storage?: MemoryStorage;
}

export function createMemoryStore(options: MemoryStoreOptions = {}): Store {
  return new MemoryStore(options.storage ?? new MemoryStorage());
}

export class MemoryStore implements Store {
  readonly kind = MEMORY_STORE_KIND;
  #closed = false;

  constructor(readonly storage: MemoryStorage = new MemoryStorage()) {}

  async load(): Promise<StoreSnapshot> {
    this.#checkOpen();
    const summaries = new Map<string, QueueSummary>();
    for (const { record } of this.storage.messages.values()) {
      const key = `${record.queue}\u0000${record.priority}`;
      const summary = summaries.get(key);
      if (summary) {
        summary.count++;
        summary.maxSeq = Math.max(summary.maxSeq, record.seq);
        summary.bytes += record.bodySize;
      } else summaries.set(key, { queue: record.queue, priority: record.priority, count: 1, maxSeq: record.seq, bytes: record.bodySize });
    }
    return {
      objects: [...this.storage.objects.values()].map((o) => structuredClone(o)),
      queues: [...summaries.values()],
      meta: [...this.storage.meta].map(([key, value]) => ({ key, value: structuredClone(value) })),
    };
  }

  /** A scan: memory holds everything anyway, and a scan keeps this store a dozen lines. */
  async loadMessages(query: MessageQuery): Promise<MessageRecord[]> {
    this.#checkOpen();
    if ("seq" in query) {
      const found = this.storage.messages.get(query.seq)?.record;
      return found && found.queue === query.queue ? [copyOut(found)] : [];
    }
    const selected: MessageRecord[] = [];
    const ordered = this.storage.inSeqOrder;
    if (ordered && !("correlationId" in query)) {
      const { seqs, messages } = this.storage;
      for (let i = firstAfter(seqs, query.afterSeq); i < seqs.length && selected.length < query.limit; i++) {
        const record = messages.get(seqs[i]!)?.record;
        if (record === undefined || record.queue !== query.queue || record.priority !== query.priority) continue;
        if (query.beforeSeq !== undefined && record.seq >= query.beforeSeq) break;
        selected.push(record);
      }
      return selected.map(copyOut);
    }
    for (const { record } of this.storage.messages.values()) {
      if (record.queue !== query.queue) continue;
      if (
        "correlationId" in query
          ? record.correlationId === query.correlationId
          : record.priority === query.priority && record.seq > query.afterSeq && (query.beforeSeq === undefined || record.seq < query.beforeSeq)
      ) {
        selected.push(record);
        if (ordered && selected.length >= query.limit) break;
      }
    }
    return (ordered ? selected : selected.sort((a, b) => a.seq - b.seq).slice(0, query.limit)).map(copyOut);
  }

  async readBody(seq: number): Promise<StoredBody | undefined> {
    this.#checkOpen();
    const body = this.storage.messages.get(seq)?.body;
    return body === undefined ? undefined : copyBody(body);
  }

  async commit(batch: StoreOp[]): Promise<void> {
    this.#checkOpen();
    // Clone everything first: a record that cannot be cloned fails the batch before any change.
    const cloned = structuredClone(batch);
    for (const op of cloned) {
      if (op.op === "updateMessage" && !this.storage.messages.has(op.record.seq)) {
        throw new Error(`memory store: no message with seq ${op.record.seq} to update`);
      }
    }
    for (const op of cloned) applyOp(this.storage, op);
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error("memory store: closed");
  }
}

// --- Internal helpers ---

function applyOp(storage: MemoryStorage, op: StoreOp): void {
  switch (op.op) {
    case "putMessage":
      if (op.record.seq < storage.lastSeq) storage.inSeqOrder = false;
      if (storage.inSeqOrder) {
        // A seq put again after its deletion was compacted away goes back in too.
        const last = storage.seqs.at(-1);
        if (last === undefined || last < op.record.seq) storage.seqs.push(op.record.seq);
      }
      storage.lastSeq = Math.max(storage.lastSeq, op.record.seq);
      storage.messages.set(op.record.seq, { record: op.record, body: op.body });
      return;
    case "updateMessage":
      storage.messages.get(op.record.seq)!.record = op.record;
      return;
    case "deleteMessage":
      storage.messages.delete(op.seq);
      compactSeqs(storage);
      return;
    case "deleteQueueMessages":
      for (const [seq, message] of storage.messages) if (message.record.queue === op.queue) storage.messages.delete(seq);
      compactSeqs(storage);
      return;
    case "putObject":
      storage.objects.set(objectKey(op.record.kind, op.record.name), op.record);
      return;
    case "deleteObject":
      storage.objects.delete(objectKey(op.kind, op.name));
      return;
    case "putMeta":
      storage.meta.set(op.key, op.value);
      return;
    case "deleteMeta":
      storage.meta.delete(op.key);
      return;
  }
}

/**
 * A copy of stored data on its way out. What is stored went in through structuredClone, and
 * records are plain objects, arrays and primitives: copied by hand here, several times
 * cheaper than structuredClone (a selective get on a deep queue reads thousands of records).
 * Anything else is cloned the usual way.
 */
function copyOut<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(copyOut) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOut((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** Drops deleted seqs from the index once they are most of it (amortised: each is dropped once). */
function compactSeqs(storage: MemoryStorage): void {
  const { seqs, messages } = storage;
  if (seqs.length < 1024 || seqs.length < 2 * messages.size) return;
  let kept = 0;
  for (const seq of seqs) if (messages.has(seq)) seqs[kept++] = seq;
  seqs.length = kept;
}

/** Binary search: the index of the first seq in `seqs` greater than `seq`. */
function firstAfter(seqs: readonly number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqs[mid]! <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function copyBody(body: StoredBody): StoredBody {
  // Anything else stored (a damaged record) is returned as it is, for the kernel to judge.
  return body instanceof Uint8Array ? body.slice() : body;
}
