/**
 * The Store on a Durable Object's SQLite storage. Each batch runs in one
 * `transactionSync`, so it lands whole or not at all, and the object's output gate holds
 * the response until the write is durable. Message descriptors and bodies share a row;
 * bodies over 1 MiB go to a chunk table because SQLite rows in a Durable Object are
 * limited to 2 MB.
 *
 * Messages are filed by lane (a queue and a priority), a table each (durable-object-tables.ts):
 * the queue manager keeps what it delivers next in memory and reads the store only at open
 * and when a lane pages, in seq order, which is the lane table's own key. So the plain put
 * binds three values (seq, record, body) and writes one B-tree, and the plain get deletes
 * by that key, as raw SQLite would; a secondary index or each extra bound value is
 * measurable per message (the put+get benchmark in bench/durable-object).
 */
import type { MessageQuery, MessageWhere, ObjectRecord, QueueSummary, Store, StoreOp, StoreSnapshot } from "../../core/index.js";
import { NO_ID, recordFromText, recordToText, type MessageRecord, type StoredBody } from "../../core/internal.js";
import { createLane, dropLane, laneTable, openLaneTables, type LaneTable, type SqliteStorage } from "./durable-object-tables.js";

export const DRIVER_NAME = "durable-object";

export interface DurableObjectStoreOptions {
  /** Prefix of the tables, so that several stores can share one object's database. */
  tablePrefix?: string;
  /**
   * Gathers the batches handed in until `schedule` calls back and commits them in one
   * transaction (the file store: the frames of one event-loop turn; the object: the events of
   * one 0 ms window, so SENDs from many sockets share a commit and its fsync). Without it each
   * batch commits at once.
   */
  gatherCommits?: (flush: () => void) => void;
}

interface WaitingBatch {
  ops: StoreOp[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const CHUNK_BYTES = 1024 * 1024;
const COMMITTED: Promise<void> = Promise.resolve();
/** UTF-16 units per text chunk: at most 3 UTF-8 bytes each, so a chunk stays under 1 MiB. */
const CHUNK_CHARS = Math.floor(CHUNK_BYTES / 3);

type Row = { seq: number; record: string };

/** What a batch changed in the store's memory: undone if its transaction rolls back, the chunked seqs applied once it commits. */
interface Pending {
  chunked: [seq: number, has: boolean][];
  undo: (() => void)[];
}

export class DurableObjectStore implements Store {
  readonly kind: string = DRIVER_NAME;
  /**
   * Off: core's group commit gathers for one microtask, which never spans two events of the
   * object or two sockets' reads; `gatherCommits` does that here.
   */
  readonly groupCommit: boolean = false;
  readonly #storage: SqliteStorage;
  /** Held once: reaching ctx.storage.sql crosses into the runtime on every access. */
  readonly #sql: SqlStorage;
  readonly #prefix: string;
  readonly #t: { objects: string; chunks: string; meta: string; lanes: string };
  /** Seqs of the messages whose bodies are in the chunk table; the rest need one DELETE. */
  readonly #chunked = new Set<number>();
  /** Every lane, by queue, then priority; the tables agree with this after each commit. */
  readonly #lanes = new Map<string, Map<number, LaneTable>>();
  #nextLane = 1;
  readonly #gatherCommits: ((flush: () => void) => void) | undefined;
  #gathering: WaitingBatch[] = [];

  constructor(storage: SqliteStorage, options: DurableObjectStoreOptions = {}) {
    this.#storage = storage;
    this.#gatherCommits = options.gatherCommits;
    this.#sql = storage.sql;
    const prefix = options.tablePrefix ?? "mq";
    this.#prefix = prefix;
    this.#t = { objects: `${prefix}_objects`, chunks: `${prefix}_body_chunks`, meta: `${prefix}_meta`, lanes: `${prefix}_lanes` };
    storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS ${this.#t.objects} (kind TEXT NOT NULL, name TEXT NOT NULL, record TEXT NOT NULL, PRIMARY KEY (kind, name));
      CREATE TABLE IF NOT EXISTS ${this.#t.meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    for (const lane of openLaneTables(storage, prefix)) this.#remember(lane);
    for (const row of storage.sql.exec<{ seq: number }>(`SELECT DISTINCT seq FROM ${this.#t.chunks}`)) this.#chunked.add(row.seq);
  }

  async load(): Promise<StoreSnapshot> {
    const sql = this.#sql;
    const queues: QueueSummary[] = [];
    for (const lane of this.#allLanes()) {
      const row = sql
        .exec<{ count: number; maxSeq: number; bytes: number | null }>(
          `SELECT COUNT(*) AS count, MAX(seq) AS maxSeq, SUM(CASE WHEN json_valid(record) THEN json_extract(record, '$.bodySize') END) AS bytes FROM ${lane.table}`,
        )
        .one();
      if (row.count > 0) queues.push({ queue: lane.queue, priority: lane.priority, count: row.count, maxSeq: row.maxSeq, bytes: Number(row.bytes ?? 0) });
    }
    return {
      objects: sql
        .exec<{ record: string }>(`SELECT record FROM ${this.#t.objects} ORDER BY kind, name`)
        .toArray()
        .map((r) => JSON.parse(r.record) as ObjectRecord),
      queues,
      meta: sql
        .exec<{ key: string; value: string }>(`SELECT key, value FROM ${this.#t.meta} ORDER BY key`)
        .toArray()
        .map((r) => ({ key: r.key, value: JSON.parse(r.value) })),
    };
  }

  async loadMessages(query: MessageQuery): Promise<MessageRecord[]> {
    const sql = this.#sql;
    const lanes = this.#lanes.get(query.queue);
    if (!lanes) return [];
    if ("seq" in query) {
      for (const lane of lanes.values()) {
        const rows = sql.exec<Row>(`SELECT seq, record FROM ${lane.table} WHERE seq = ?`, query.seq).toArray();
        if (rows.length > 0) return rows.map(readRecord);
      }
      return [];
    }
    if ("correlationId" in query) {
      // Each lane's matches in seq order, merged: the oldest `limit` of the queue.
      const rows: Row[] = [];
      for (const lane of lanes.values())
        rows.push(
          ...sql.exec<Row>(`SELECT seq, record FROM ${lane.table} WHERE correlation_id = ? ORDER BY seq LIMIT ?`, query.correlationId, query.limit).toArray(),
        );
      return rows
        .sort((a, b) => a.seq - b.seq)
        .slice(0, query.limit)
        .map(readRecord);
    }
    const lane = lanes.get(query.priority);
    if (!lane) return [];
    return sql
      .exec<Row>(
        `SELECT seq, record FROM ${lane.table} WHERE seq > ? AND seq < ? ORDER BY seq LIMIT ?`,
        query.afterSeq,
        query.beforeSeq ?? Number.MAX_SAFE_INTEGER,
        query.limit,
      )
      .toArray()
      .map(readRecord);
  }

  async readBody(seq: number, where?: MessageWhere): Promise<StoredBody | undefined> {
    const sql = this.#sql;
    type BodyRow = { body: string | ArrayBuffer | null; chunks: number };
    const known = where && this.#lanes.get(where.queue)?.get(where.priority);
    let row = known ? sql.exec<BodyRow>(known.selectBody, seq).toArray()[0] : undefined;
    if (!row) {
      // Not where the caller said, or no caller said: look through every lane.
      for (const lane of this.#allLanes()) if ((row = sql.exec<BodyRow>(lane.selectBody, seq).toArray()[0])) break;
    }
    if (!row) return undefined;
    if (row.chunks === 0) return fromColumn(row.body);
    const parts = sql
      .exec<{ data: string | ArrayBuffer }>(`SELECT data FROM ${this.#t.chunks} WHERE seq = ? ORDER BY idx`, seq)
      .toArray()
      .map((r) => fromColumn(r.data));
    return joinChunks(parts);
  }

  /** Told of each batch once it has committed (running-channels.ts arms its wake when a channel gets work). */
  committed: ((batch: StoreOp[]) => void) | undefined;

  /**
   * Resolves once the batch is durable. With `gatherCommits`, in one transaction with every
   * other batch handed in before the flush; when that shared transaction fails, each batch is
   * tried alone, in order, so a failure rejects exactly the callers whose own batch cannot commit.
   */
  commit(batch: StoreOp[]): Promise<void> {
    if (this.#gatherCommits === undefined) return this.#commitNow(batch);
    return new Promise<void>((resolve, reject) => {
      if (this.#gathering.push({ ops: batch, resolve, reject }) === 1) this.#gatherCommits!(() => this.#commitGathered());
    });
  }

  #commitNow(batch: StoreOp[]): Promise<void> {
    const done = this.#commit(batch);
    if (done === COMMITTED) this.committed?.(batch);
    return done;
  }

  #commitGathered(): void {
    const group = this.#gathering;
    if (group.length === 0) return; // flushed early by close
    this.#gathering = [];
    const ops = group.length === 1 ? group[0]!.ops : group.flatMap((waiting) => waiting.ops);
    // #commitNow is synchronous (its promise is settled when it returns), so batches retried alone stay in order.
    this.#commitNow(ops).then(
      () => {
        for (const waiting of group) waiting.resolve();
      },
      (error: unknown) => {
        if (group.length === 1) group[0]!.reject(error);
        else for (const waiting of group) void this.#commitNow(waiting.ops).then(waiting.resolve, waiting.reject);
      },
    );
  }

  #commit(batch: StoreOp[]): Promise<void> {
    // The work is synchronous; answering with one settled promise saves an async frame per
    // commit on the hot path, and a failure still reaches the caller as a rejection.
    try {
      // A batch of one statement needs no transaction: SQLite makes a statement atomic by
      // itself, and a transaction would only add its cost.
      if (batch.length === 1 && this.#applyAlone(batch[0]!)) return COMMITTED;
      const pending: Pending = { chunked: [], undo: [] };
      try {
        this.#storage.transactionSync(() => {
          for (const op of batch) this.#apply(op, pending);
        });
      } catch (error) {
        // The transaction rolled back: so do the lanes this store remembers.
        for (let i = pending.undo.length - 1; i >= 0; i--) pending.undo[i]!();
        throw error;
      }
      for (const [seq, has] of pending.chunked) {
        if (has) this.#chunked.add(seq);
        else this.#chunked.delete(seq);
      }
      return COMMITTED;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async close(): Promise<void> {
    // Batches handed in before close still commit, now rather than at the flush. The object's
    // storage outlives this store; there is nothing else to release.
    this.#commitGathered();
  }

  /** The name of the queue manager stored here, if one is: an alarm that wakes an evicted object opens it under this. */
  queueManagerName(): string | undefined {
    const row = this.#sql.exec<{ name: string }>(`SELECT name FROM ${this.#t.objects} WHERE kind = 'qmgr' LIMIT 1`).toArray()[0];
    return row?.name;
  }

  // --- Internal helpers ---

  /**
   * Runs an operation that is one statement by itself and returns true, or returns false
   * without writing when it needs more (a new lane, a correlation id or a chunked body to
   * file, a message whose lane the caller did not say, a whole queue). The plain put and
   * get of a message take this path.
   */
  #applyAlone(op: StoreOp): boolean {
    switch (op.op) {
      case "putMessage": {
        const { record, body } = op;
        const lane = this.#lanes.get(record.queue)?.get(record.priority);
        if (lane === undefined || record.correlationId !== NO_ID || isChunked(body)) return false;
        this.#sql.exec(lane.insert, record.seq, recordToText(record), toColumn(body));
        return true;
      }
      case "deleteMessage": {
        const lane = op.queue === undefined ? undefined : this.#lanes.get(op.queue)?.get(op.priority!);
        if (lane === undefined || this.#chunked.has(op.seq)) return false;
        this.#sql.exec(lane.delete, op.seq);
        return true;
      }
      case "deleteQueueMessages":
        return false;
      default:
        // Objects, meta and descriptor updates: one statement each, and no lane to add.
        this.#apply(op, { chunked: [], undo: [] });
        return true;
    }
  }

  #apply(op: StoreOp, pending: Pending): void {
    const sql = this.#sql;
    const { objects, chunks, meta } = this.#t;
    switch (op.op) {
      case "putMessage": {
        // Seqs are never reused, so a put never replaces a row and has no old chunks to clear.
        const { record, body } = op;
        const lane = this.#lanes.get(record.queue)?.get(record.priority) ?? this.#addLane(record.queue, record.priority, pending);
        const parts = isChunked(body) ? splitBody(body) : undefined;
        sql.exec(
          lane.insertFull,
          record.seq,
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
        const { record } = op;
        const lane = this.#lanes.get(record.queue)?.get(record.priority);
        const cursor = lane ? sql.exec(`UPDATE ${lane.table} SET record = ? WHERE seq = ?`, recordToText(record), record.seq) : undefined;
        if (!cursor || cursor.rowsWritten === 0)
          throw new Error(`durable-object store: no message with seq ${record.seq} on ${record.queue} at priority ${record.priority} to update`);
        return;
      }
      case "deleteMessage": {
        const said = op.queue === undefined ? undefined : this.#lanes.get(op.queue)?.get(op.priority!);
        // Not where the caller said, or no caller said: every lane (a seq is in one at most).
        if (!said || sql.exec(said.delete, op.seq).rowsWritten === 0) {
          for (const lane of this.#allLanes()) if (sql.exec(lane.delete, op.seq).rowsWritten > 0) break;
        }
        if (this.#chunked.has(op.seq)) {
          sql.exec(`DELETE FROM ${chunks} WHERE seq = ?`, op.seq);
          pending.chunked.push([op.seq, false]);
        }
        return;
      }
      case "deleteQueueMessages": {
        // The queue's lanes go with its messages, tables and all, so that queues made and
        // deleted over time (permanent dynamic ones) leave nothing behind.
        const lanes = this.#lanes.get(op.queue);
        if (!lanes) return;
        for (const lane of lanes.values()) {
          for (const row of sql.exec<{ seq: number }>(`SELECT seq FROM ${lane.table} WHERE chunks > 0`).toArray()) {
            sql.exec(`DELETE FROM ${chunks} WHERE seq = ?`, row.seq);
            pending.chunked.push([row.seq, false]);
          }
          dropLane(sql, this.#prefix, lane);
        }
        this.#lanes.delete(op.queue);
        pending.undo.push(() => this.#lanes.set(op.queue, lanes));
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

  /** A new lane, its table made in the batch's transaction; forgotten again if the batch rolls back. */
  #addLane(queue: string, priority: number, pending: Pending): LaneTable {
    // Ids are never reused: one given in a batch that rolls back is simply skipped.
    const lane = laneTable(this.#prefix, this.#nextLane++, queue, priority);
    createLane(this.#sql, this.#prefix, lane);
    this.#remember(lane);
    pending.undo.push(() => this.#lanes.get(queue)?.delete(priority));
    return lane;
  }

  #remember(lane: LaneTable): void {
    let byPriority = this.#lanes.get(lane.queue);
    if (!byPriority) this.#lanes.set(lane.queue, (byPriority = new Map()));
    byPriority.set(lane.priority, lane);
    if (lane.id >= this.#nextLane) this.#nextLane = lane.id + 1;
  }

  *#allLanes(): Iterable<LaneTable> {
    for (const byPriority of this.#lanes.values()) yield* byPriority.values();
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
  for (let i = 0; i < body.length;) {
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
