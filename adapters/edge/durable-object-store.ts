/**
 * The Store on a Durable Object's SQLite storage. Each batch runs in one
 * `transactionSync`, so it lands whole or not at all, and the object's output gate holds
 * the response until the write is durable. Message descriptors and bodies share a row;
 * bodies over 1 MiB go to a chunk table because SQLite rows in a Durable Object are
 * limited to 2 MB.
 *
 * The layout is cut for the put+get pair, the queue manager's commonest work: the manager
 * keeps what it delivers next in memory and reads the store only at open and when a lane
 * pages, so a row carries just what those reads need. A lane (a queue and a priority) is a
 * small integer from the lanes table, so the one secondary index every message enters is
 * (lane, seq) on integers; the correlation id is a column only for messages that have one
 * (NULL otherwise, and a partial index skips NULLs). The plain put binds four values, the
 * plain delete one: each bound value and each index entry is measurable per message.
 * See openMessageTables for the layout and its migration from older ones.
 */
import type { MessageQuery, ObjectRecord, QueueSummary, Store, StoreOp, StoreSnapshot } from "../../core/index.js";
import { NO_ID, recordFromText, recordToText, type MessageRecord, type StoredBody } from "../../core/internal.js";
import { openMessageTables, type MessageTables } from "./durable-object-tables.js";

export const DRIVER_NAME = "durable-object";

export interface DurableObjectStoreOptions {
  /** Prefix of the tables, so that several stores can share one object's database. */
  tablePrefix?: string;
}

const CHUNK_BYTES = 1024 * 1024;
const COMMITTED: Promise<void> = Promise.resolve();
/** UTF-16 units per text chunk: at most 3 UTF-8 bytes each, so a chunk stays under 1 MiB. */
const CHUNK_CHARS = Math.floor(CHUNK_BYTES / 3);

/** What a batch changes in the store's memory, applied only once its transaction has committed. */
interface Pending {
  chunked: [seq: number, has: boolean][];
  /** Lanes added ([queue, priority, id]) and queues whose lanes were removed ([queue, 0, undefined]), in order. */
  lanes: [queue: string, priority: number, id: number | undefined][];
}

export class DurableObjectStore implements Store {
  readonly kind = DRIVER_NAME;
  /** Commits run synchronously inside the object, so grouping them would only add latency. */
  readonly groupCommit = false;
  readonly #storage: DurableObjectStorage;
  /** Held once: reaching ctx.storage.sql crosses into the runtime on every access. */
  readonly #sql: SqlStorage;
  readonly #t: MessageTables & { objects: string; meta: string };
  /** The statements of a put and a get, built once rather than per call. */
  readonly #hot: { insertMessage: string; insertFullMessage: string; deleteMessage: string; selectBody: string };
  /** Seqs of the messages whose bodies are in the chunk table; the rest need one DELETE. */
  readonly #chunked = new Set<number>();
  /** Lane ids by queue, then priority: every lane of the lanes table. */
  readonly #lanes = new Map<string, Map<number, number>>();
  #nextLane = 1;

  constructor(storage: DurableObjectStorage, options: DurableObjectStoreOptions = {}) {
    this.#storage = storage;
    this.#sql = storage.sql;
    const prefix = options.tablePrefix ?? "mq";
    const tables = openMessageTables(storage, prefix);
    this.#t = { ...tables, objects: `${prefix}_objects`, meta: `${prefix}_meta` };
    const { objects, messages, meta, lanes } = this.#t;
    this.#hot = {
      // The common put: no correlation id, a body that fits its row (chunks keeps its default 0).
      insertMessage: `INSERT INTO ${messages} (seq, lane, record, body) VALUES (?, ?, ?, ?)`,
      insertFullMessage: `INSERT INTO ${messages} (seq, lane, correlation_id, record, body, chunks) VALUES (?, ?, ?, ?, ?, ?)`,
      deleteMessage: `DELETE FROM ${messages} WHERE seq = ?`,
      selectBody: `SELECT body, chunks FROM ${messages} WHERE seq = ?`,
    };
    storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS ${objects} (kind TEXT NOT NULL, name TEXT NOT NULL, record TEXT NOT NULL, PRIMARY KEY (kind, name));
      CREATE TABLE IF NOT EXISTS ${meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    for (const row of storage.sql.exec<{ id: number; queue: string; priority: number }>(`SELECT id, queue, priority FROM ${lanes}`)) {
      this.#rememberLane(row.queue, row.priority, row.id);
    }
    for (const row of storage.sql.exec<{ seq: number }>(`SELECT seq FROM ${messages} WHERE chunks > 0`)) this.#chunked.add(row.seq);
  }

  async load(): Promise<StoreSnapshot> {
    const sql = this.#sql;
    return {
      objects: sql.exec<{ record: string }>(`SELECT record FROM ${this.#t.objects} ORDER BY kind, name`).toArray().map((r) => JSON.parse(r.record) as ObjectRecord),
      queues: sql
        .exec<{ queue: string; priority: number; count: number; maxSeq: number; bytes: number | null }>(
          `SELECT l.queue AS queue, l.priority AS priority, COUNT(*) AS count, MAX(m.seq) AS maxSeq, SUM(CASE WHEN json_valid(m.record) THEN json_extract(m.record, '$.bodySize') END) AS bytes
             FROM ${this.#t.messages} AS m JOIN ${this.#t.lanes} AS l ON l.id = m.lane GROUP BY m.lane`,
        )
        .toArray()
        .map((row) => ({ ...row, bytes: Number(row.bytes ?? 0) })) as QueueSummary[],
      meta: sql.exec<{ key: string; value: string }>(`SELECT key, value FROM ${this.#t.meta} ORDER BY key`).toArray().map((r) => ({ key: r.key, value: JSON.parse(r.value) })),
    };
  }

  async loadMessages(query: MessageQuery): Promise<MessageRecord[]> {
    const { messages, lanes } = this.#t;
    type Row = { seq: number; record: string };
    const ofQueue = `lane IN (SELECT id FROM ${lanes} WHERE queue = ?)`;
    if ("seq" in query) return this.#sql.exec<Row>(`SELECT seq, record FROM ${messages} WHERE seq = ? AND ${ofQueue}`, query.seq, query.queue).toArray().map(readRecord);
    if ("correlationId" in query) {
      return this.#sql
        .exec<Row>(`SELECT seq, record FROM ${messages} WHERE correlation_id = ? AND ${ofQueue} ORDER BY seq LIMIT ?`, query.correlationId, query.queue, query.limit)
        .toArray()
        .map(readRecord);
    }
    const lane = this.#lanes.get(query.queue)?.get(query.priority);
    if (lane === undefined) return [];
    return this.#sql
      .exec<Row>(`SELECT seq, record FROM ${messages} WHERE lane = ? AND seq > ? AND seq < ? ORDER BY seq LIMIT ?`, lane, query.afterSeq, query.beforeSeq ?? Number.MAX_SAFE_INTEGER, query.limit)
      .toArray()
      .map(readRecord);
  }

  async readBody(seq: number): Promise<StoredBody | undefined> {
    const sql = this.#sql;
    const row = sql.exec<{ body: string | ArrayBuffer | null; chunks: number }>(this.#hot.selectBody, seq).toArray()[0];
    if (!row) return undefined;
    if (row.chunks === 0) return fromColumn(row.body);
    const parts = sql.exec<{ data: string | ArrayBuffer }>(`SELECT data FROM ${this.#t.chunks} WHERE seq = ? ORDER BY idx`, seq).toArray().map((r) => fromColumn(r.data));
    return joinChunks(parts);
  }

  commit(batch: StoreOp[]): Promise<void> {
    // The work is synchronous; answering with one settled promise saves an async frame per
    // commit on the hot path, and a failure still reaches the caller as a rejection.
    try {
      // A batch of one statement needs no transaction: SQLite makes a statement atomic by
      // itself, and a transaction would only add its cost.
      if (batch.length === 1 && this.#applyAlone(batch[0]!)) return COMMITTED;
      // What the batch changes in memory waits for the commit: a transaction that rolls back leaves it as it was.
      const pending: Pending = { chunked: [], lanes: [] };
      this.#storage.transactionSync(() => {
        for (const op of batch) this.#apply(op, pending);
      });
      for (const [seq, has] of pending.chunked) {
        if (has) this.#chunked.add(seq);
        else this.#chunked.delete(seq);
      }
      for (const [queue, priority, id] of pending.lanes) {
        if (id === undefined) this.#lanes.delete(queue);
        else this.#rememberLane(queue, priority, id);
      }
      return COMMITTED;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async close(): Promise<void> {
    // The object's storage outlives this store; there is nothing to release.
  }

  /** The name of the queue manager stored here, if one is: an alarm that wakes an evicted object opens it under this. */
  queueManagerName(): string | undefined {
    const row = this.#sql.exec<{ name: string }>(`SELECT name FROM ${this.#t.objects} WHERE kind = 'qmgr' LIMIT 1`).toArray()[0];
    return row?.name;
  }

  // --- Internal helpers ---

  /**
   * Runs an operation that is one statement by itself and returns true, or returns false
   * without writing when it needs more (a chunked body, a new lane, a whole queue). The
   * plain put and get of a message take this path; each binds only what the row needs.
   */
  #applyAlone(op: StoreOp): boolean {
    switch (op.op) {
      case "putMessage": {
        const { record, body } = op;
        const lane = this.#lanes.get(record.queue)?.get(record.priority);
        if (lane === undefined || record.correlationId !== NO_ID || isChunked(body)) return false;
        this.#sql.exec(this.#hot.insertMessage, record.seq, lane, recordToText(record), toColumn(body));
        return true;
      }
      case "deleteMessage":
        if (this.#chunked.has(op.seq)) return false;
        this.#sql.exec(this.#hot.deleteMessage, op.seq);
        return true;
      case "deleteQueueMessages":
        return false;
      default:
        // Objects, meta and descriptor updates: one statement each, and no memory to change.
        this.#apply(op, { chunked: [], lanes: [] });
        return true;
    }
  }

  #apply(op: StoreOp, pending: Pending): void {
    const sql = this.#sql;
    const { objects, messages, chunks, meta, lanes } = this.#t;
    switch (op.op) {
      case "putMessage": {
        // Seqs are never reused, so a put never replaces a row and has no old chunks to clear.
        const { record, body } = op;
        const parts = isChunked(body) ? splitBody(body) : undefined;
        sql.exec(
          this.#hot.insertFullMessage,
          record.seq,
          this.#laneFor(record.queue, record.priority, pending),
          record.correlationId === NO_ID ? null : record.correlationId,
          recordToText(record),
          parts === undefined ? toColumn(body) : null,
          parts === undefined ? 0 : parts.length,
        );
        if (parts !== undefined) {
          pending.chunked.push([record.seq, true]);
          parts.forEach((part, idx) => sql.exec(`INSERT INTO ${chunks} (seq, idx, data) VALUES (?, ?, ?)`, record.seq, idx, toColumn(part)));
        }
        return;
      }
      case "updateMessage": {
        const cursor = sql.exec(`UPDATE ${messages} SET record = ? WHERE seq = ?`, recordToText(op.record), op.record.seq);
        if (cursor.rowsWritten === 0) throw new Error(`durable-object store: no message with seq ${op.record.seq} to update`);
        return;
      }
      case "deleteMessage":
        sql.exec(this.#hot.deleteMessage, op.seq);
        if (this.#chunked.has(op.seq)) {
          sql.exec(`DELETE FROM ${chunks} WHERE seq = ?`, op.seq);
          pending.chunked.push([op.seq, false]);
        }
        return;
      case "deleteQueueMessages": {
        const ofQueue = `lane IN (SELECT id FROM ${lanes} WHERE queue = ?)`;
        for (const row of sql.exec<{ seq: number }>(`SELECT seq FROM ${messages} WHERE ${ofQueue} AND chunks > 0`, op.queue).toArray()) {
          sql.exec(`DELETE FROM ${chunks} WHERE seq = ?`, row.seq);
          pending.chunked.push([row.seq, false]);
        }
        sql.exec(`DELETE FROM ${messages} WHERE ${ofQueue}`, op.queue);
        // The queue's lanes go with its messages, so that queues made and deleted over time
        // (permanent dynamic ones) leave no lanes behind; a later put makes a new lane.
        sql.exec(`DELETE FROM ${lanes} WHERE queue = ?`, op.queue);
        pending.lanes.push([op.queue, 0, undefined]);
        return;
      }
      case "putObject":
        sql.exec(`INSERT OR REPLACE INTO ${objects} (kind, name, record) VALUES (?, ?, ?)`, op.record.kind, op.record.name, JSON.stringify(op.record));
        return;
      case "deleteObject":
        sql.exec(`DELETE FROM ${objects} WHERE kind = ? AND name = ?`, op.kind, op.name);
        return;
      case "putMeta":
        sql.exec(`INSERT OR REPLACE INTO ${meta} (key, value) VALUES (?, ?)`, op.key, JSON.stringify(op.value));
        return;
      case "deleteMeta":
        sql.exec(`DELETE FROM ${meta} WHERE key = ?`, op.key);
        return;
    }
  }

  /** The id of a queue's lane at a priority, as this batch leaves it; a lane not there yet is added in the batch. */
  #laneFor(queue: string, priority: number, pending: Pending): number {
    // The batch's own changes come last, so they are read first.
    for (let i = pending.lanes.length - 1; i >= 0; i--) {
      const [q, p, id] = pending.lanes[i]!;
      if (q !== queue) continue;
      if (id === undefined) return this.#addLane(queue, priority, pending);
      if (p === priority) return id;
    }
    return this.#lanes.get(queue)?.get(priority) ?? this.#addLane(queue, priority, pending);
  }

  #addLane(queue: string, priority: number, pending: Pending): number {
    // Ids are never reused: one given in a batch that rolls back is simply skipped.
    const id = this.#nextLane++;
    this.#sql.exec(`INSERT INTO ${this.#t.lanes} (id, queue, priority) VALUES (?, ?, ?)`, id, queue, priority);
    pending.lanes.push([queue, priority, id]);
    return id;
  }

  #rememberLane(queue: string, priority: number, id: number): void {
    let byPriority = this.#lanes.get(queue);
    if (!byPriority) this.#lanes.set(queue, (byPriority = new Map()));
    byPriority.set(priority, id);
    if (id >= this.#nextLane) this.#nextLane = id + 1;
  }
}

/**
 * A row's record, with the row's own seq. A record that does not parse comes back as a
 * stub the queue manager reports as damaged and skips, rather than failing every read.
 */
function readRecord(row: { seq: number; record: string }): MessageRecord {
  try {
    return { ...recordFromText(row.record), seq: row.seq };
  } catch {
    return { seq: row.seq } as MessageRecord;
  }
}

function isChunked(body: StoredBody): boolean {
  return typeof body === "string" ? body.length > CHUNK_CHARS : body.byteLength > CHUNK_BYTES;
}

function toColumn(body: StoredBody): string | ArrayBuffer {
  if (typeof body === "string") return body;
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
}

function fromColumn(value: string | ArrayBuffer | null): StoredBody {
  if (value === null) return "";
  return typeof value === "string" ? value : new Uint8Array(value);
}

/** Splits a body into pieces that each fit a row, never inside a UTF-16 surrogate pair. */
function splitBody(body: StoredBody): StoredBody[] {
  if (typeof body !== "string") {
    if (body.byteLength <= CHUNK_BYTES) return [body];
    const parts: Uint8Array[] = [];
    for (let i = 0; i < body.byteLength; i += CHUNK_BYTES) parts.push(body.subarray(i, i + CHUNK_BYTES));
    return parts;
  }
  if (body.length <= CHUNK_CHARS) return [body];
  const parts: string[] = [];
  for (let i = 0; i < body.length; ) {
    let end = Math.min(i + CHUNK_CHARS, body.length);
    const last = body.charCodeAt(end - 1);
    if (end < body.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(body.slice(i, end));
    i = end;
  }
  return parts;
}

function joinChunks(parts: StoredBody[]): StoredBody {
  if (parts.every((p) => typeof p === "string")) return (parts as string[]).join("");
  const bytes = parts as Uint8Array[];
  const out = new Uint8Array(bytes.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const p of bytes) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}
