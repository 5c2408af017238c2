/**
 * A queue manager's object commits the batches of separate events that come within one 0 ms
 * window in one SQLite transaction (adapters/edge/queue-manager-object.ts, `gatherCommits`):
 * @stomp/stompjs keeps one SEND in flight per socket, so 16 sockets' SENDs reach the object as
 * 16 events, and each was a commit of its own. Here the events are timer callbacks queued
 * together, which workerd runs in order before a 0 ms timer set by the first of them. A shared
 * transaction that fails is retried batch by batch, so only the batch that cannot commit fails.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import type { StoreOp } from "../../core/index.js";
import { DurableObjectStore, type QueueManagerObject } from "../../adapters/edge/index.js";

it("puts from separate events of one window share one transaction, each put durable when it resolves", async () => {
  const name = `QM.EDGE.GATHER${Date.now()}`;
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name));
  await runInDurableObject(stub, async (instance, state) => {
    const qm = await (instance as unknown as QueueManagerObject).queueManager(name);
    await qm.defineQueue("Q1");
    const storage = state.storage;
    const messagesIn = () => {
      const { id } = storage.sql.exec<{ id: number }>("SELECT id FROM mq_lanes WHERE queue = 'Q1' AND priority = 0").one();
      return storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM mq_lane_${id}`).one().n;
    };
    // Each transaction the object's store runs, told by the rows the queue holds once it has committed.
    const rowsAfterEachTransaction: number[] = [];
    const transactionSync = storage.transactionSync.bind(storage);
    storage.transactionSync = <T>(body: () => T): T => {
      const result = transactionSync(body);
      rowsAfterEachTransaction.push(messagesIn());
      return result;
    };
    const durableWhenPut: number[] = [];
    try {
      await Promise.all(
        Array.from(
          { length: 4 },
          (_, i) =>
            new Promise<void>((resolve, reject) =>
              setTimeout(
                () =>
                  qm
                    .put("Q1", { body: `m${i}`, persistent: true })
                    .then(() => void durableWhenPut.push(messagesIn()), reject)
                    .then(resolve),
                0,
              ),
            ),
        ),
      );
    } finally {
      storage.transactionSync = transactionSync;
    }
    // One transaction holding all four; without the window, four single-row commits and none here.
    expect(rowsAfterEachTransaction).toEqual([4]);
    expect(durableWhenPut).toEqual([4, 4, 4, 4]);
    const bodies: unknown[] = [];
    for (let m = await qm.get("Q1"); m; m = await qm.get("Q1")) bodies.push(m.body);
    expect(bodies).toEqual(["m0", "m1", "m2", "m3"]);
  });
});

it("a shared transaction that fails is retried batch by batch: only the batch that cannot commit fails, the others are durable", async () => {
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(`gather-failure-${Date.now()}`));
  await runInDurableObject(stub, async (_instance, state) => {
    const store = new DurableObjectStore(state.storage, { gatherCommits: (flush) => setTimeout(flush, 0) });
    const committed: StoreOp[][] = [];
    store.committed = (batch) => void committed.push(batch);
    // An update of a message that is not there throws inside the shared transaction.
    const missing = { op: "updateMessage", record: { queue: "NO.SUCH.QUEUE", priority: 0, seq: 99 } } as unknown as StoreOp;
    const outcomes = await Promise.allSettled([
      store.commit([{ op: "putMeta", key: "first", value: 1 }]),
      store.commit([missing]),
      store.commit([{ op: "putMeta", key: "third", value: 3 }]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    // The shared try committed nothing; then each batch alone, in order.
    expect(committed.map((batch) => batch.map((op) => (op.op === "putMeta" ? op.key : op.op)))).toEqual([["first"], ["third"]]);
    const reopened = new DurableObjectStore(state.storage);
    expect((await reopened.load()).meta).toEqual([
      { key: "first", value: 1 },
      { key: "third", value: 3 },
    ]);
  });
});
