/**
 * Node's durable store (`openFileStore`: the Durable Object's tables in a SQLite file, through
 * node-sqlite3-wasm) against raw SQLite on the same library with the same settings (a
 * write-ahead log synced at each commit, exclusive locking): persistent 1 KiB put+get pairs
 * through a QueueManager (each put and each get one commit) against an INSERT and a DELETE of
 * the same rows, each its own transaction; and N puts then N gets against N INSERTs then N
 * DELETEs. Both sides on a file in the system's temporary folder (a real disk, real fsyncs;
 * BENCH_SQLITE_DIR=/dev/shm for memory, where fsync costs nothing and the CPU is what is left),
 * a fresh file each round, rounds alternated. Issue 25 asks for 75% of raw SQLite, as of the
 * Durable Object, which runs SQLite too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { QueueManager } from "../../core/index.js";
import { openFileStore } from "../../adapters/http/node-store.js";
import { benchDescriptor } from "../descriptor.js";
import { BODY_1KIB, alternate, elapsedMs, median, rate } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const TARGET = 0.75;
const QUEUE = "DEV.QUEUE.1";

interface RawStatement {
  run(values?: unknown[]): { changes: number };
  finalize(): void;
}
interface RawDatabase {
  exec(sql: string): void;
  prepare(sql: string): RawStatement;
  close(): void;
}

type Shape = "pairs" | "batch";

export async function runNodeSqliteBench(): Promise<BenchResult> {
  const folder = mkdtempSync(join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), "webmq-node-sqlite-bench-"));
  let files = 0;
  const freshFile = () => join(folder, `round-${++files}.db`);
  try {
    const rows: BenchRow[] = [];
    for (const shape of ["pairs", "batch"] as Shape[]) {
      const rounds = await alternate(
        () => ours(freshFile(), shape),
        () => raw(freshFile(), shape),
        WARMUP_ROUNDS,
        ROUNDS,
      );
      const oursRate = median(rounds.ours.map((ms) => rate(MESSAGES, ms)));
      const rawRate = median(rounds.baseline.map((ms) => rate(MESSAGES, ms)));
      rows.push({
        runtime: "node",
        case: shape === "pairs" ? "SQLite file: persistent put+get pairs" : `SQLite file: ${MESSAGES} persistent puts, then ${MESSAGES} gets`,
        ours: oursRate,
        baseline: rawRate,
        ratio: oursRate / rawRate,
        target: `≥ ${TARGET * 100}%`,
        met: oursRate / rawRate >= TARGET,
        rounds: { ours: rounds.ours.map((ms) => rate(MESSAGES, ms)), baseline: rounds.baseline.map((ms) => rate(MESSAGES, ms)) },
        details: { messages: MESSAGES, folder, load: loadavg()[0]!.toFixed(2) },
      });
    }
    return {
      name: "node-sqlite",
      runtime: "node",
      versions: { node: process.version, "node-sqlite3-wasm": packageVersion("node-sqlite3-wasm") },
      rows,
      notes: [
        "baseline: raw INSERTs and DELETEs of the same records through node-sqlite3-wasm, WAL, synchronous FULL, exclusive locking, one transaction each",
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Milliseconds for MESSAGES persistent puts and gets through a queue manager on a new file store. */
async function ours(path: string, shape: Shape): Promise<number> {
  const qm = await QueueManager.open({ name: "BENCH", store: openFileStore(path) });
  try {
    await qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
    return await elapsedMs(async () => {
      if (shape === "pairs") {
        for (let i = 0; i < MESSAGES; i++) {
          await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
          if (!(await qm.get(QUEUE))) throw new Error("node-sqlite bench: a put message was not got");
        }
        return;
      }
      for (let i = 0; i < MESSAGES; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
      for (let i = 0; i < MESSAGES; i++) if (!(await qm.get(QUEUE))) throw new Error("node-sqlite bench: a put message was not got");
    });
  } finally {
    await qm.close();
  }
}

/** Milliseconds for the same records written and deleted by raw statements, each its own transaction. */
async function raw(path: string, shape: Shape): Promise<number> {
  const { Database } = createRequire(import.meta.url)("node-sqlite3-wasm") as { Database: new (path: string) => RawDatabase };
  const db = new Database(path);
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    db.exec("CREATE TABLE raw_messages (seq INTEGER PRIMARY KEY, record TEXT NOT NULL, body, chunks INTEGER NOT NULL DEFAULT 0)");
    const records = Array.from({ length: MESSAGES }, (_, i) => [i + 1, JSON.stringify(benchDescriptor(i + 1))] as const);
    const insert = db.prepare("INSERT INTO raw_messages (seq, record, body, chunks) VALUES (?, ?, ?, 0)");
    const remove = db.prepare("DELETE FROM raw_messages WHERE seq = ?");
    try {
      return await elapsedMs(async () => {
        if (shape === "pairs") {
          for (const [seq, record] of records) {
            insert.run([seq, record, BODY_1KIB]);
            if (remove.run([seq]).changes !== 1) throw new Error("node-sqlite bench: a raw row was not deleted");
          }
          return;
        }
        for (const [seq, record] of records) insert.run([seq, record, BODY_1KIB]);
        for (const [seq] of records) if (remove.run([seq]).changes !== 1) throw new Error("node-sqlite bench: a raw row was not deleted");
      });
    } finally {
      insert.finalize();
      remove.finalize();
    }
  } finally {
    db.close();
  }
}

function packageVersion(name: string): string {
  return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
}
