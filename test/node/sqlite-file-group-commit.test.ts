/**
 * The SQLite file store (serveHttp's durable store) commits the batches handed in during one
 * turn of the event loop in one transaction, one fsync: puts that come from separate I/O
 * callbacks (several sockets' frames read in one poll phase), which the core's group commit
 * cannot gather because this store's commit is synchronous. Here the separate callbacks are
 * immediates queued together: Node runs them all in one check phase, always. (Timers of 0 ms
 * did not: created across a millisecond boundary, some fire a loop turn later under load.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { QueueManager, type StoreOp } from "../../core/index.js";
import { openFileStore } from "../../adapters/http/node-store.js";
import type { DurableObjectStore } from "../../adapters/edge/durable-object-store.js";

const folder = mkdtempSync(join(tmpdir(), "webmq-sqlite-group-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("puts from separate callbacks of one event-loop turn share one transaction, and every one is on disk after a reopen", async () => {
  const path = join(folder, "qm.db");
  const store = openFileStore(path) as DurableObjectStore;
  const transactions: StoreOp[][] = [];
  store.committed = (batch) => void transactions.push(batch);
  const qm = await QueueManager.open({ name: "QM1", store });
  await qm.defineQueue("Q1");
  transactions.length = 0;
  const puts = await Promise.all(
    Array.from(
      { length: 8 },
      (_, i) => new Promise((resolve, reject) => setImmediate(() => qm.put("Q1", { body: `m${i}`, persistent: true }).then(resolve, reject))),
    ),
  );
  expect(puts).toHaveLength(8);
  expect(transactions.map((batch) => batch.filter((op) => op.op === "putMessage").length)).toEqual([8]);
  await qm.close();

  const reopened = await QueueManager.open({ name: "QM1", store: openFileStore(path) });
  const bodies = [];
  for (let message; (message = await reopened.get("Q1"));) bodies.push(message.body);
  expect(bodies).toEqual(Array.from({ length: 8 }, (_, i) => `m${i}`));
  await reopened.close();
});
