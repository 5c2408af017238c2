/**
 * The message tables of DurableObjectStore, and the migration of older layouts at open.
 *
 * Today's layout: a table per lane (a queue and a priority), so that the put+get pair, the
 * queue manager's commonest work, writes one B-tree by its primary key and nothing else,
 * as plain SQLite would, while reading a lane in order stays a range of that key:
 *   <prefix>_lanes        (id INTEGER PRIMARY KEY, queue, priority, UNIQUE (queue, priority))
 *   <prefix>_lane_<id>    (seq INTEGER PRIMARY KEY, correlation_id, record, body, chunks)
 *                         indexed by (correlation_id, seq) for the rows that have one
 *   <prefix>_body_chunks  (seq, idx, data): bodies over 1 MiB
 *
 * Older databases hold all messages in <prefix>_messages, in one of two layouts:
 *   1. (seq, record, body, chunks): the queue, priority and correlation id only in the record;
 *   2. 1 plus queue, priority and correlation_id columns, indexed by (queue, priority, seq)
 *      and (queue, correlation_id, seq).
 * The first store to open one moves its rows into lane tables and drops the old table, in
 * one transaction: a failure leaves the old layout as it was. A row whose record is not JSON
 * (layout 1) goes to a lane of a NULL queue, so that the queue manager still counts its seq.
 */
import { NO_ID } from "../../core/internal.js";

/** The SQL of one lane's table, built once per lane: workerd caches a statement by its text. */
export interface LaneTable {
  id: number;
  /** NULL only for rows migrated from records that did not parse. */
  queue: string;
  priority: number;
  table: string;
  /** The common put: no correlation id, a body that fits its row (chunks keeps its default 0). */
  insert: string;
  insertFull: string;
  delete: string;
  selectBody: string;
}

export function laneTable(prefix: string, id: number, queue: string, priority: number): LaneTable {
  const table = `${prefix}_lane_${id}`;
  return {
    id,
    queue,
    priority,
    table,
    insert: `INSERT INTO ${table} (seq, record, body) VALUES (?, ?, ?)`,
    insertFull: `INSERT INTO ${table} (seq, correlation_id, record, body, chunks) VALUES (?, ?, ?, ?, ?)`,
    delete: `DELETE FROM ${table} WHERE seq = ?`,
    selectBody: `SELECT body, chunks FROM ${table} WHERE seq = ?`,
  };
}

/** Adds a lane: its row in the lanes table and its own table (in the caller's transaction). */
export function createLane(sql: SqlStorage, prefix: string, lane: LaneTable): void {
  sql.exec(`INSERT INTO ${prefix}_lanes (id, queue, priority) VALUES (?, ?, ?)`, lane.id, lane.queue, lane.priority);
  sql.exec(`CREATE TABLE ${lane.table} (seq INTEGER PRIMARY KEY, correlation_id TEXT, record TEXT NOT NULL, body, chunks INTEGER NOT NULL DEFAULT 0)`);
  sql.exec(`CREATE INDEX ${lane.table}_by_correlation ON ${lane.table} (correlation_id, seq) WHERE correlation_id IS NOT NULL`);
}

/** Removes a lane, its rows and its table (in the caller's transaction). */
export function dropLane(sql: SqlStorage, prefix: string, lane: LaneTable): void {
  sql.exec(`DROP TABLE ${lane.table}`);
  sql.exec(`DELETE FROM ${prefix}_lanes WHERE id = ?`, lane.id);
}

/** Creates the tables if there are none, migrates an older layout, and returns every lane. */
/**
 * What the store uses of a Durable Object's storage: its SQL API and synchronous transactions.
 * Node's file store (adapters/http/node-store.ts) gives the same over a SQLite file.
 */
export type SqliteStorage = Pick<DurableObjectStorage, "sql" | "transactionSync">;

export function openLaneTables(storage: SqliteStorage, prefix: string): LaneTable[] {
  const sql = storage.sql;
  sql.exec(`
    CREATE TABLE IF NOT EXISTS ${prefix}_lanes (id INTEGER PRIMARY KEY, queue TEXT, priority INTEGER, UNIQUE (queue, priority));
    CREATE TABLE IF NOT EXISTS ${prefix}_body_chunks (seq INTEGER NOT NULL, idx INTEGER NOT NULL, data, PRIMARY KEY (seq, idx));
  `);
  if (hasColumn(sql, `${prefix}_messages`, "seq")) storage.transactionSync(() => migrate(sql, prefix));
  return sql
    .exec<{ id: number; queue: string; priority: number }>(`SELECT id, queue, priority FROM ${prefix}_lanes ORDER BY id`)
    .toArray()
    .map((row) => laneTable(prefix, row.id, row.queue, row.priority));
}

/** Moves <prefix>_messages of layout 1 or 2 (see above) into lane tables, in the caller's transaction. */
function migrate(sql: SqlStorage, prefix: string): void {
  const messages = `${prefix}_messages`;
  const fromColumns = hasColumn(sql, messages, "queue");
  const json = (path: string) => `(CASE WHEN json_valid(record) THEN json_extract(record, '${path}') END)`;
  const queue = fromColumns ? "queue" : json("$.queue");
  const priority = fromColumns ? "priority" : json("$.priority");
  const correlation = fromColumns ? "correlation_id" : `NULLIF(${json("$.correlationId")}, '${NO_ID}')`;
  let id = Number(sql.exec<{ id: number | null }>(`SELECT MAX(id) AS id FROM ${prefix}_lanes`).one().id ?? 0);
  const groups = sql.exec<{ queue: string; priority: number }>(`SELECT DISTINCT ${queue} AS queue, ${priority} AS priority FROM ${messages}`).toArray();
  for (const group of groups) {
    const lane = laneTable(prefix, ++id, group.queue, group.priority);
    createLane(sql, prefix, lane);
    sql.exec(
      `INSERT INTO ${lane.table} (seq, correlation_id, record, body, chunks) SELECT seq, ${correlation}, record, body, chunks FROM ${messages} WHERE ${queue} IS ? AND ${priority} IS ?`,
      group.queue,
      group.priority,
    );
  }
  sql.exec(`DROP TABLE ${messages}`);
}

function hasColumn(sql: SqlStorage, table: string, column: string): boolean {
  try {
    sql.exec(`SELECT ${column} FROM ${table} LIMIT 0`);
    return true;
  } catch {
    return false;
  }
}
