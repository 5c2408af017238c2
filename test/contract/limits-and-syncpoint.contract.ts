/**
 * Gets under syncpoint (the unit of work the HTTP facade takes each destructive get in) and
 * the queue manager's memory budget for non-persistent messages, on every store and runtime,
 * with a real reopen where the store keeps what matters.
 */
import { describe, expect, it } from "vitest";
import { MQError, QueueManager, type Store } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

const Q = "DEV.QUEUE.1";

export function testLimitsAndSyncpoint(name: string, harness: StoreHarness): void {
  const withStorage = <T>(
    body: (open: (options?: { messageMemoryBytes?: number; messagesInMemoryPerLane?: number }) => Promise<QueueManager>, openStore: () => Store) => Promise<T>,
  ) =>
    harness.withStorage(uniqueKey(`uow-${name}`), (openStore) =>
      body((options = {}) => QueueManager.open({ name: "QM1", store: openStore(), ...options }), openStore),
    );

  const bodies = async (qm: QueueManager, queue = Q) => {
    const out: unknown[] = [];
    for (let m = await qm.get(queue); m; m = await qm.get(queue)) out.push(m.body);
    return out;
  };

  describe(`gets under syncpoint: ${name}`, () => {
    it("hides a got message until commit removes it, from the store too", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(Q, { body: "a", persistent: true });
        await qm.put(Q, { body: "b", persistent: false });
        const unit = qm.beginUnitOfWork();
        expect((await qm.get(Q, { unitOfWork: unit }))?.body).toBe("a");
        expect((await qm.get(Q, { unitOfWork: unit }))?.body).toBe("b");
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 2, uncommitted: 2 });
        expect(await qm.get(Q)).toBeNull();
        expect(await qm.list(Q)).toEqual([]);
        await unit.commit();
        expect(unit.state).toBe("committed");
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 0, uncommitted: 0 });
        await qm.close();
        const reopened = await open();
        expect(reopened.queueStatus(Q).depth).toBe(0);
        await reopened.close();
      });
    });

    it("puts backed-out messages back in their places, their backout counts raised and the persistent one's stored", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (const [body, persistent] of [
          ["first", true],
          ["second", false],
          ["third", true],
        ] as const)
          await qm.put(Q, { body, persistent });
        const unit = qm.beginUnitOfWork();
        await qm.get(Q, { unitOfWork: unit });
        await qm.get(Q, { unitOfWork: unit });
        await unit.rollback();
        expect(unit.state).toBe("rolledBack");
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 3, uncommitted: 0 });
        const listed = await qm.list(Q);
        expect(listed.map((m) => m.backoutCount)).toEqual([1, 1, 0]);
        await qm.close();
        // The non-persistent one is gone with the manager; the persistent ones kept their counts.
        const reopened = await open();
        const again = reopened.beginUnitOfWork();
        const first = await reopened.get(Q, { unitOfWork: again });
        expect([first?.body, first?.backoutCount]).toEqual(["first", 1]);
        await again.rollback();
        expect((await reopened.get(Q))?.backoutCount).toBe(2);
        expect(await bodies(reopened)).toEqual(["third"]);
        await reopened.close();
      });
    });

    it("backs out a persistent get that was never committed when the manager is reopened", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(Q, { body: "kept", persistent: true });
        const unit = qm.beginUnitOfWork();
        expect((await qm.get(Q, { unitOfWork: unit }))?.body).toBe("kept");
        // A crash: the manager is abandoned with the get uncommitted.
        const reopened = await open();
        expect(await bodies(reopened)).toEqual(["kept"]);
        await reopened.close();
      });
    });

    it("gives a waiting get under syncpoint the next message, and refuses an ended unit", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const unit = qm.beginUnitOfWork();
        const waiting = qm.get(Q, { wait: 5000, unitOfWork: unit });
        await qm.put(Q, { body: "late" });
        expect((await waiting)?.body).toBe("late");
        await unit.commit();
        expect(await reason(qm.get(Q, { unitOfWork: unit }))).toBe("MQRC_UOW_NOT_AVAILABLE");
        expect(await reason(unit.commit())).toBe("MQRC_UOW_NOT_AVAILABLE");
        const other = await open();
        expect(await reason(other.get(Q, { unitOfWork: qm.beginUnitOfWork() }))).toBe("MQRC_UOW_NOT_AVAILABLE");
        await other.close();
        await qm.close();
      });
    });

    it("tells subscribers what was committed, in commit order, what a unit holds as it takes it, and what it backs out", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const seen: string[] = [];
        // What a unit holds is told as it happens ("held" puts, "taken" gets), apart from the commits; a held put backed out is a "backout".
        const held: string[] = [];
        const stop = qm.events.subscribe((e) => {
          if (e.type === "input") seen.push(`input ${e.queue} ${e.openInputCount}`);
          else if (e.type === "put" || e.type === "get" || e.type === "backout") seen.push(`${e.type} ${e.queue} depth ${e.depth}`);
          else if ("depth" in e) held.push(`${e.type} ${e.queue} depth ${e.depth}`);
        });
        const rolledBack = qm.beginUnitOfWork();
        await qm.put(Q, { body: "never", persistent: true }, { unitOfWork: rolledBack });
        await rolledBack.rollback();
        const unit = qm.beginUnitOfWork();
        await qm.put("DEV.QUEUE.2", { body: "second", persistent: true }, { unitOfWork: unit });
        await qm.put(Q, { body: "first", persistent: false });
        expect(seen).toEqual([`backout ${Q} depth 0`, `put ${Q} depth 1`]);
        await unit.commit();
        const waiting = qm.get("DEV.QUEUE.3", { wait: 5000 });
        await qm.put("DEV.QUEUE.3", { body: "awaited" });
        await waiting;
        const taking = qm.beginUnitOfWork();
        await qm.get(Q, { unitOfWork: taking });
        await taking.rollback();
        stop();
        await qm.put(Q, { body: "unheard" });
        expect(seen).toEqual([
          `backout ${Q} depth 0`,
          `put ${Q} depth 1`,
          "put DEV.QUEUE.2 depth 1",
          "input DEV.QUEUE.3 1",
          "put DEV.QUEUE.3 depth 1",
          // The wait ends as the message is handed over; the get's removal is told once done.
          "input DEV.QUEUE.3 0",
          "get DEV.QUEUE.3 depth 0",
          `backout ${Q} depth 1`,
        ]);
        expect(held).toEqual([`held ${Q} depth 1`, "held DEV.QUEUE.2 depth 1", `taken ${Q} depth 1`]);
        await qm.close();
      });
    });

    it("refuses to clear or delete a queue while a get on it is uncommitted", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(Q, { body: "held" });
        const unit = qm.beginUnitOfWork();
        await qm.get(Q, { unitOfWork: unit });
        expect(await reason(qm.clearQueue(Q))).toBe("MQRC_OBJECT_IN_USE");
        await unit.rollback();
        expect(await qm.clearQueue(Q)).toBe(1);
        await qm.close();
      });
    });
  });

  describe(`memory budget for non-persistent messages: ${name}`, () => {
    it("refuses a non-persistent put past the budget with MQRC_STORAGE_NOT_AVAILABLE, takes persistent ones, and frees what gets remove", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messageMemoryBytes: 10_000 });
        const body = "x".repeat(4000);
        await qm.put(Q, { body, persistent: false });
        await qm.put("DEV.QUEUE.2", { body, persistent: false });
        let refused: unknown;
        try {
          await qm.put(Q, { body, persistent: false });
        } catch (error) {
          refused = error;
        }
        expect(refused).toBeInstanceOf(MQError);
        expect(refused).toMatchObject({ reason: "MQRC_STORAGE_NOT_AVAILABLE", reasonCode: 2071 });
        expect((refused as Error).message).toContain("10000");
        expect(qm.queueStatus(Q).depth).toBe(1);
        await qm.put(Q, { body, persistent: true });
        expect((await qm.get("DEV.QUEUE.2"))?.body).toBe(body);
        await qm.put(Q, { body: body.slice(0, 3000), persistent: false });
        expect(await qm.clearQueue(Q)).toBe(3);
        for (let i = 0; i < 2; i++) await qm.put(Q, { body, persistent: false });
        await qm.close();
      });
    });

    it("accepts no message larger than the budget, whatever MAXMSGL allows", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messageMemoryBytes: 50_000 });
        await qm.alterQueueManager({ maxMessageLength: 100 * 1024 * 1024 });
        await qm.alterQueue(Q, { maxMessageLength: 100 * 1024 * 1024 });
        const error = await qm.put(Q, { body: "y".repeat(60_000), persistent: true }).catch((e: unknown) => e);
        expect(error).toMatchObject({ reason: "MQRC_MSG_TOO_BIG_FOR_Q_MGR" });
        expect((error as Error).message).toContain("50000");
        await qm.close();
      });
    });
  });

  describe(`syncpoint on queues deeper than memory: ${name}`, () => {
    it("delivers a message held from the store once, and still finds the messages paged after it", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messagesInMemoryPerLane: 2 });
        const ids: string[] = [];
        for (const body of ["A", "B", "M3", "M4"]) ids.push((await qm.put(Q, { body, persistent: true })).messageId);
        const unit = qm.beginUnitOfWork();
        expect((await qm.get(Q, { messageId: ids[3], unitOfWork: unit }))?.body).toBe("M4");
        expect((await qm.get(Q, { messageId: ids[2] }))?.body).toBe("M3");
        await qm.put(Q, { body: "M5", persistent: true });
        expect([(await qm.get(Q))?.body, (await qm.get(Q))?.body, (await qm.get(Q))?.body, await qm.get(Q)]).toEqual(["A", "B", "M5", null]);
        await unit.rollback();
        expect([(await qm.get(Q))?.body, await qm.get(Q)]).toEqual(["M4", null]);
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 0, uncommitted: 0 });
        await qm.close();
      });
    });

    it("delivers a put committed after a page has passed it", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messagesInMemoryPerLane: 2 });
        await qm.put(Q, { body: "A", persistent: true });
        await qm.put(Q, { body: "B", persistent: true });
        const unit = qm.beginUnitOfWork();
        await qm.put(Q, { body: "held", persistent: true }, { unitOfWork: unit });
        await qm.put(Q, { body: "C", persistent: true });
        expect([(await qm.get(Q))?.body, (await qm.get(Q))?.body, (await qm.get(Q))?.body]).toEqual(["A", "B", "C"]);
        await unit.commit();
        expect([(await qm.get(Q))?.body, await qm.get(Q)]).toEqual(["held", null]);
        expect(qm.queueStatus(Q).depth).toBe(0);
        await qm.close();
      });
    });

    it("keeps a delayed message out of gets by id and out of browse while it waits in the store", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messagesInMemoryPerLane: 2 });
        await qm.put(Q, { body: "A", persistent: true });
        await qm.put(Q, { body: "B", persistent: true });
        const { messageId } = await qm.put(Q, { body: "later", persistent: true, deliveryDelay: 60_000 });
        expect(await qm.get(Q, { messageId })).toBeNull();
        expect((await qm.list(Q)).map((m) => m.messageId)).not.toContain(messageId);
        expect(qm.queueStatus(Q).depth).toBe(3);
        await qm.close();
      });
    });
  });
}
