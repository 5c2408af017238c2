/**
 * JMS sessions over units of work, on every store and runtime: transactions, the five
 * acknowledgement modes, redelivery, listeners, client ids, and what a reopen after a crash
 * leaves (nothing uncommitted, nothing committed lost or doubled).
 */
import { describe, expect, it } from "vitest";
import { ManualClock, QueueManager, type ReceivedMessage, type Store } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

const A = "DEV.QUEUE.1";
const B = "DEV.QUEUE.2";

export function testJms(name: string, harness: StoreHarness): void {
  const withStorage = <T>(
    body: (open: (options?: { messagesInMemoryPerLane?: number; clock?: ManualClock }) => Promise<QueueManager>, openStore: () => Store) => Promise<T>,
  ) =>
    harness.withStorage(uniqueKey(`jms-${name}`), (openStore) =>
      body((options = {}) => QueueManager.open({ name: "QM1", store: openStore(), ...options }), openStore),
    );

  const bodiesOf = async (qm: QueueManager, queue: string) => {
    const out: unknown[] = [];
    for (let m = await qm.get(queue); m; m = await qm.get(queue)) out.push(m.body);
    return out;
  };
  const summary = (m: ReceivedMessage | null) => (m === null ? null : [m.body, m.redelivered, m.deliveryCount]);

  describe(`JMS sessions: ${name}`, () => {
    it("commits a transacted session's sends and receives together, or rolls them back", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(B, { body: "request", persistent: true });
        const connection = await qm.createConnection();
        const session = await connection.createSession({ transacted: true });
        const producer = session.createProducer(session.createQueue(A));
        const consumer = session.createConsumer(session.createQueue(B));

        expect(summary(await consumer.receive(1000))).toEqual(["request", false, 1]);
        await producer.send({ body: "reply 1", persistent: true });
        await producer.send({ body: "reply 2", persistent: false });
        expect(qm.queueStatus(A)).toMatchObject({ depth: 2, uncommitted: 2 });
        expect(await qm.get(A)).toBeNull();
        await session.rollback();
        expect(qm.queueStatus(A)).toMatchObject({ depth: 0, uncommitted: 0 });

        expect(summary(await consumer.receive(1000))).toEqual(["request", true, 2]);
        await producer.send({ body: "reply 3", persistent: true });
        await session.commit();
        await connection.close();
        await qm.close();

        const reopened = await open();
        expect(await bodiesOf(reopened, A)).toEqual(["reply 3"]);
        expect(await bodiesOf(reopened, B)).toEqual([]);
        await reopened.close();
      });
    });

    it("leaves nothing uncommitted and loses nothing committed when the manager is abandoned mid-transaction", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(B, { body: "one", persistent: true });
        await qm.put(B, { body: "two", persistent: true });
        const session = await (await qm.createConnection()).createSession({ transacted: true });
        const consumer = session.createConsumer(session.createQueue(B));
        const producer = session.createProducer(session.createQueue(A));
        await consumer.receive(1000);
        await producer.send({ body: "moved one", persistent: true });
        await session.commit();
        await consumer.receive(1000);
        await producer.send({ body: "moved two", persistent: true });
        // A crash: the second transfer is never committed.
        const reopened = await open();
        expect(await bodiesOf(reopened, A)).toEqual(["moved one"]);
        const left = await reopened.get(B);
        expect([left?.body, left?.backoutCount]).toEqual(["two", 0]);
        await reopened.close();
      });
    });

    it("client acknowledgement acknowledges all the session consumed; recover brings back the rest, in order and redelivered", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (let i = 1; i <= 5; i++) await qm.put(A, { body: `m${i}`, persistent: i % 2 === 0 });
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "client" });
        const consumer = session.createConsumer(session.createQueue(A));
        await consumer.receive(100);
        const second = await consumer.receive(100);
        await second!.acknowledge();
        expect(qm.queueStatus(A).depth).toBe(3);
        await consumer.receive(100);
        await consumer.receive(100);
        await session.recover();
        expect([summary(await consumer.receive(100)), summary(await consumer.receive(100)), summary(await consumer.receive(100))]).toEqual([
          ["m3", true, 2],
          ["m4", true, 2],
          ["m5", false, 1],
        ]);
        await session.close();
        // Closing the session without acknowledging: all three come back.
        expect(await bodiesOf(qm, A)).toEqual(["m3", "m4", "m5"]);
        await qm.close();
      });
    });

    it("individual acknowledgement acknowledges just that message", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (const body of ["a", "b", "c"]) await qm.put(A, { body, persistent: true });
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "individual" });
        const consumer = session.createConsumer(session.createQueue(A));
        const got = [await consumer.receive(100), await consumer.receive(100), await consumer.receive(100)];
        await got[1]!.acknowledge();
        await session.recover();
        expect([summary(await consumer.receive(100)), summary(await consumer.receive(100)), await consumer.receiveNoWait()]).toEqual([
          ["a", true, 2],
          ["c", true, 2],
          null,
        ]);
        await session.close();
        await qm.close();
      });
    });

    it("auto acknowledgement: receive takes the message; a listener that throws gets it again, redelivered", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(A, { body: "taken", persistent: true });
        const connection = await qm.createConnection();
        const errors: unknown[] = [];
        connection.setExceptionListener((error) => errors.push(error));
        const session = await connection.createSession();
        const consumer = session.createConsumer(session.createQueue(A));
        expect(summary(await consumer.receive(100))).toEqual(["taken", false, 1]);
        await session.recover();
        expect(await consumer.receiveNoWait()).toBeNull();
        await consumer.close();

        await qm.put(A, { body: "poison once", persistent: true });
        const seen: unknown[] = [];
        let done!: () => void;
        const finished = new Promise<void>((resolve) => (done = resolve));
        const listening = session.createConsumer(session.createQueue(A));
        listening.setMessageListener(async (message) => {
          seen.push(summary(message));
          if (!message.redelivered) throw new Error("not this time");
          done();
        });
        await finished;
        await listening.close();
        expect(seen).toEqual([
          ["poison once", false, 1],
          ["poison once", true, 2],
        ]);
        expect(errors).toHaveLength(1);
        expect(qm.queueStatus(A).depth).toBe(0);
        await connection.close();
        await qm.close();
      });
    });

    it("dups-ok acknowledges in batches and when it waits; none removes on delivery", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (let i = 0; i < 12; i++) await qm.put(A, { body: `d${i}`, persistent: true });
        const connection = await qm.createConnection();
        const lazy = await connection.createSession({ acknowledgeMode: "dups-ok" });
        const consumer = lazy.createConsumer(lazy.createQueue(A));
        for (let i = 0; i < 12; i++) await consumer.receive(100);
        expect(qm.queueStatus(A)).toMatchObject({ depth: 2, uncommitted: 2 });
        expect(await consumer.receive(50)).toBeNull();
        expect(qm.queueStatus(A)).toMatchObject({ depth: 0, uncommitted: 0 });

        await qm.put(B, { body: "gone on delivery", persistent: true });
        const none = await connection.createSession({ acknowledgeMode: "none" });
        const quick = none.createConsumer(none.createQueue(B));
        expect(summary(await quick.receive(100))).toEqual(["gone on delivery", false, 1]);
        await none.recover();
        expect(await quick.receiveNoWait()).toBeNull();
        await connection.close();
        await qm.close();
      });
    });

    it("gives a client id to one open connection at a time", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const first = await qm.createConnection({ clientId: "app-1" });
        const refused = await reason(qm.createConnection({ clientId: "app-1" }));
        expect(refused).toBe("MQRC_OBJECT_IN_USE");
        await first.close();
        const second = await qm.createConnection({ clientId: "app-1" });
        expect(second.clientId).toBe("app-1");
        await qm.close();
      });
    });

    it("delivers to one receive at a time in a session, and a closed consumer's receive returns null", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const session = await (await qm.createConnection()).createSession();
        const one = session.createConsumer(session.createQueue(A));
        const other = session.createConsumer(session.createQueue(B));
        const waiting = one.receive();
        expect(await reason(other.receive(10))).toBe("MQRC_OBJECT_IN_USE");
        await one.close();
        expect(await waiting).toBeNull();
        expect(await other.receive(10)).toBeNull();
        await qm.close();
      });
    });

    it("shares a queue among consumers, each message to one, and brings back what a closed connection held", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const received: unknown[] = [];
        const sessions = await Promise.all([connection.createSession(), connection.createSession(), connection.createSession()]);
        for (const session of sessions) session.createConsumer(session.createQueue(A)).setMessageListener((m) => void received.push(m.body));
        for (let i = 0; i < 30; i++) await qm.put(A, { body: i, persistent: i % 2 === 0 });
        for (let tries = 0; received.length < 30 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        expect([...received].sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 30 }, (_, i) => i));
        await connection.close();

        const holder = await qm.createConnection();
        const holding = await holder.createSession({ acknowledgeMode: "client" });
        await qm.put(B, { body: "held", persistent: true });
        expect((await holding.createConsumer(holding.createQueue(B)).receive(100))?.body).toBe("held");
        await holder.close();
        const back = await qm.get(B);
        expect([back?.body, back?.backoutCount]).toEqual(["held", 1]);
        await qm.close();
      });
    });

    it("two-phase commit: a prepared transaction survives a restart, invisible, until it is committed by xid", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(B, { body: "order", persistent: true });
        const xs = await (await qm.createConnection()).createXASession();
        await xs.xaResource.start("tx-1");
        expect((await xs.createConsumer(xs.createQueue(B)).receive(100))?.body).toBe("order");
        await xs.createProducer(xs.createQueue(A)).send({ body: "invoice", persistent: true });
        await xs.xaResource.end("tx-1");
        await xs.xaResource.prepare("tx-1");
        expect(await qm.xaResource.recover()).toEqual(["tx-1"]);
        expect([await qm.get(A), await qm.get(B)]).toEqual([null, null]);
        // A crash: the manager is abandoned with the transaction prepared.
        const reopened = await open();
        expect(await reopened.xaResource.recover()).toEqual(["tx-1"]);
        expect(reopened.queueStatus(A)).toMatchObject({ depth: 1, uncommitted: 1 });
        expect([await reopened.get(A), await reopened.get(B), await reopened.list(A)]).toEqual([null, null, []]);
        await reopened.xaResource.commit("tx-1");
        expect(await reopened.xaResource.recover()).toEqual([]);
        expect(await bodiesOf(reopened, B)).toEqual([]);
        await reopened.close();
        const again = await open();
        expect(await bodiesOf(again, A)).toEqual(["invoice"]);
        expect(await again.xaResource.recover()).toEqual([]);
        await again.close();
      });
    });

    it("two-phase commit: rolling back a recovered transaction removes its puts and gives back its gets", async () => {
      await withStorage(async (open) => {
        const qm = await open({ messagesInMemoryPerLane: 2 });
        for (let i = 0; i < 6; i++) await qm.put(A, { body: `deep ${i}`, persistent: true });
        await qm.put(B, { body: "to give back", persistent: true });
        const xs = await (await qm.createConnection()).createXASession();
        await xs.xaResource.start("tx-2");
        await xs.createConsumer(xs.createQueue(B)).receive(100);
        // A queue deeper than memory: the prepared put must stay out of every page read.
        await xs.createProducer(xs.createQueue(A)).send({ body: "prepared, paged", persistent: true });
        await xs.xaResource.end("tx-2");
        await xs.xaResource.prepare("tx-2");
        expect(await bodiesOf(qm, A)).toEqual(["deep 0", "deep 1", "deep 2", "deep 3", "deep 4", "deep 5"]);
        const reopened = await open({ messagesInMemoryPerLane: 2 });
        expect(await bodiesOf(reopened, A)).toEqual([]);
        await reopened.xaResource.rollback("tx-2");
        expect(await bodiesOf(reopened, A)).toEqual([]);
        const back = await reopened.get(B);
        expect([back?.body, back?.backoutCount]).toEqual(["to give back", 1]);
        expect(reopened.queueStatus(A)).toMatchObject({ depth: 0, uncommitted: 0 });
        await reopened.close();
      });
    });

    it("two-phase commit: one-phase commit, joins, and the protocol's errors", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const xs = await (await qm.createConnection()).createXASession();
        const producer = xs.createProducer(xs.createQueue(A));
        expect(await reason(producer.send({ body: "outside" }))).toBe("MQRC_UOW_NOT_AVAILABLE");
        expect(await reason(xs.commit())).toBe("MQRC_OPTIONS_ERROR");
        await xs.xaResource.start("tx-3");
        await producer.send({ body: "first part" });
        expect(await reason(xs.xaResource.start("tx-4"))).toBe("MQRC_UOW_NOT_AVAILABLE");
        await xs.xaResource.end("tx-3");
        await xs.xaResource.start("tx-3");
        await producer.send({ body: "second part" });
        await xs.xaResource.end("tx-3");
        expect(await reason(xs.xaResource.commit("tx-3"))).toBe("MQRC_UOW_NOT_AVAILABLE");
        await xs.xaResource.commit("tx-3", true);
        expect(await bodiesOf(qm, A)).toEqual(["first part", "second part"]);
        expect(await reason(qm.xaResource.commit("no-such-xid"))).toBe("MQRC_UOW_NOT_AVAILABLE");
        await qm.close();
      });
    });

    it("delivery delay: a message is invisible until its time, also across a reopen and in a transaction", async () => {
      await withStorage(async (open) => {
        const clock = new ManualClock();
        const qm = await open({ clock });
        const session = await (await qm.createConnection()).createSession({ transacted: true });
        const producer = session.createProducer(session.createQueue(A));
        await producer.send({ body: "in a second", persistent: true, deliveryDelay: 1000 });
        await producer.send({ body: "now", persistent: false });
        await session.commit();
        await qm.put(A, { body: "in half a second", persistent: false, deliveryDelay: 500 });
        expect(qm.queueStatus(A).depth).toBe(3);
        expect((await qm.list(A)).length).toBe(1);
        expect((await qm.get(A))?.body).toBe("now");
        expect(await qm.get(A)).toBeNull();
        const waiting = qm.get(A, { wait: 5000 });
        clock.advance(500);
        expect((await waiting)?.body).toBe("in half a second");
        await qm.close();

        // Reopened before its time, the persistent one still waits; then it comes.
        const reopened = await open({ clock });
        expect(await reopened.get(A)).toBeNull();
        clock.advance(499);
        expect(await reopened.get(A)).toBeNull();
        clock.advance(1);
        expect((await reopened.get(A))?.body).toBe("in a second");
        expect(await reason(reopened.put(A, { body: "x", deliveryDelay: -1 }))).toBe("MQRC_OPTIONS_ERROR");
        await reopened.close();
      });
    });

    it("client acknowledgement: a listener that stops with a message pushed ahead gives back just that one, not what the session consumed", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "client" });
        const consumer = session.createConsumer(session.createQueue(A));
        const got: ReceivedMessage[] = [];
        consumer.setMessageListener((m) => void got.push(m));
        await qm.put(A, { body: "a", persistent: true });
        for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
        // "b" is pushed to the listener in the same turn as the consumer closes.
        const stop = qm.events.subscribe((event) => {
          if (event.type === "put" && event.queue === A) void consumer.close();
        });
        await qm.put(A, { body: "b", persistent: true });
        stop();
        await consumer.close();
        await got[0]!.acknowledge();
        // "a" was acknowledged and stays gone; "b" is back, never delivered.
        const again = await qm.get(A);
        expect(again === null ? null : [again.body, again.backoutCount]).toEqual(["b", 0]);
        expect(await qm.get(A)).toBeNull();
        await qm.close();
      });
    });

    it("NONE acknowledgement: a message pushed as the listener closes goes back, never lost", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "none" });
        const consumer = session.createConsumer(session.createQueue(A));
        const got: unknown[] = [];
        consumer.setMessageListener((m) => void got.push(m.body));
        await qm.put(A, { body: "a", persistent: true });
        for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
        await qm.put(A, { body: "b", persistent: true });
        await consumer.close();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const left = await bodiesOf(qm, A);
        expect([...got, ...left].sort()).toEqual(["a", "b"]);
        await qm.close();
      });
    });

    it("limits a queue's consumers: MAXACTCONS active, MAXBKPCONS backups that take over in order, the rest refused", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const altered = await qm.mqsc(`ALTER QLOCAL(${A}) MAXACTCONS(1) MAXBKPCONS(2)\nDISPLAY QLOCAL(${A}) MAXACTCONS MAXBKPCONS`);
        expect(altered.commands[1]!.objects![0]!.parameters).toMatchObject({ maxactcons: 1, maxbkpcons: 2 });
        // Ours, not IBM's: shown when named, not under ALL, so IBM's list stays IBM's.
        const all = await qm.mqsc(`DISPLAY QLOCAL(${A}) ALL`);
        expect(Object.keys(all.commands[0]!.objects![0]!.parameters)).not.toContain("maxactcons");
        expect(all.commands[0]!.objects![0]!.parameters).toHaveProperty("maxdepth");
        const connection = await qm.createConnection();
        const sessions = await Promise.all([1, 2, 3, 4].map(() => connection.createSession()));
        const [first, second, third] = sessions.slice(0, 3).map((s) => s.createConsumer(s.createQueue(A)));
        expect([first!.active, second!.active, third!.active]).toEqual([true, false, false]);
        expect(await reason(() => sessions[3]!.createConsumer(sessions[3]!.createQueue(A)))).toBe("MQRC_OBJECT_IN_USE");
        for (const body of ["one", "two", "three"]) await qm.put(A, { body });
        expect(await second!.receive(30)).toBeNull();
        expect((await first!.receive(100))?.body).toBe("one");
        const waiting = second!.receive(5000);
        await first!.close();
        expect((await waiting)?.body).toBe("two");
        expect(second!.active).toBe(true);
        await second!.close();
        expect((await third!.receive(100))?.body).toBe("three");
        await connection.close();
        await qm.close();
      });
    });

    it("takes messages ahead of a listener up to its prefetch, and gives back those it never handed over", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (let i = 1; i <= 5; i++) await qm.put(A, { body: `p${i}`, persistent: i % 2 === 1 });
        const connection = await qm.createConnection();
        const session = await connection.createSession();
        const consumer = session.createConsumer(session.createQueue(A), { prefetch: 3 });
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let handling!: () => void;
        const handed = new Promise<void>((resolve) => (handling = resolve));
        const seen: unknown[] = [];
        consumer.setMessageListener(async (message) => {
          seen.push(message.body);
          handling();
          await released;
        });
        await handed;
        // The first is with the listener, two more are held for it; the rest are for others.
        expect(qm.queueStatus(A)).toMatchObject({ depth: 5, uncommitted: 3 });
        const other = await connection.createSession();
        expect((await other.createConsumer(other.createQueue(A)).receive(100))?.body).toBe("p4");
        const closing = consumer.close();
        release();
        await closing;
        expect(seen).toEqual(["p1"]);
        const left: [unknown, number][] = [];
        for (let m = await qm.get(A); m; m = await qm.get(A)) left.push([m.body, m.backoutCount]);
        expect(left).toEqual([
          ["p2", 0],
          ["p3", 0],
          ["p5", 0],
        ]);
        await connection.close();
        await qm.close();
      });
    });

    it("gives a fast listener more of a shared queue than a slow one", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const counts = { fast: 0, slow: 0 };
        for (const [name, delay] of [
          ["fast", 0],
          ["slow", 25],
        ] as const) {
          const session = await connection.createSession();
          session.createConsumer(session.createQueue(A), { prefetch: 2 }).setMessageListener(async () => {
            counts[name]++;
            if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          });
        }
        for (let i = 0; i < 40; i++) await qm.put(A, { body: i });
        for (let tries = 0; counts.fast + counts.slow < 40 && tries < 300; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(counts.fast + counts.slow).toBe(40);
        expect(counts.fast).toBeGreaterThan(counts.slow);
        await connection.close();
        await qm.close();
      });
    });

    it("individual acknowledgement with prefetch: recover gives back what was taken ahead as it was, and hands none of it over stale", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        for (const body of ["p1", "p2", "p3"]) await qm.put(A, { body, persistent: true });
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "individual" });
        const consumer = session.createConsumer(session.createQueue(A), { prefetch: 3 });
        const seen: [unknown, number][] = [];
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let handed!: () => void;
        const first = new Promise<void>((resolve) => (handed = resolve));
        consumer.setMessageListener(async (message) => {
          seen.push([message.body, message.deliveryCount]);
          handed();
          await released;
        });
        await first;
        await session.recover();
        release();
        for (let tries = 0; seen.length < 4 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        await consumer.close();
        expect(seen).toEqual([
          ["p1", 1],
          ["p1", 2],
          ["p2", 1],
          ["p3", 1],
        ]);
        await qm.close();
      });
    });

    it("two-phase commit: refuses an xid already prepared (XAER_DUPID)", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const [one, two] = [await connection.createXASession(), await connection.createXASession()];
        await one.xaResource.start("dup");
        await two.xaResource.start("dup");
        await one.createProducer(one.createQueue(A)).send({ body: "one", persistent: true });
        await two.createProducer(two.createQueue(A)).send({ body: "two", persistent: true });
        await one.xaResource.end("dup");
        await two.xaResource.end("dup");
        await one.xaResource.prepare("dup");
        expect(await reason(two.xaResource.prepare("dup"))).toBe("MQRC_UOW_NOT_AVAILABLE");
        expect(await reason(two.xaResource.start("dup"))).toBe("MQRC_UOW_NOT_AVAILABLE");
        await two.xaResource.rollback("dup").catch(() => undefined);
        await qm.xaResource.commit("dup");
        expect(await bodiesOf(qm, A)).toEqual(["one"]);
        await connection.close();
        await qm.close();
      });
    });

    it("keeps serving the event loop while a listener fails on the same message, and closes", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.put(A, { body: "poison", persistent: false });
        const session = await (await qm.createConnection()).createSession();
        const consumer = session.createConsumer(session.createQueue(A));
        let attempts = 0;
        consumer.setMessageListener(() => {
          attempts++;
          throw new Error("cannot handle it");
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        await consumer.close();
        expect(attempts).toBeGreaterThan(1);
        expect(attempts).toBeLessThan(100);
        const back = await qm.get(A);
        expect([back?.body, back?.backoutCount]).toEqual(["poison", attempts]);
        await qm.close();
      });
    });

    it("takes no message for a listener that was removed while it waited, and keeps one whose earlier messages were acknowledged", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const session = await (await qm.createConnection()).createSession({ acknowledgeMode: "client" });
        const consumer = session.createConsumer(session.createQueue(A));
        consumer.setMessageListener(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 20));
        consumer.setMessageListener(null);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await qm.put(A, { body: "m1", persistent: true });
        expect((await consumer.receive(200))?.body).toBe("m1");
        await session.recover();

        const received: ReceivedMessage[] = [];
        consumer.setMessageListener((m) => void received.push(m));
        for (let tries = 0; received.length < 1 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        // Acknowledged from outside the listener while it waits for the next one.
        await received[0]!.acknowledge();
        await qm.put(A, { body: "m2", persistent: true });
        for (let tries = 0; received.length < 2 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(received.map((m) => m.body)).toEqual(["m1", "m2"]);
        await received[1]!.acknowledge();
        await consumer.close();
        expect(qm.queueStatus(A).depth).toBe(0);
        await qm.close();
      });
    });

    it("runs one listener per session, and refuses consumers while the session closes", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        // One active consumer at most on A: a place the closed session must give back.
        await qm.mqsc(`ALTER QLOCAL(${A}) MAXACTCONS(1)`);
        const session = await (await qm.createConnection()).createSession();
        session.createConsumer(session.createQueue(A)).setMessageListener(() => undefined);
        const other = session.createConsumer(session.createQueue(B));
        expect(await reason(() => other.setMessageListener(() => undefined))).toBe("MQRC_OBJECT_IN_USE");
        const closing = session.close();
        expect(await reason(() => session.createConsumer(session.createQueue(B)))).toBe("MQRC_HCONN_ERROR");
        await closing;
        const next = await (await qm.createConnection()).createSession();
        expect(next.createConsumer(next.createQueue(A)).active).toBe(true);
        await qm.close();
      });
    });

    it("two-phase commit: of two units preparing the same xid at once, one is refused", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const [one, two] = [await connection.createXASession(), await connection.createXASession()];
        for (const xs of [one, two]) {
          await xs.xaResource.start("race");
          await xs.createProducer(xs.createQueue(A)).send({ body: "x", persistent: true });
          await xs.xaResource.end("race");
        }
        const outcomes = await Promise.allSettled([one.xaResource.prepare("race"), two.xaResource.prepare("race")]);
        expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
        await qm.xaResource.commit("race");
        await one.xaResource.rollback("race").catch(() => undefined);
        await two.xaResource.rollback("race").catch(() => undefined);
        expect(qm.queueStatus(A)).toMatchObject({ depth: 1, uncommitted: 0 });
        await connection.close();
        await qm.close();
      });
    });
  });
}
