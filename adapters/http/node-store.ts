/**
 * A durable store for Node: the Durable Object's SQLite store (adapters/edge/durable-object-store.ts)
 * over a SQLite file, through node-sqlite3-wasm (SQLite compiled to WebAssembly, so nothing is
 * built at install; its file system layer writes with Node's fs and syncs with fsync). The same
 * tables, the same statements and the same one-transaction-per-batch as at the edge, so the
 * same contract, crash-point and reopen suites hold.
 *
 * One process owns a file at a time. SQLite's lock here is a `<file>.lock` directory, taken at
 * the first transaction and held until the store closes (exclusive locking, which the
 * write-ahead log needs here); a process killed leaves it behind, so the store notes its pid in
 * `<file>.owner` and, at open, clears a lock whose owner is no longer running. A file that a
 * running process holds open is refused with MQRC_Q_MGR_NOT_AVAILABLE.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { MQError, type Store, type StoreOp } from "../../core/index.js";
import { DurableObjectStore } from "../edge/durable-object-store.js";
import type { SqliteStorage } from "../edge/durable-object-tables.js";

interface WasmStatement {
  run(values?: unknown[]): { changes: number };
  all(values?: unknown[]): Record<string, unknown>[];
  finalize(): void;
}
interface WasmDatabase {
  exec(sql: string): void;
  prepare(sql: string): WasmStatement;
  close(): void;
  readonly inTransaction: boolean;
}
type DatabaseClass = new (path: string) => WasmDatabase;
let databaseClass: DatabaseClass | undefined;
/** The package is CommonJS with no types of its own; loaded (and its WebAssembly compiled) at the first open, not on import. */
function Database(): DatabaseClass {
  return (databaseClass ??= (createRequire(import.meta.url)("node-sqlite3-wasm") as { Database: DatabaseClass }).Database);
}

export const FILE_DRIVER_NAME = "sqlite-file";

/** The store, whose close also closes the file. */
class FileStore extends DurableObjectStore {
  override readonly kind = FILE_DRIVER_NAME;
  /**
   * fsync per transaction is the cost here (measured: over half of serveHttp's CPU per STOMP
   * SEND), so batches that arrive in the same turn of the event loop share one (gathered by
   * the base class, `gatherCommits`). The core's group commit (core/store/group-commit.ts)
   * cannot: it gathers for one microtask, and this store's commit is synchronous, so batches
   * from other sockets (read in the next I/O phase) never find it busy. Off there, so that
   * batches come here at once.
   */
  override readonly groupCommit = false;

  constructor(
    storage: SqliteStorage,
    private readonly release: () => void,
  ) {
    // Batches handed in before the event loop's check phase (setImmediate): the frames of every
    // socket read in one I/O phase.
    super(storage, { gatherCommits: (flush) => setImmediate(flush) });
  }

  override async close(): Promise<void> {
    await super.close(); // commits the batches handed in before it
    this.release();
  }
}

/**
 * Opens the store kept in the SQLite file `path` (made if missing). `QueueManager.open({ name,
 * store: openFileStore("./qm1.db") })`: a queue manager per file.
 */
export function openFileStore(path: string): Store {
  claimOwnership(path);
  let db: WasmDatabase;
  try {
    // A store this process opened on the same file and never closed was abandoned (as after a
    // crash): its connection holds the file's lock for good (exclusive locking, below), so it goes.
    openHere.get(resolve(path))?.();
    db = new (Database())(path);
    // A write-ahead log synced at each commit (synchronous FULL): a transaction is on disk
    // before its commit returns, at one fsync of the log, where the rollback journal took three
    // (the journal twice, then the database). WAL needs shared memory for its index, which
    // node-sqlite3-wasm's file layer has not; in exclusive locking mode SQLite keeps that index
    // in the process instead, and one process owns the file anyway (claimOwnership).
    db.exec("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  } catch (error) {
    rmSync(`${path}.owner`, { force: true });
    throw new MQError("MQRC_RESOURCE_PROBLEM", `the SQLite file ${path} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  const statements = new Map<string, WasmStatement>();
  let closed = false;
  const release = (): void => {
    if (closed) return;
    closed = true;
    if (openHere.get(resolve(path)) === release) openHere.delete(resolve(path));
    for (const statement of statements.values()) statement.finalize();
    db.close();
  };
  openHere.set(resolve(path), release);
  return new FileStore(sqliteStorage(db, statements), () => {
    release();
    rmSync(`${path}.owner`, { force: true });
  });
}

/**
 * The stores open in this process, by file: closing one releases the file's lock. Opening a
 * file again closes the store that had it (its calls then fail), as a restart would end it.
 */
const openHere = new Map<string, () => void>();

/** Refuses a file another running process has open; clears the lock a killed one left. */
function claimOwnership(path: string): void {
  const ownerFile = `${path}.owner`;
  if (existsSync(ownerFile)) {
    const pid = Number(readFileSync(ownerFile, "utf8"));
    if (Number.isInteger(pid) && pid !== process.pid && running(pid)) {
      throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `the SQLite file ${path} is in use by process ${pid}`);
    }
    // Its owner is gone: a lock it held inside a transaction goes with it (SQLite rolls the
    // transaction back from its journal at the next read). This process reopening a file whose
    // store it abandoned keeps the lock, which that store's connection may still hold.
    if (pid !== process.pid) rmSync(`${path}.lock`, { recursive: true, force: true });
  }
  writeFileSync(ownerFile, String(process.pid));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The part of a Durable Object's storage the SQLite store uses, over one database. */
function sqliteStorage(db: WasmDatabase, statements: Map<string, WasmStatement>): SqliteStorage {
  // What each query text is, worked out once: it comes again for every message.
  const kinds = new Map<string, "script" | "read" | "write">();
  const kindOf = (query: string, bound: number) => {
    let kind = kinds.get(query);
    if (kind === undefined) {
      // Several statements (the tables made at open) run as a script, as the Durable Object's exec does.
      if (bound === 0 && /;\s*\S/.test(query.trim().replace(/;$/, ""))) kind = "script";
      else kind = /^\s*(SELECT|WITH|PRAGMA)\b/i.test(query) ? "read" : "write";
      kinds.set(query, kind);
    }
    return kind;
  };
  const prepared = (query: string) => {
    let statement = statements.get(query);
    if (!statement) statements.set(query, (statement = db.prepare(query)));
    return statement;
  };
  const exec = (query: string, ...bindings: unknown[]) => {
    const kind = kindOf(query, bindings.length);
    if (kind === "script") {
      db.exec(query);
      return cursor([], 0);
    }
    for (let i = 0; i < bindings.length; i++) if (bindings[i] instanceof ArrayBuffer) bindings[i] = new Uint8Array(bindings[i] as ArrayBuffer);
    const statement = prepared(query);
    if (kind === "read") return cursor(statement.all(bindings), 0);
    return cursor([], statement.run(bindings).changes);
  };
  const transactionSync = <T>(body: () => T): T => {
    db.exec("BEGIN");
    try {
      const result = body();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
  };
  return { sql: { exec } as unknown as SqlStorage, transactionSync } as SqliteStorage;
}

/** A result as the Durable Object's cursor gives it: rows, one(), rowsWritten. */
function cursor(rows: Record<string, unknown>[], rowsWritten: number) {
  return {
    rowsWritten,
    toArray: () => rows,
    one: () => {
      if (rows.length !== 1) throw new Error(`expected exactly one row, got ${rows.length}`);
      return rows[0];
    },
    [Symbol.iterator]: () => rows[Symbol.iterator](),
  };
}
