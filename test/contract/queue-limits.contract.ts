/**
 * What a put does at MAXDEPTH, on every store: LIMITBHV (ours, after Sun MQ's destination
 * limit behaviours) REJECT, FLOWCTL, RMOLDEST and RMLOWPRI, and removed messages to the
 * dead-letter queue with USEDLQ(YES); a removal and its put commit together or not at all.
 */
import { describe, expect, it } from "vitest";
import { QueueManager, type Message } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

const Q = "LIMITED";
const DLQ = "SYSTEM.DEAD.LETTER.QUEUE";

async function drain(qm: QueueManager, queue: string): Promise<Message[]> {
  const out: Message[] = [];
  for (let m = await qm.get(queue); m; m = await qm.get(queue)) out.push(m);
  return out;
}

export function testQueueLimits(name: string, harness: StoreHarness): void {
  const withQueue = (limit: string, body: (qm: QueueManager, reopen: () => Promise<QueueManager>) => Promise<void>) =>
    harness.withStorage(uniqueKey(`limits-${name}`), async (openStore) => {
      let qm = await QueueManager.open({ name: "QM1", store: openStore() });
      try {
        await qm.mqsc(`DEFINE QLOCAL(${Q}) ${limit.includes("MAXDEPTH") ? "" : "MAXDEPTH(3)"} ${limit}`);
        await body(qm, async () => {
          await qm.close();
          qm = await QueueManager.open({ name: "QM1", store: openStore() });
          return qm;
        });
      } finally {
        await qm.close();
      }
    });

  describe(`queue limits: ${name}`, () => {
    it("REJECT (the default) refuses the newest with MQRC_Q_FULL", async () => {
      await withQueue("", async (qm) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: i, persistent: true });
        expect(await reason(qm.put(Q, { body: 3, persistent: true }))).toBe("MQRC_Q_FULL");
        const shown = await qm.mqsc(`DISPLAY QLOCAL(${Q}) LIMITBHV`);
        expect(shown.commands[0]!.objects![0]!.parameters).toMatchObject({ limitbhv: "REJECT" });
      });
    });

    it("RMOLDEST removes the oldest message to make room, in one commit with the put, across a restart", async () => {
      await withQueue("LIMITBHV(RMOLDEST)", async (qm, reopen) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: i, persistent: true, priority: 9 - i });
        await qm.put(Q, { body: 3, persistent: true, priority: 0 });
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 3, uncommitted: 0 });
        const again = await reopen();
        expect((await drain(again, Q)).map((m) => m.body)).toEqual([1, 2, 3]);
        expect(again.queueStatus(DLQ).depth).toBe(0);
      });
    });

    it("RMLOWPRI removes the oldest of the lowest priority below the new message's, and refuses when there is none", async () => {
      await withQueue("LIMITBHV(RMLOWPRI)", async (qm) => {
        await qm.put(Q, { body: "p5 old", priority: 5, persistent: false });
        await qm.put(Q, { body: "p2 old", priority: 2, persistent: false });
        await qm.put(Q, { body: "p2 new", priority: 2, persistent: false });
        await qm.put(Q, { body: "p4", priority: 4, persistent: false });
        expect((await qm.list(Q)).map((m) => m.priority)).toEqual([5, 4, 2]);
        expect(await reason(qm.put(Q, { body: "p1", priority: 1 }))).toBe("MQRC_Q_FULL");
        expect((await drain(qm, Q)).map((m) => m.body)).toEqual(["p5 old", "p4", "p2 new"]);
      });
    });

    it("with USEDLQ(YES), a removed message goes to the dead-letter queue with reason MQRC_Q_FULL", async () => {
      await withQueue("LIMITBHV(RMOLDEST) USEDLQ(YES)", async (qm) => {
        for (let i = 0; i < 4; i++) await qm.put(Q, { body: i, persistent: true });
        const [dead] = await drain(qm, DLQ);
        expect(dead).toMatchObject({ body: 0 });
        expect(dead!.deadLetterHeader).toMatchObject({ reason: 2053, reasonName: "MQRC_Q_FULL", destQueue: Q });
      });
    });

    it("RMOLDEST inside a unit of work: the removed message comes back if the unit backs out", async () => {
      await withQueue("LIMITBHV(RMOLDEST)", async (qm) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: i, persistent: true });
        const unit = qm.beginUnitOfWork();
        await qm.put(Q, { body: "a", persistent: true }, { unitOfWork: unit });
        await qm.put(Q, { body: "b", persistent: true }, { unitOfWork: unit });
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 5, uncommitted: 4 });
        await unit.rollback();
        expect((await drain(qm, Q)).map((m) => m.body)).toEqual([0, 1, 2]);
      });
    });

    it("MAXBYTES refuses a put that would pass the queue's bytes, counting what the store holds after a restart", async () => {
      await withQueue("MAXDEPTH(100) MAXBYTES(10)", async (qm, reopen) => {
        await qm.put(Q, { body: "12345", persistent: true });
        await qm.put(Q, { body: "abc", persistent: true }); // 8 bytes in all
        expect(await reason(qm.put(Q, { body: "123", persistent: true }))).toBe("MQRC_Q_FULL");
        const again = await reopen();
        const shown = await again.mqsc(`DISPLAY QLOCAL(${Q}) MAXBYTES`);
        expect(shown.commands[0]!.objects![0]!.parameters).toMatchObject({ maxbytes: 10 });
        expect(await reason(again.put(Q, { body: "123", persistent: true }))).toBe("MQRC_Q_FULL");
        await again.put(Q, { body: "12", persistent: true });
        expect((await again.get(Q))?.body).toBe("12345");
        await again.put(Q, { body: "12345", persistent: true });
        expect((await drain(again, Q)).map((m) => m.body)).toEqual(["abc", "12", "12345"]);
      });
    });

    it("RMOLDEST at MAXBYTES removes as many of the oldest messages as the new one needs", async () => {
      await withQueue("MAXDEPTH(100) MAXBYTES(10) LIMITBHV(RMOLDEST)", async (qm) => {
        for (const body of ["aaa", "bbb", "ccc"]) await qm.put(Q, { body, persistent: true });
        await qm.put(Q, { body: "dddddd", persistent: true });
        expect((await drain(qm, Q)).map((m) => m.body)).toEqual(["ccc", "dddddd"]);
      });
    });

    it("RMOLDEST removes nothing for a put it would refuse anyway, inside the caller's unit too", async () => {
      await withQueue("MAXDEPTH(1) LIMITBHV(RMOLDEST)", async (qm) => {
        await qm.put(Q, { body: "m1", persistent: true });
        const unit = qm.beginUnitOfWork();
        expect(await reason(qm.put(Q, { body: "bad", priority: 12 }, { unitOfWork: unit }))).toBe("MQRC_PRIORITY_ERROR");
        await unit.commit();
        expect((await drain(qm, Q)).map((m) => m.body)).toEqual(["m1"]);
      });
    });

    it("FLOWCTL: a put waiting for room ends with MQRC_Q_MGR_STOPPING when the queue manager closes", async () => {
      await withQueue("LIMITBHV(FLOWCTL)", async (qm) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: i });
        const waiting = reason(qm.put(Q, { body: "waits" }, { wait: Infinity }));
        await new Promise((resolve) => setTimeout(resolve, 10));
        await qm.close();
        expect(await waiting).toBe("MQRC_Q_MGR_STOPPING");
      });
    });

    it("FLOWCTL makes a put wait for room, and fail with MQRC_Q_FULL when none comes in its wait", async () => {
      await withQueue("LIMITBHV(FLOWCTL)", async (qm) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: i });
        expect(await reason(qm.put(Q, { body: "no room" }, { wait: 30 }))).toBe("MQRC_Q_FULL");
        let done = false;
        const waiting = qm.put(Q, { body: "waits" }, { wait: 5000 }).then(() => (done = true));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(done).toBe(false);
        expect((await qm.get(Q))?.body).toBe(0);
        await waiting;
        expect((await drain(qm, Q)).map((m) => m.body)).toEqual([1, 2, "waits"]);
      });
    });
  });
}
