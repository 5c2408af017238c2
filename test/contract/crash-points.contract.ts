/**
 * Crash points: a workload of transacted transfers between queues, client and individual
 * acknowledgements, rollbacks and recoveries, and two-phase transfers runs on a store that fails at its Nth commit
 * (nothing of that batch applied, nor of any after: the process is dead). The manager is
 * then abandoned and a new one opened on the same storage. For every N: each message is in
 * exactly one place (still on the first queue, moved to the second, or consumed and
 * acknowledged), so nothing of a resolved commit is lost or doubled and nothing of an
 * unresolved one is half there; and each backout count is the last one a commit stored.
 */
import { describe, expect, it } from "vitest";
import { MQError, QueueManager, type Store, type StoreOp } from "../../core/index.js";
import { bind, uniqueKey, type StoreHarness } from "./harness.js";

const A = "DEV.QUEUE.1";
const B = "DEV.QUEUE.2";
const MESSAGES = 100;

interface CrashLog {
  /** Bodies whose put resolved. */
  put: string[];
  /** Bodies whose consumption was acknowledged (the acknowledge resolved). */
  acknowledged: string[];
  /** messageId -> backout count, as the last applied batch stored it. */
  storedBackouts: Map<string, number>;
}

/** A store that fails its `failAt`th commit and every commit after it; counts commits when failAt is Infinity. */
function crashingStore(store: Store, failAt: number, log: CrashLog, counter: { commits: number }): Store {
  let dead = false;
  return {
    ...bind(store),
    async commit(batch: StoreOp[]) {
      counter.commits++;
      if (dead || counter.commits >= failAt) {
        dead = true;
        throw new Error(`crash at commit ${counter.commits}`);
      }
      const backouts = batch.flatMap((op) => (op.op === "updateMessage" ? [[op.record.messageId, op.record.backoutCount] as const] : []));
      await store.commit(batch);
      for (const [id, count] of backouts) log.storedBackouts.set(id, count);
    },
  };
}

/** The workload; it stops at the first failure, as an application whose queue manager died would. */
async function workload(qm: QueueManager, log: CrashLog): Promise<void> {
  for (let i = 0; i < MESSAGES; i++) {
    await qm.put(A, { body: `m${i}`, persistent: true });
    log.put.push(`m${i}`);
  }
  const connection = await qm.createConnection();

  // Transfers A -> B, two to a transaction; every fourth transaction rolls back (and is redone).
  const tx = await connection.createSession({ transacted: true });
  const fromA = tx.createConsumer(tx.createQueue(A));
  const toB = tx.createProducer(tx.createQueue(B));
  for (let round = 0; ; round++) {
    const first = await fromA.receiveNoWait();
    if (!first) break;
    await toB.send({ body: first.body, persistent: true });
    const second = await fromA.receiveNoWait();
    if (second) await toB.send({ body: second.body, persistent: true });
    if (round % 4 === 3) await tx.rollback();
    else await tx.commit();
  }

  // Client acknowledgement from B: every third message acknowledges all before it; every eighth recovers.
  const client = await connection.createSession({ acknowledgeMode: "client" });
  const fromB = client.createConsumer(client.createQueue(B));
  let pending: string[] = [];
  for (let n = 1; n <= 24; n++) {
    const message = await fromB.receiveNoWait();
    if (!message) break;
    pending.push(String(message.body));
    if (n % 3 === 0) {
      await message.acknowledge();
      log.acknowledged.push(...pending);
      pending = [];
    } else if (n % 8 === 0) {
      await client.recover();
      pending = [];
    }
  }
  await client.close();

  // Individual acknowledgement of what is left: every other message, then recover the rest.
  const individual = await connection.createSession({ acknowledgeMode: "individual" });
  const rest = individual.createConsumer(individual.createQueue(B));
  for (let n = 0; ; n++) {
    const message = await rest.receiveNoWait();
    if (!message) break;
    if (n % 2 === 0) {
      await message.acknowledge();
      log.acknowledged.push(String(message.body));
    }
  }
  await individual.recover();

  // Two-phase transfers B -> A: each prepared, then rolled back, committed, or left in doubt
  // (resolved after the reopen, as a transaction manager would).
  const xa = await connection.createXASession();
  const xaFromB = xa.createConsumer(xa.createQueue(B));
  const xaToA = xa.createProducer(xa.createQueue(A));
  for (let i = 0; i < 9; i++) {
    const xid = `xid-${i}`;
    await xa.xaResource.start(xid);
    const message = await xaFromB.receiveNoWait();
    if (message) await xaToA.send({ body: message.body, persistent: true });
    await xa.xaResource.end(xid);
    await xa.xaResource.prepare(xid);
    if (i % 3 === 0) await xa.xaResource.rollback(xid);
    else if (i % 3 === 1) await xa.xaResource.commit(xid);
    if (!message) break;
  }
  // The manager is abandoned here, with transactions in doubt.
}

export function testCrashPoints(name: string, harness: StoreHarness, options: { points: number }): void {
  const run = (failAt: number) =>
    harness.withStorage(uniqueKey(`crash-${name}`), async (openStore) => {
      const log: CrashLog = { put: [], acknowledged: [], storedBackouts: new Map() };
      const counter = { commits: 0 };
      let failure: unknown;
      try {
        const qm = await QueueManager.open({ name: "QM1", store: crashingStore(openStore(), failAt, log, counter) });
        await workload(qm, log);
      } catch (error) {
        failure = error;
      }
      // Only MQErrors: a backout whose count cannot be stored is no failure at all (the count stays in memory).
      if (failure !== undefined && !(failure instanceof MQError)) throw failure;
      // The manager is abandoned, as after a crash; a new one opens on the same storage.
      const reopened = await QueueManager.open({ name: "QM1", store: openStore() });
      for (const xid of await reopened.xaResource.recover()) await reopened.xaResource.commit(xid);
      const found: string[] = [...log.acknowledged];
      const backouts: [string, number, number][] = [];
      for (const queue of [A, B]) {
        const cursor = reopened.browse(queue);
        for await (const message of cursor) {
          found.push(String(message.body));
          backouts.push([message.messageId, message.backoutCount, log.storedBackouts.get(message.messageId) ?? 0]);
        }
      }
      await reopened.close();
      return { commits: counter.commits, put: log.put, found, backouts };
    });

  describe(`crash points: ${name}`, () => {
    it(`keeps every message in exactly one place and its stored backout count, whichever commit fails (up to ${options.points} points)`, async () => {
      const clean = await run(Infinity);
      console.info(`crash points (${name}): the workload makes ${clean.commits} commits; ${Math.min(options.points, clean.commits)} are tried`);
      const all = Array.from({ length: MESSAGES }, (_, i) => `m${i}`).sort();
      expect(clean.found.sort()).toEqual(all);
      expect(clean.commits).toBeGreaterThanOrEqual(Math.min(options.points, 200));
      const step = Math.max(1, clean.commits / options.points);
      const points = new Set<number>();
      for (let p = 1; p <= clean.commits && points.size < options.points; p += step) points.add(Math.round(p));
      // Every commit when points allow, else points spread evenly over the workload.
      expect(points.size).toBe(Math.min(options.points, clean.commits));
      for (const failAt of points) {
        const after = await run(failAt);
        // A crash among the first puts leaves only the messages whose put resolved.
        expect(after.found.sort(), `crash at commit ${failAt}`).toEqual([...after.put].sort());
        for (const [id, count, stored] of after.backouts) expect(count, `backout count of ${id} after a crash at commit ${failAt}`).toBe(stored);
      }
    }, 600_000);
  });
}
