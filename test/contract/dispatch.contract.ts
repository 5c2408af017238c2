/**
 * Dispatch on every store and runtime: the consumers of a queue (waiting gets, consumers the
 * queue pushes to) with credit; each message goes to one consumer, in turn among those with
 * credit, never more than a consumer's credit at once; a unit of work per pushed message.
 */
import { describe, expect, it } from "vitest";
import { QueueManager, type Message, type UnitOfWork } from "../../core/index.js";
import { uniqueKey, type StoreHarness } from "./harness.js";

const Q = "DEV.QUEUE.1";

/** Lets pushed messages (taken with a store commit) arrive. */
async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function testDispatch(name: string, harness: StoreHarness): void {
  const withManager = (body: (qm: QueueManager) => Promise<void>) =>
    harness.withStorage(uniqueKey(`dispatch-${name}`), async (openStore) => {
      const qm = await QueueManager.open({ name: "QM1", store: openStore() });
      try {
        await body(qm);
      } finally {
        await qm.close();
      }
    });

  describe(`dispatch: ${name}`, () => {
    it("pushes no more than a consumer's credit, and more as it gives credit back", async () => {
      await withManager(async (qm) => {
        for (let i = 0; i < 5; i++) await qm.put(Q, { body: `m${i}`, persistent: true });
        const got: unknown[] = [];
        const consumer = qm.consume(Q, {
          credit: 2,
          onMessage: (m) => got.push(m.body),
          onError: (error) => {
            throw error;
          },
        });
        await settle(() => got.length >= 2);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(got).toEqual(["m0", "m1"]);
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 3, openInputCount: 1 });
        consumer.addCredit(2);
        await settle(() => got.length >= 4);
        expect(got).toEqual(["m0", "m1", "m2", "m3"]);
        consumer.close();
        expect(qm.queueStatus(Q).openInputCount).toBe(0);
        consumer.addCredit(5);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(got).toHaveLength(4);
        expect((await qm.get(Q))?.body).toBe("m4");
      });
    });

    it("gives each message to one consumer, in turn among those with credit", async () => {
      await withManager(async (qm) => {
        const seen: [string, unknown][] = [];
        const a = qm.consume(Q, { credit: 10, onMessage: (m) => seen.push(["a", m.body]), onError: () => undefined });
        const b = qm.consume(Q, { credit: 10, onMessage: (m) => seen.push(["b", m.body]), onError: () => undefined });
        for (let i = 0; i < 6; i++) await qm.put(Q, { body: i, persistent: false });
        await settle(() => seen.length >= 6);
        expect(seen).toEqual([
          ["a", 0],
          ["b", 1],
          ["a", 2],
          ["b", 3],
          ["a", 4],
          ["b", 5],
        ]);
        a.close();
        b.close();
        expect(qm.queueStatus(Q).depth).toBe(0);
      });
    });

    it("serves a waiting get and a pushed consumer one message each, never the same one", async () => {
      await withManager(async (qm) => {
        const pushed: unknown[] = [];
        const waiting = qm.get(Q, { wait: 5000 });
        const consumer = qm.consume(Q, { credit: 1, onMessage: (m) => pushed.push(m.body), onError: () => undefined });
        await qm.put(Q, { body: "first", persistent: true });
        await qm.put(Q, { body: "second", persistent: true });
        const got = await waiting;
        await settle(() => pushed.length >= 1);
        expect([got?.body, ...pushed].sort()).toEqual(["first", "second"]);
        expect(got?.body).toBe("first");
        consumer.close();
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 0, uncommitted: 0 });
      });
    });

    it("takes each pushed message in the unit of work the consumer names: invisible until it commits, back in place when it backs out", async () => {
      await withManager(async (qm) => {
        await qm.put(Q, { body: "work", persistent: true });
        const received: [Message, UnitOfWork | undefined][] = [];
        const consumer = qm.consume(Q, {
          credit: 1,
          unitFor: () => qm.beginUnitOfWork(),
          onMessage: (m, unit) => received.push([m, unit]),
          onError: () => undefined,
        });
        await settle(() => received.length >= 1);
        const [message, unit] = received[0]!;
        expect(message.body).toBe("work");
        expect(qm.queueStatus(Q)).toMatchObject({ depth: 1, uncommitted: 1 });
        expect(await qm.get(Q)).toBeNull();
        consumer.close();
        await unit!.rollback();
        const again = await qm.get(Q);
        expect(again).toMatchObject({ body: "work", backoutCount: 1 });
      });
    });

    it("selects with the consumer's selector, leaving other messages for other consumers", async () => {
      await withManager(async (qm) => {
        const eu: unknown[] = [];
        const consumer = qm.consume(Q, { credit: 10, selector: "region = 'eu'", onMessage: (m) => eu.push(m.body), onError: () => undefined });
        await qm.put(Q, { body: "us-1", properties: { region: "us" }, persistent: false });
        await qm.put(Q, { body: "eu-1", properties: { region: "eu" }, persistent: false });
        await settle(() => eu.length >= 1);
        expect(eu).toEqual(["eu-1"]);
        expect((await qm.get(Q))?.body).toBe("us-1");
        consumer.close();
      });
    });

    it("ends its consumers when the queue manager closes, telling each that its queue ended", async () => {
      await harness.withStorage(uniqueKey(`dispatch-close-${name}`), async (openStore) => {
        const qm = await QueueManager.open({ name: "QM1", store: openStore() });
        const errors: [string, boolean][] = [];
        qm.consume(Q, {
          credit: 1,
          onMessage: () => undefined,
          onError: (error, ended) => errors.push([(error as { reason?: string }).reason ?? String(error), ended]),
        });
        await qm.close();
        expect(errors).toEqual([["MQRC_Q_MGR_STOPPING", true]]);
      });
    });

    it("refuses credit that is not a whole number of messages", async () => {
      await withManager(async (qm) => {
        expect(() => qm.consume(Q, { credit: 0, onMessage: () => undefined, onError: () => undefined })).toThrow(/credit/);
      });
    });
  });
}
