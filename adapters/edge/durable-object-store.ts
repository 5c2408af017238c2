/**
 * The Store on a Durable Object's SQLite storage. Each batch runs in one
 * `transactionSync`, so it lands whole or not at all, and the object's output gate holds
 * the response until the write is durable. Message descriptors and bodies share a row;
 * bodies over 1 MiB go to a chunk table because SQLite rows in a Durable Object are
 * limited to 2 MB.
 */
import type { MessageQuery, ObjectRecord, QueueSummary, Store, StoreOp, StoreSnapshot } from "../../core/index.js";
import { NO_ID, recordFromText, recordToText, type MessageRecord, type StoredBody } from "../../core/internal.js";

export const DRIVER_NAME = "durable-object";

export interface DurableObjectStoreOptions {
  /** Prefix of the tables, so that several stores can share one object's database. */
  tablePrefix?: string;
}

const CHUNK_BYTES = 1024 * 1024;
const COMMITTED: Promise<void> = Promise.resolve();
/** UTF-16 units per text chunk: at most 3 UTF-8 bytes each, so a chunk stays under 1 MiB. */
const CHUNK_CHARS = Math.floor(CHUNK_BYTES / 3);

export class DurableObjectStore implements Store {
  readonly kind = DRIVER_NAME;
  /** Commits run synchronously inside the object, so grouping them would only add latency. */
  readonly groupCommit = false;
  readonly #storage: DurableObjectStorage;
  /** Held once: reaching ctx.storage.sql crosses into the runtime on every access. */
  readonly #sql: SqlStorage;
  readonly #t: { objects: string; messages: string; chunks: string; meta: string };
  /** The statements of a put and a get, built once rather than per call. */
  readonly #hot: { insertMessage: string; deleteMessage: string; selectBody: string };
  /** Seqs of the messages whose bodies are in the chunk table; the rest need one DELETE. */
  readonly #chunked = new Set<number>();

  constructor(storage: DurableObjectStorage, options: DurableObjectStoreOptions = {}) {
    this.#storage = storage;
    this.#sql = storage.sql;
    const prefix = options.tablePrefix ?? "mq";
    this.#t = { objects: `${prefix}_objects`, messages: `${prefix}_messages`, chunks: `${prefix}_body_chunks`, meta: `${prefix}_meta` };
    const { objects, messages, chunks, meta } = this.#t;
    this.#hot = {
      insertMessage: `INSERT INTO ${messages} (seq, queue, priority, correlation_id, record, body, chunks) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      deleteMessage: `DELETE FROM ${messages} WHERE seq = ?`,
      selectBody: `SELECT body, chunks FROM ${messages} WHERE seq = ?`,
    };
    storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS ${objects} (kind TEXT NOT NULL, name TEXT NOT NULL, record TEXT NOT NULL, PRIMARY KEY (kind, name));
      CREATE TABLE IF NOT EXISTS ${messages} (seq INTEGER PRIMARY KEY, queue TEXT, priority INTEGER, correlation_id TEXT, record TEXT NOT NULL, body, chunks INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE IF NOT EXISTS ${chunks} (seq INTEGER NOT NULL, idx INTEGER NOT NULL, data, PRIMARY KEY (seq, idx));
      CREATE TABLE IF NOT EXISTS ${meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    addLaneColumns(storage.sql, messages);
    // A lane in seq order, and a queue's messages by correlation id: each lookup an index range.
    // Only messages that have a correlation id are in the second index (NULL otherwise), so a
    // put without one updates a single index.
    storage.sql.exec(`
      CREATE INDEX IF NOT EXISTS ${messages}_lane ON ${messages} (queue, priority, seq);
      CREATE INDEX IF NOT EXISTS ${messages}_correlation ON ${messages} (queue, correlation_id, seq) WHERE correlation_id IS NOT NULL;
    `);
    for (const row of storage.sql.exec<{ seq: number }>(`SELECT seq FROM ${messages} WHERE chunks > 0`)) this.#chunked.add(row.seq);
  }

  async load(): Promise<StoreSnapshot> {
    const sql = this.#sql;
    return {
      objects: sql.exec<{ record: string }>(`SELECT record FROM ${this.#t.objects} ORDER BY kind, name`).toArray().map((r) => JSON.parse(r.record) as ObjectRecord),
      queues: sql
        .exec<{ queue: string; priority: number; count: number; maxSeq: number; bytes: number | null }>(
          `SELECT queue, priority, COUNT(*) AS count, MAX(seq) AS maxSeq, SUM(CASE WHEN json_valid(record) THEN json_extract(record, '$.bodySize') END) AS bytes FROM ${this.#t.messages} GROUP BY queue, priority`,
        )
        .toArray()
        .map((row) => ({ ...row, bytes: Number(row.bytes ?? 0) })) as QueueSummary[],
      meta: sql.exec<{ key: string; value: string }>(`SELECT key, value FROM ${this.#t.meta} ORDER BY key`).toArray().map((r) => ({ key: r.key, value: JSON.parse(r.value) })),
    };
  }

  async loadMessages(query: MessageQuery): Promise<MessageRecord[]> {
    const messages = this.#t.messages;
    type Row = { seq: number; record: string };
    const rows =
      "seq" in query
        ? this.#sql.exec<Row>(`SELECT seq, record FROM ${messages} WHERE seq = ? AND queue = ?`, query.seq, query.queue)
        : "correlationId" in query
          ? this.#sql.exec<Row>(`SELECT seq, record FROM ${messages} WHERE queue = ? AND correlation_id = ? ORDER BY seq LIMIT ?`, query.queue, query.correlationId, query.limit)
          : this.#sql.exec<Row>(
              `SELECT seq, record FROM ${messages} WHERE queue = ? AND priority = ? AND seq > ? AND seq < ? ORDER BY seq LIMIT ?`,
              query.queue,
              query.priority,
              query.afterSeq,
              query.beforeSeq ?? Number.MAX_SAFE_INTEGER,
              query.limit,
            );
    return rows.toArray().map(readRecord);
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
      // Changes to #chunked wait for the commit: a transaction that rolls back leaves it as it was.
      const chunked: [seq: number, has: boolean][] = [];
      // One operation is at most one write here but for chunked bodies, and SQLite makes a
      // single statement atomic by itself; a transaction would only add its cost.
      if (batch.length === 1 && !this.#isChunkedOp(batch[0]!)) this.#apply(batch[0]!, chunked);
      else {
        this.#storage.transactionSync(() => {
          for (const op of batch) this.#apply(op, chunked);
        });
      }
      for (const [seq, has] of chunked) {
        if (has) this.#chunked.add(seq);
        else this.#chunked.delete(seq);
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

  /** Whether an operation writes more than one row (a chunked body), and so needs a transaction. */
  #isChunkedOp(op: StoreOp): boolean {
    return (op.op === "putMessage" && isChunked(op.body)) || (op.op === "deleteMessage" && this.#chunked.has(op.seq)) || op.op === "deleteQueueMessages";
  }

  #apply(op: StoreOp, chunked: [seq: number, has: boolean][]): void {
    const sql = this.#sql;
    const { objects, messages, chunks, meta } = this.#t;
    switch (op.op) {
      case "putMessage": {
        // Seqs are never reused, so a put never replaces a row and has no old chunks to clear.
        const { record, body } = op;
        const parts = isChunked(body) ? splitBody(body) : undefined;
        sql.exec(
          this.#hot.insertMessage,
          record.seq,
          record.queue,
          record.priority,
          record.correlationId === NO_ID ? null : record.correlationId,
          recordToText(record),
          parts === undefined ? toColumn(body) : null,
          parts === undefined ? 0 : parts.length,
        );
        if (parts !== undefined) {
          chunked.push([op.record.seq, true]);
          parts.forEach((part, idx) => sql.exec(`INSERT INTO ${chunks} (seq, idx, data) VALUES (?, ?, ?)`, op.record.seq, idx, toColumn(part)));
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
          chunked.push([op.seq, false]);
        }
        return;
      case "deleteQueueMessages": {
        for (const row of sql.exec<{ seq: number }>(`SELECT seq FROM ${messages} WHERE queue = ? AND chunks > 0`, op.queue).toArray()) {
          sql.exec(`DELETE FROM ${chunks} WHERE seq = ?`, row.seq);
          chunked.push([row.seq, false]);
        }
        sql.exec(`DELETE FROM ${messages} WHERE queue = ?`, op.queue);
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

/** A database made before lanes were indexed gains their columns, filled from each record. */
function addLaneColumns(sql: SqlStorage, messages: string): void {
  try {
    sql.exec(`SELECT queue FROM ${messages} LIMIT 0`);
  } catch {
    sql.exec(`ALTER TABLE ${messages} ADD COLUMN queue TEXT`);
    sql.exec(`ALTER TABLE ${messages} ADD COLUMN priority INTEGER`);
    sql.exec(`ALTER TABLE ${messages} ADD COLUMN correlation_id TEXT`);
    sql.exec(`UPDATE ${messages} SET queue = json_extract(record, '$.queue'), priority = json_extract(record, '$.priority'), correlation_id = NULLIF(json_extract(record, '$.correlationId'), '${NO_ID}')`);
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
