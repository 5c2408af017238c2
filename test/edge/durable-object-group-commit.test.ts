/**
 * A queue manager's object commits the batches of separate events that come within one 0 ms
 * window in one SQLite transaction (adapters/edge/queue-manager-object.ts, `gatherCommits`):
 * @stomp/stompjs keeps one SEND in flight per socket, so 16 sockets' SENDs reach the object as
 * 16 events, and each was a commit of its own. Here the events are timer callbacks queued
 * together, which workerd runs in order before a 0 ms timer set by the first of them.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import type { QueueManagerObject } from "../../adapters/edge/index.js";

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
