/**
 * The SQLite file store holds its file's lock from open to close (the write-ahead log runs in
 * exclusive locking mode, adapters/http/node-store.ts). A process that opens the file again
 * (a restart inside one process, as the crash-point contracts do) takes it over: the store
 * that had it is closed, so its puts fail with an MQ reason and change nothing, and the new
 * one finds everything committed before.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { openFileStore } from "../../adapters/http/node-store.js";

const folder = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "webmq-sqlite-reopen-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("a file opened again in the same process is the new store's: the old store's puts fail with 2102, nothing committed is lost", async () => {
  const path = join(folder, "qm.db");
  const first = await QueueManager.open({ name: "QM1", store: openFileStore(path) });
  await first.defineQueue("Q1");
  await first.put("Q1", { body: "before the reopen", persistent: true });

  const second = await QueueManager.open({ name: "QM1", store: openFileStore(path) });
  const refused = await first.put("Q1", { body: "from the old store", persistent: true }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(MQError);
  expect((refused as MQError).reasonCode).toBe(2102);
  await second.put("Q1", { body: "after the reopen", persistent: true });

  const bodies = [];
  for (let message; (message = await second.get("Q1"));) bodies.push(message.body);
  expect(bodies).toEqual(["before the reopen", "after the reopen"]);
  await second.close();
  await first.close();

  const third = await QueueManager.open({ name: "QM1", store: openFileStore(path) });
  expect(await third.get("Q1")).toBeNull();
  await third.close();
});
