/**
 * A Durable Object whose database was written by an older DurableObjectStore opens with
 * today's: its messages migrate at open (adapters/edge/durable-object-tables.ts) and are
 * all there, in order, by priority, by correlation id, paged, with their bytes; the old
 * columns and indexes are gone; and the store goes on working (puts, gets, CLEAR, reopen).
 * Layout 2 is written by the store as it was (test/edge/fixtures); layout 1, the columns
 * before that, is layout 2 with its lane columns dropped, as those databases were.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { DurableObjectStore } from "../../adapters/edge/index.js";
import { DurableObjectStore as LayoutTwoStore } from "./fixtures/durable-object-store-layout-2.js";

const QUEUE = "APP.ORDERS";
const OTHER = "APP.OTHER";
/** Over the chunk size (1 MiB) so that it lies in the chunk table. */
const BIG = "é".repeat(600_000);

type Sql = DurableObjectStorage["sql"];

/** Writes messages with the layout-2 store: two queues, three priorities, correlation ids, a chunked body. */
async function writeOld(storage: DurableObjectStorage): Promise<void> {
  const qm = await QueueManager.open({ name: "QM1", store: new LayoutTwoStore(storage) as never });
  await qm.mqsc(`DEFINE QLOCAL(${QUEUE})\nDEFINE QLOCAL(${OTHER})`);
  for (let i = 0; i < 6; i++) await qm.put(QUEUE, { body: `p0-${i}`, persistent: true, priority: 0 });
  for (let i = 0; i < 3; i++) await qm.put(QUEUE, { body: `p5-${i}`, persistent: true, priority: 5, correlationId: "c".repeat(48) });
  await qm.put(QUEUE, { body: BIG, persistent: true, priority: 9 });
  await qm.put(OTHER, { body: "other", persistent: true, correlationId: "c".repeat(48) });
  await qm.close();
}

function columns(sql: Sql, table: string): string[] {
  return ["seq", "lane", "queue", "priority", "correlation_id", "record", "body", "chunks"].filter((column) => {
    try {
      sql.exec(`SELECT ${column} FROM ${table} LIMIT 0`);
      return true;
    } catch {
      return false;
    }
  });
}

function indexes(sql: Sql, table: string): string[] {
  return sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name", table)
    .toArray()
    .map((r) => r.name);
}

function tables(sql: Sql): string[] {
  return sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'mq%' ORDER BY name")
    .toArray()
    .map((r) => r.name);
}

/** The lanes, as "queue/priority -> rows in its table". */
function lanes(sql: Sql): string[] {
  return sql
    .exec<{ id: number; queue: string; priority: number }>("SELECT id, queue, priority FROM mq_lanes ORDER BY queue, priority")
    .toArray()
    .map((l) => `${l.queue}/${l.priority} -> ${sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM mq_lane_${l.id}`).one().n}`);
}

/** Opens with today's store (few messages in memory, so that lanes page) and checks everything came across. */
async function checkMigrated(storage: DurableObjectStorage): Promise<void> {
  const qm = await QueueManager.open({ name: "QM1", store: new DurableObjectStore(storage), messagesInMemoryPerLane: 2 });
  expect(qm.damagedRecords).toEqual([]);
  // The old table is gone; each lane has a table of its own, its rows keyed by seq alone.
  expect(tables(storage.sql)).not.toContain("mq_messages");
  expect(lanes(storage.sql)).toEqual([`${QUEUE}/0 -> 6`, `${QUEUE}/5 -> 3`, `${QUEUE}/9 -> 1`, `${OTHER}/0 -> 1`]);
  const { id } = storage.sql.exec<{ id: number }>("SELECT id FROM mq_lanes WHERE queue = ? AND priority = 5", QUEUE).one();
  expect(columns(storage.sql, `mq_lane_${id}`)).toEqual(["seq", "correlation_id", "record", "body", "chunks"]);
  expect(indexes(storage.sql, `mq_lane_${id}`)).toEqual([`mq_lane_${id}_by_correlation`]);
  expect(storage.sql.exec("SELECT COUNT(*) AS n FROM mq_body_chunks").one()).toEqual({ n: 2 });
  expect(qm.queueStatus(QUEUE).depth).toBe(10);
  expect(qm.queueStatus(OTHER).depth).toBe(1);

  // By correlation id, from the queue asked for only, oldest first.
  const correlated = await qm.get(QUEUE, { correlationId: "c".repeat(48) });
  expect(correlated?.body).toBe("p5-0");
  // Then delivery order: priority 9, 5, 0, each lane in put order, paged from the store.
  const bodies: unknown[] = [];
  for (let m = await qm.get(QUEUE); m; m = await qm.get(QUEUE)) bodies.push(m.body === BIG ? "BIG" : m.body);
  expect(bodies).toEqual(["BIG", "p5-1", "p5-2", "p0-0", "p0-1", "p0-2", "p0-3", "p0-4", "p0-5"]);
  expect(qm.queueStatus(QUEUE).depth).toBe(0);
  expect(storage.sql.exec("SELECT COUNT(*) AS n FROM mq_body_chunks").one()).toEqual({ n: 0 });

  // The migrated store goes on: new puts in old and new lanes, a reopen, a CLEAR.
  await qm.put(QUEUE, { body: "after", persistent: true, priority: 5 });
  await qm.put(OTHER, { body: "after", persistent: true, priority: 3 });
  await qm.close();
  const again = await QueueManager.open({ name: "QM1", store: new DurableObjectStore(storage) });
  expect(again.queueStatus(QUEUE).depth).toBe(1);
  expect(again.queueStatus(OTHER).depth).toBe(2);
  expect((await again.get(OTHER, { correlationId: "c".repeat(48) }))?.body).toBe("other");
  await again.mqsc(`CLEAR QLOCAL(${QUEUE})`);
  expect((await again.get(OTHER))?.body).toBe("after");
  await again.close();
  const last = await QueueManager.open({ name: "QM1", store: new DurableObjectStore(storage) });
  expect(last.queueStatus(QUEUE).depth).toBe(0);
  expect(last.queueStatus(OTHER).depth).toBe(0);
  // CLEAR took APP.ORDERS's lanes, tables and all; APP.OTHER's two lanes stay, empty.
  expect(lanes(storage.sql)).toEqual([`${OTHER}/0 -> 0`, `${OTHER}/3 -> 0`]);
  await last.close();
}

function inObject<T>(name: string, body: (storage: DurableObjectStorage) => Promise<T>): Promise<T> {
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(`${name}-${crypto.randomUUID()}`));
  return runInDurableObject(stub, (_instance, state) => body(state.storage));
}

describe("Durable Object store: databases of older layouts migrate at open (workerd)", () => {
  it("layout 2 (queue, priority and correlation_id columns and their indexes)", async () => {
    await inObject("layout-2", async (storage) => {
      await writeOld(storage);
      expect(columns(storage.sql, "mq_messages")).toEqual(["seq", "queue", "priority", "correlation_id", "record", "body", "chunks"]);
      expect(indexes(storage.sql, "mq_messages")).toEqual(["mq_messages_correlation", "mq_messages_lane"]);
      await checkMigrated(storage);
    });
  });

  it("layout 1 (queue, priority and correlation id only in each record)", async () => {
    await inObject("layout-1", async (storage) => {
      await writeOld(storage);
      const sql = storage.sql;
      sql.exec("DROP INDEX mq_messages_lane");
      sql.exec("DROP INDEX mq_messages_correlation");
      for (const column of ["queue", "priority", "correlation_id"]) sql.exec(`ALTER TABLE mq_messages DROP COLUMN ${column}`);
      expect(columns(sql, "mq_messages")).toEqual(["seq", "record", "body", "chunks"]);
      await checkMigrated(storage);
    });
  });

  it("a migration that fails leaves the old layout as it was, to be tried again", async () => {
    await inObject("layout-2-failed", async (storage) => {
      await writeOld(storage);
      // A table in the way of the migration's third lane, so that it fails part way through.
      storage.sql.exec("CREATE TABLE mq_lane_3 (x)");
      expect(() => new DurableObjectStore(storage)).toThrow();
      expect(columns(storage.sql, "mq_messages")).toEqual(["seq", "queue", "priority", "correlation_id", "record", "body", "chunks"]);
      expect(storage.sql.exec("SELECT COUNT(*) AS n FROM mq_messages").one()).toEqual({ n: 11 });
      expect(tables(storage.sql)).toEqual(["mq_body_chunks", "mq_lane_3", "mq_lanes", "mq_messages", "mq_meta", "mq_objects"]);
      expect(storage.sql.exec("SELECT COUNT(*) AS n FROM mq_lanes").one()).toEqual({ n: 0 });
      storage.sql.exec("DROP TABLE mq_lane_3");
      await checkMigrated(storage);
    });
  });
});
