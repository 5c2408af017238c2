/**
 * The embedded default store: everything in memory, nothing durable beyond the running program.
 * A MemoryStorage outlives the MemoryStore opened on it, so closing a manager and opening
 * another on the same storage behaves like a restart. Records are cloned on the way in
 * and out, as a real store would, so no caller shares an object with the storage.
 */
import type { JsonValue, MessageRecord, StoredBody } from "./message.js";
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
      } else summaries.set(key, { queue: record.queue, priority: record.priority, count: 1, maxSeq: record.seq });
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
      return found && found.queue === query.queue ? [structuredClone(found)] : [];
    }
    const selected: MessageRecord[] = [];
    const ordered = this.storage.inSeqOrder;
    for (const { record } of this.storage.messages.values()) {
      if (record.queue !== query.queue) continue;
      if ("correlationId" in query ? record.correlationId === query.correlationId : record.priority === query.priority && record.seq > query.afterSeq && (query.beforeSeq === undefined || record.seq < query.beforeSeq)) {
        selected.push(record);
        if (ordered && selected.length >= query.limit) break;
      }
    }
    return (ordered ? selected : selected.sort((a, b) => a.seq - b.seq).slice(0, query.limit)).map((r) => structuredClone(r));
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
      storage.lastSeq = Math.max(storage.lastSeq, op.record.seq);
      storage.messages.set(op.record.seq, { record: op.record, body: op.body });
      return;
    case "updateMessage":
      storage.messages.get(op.record.seq)!.record = op.record;
      return;
    case "deleteMessage":
      storage.messages.delete(op.seq);
      return;
    case "deleteQueueMessages":
      for (const [seq, message] of storage.messages) if (message.record.queue === op.queue) storage.messages.delete(seq);
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

function copyBody(body: StoredBody): StoredBody {
  return typeof body === "string" ? body : body.slice();
}
