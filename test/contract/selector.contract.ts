/**
 * Selectors on gets, waits, browses, lists and JMS consumers, on every store: in memory and
 * on a queue deeper than memory (read a page at a time), with the JMS headers as selectors
 * see them.
 */
import { describe, expect, it } from "vitest";
import { ManualClock, QueueManager, type Store } from "../../core/index.js";
import { compileSelector } from "../../core/selector/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

const Q = "DEV.QUEUE.1";

export function testSelectors(name: string, harness: StoreHarness): void {
  const withStorage = <T>(
    body: (open: (options?: { messagesInMemoryPerLane?: number; clock?: ManualClock }) => Promise<QueueManager>, openStore: () => Store) => Promise<T>,
  ) =>
    harness.withStorage(uniqueKey(`sel-${name}`), (openStore) =>
      body((options = {}) => QueueManager.open({ name: "QM1", store: openStore(), ...options }), openStore),
    );

  describe(`selectors: ${name}`, () => {
    for (const depth of ["in memory", "deeper than memory"] as const) {
      it(`gets, browses and lists only what a selector selects, ${depth}`, async () => {
        await withStorage(async (open) => {
          const qm = await open(depth === "in memory" ? {} : { messagesInMemoryPerLane: 4 });
          for (let i = 0; i < 40; i++) {
            await qm.put(Q, { body: `m${i}`, persistent: true, priority: i % 3, properties: { region: i % 10 === 7 ? "eu" : "us", n: i } });
          }
          const selector = "region = 'eu' AND n > 10";
          // By priority (m37 has priority 1, m17 and m27 priority 2), FIFO within one.
          expect((await qm.list(Q, { selector })).map((m) => m.properties.find((p) => p.name === "n")?.value)).toEqual([17, 37, 27]);
          const cursor = qm.browse(Q, { selector: "n BETWEEN 5 AND 6" });
          expect([(await cursor.next())?.body, (await cursor.next())?.body, await cursor.next()]).toEqual(["m5", "m6", null]);
          expect((await qm.get(Q, { selector }))?.body).toBe("m17");
          expect((await qm.get(Q, { selector: "JMSPriority = 1 AND region = 'eu' AND n > 10" }))?.body).toBe("m37");
          expect((await qm.get(Q, { selector }))?.body).toBe("m27");
          expect(await qm.get(Q, { selector })).toBeNull();
          expect(qm.queueStatus(Q).depth).toBe(37);
          await qm.close();
        });
      });
    }

    // A selector remembers per lane how far it has read the paged part and found nothing, and
    // the next get with it reads on from there: these are the ways a message can turn up
    // behind that point, each of which must still be found. Each runs with the selector as
    // text (compiled once and shared) and compiled by the caller, as a JMS consumer does.
    for (const form of ["text", "compiled"] as const) {
      const sel = (text: string) => (form === "text" ? text : compileSelector(text));
      const body = (m: { body: unknown } | null) => m?.body ?? null;

      it(`finds a selected message put back by a rollback after a selective get read past it (selector as ${form})`, async () => {
        await withStorage(async (open) => {
          const qm = await open({ messagesInMemoryPerLane: 4 });
          for (let i = 0; i < 40; i++) await qm.put(Q, { body: `m${i}`, persistent: true, properties: { kind: i === 20 || i === 30 ? "x" : "y" } });
          const selector = sel("kind = 'x'");
          const redelivered = sel("kind = 'x' AND JMSXDeliveryCount = 3");
          const first = qm.beginUnitOfWork();
          expect(body(await qm.get(Q, { selector, unitOfWork: first }))).toBe("m20");
          // Reads past m20, held by the unit, to m30, then to the end.
          expect(body(await qm.get(Q, { selector }))).toBe("m30");
          expect(await qm.get(Q, { selector })).toBeNull();
          await first.rollback();
          // m20 is back, behind where the same selector stopped.
          const second = qm.beginUnitOfWork();
          const again = await qm.get(Q, { selector, unitOfWork: second });
          expect([body(again), again?.backoutCount]).toEqual(["m20", 1]);
          // A selector that reads past m20 while it is held, and selects it once its backout count is raised.
          expect(await qm.get(Q, { selector: redelivered })).toBeNull();
          await second.rollback();
          expect(body(await qm.get(Q, { selector: redelivered }))).toBe("m20");
          expect(await qm.get(Q, { selector })).toBeNull();
          expect(qm.queueStatus(Q).depth).toBe(38);
          await qm.close();
        });
      });

      it(`finds a selected message whose delivery delay passes after a selective get read past it (selector as ${form})`, async () => {
        await withStorage(async (open) => {
          const clock = new ManualClock();
          const qm = await open({ messagesInMemoryPerLane: 4, clock });
          for (let i = 0; i < 40; i++) {
            await qm.put(Q, { body: `m${i}`, persistent: true, deliveryDelay: i === 10 ? 1000 : 0, properties: { kind: i === 10 || i === 35 ? "x" : "y" } });
          }
          const selector = sel("kind = 'x'");
          expect(body(await qm.get(Q, { selector }))).toBe("m35");
          expect(await qm.get(Q, { selector })).toBeNull();
          clock.advance(1000);
          expect(body(await qm.get(Q, { selector }))).toBe("m10");
          expect(await qm.get(Q, { selector })).toBeNull();
          await qm.close();
        });
      });

      it(`finds a selected put committed late, behind what a selective get read (selector as ${form})`, async () => {
        await withStorage(async (open) => {
          const qm = await open({ messagesInMemoryPerLane: 4 });
          for (let i = 0; i < 10; i++) await qm.put(Q, { body: `m${i}`, persistent: true, properties: { kind: "y" } });
          // Its seq comes before the puts that follow, but it is stored only when the unit commits.
          const unit = qm.beginUnitOfWork();
          await qm.put(Q, { body: "late", persistent: true, properties: { kind: "x" } }, { unitOfWork: unit });
          for (let i = 10; i < 30; i++) await qm.put(Q, { body: `m${i}`, persistent: true, properties: { kind: "y" } });
          const selector = sel("kind = 'x'");
          expect(await qm.get(Q, { selector })).toBeNull();
          await unit.commit();
          expect(body(await qm.get(Q, { selector }))).toBe("late");
          await qm.close();
        });
      });

      it(`delivers a later selected message of higher priority first, then the rest in order (selector as ${form})`, async () => {
        await withStorage(async (open) => {
          const qm = await open({ messagesInMemoryPerLane: 4 });
          for (let i = 0; i < 40; i++)
            await qm.put(Q, { body: `m${i}`, persistent: true, priority: 0, properties: { kind: i % 10 === 5 && i > 10 ? "x" : "y" } });
          const selector = sel("kind = 'x'");
          expect(body(await qm.get(Q, { selector }))).toBe("m15");
          await qm.put(Q, { body: "urgent", persistent: true, priority: 7, properties: { kind: "x" } });
          await qm.put(Q, { body: "last", persistent: true, priority: 0, properties: { kind: "x" } });
          const got: unknown[] = [];
          for (let m = await qm.get(Q, { selector }); m; m = await qm.get(Q, { selector })) got.push(m.body);
          expect(got).toEqual(["urgent", "m25", "m35", "last"]);
          expect(qm.queueStatus(Q).depth).toBe(37);
          await qm.close();
        });
      });
    }

    it("gives a waiting selective get the message it selects, and leaves the others", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const waiting = qm.get(Q, { wait: 5000, selector: "kind = 'wanted'" });
        await qm.put(Q, { body: "other", properties: { kind: "other" } });
        await qm.put(Q, { body: "wanted", properties: { kind: "wanted" } });
        expect((await waiting)?.body).toBe("wanted");
        expect((await qm.get(Q))?.body).toBe("other");
        await qm.close();
      });
    });

    it("sees JMS headers: a correlation id set as text is that text, message ids are ID: and hex", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const { messageId } = await qm.put(Q, { body: "a", correlationId: "6f726465722d3432" + "0".repeat(32), type: "order", persistent: true });
        await qm.put(Q, { body: "b", persistent: false });
        expect((await qm.list(Q, { selector: "JMSCorrelationID = 'order-42'" })).length).toBe(1);
        expect((await qm.list(Q, { selector: `JMSMessageID = 'ID:${messageId}'` })).length).toBe(1);
        expect((await qm.list(Q, { selector: "JMSType = 'order' AND JMSDeliveryMode = 'PERSISTENT'" })).length).toBe(1);
        expect((await qm.list(Q, { selector: "JMSDeliveryMode = 'NON_PERSISTENT' AND JMSXDeliveryCount = 1 AND JMSType IS NULL" })).length).toBe(1);
        await qm.close();
      });
    });

    it("refuses a bad selector with MQRC_SELECTOR_SYNTAX_ERROR on get, browse and consumer, taking nothing", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(Q, { body: "kept" });
        expect(await reason(qm.get(Q, { selector: "region = " }))).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
        expect(await reason(() => qm.browse(Q, { selector: "a LIKE 7" }))).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
        const session = await (await qm.createConnection()).createSession();
        expect(await reason(() => session.createConsumer(session.createQueue(Q), { selector: "3 + 5" }))).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
        const consumer = session.createConsumer(session.createQueue(Q), { selector: "x = 1" });
        expect(await consumer.receiveNoWait()).toBeNull();
        await qm.put(Q, { body: "one", properties: { x: 1 } });
        expect((await consumer.receive(100))?.body).toBe("one");
        expect(qm.queueStatus(Q).depth).toBe(1);
        await qm.close();
      });
    });
  });
}
