/**
 * The message tables of DurableObjectStore, and their migration from older layouts at open.
 *
 * Today's layout:
 *   <prefix>_lanes        (id INTEGER PRIMARY KEY, queue, priority, UNIQUE (queue, priority))
 *   <prefix>_messages     (seq INTEGER PRIMARY KEY, lane, correlation_id, record, body, chunks)
 *                         indexed by (lane, seq), and by (correlation_id, seq) where there is one
 *   <prefix>_body_chunks  (seq, idx, data): bodies over 1 MiB
 *
 * Older databases hold one of two earlier message layouts, and are migrated in one
 * transaction the first time a store opens them:
 *   1. (seq, record, body, chunks): the queue, priority and correlation id only in the record;
 *   2. 1 plus queue, priority and correlation_id columns, indexed by (queue, priority, seq)
 *      and (queue, correlation_id, seq).
 * Both become today's: each distinct (queue, priority) a lane, each row its lane's id, the
 * old columns and indexes dropped. A row whose record is not JSON keeps a lane of a NULL
 * queue, so that the queue manager still counts its seq and reports it, as before.
 */
import { NO_ID } from "../../core/internal.js";

export interface MessageTables {
  messages: string;
  chunks: string;
  lanes: string;
}

/** Creates the message tables if there are none, migrates older ones, and returns their names. */
export function openMessageTables(storage: DurableObjectStorage, prefix: string): MessageTables {
  const t: MessageTables = { messages: `${prefix}_messages`, chunks: `${prefix}_body_chunks`, lanes: `${prefix}_lanes` };
  const sql = storage.sql;
  sql.exec(`
    CREATE TABLE IF NOT EXISTS ${t.messages} (seq INTEGER PRIMARY KEY, lane INTEGER, correlation_id TEXT, record TEXT NOT NULL, body, chunks INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS ${t.chunks} (seq INTEGER NOT NULL, idx INTEGER NOT NULL, data, PRIMARY KEY (seq, idx));
    CREATE TABLE IF NOT EXISTS ${t.lanes} (id INTEGER PRIMARY KEY, queue TEXT, priority INTEGER, UNIQUE (queue, priority));
  `);
  if (!hasColumn(sql, t.messages, "lane")) storage.transactionSync(() => migrate(sql, t));
  sql.exec(`
    CREATE INDEX IF NOT EXISTS ${t.messages}_by_lane ON ${t.messages} (lane, seq);
    CREATE INDEX IF NOT EXISTS ${t.messages}_by_correlation ON ${t.messages} (correlation_id, seq) WHERE correlation_id IS NOT NULL;
  `);
  return t;
}

/** Moves a table of layout 1 or 2 (see above) to today's, in the caller's transaction. */
function migrate(sql: SqlStorage, t: MessageTables): void {
  const { messages, lanes } = t;
  const fromColumns = hasColumn(sql, messages, "queue");
  // Where each row's queue and priority are: layout 2's columns, or layout 1's record.
  const json = (path: string) => `(CASE WHEN json_valid(${messages}.record) THEN json_extract(${messages}.record, '${path}') END)`;
  // Qualified: inside the lanes subquery below, a bare "queue" would be the lane's own.
  const queue = fromColumns ? `${messages}.queue` : json("$.queue");
  const priority = fromColumns ? `${messages}.priority` : json("$.priority");
  if (!fromColumns) {
    sql.exec(`ALTER TABLE ${messages} ADD COLUMN correlation_id TEXT`);
    sql.exec(`UPDATE ${messages} SET correlation_id = NULLIF(${json("$.correlationId")}, '${NO_ID}')`);
  }
  sql.exec(`INSERT INTO ${lanes} (queue, priority) SELECT DISTINCT ${queue}, ${priority} FROM ${messages}`);
  sql.exec(`ALTER TABLE ${messages} ADD COLUMN lane INTEGER`);
  sql.exec(`UPDATE ${messages} SET lane = (SELECT id FROM ${lanes} AS l WHERE l.queue IS ${queue} AND l.priority IS ${priority})`);
  if (fromColumns) {
    sql.exec(`DROP INDEX IF EXISTS ${messages}_lane`);
    sql.exec(`DROP INDEX IF EXISTS ${messages}_correlation`);
    sql.exec(`ALTER TABLE ${messages} DROP COLUMN queue`);
    sql.exec(`ALTER TABLE ${messages} DROP COLUMN priority`);
  }
}

function hasColumn(sql: SqlStorage, table: string, column: string): boolean {
  try {
    sql.exec(`SELECT ${column} FROM ${table} LIMIT 0`);
    return true;
  } catch {
    return false;
  }
}
