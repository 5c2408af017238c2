/**
 * The QueueManager contract, written once and run on every store and runtime: put, get,
 * browse, waits, limits, errors, and recovery after a reopen.
 */
import { describe, expect, it } from "vitest";
import { ManualClock, MQError, QueueManager, type Message, type MessageSummary, type Store, type StoreOp } from "../../core/index.js";
import { bind, reason, uniqueKey, type StoreHarness } from "./harness.js";

const Q = "DEV.QUEUE.1";

export function testQueueManager(name: string, harness: StoreHarness): void {
  /** Runs `body` with a function that opens a manager (again) on one storage. */
  const withManager = <T>(
    body: (open: (options?: { clock?: ManualClock; bodyCacheBytes?: number }) => Promise<QueueManager>, openStore: () => Store) => Promise<T>,
  ) =>
    harness.withStorage(uniqueKey(`qm-${name}`), (openStore) =>
      body((options = {}) => QueueManager.open({ name: "QM1", store: openStore(), ...options }), openStore),
    );

  describe(`QueueManager contract: ${name}`, () => {
    it("creates the default objects on first open", async () => {
      await withManager(async (open) => {
        const qm = await open();
        expect(qm.queueNames()).toEqual([
          "DEV.QUEUE.1",
          "DEV.QUEUE.2",
          "DEV.QUEUE.3",
          "SYSTEM.ADMIN.CHANNEL.EVENT",
          "SYSTEM.ADMIN.PERFM.EVENT",
          "SYSTEM.CHANNEL.INITQ",
          "SYSTEM.DEAD.LETTER.QUEUE",
          "SYSTEM.DEFAULT.INITIATION.QUEUE",
          "SYSTEM.DEFAULT.LOCAL.QUEUE",
        ]);
        expect(qm.objects(["aliasQueue", "remoteQueue", "modelQueue", "process", "namelist"]).map((o) => o.name)).toEqual([
          "SYSTEM.DEFAULT.ALIAS.QUEUE",
          "SYSTEM.DEFAULT.MODEL.QUEUE",
          "SYSTEM.DEFAULT.NAMELIST",
          "SYSTEM.DEFAULT.PROCESS",
          "SYSTEM.DEFAULT.REMOTE.QUEUE",
        ]);
        expect(qm.attributes.deadLetterQueue).toBe("SYSTEM.DEAD.LETTER.QUEUE");
        expect(qm.queueAttributes(Q)).toMatchObject({ maxDepth: 5000, maxMessageLength: 4194304, defaultPriority: 0, deliverySequence: "priority" });
        await qm.close();
      });
    });

    it("puts and gets a message with its descriptor, typed properties and ids", async () => {
      await withManager(async (open) => {
        const clock = new ManualClock();
        const qm = await open({ clock });
        const put = await qm.put(Q, {
          body: "hello",
          correlationId: "AB".repeat(24),
          replyToQueue: "REPLY.Q",
          type: "order",
          expiry: 60_000,
          properties: {
            count: 5,
            ratio: 5.5,
            whole: { type: "double", value: 5 },
            ok: true,
            none: null,
            name: "x",
            __proto__: "y",
            constructor: "z",
            big: 2n ** 62n,
          } as never,
        });
        expect(put.messageId).toMatch(/^[0-9a-f]{48}$/);
        expect(put.correlationId).toBe("ab".repeat(24));
        clock.advance(1000);
        const message = await qm.get(Q);
        expect(message).toMatchObject({
          messageId: put.messageId,
          correlationId: "ab".repeat(24),
          body: "hello",
          bodyFormat: "text",
          format: "MQSTR",
          priority: 0,
          persistent: false,
          replyToQueue: "REPLY.Q",
          replyToQueueManager: "QM1",
          type: "order",
          expiry: 59_000,
          backoutCount: 0,
          putTime: clock.now() - 1000,
        });
        const props = Object.fromEntries(message!.properties.map((p) => [p.name, [p.type, p.value]]));
        expect(props).toEqual({
          count: ["int", 5],
          ratio: ["double", 5.5],
          whole: ["double", 5],
          ok: ["boolean", true],
          none: ["null", null],
          name: ["string", "x"],
          constructor: ["string", "z"],
          big: ["long", 2n ** 62n],
        });
        expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
        expect(await qm.get(Q)).toBeNull();
        await qm.close();
      });
    });

    it("reads a received message's properties as JMS does: getProperty, propertyExists, names and an object view", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const properties = { region: "eu", count: 5, ratio: { type: "double", value: 5 }, ok: false, none: null, big: 2n ** 62n, constructor: "c" } as const;
        await qm.put(Q, { body: "a", persistent: true, properties });
        await qm.put(Q, { body: "b", persistent: true, properties: { region: "us" } });
        await qm.close();
        // Reopened: the properties come back from the store, not from the put's memory.
        const again = await open();
        const check = (m: Message | MessageSummary) => {
          expect(m.getProperty("region")).toBe("eu");
          expect(m.getProperty("count")).toBe(5);
          expect(m.getProperty("ratio")).toBe(5);
          expect(m.getProperty("ok")).toBe(false);
          expect(m.getProperty("big")).toBe(2n ** 62n);
          expect(m.getProperty("constructor")).toBe("c");
          // JMS getObjectProperty: null for a null property and for one the message does not have
          expect(m.getProperty("none")).toBeNull();
          expect(m.getProperty("missing")).toBeNull();
          expect(m.propertyExists("none")).toBe(true);
          expect(m.propertyExists("missing")).toBe(false);
          expect(m.getPropertyNames()).toEqual(["region", "count", "ratio", "ok", "none", "big", "constructor"]);
          expect({ ...m.propertyValues }).toEqual({ region: "eu", count: 5, ratio: 5, ok: false, none: null, big: 2n ** 62n, constructor: "c" });
          expect(Object.getPrototypeOf(m.propertyValues)).toBeNull();
          // the typed list stays: a double 5 is still a double
          expect(m.properties.find((p) => p.name === "ratio")).toEqual({ name: "ratio", type: "double", value: 5 });
        };
        check((await again.browse(Q).next())!);
        check((await again.list(Q))[0]!);
        const session = await (await again.createConnection()).createSession({ acknowledgeMode: "auto" });
        const received = await session.createConsumer(session.createQueue(Q)).receive(1000);
        check(received!);
        const second = await again.get(Q);
        expect(second!.propertyValues).toEqual(Object.assign(Object.create(null), { region: "us" }));
        expect(second!.getProperty("count")).toBeNull();
        await again.close();
      });
    });

    it("keeps __proto__ as a plain property name", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const properties = JSON.parse('{"__proto__": {"polluted": true}, "safe": 1}');
        expect(await reason(qm.put(Q, { body: "x", properties }))).toBe("MQRC_PROPERTY_TYPE_ERROR");
        await qm.put(Q, { body: "x", properties: JSON.parse('{"__proto__": "value"}') });
        const message = await qm.get(Q);
        expect(message!.properties).toEqual([{ name: "__proto__", type: "string", value: "value" }]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        await qm.close();
      });
    });

    it("refuses property names that break the JMS identifier rules", async () => {
      await withManager(async (open) => {
        const qm = await open();
        for (const bad of ["1abc", "a-b", "", "NULL", "and", "JMSFoo", "a b"]) {
          expect(await reason(qm.put(Q, { body: "x", properties: { [bad]: 1 } }))).toBe("MQRC_PROPERTY_NAME_ERROR");
        }
        expect(await reason(qm.put(Q, { body: "x", properties: { b: { type: "byte", value: 300 } } }))).toBe("MQRC_PROPERTY_TYPE_ERROR");
        expect(qm.queueStatus(Q).depth).toBe(0);
        await qm.close();
      });
    });

    it("delivers by priority, FIFO within a priority, and FIFO only under MSGDLVSQ(FIFO)", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const order = [
          [1, "a"],
          [5, "b"],
          [1, "c"],
          [9, "d"],
          [5, "e"],
        ] as const;
        for (const [priority, body] of order) await qm.put(Q, { body, priority });
        const got: string[] = [];
        for (let m = await qm.get(Q); m; m = await qm.get(Q)) got.push(m.body as string);
        expect(got).toEqual(["d", "b", "e", "a", "c"]);

        await qm.alterQueue(Q, { deliverySequence: "fifo" });
        for (const [priority, body] of order) await qm.put(Q, { body, priority });
        const fifo: string[] = [];
        for (let m = await qm.get(Q); m; m = await qm.get(Q)) fifo.push(m.body as string);
        expect(fifo).toEqual(["a", "b", "c", "d", "e"]);
        await qm.close();
      });
    });

    it("takes the default priority and persistence from the queue", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.alterQueue(Q, { defaultPriority: 7, defaultPersistence: true });
        const put = await qm.put(Q, { body: "x" });
        expect(put).toMatchObject({ priority: 7, persistent: true });
        expect(await qm.get(Q)).toMatchObject({ priority: 7, persistent: true });
        await qm.close();
      });
    });

    it("gets by message id and by correlation id without disturbing the rest", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const ids = [];
        for (let i = 0; i < 5; i++)
          ids.push((await qm.put(Q, { body: `m${i}`, correlationId: (i % 2 ? "01" : "02").repeat(24), persistent: i % 2 === 0 })).messageId);
        expect((await qm.get(Q, { messageId: ids[3]!.toUpperCase() }))!.body).toBe("m3");
        expect(await qm.get(Q, { messageId: ids[3] })).toBeNull();
        expect((await qm.get(Q, { correlationId: "01".repeat(24) }))!.body).toBe("m1");
        expect(await qm.get(Q, { correlationId: "01".repeat(24) })).toBeNull();
        expect(await qm.get(Q, { correlationId: "03".repeat(24) })).toBeNull();
        expect((await qm.get(Q, { correlationId: "02".repeat(24), messageId: ids[2] }))!.body).toBe("m2");
        expect(qm.queueStatus(Q).depth).toBe(2);
        expect((await qm.get(Q))!.body).toBe("m0");
        expect((await qm.get(Q))!.body).toBe("m4");
        expect(await reason(qm.get(Q, { messageId: "xyz" }))).toBe("MQRC_MSG_ID_ERROR");
        expect(await reason(qm.get(Q, { correlationId: "00" }))).toBe("MQRC_CORREL_ID_ERROR");
        await qm.close();
      });
    });

    it("enforces MAXDEPTH, MAXMSGL, PUT and GET inhibition, and reports unknown or bad names", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.alterQueue(Q, { maxDepth: 2, maxMessageLength: 10 });
        await qm.put(Q, { body: "1234567890" });
        expect(await reason(qm.put(Q, { body: "12345678901" }))).toBe("MQRC_MSG_TOO_BIG_FOR_Q");
        expect(await reason(qm.put(Q, { body: "é".repeat(6) }))).toBe("MQRC_MSG_TOO_BIG_FOR_Q"); // 12 UTF-8 bytes
        await qm.put(Q, { body: new Uint8Array(10) });
        expect(await reason(qm.put(Q, { body: "x" }))).toBe("MQRC_Q_FULL");
        await qm.alterQueue(Q, { maxMessageLength: 4194304 });
        await qm.alterQueueManager({ maxMessageLength: 32768 });
        await qm.alterQueue("DEV.QUEUE.2", { maxMessageLength: 100000 });
        expect(await reason(qm.put("DEV.QUEUE.2", { body: "x".repeat(40000) }))).toBe("MQRC_MSG_TOO_BIG_FOR_Q_MGR");
        await qm.alterQueue(Q, { putEnabled: false, getEnabled: false });
        expect(await reason(qm.put(Q, { body: "x" }))).toBe("MQRC_PUT_INHIBITED");
        expect(await reason(qm.get(Q))).toBe("MQRC_GET_INHIBITED");
        expect(await reason(() => qm.browse(Q))).toBe("MQRC_GET_INHIBITED");
        expect(await reason(qm.list(Q))).toBe("MQRC_GET_INHIBITED");
        expect(await reason(qm.put("NO.SUCH.QUEUE", { body: "x" }))).toBe("MQRC_UNKNOWN_OBJECT_NAME");
        expect(await reason(qm.get("NO.SUCH.QUEUE"))).toBe("MQRC_UNKNOWN_OBJECT_NAME");
        expect(await reason(qm.put("bad name!", { body: "x" }))).toBe("MQRC_OBJECT_NAME_ERROR");
        expect(await reason(qm.put("Q".repeat(49), { body: "x" }))).toBe("MQRC_OBJECT_NAME_ERROR");
        expect(await reason(qm.put("DEV.QUEUE.3", { body: "x", priority: 10 }))).toBe("MQRC_PRIORITY_ERROR");
        expect(await reason(qm.put("DEV.QUEUE.3", { body: "x", messageType: "nonsense" as never }))).toBe("MQRC_MSG_TYPE_ERROR");
        expect(await reason(qm.put("DEV.QUEUE.3", { body: "x", expiry: -5 }))).toBe("MQRC_EXPIRY_ERROR");
        expect(await reason(qm.get("DEV.QUEUE.3", { wait: -1 }))).toBe("MQRC_WAIT_INTERVAL_ERROR");
        expect(await reason(() => QueueManager.open({ name: "bad qmgr!" }))).toBe("MQRC_Q_MGR_NAME_ERROR");
        expect(qm.queueStatus(Q).depth).toBe(2);
        expect(qm.queueStatus("DEV.QUEUE.3").depth).toBe(0);
        await qm.close();
      });
    });

    it("never returns an expired message and removes it", async () => {
      await withManager(async (open) => {
        const clock = new ManualClock();
        const qm = await open({ clock });
        await qm.put(Q, { body: "short", expiry: 100, persistent: true });
        await qm.put(Q, { body: "short2", expiry: 100 });
        await qm.put(Q, { body: "long", expiry: 10_000 });
        clock.advance(100);
        expect((await qm.list(Q)).map((m) => m.expiry)).toEqual([9_900]);
        expect((await qm.get(Q))!.body).toBe("long");
        expect(qm.queueStatus(Q).depth).toBe(0);
        await qm.close();
        const reopened = await open({ clock });
        expect(qm.closed).toBe(true);
        expect(reopened.queueStatus(Q).depth).toBe(0);
        await reopened.close();
      });
    });

    it("waits for a message, times out with null, and ends waits on close", async () => {
      await withManager(async (open) => {
        const clock = new ManualClock();
        const qm = await open({ clock });
        const waiting = qm.get(Q, { wait: 5000 });
        const other = qm.get("DEV.QUEUE.2", { wait: 5000 });
        expect(qm.queueStatus(Q).openInputCount).toBe(1);
        await qm.put(Q, { body: "arrived", persistent: true });
        expect((await waiting)!.body).toBe("arrived");
        clock.advance(5000);
        expect(await other).toBeNull();

        const byCorrelation = qm.get(Q, { wait: 1000, correlationId: "07".repeat(24) });
        await qm.put(Q, { body: "not this one" });
        await qm.put(Q, { body: "this one", correlationId: "07".repeat(24) });
        expect((await byCorrelation)!.body).toBe("this one");
        expect((await qm.get(Q))!.body).toBe("not this one");

        const controller = new AbortController();
        const abandoned = qm.get(Q, { wait: Infinity, signal: controller.signal });
        controller.abort();
        expect(await abandoned).toBeNull();
        await qm.put(Q, { body: "kept for the next get" });
        expect(qm.queueStatus(Q).depth).toBe(1);
        expect((await qm.get(Q))!.body).toBe("kept for the next get");

        const forever = qm.get(Q, { wait: Infinity });
        await qm.close();
        expect(await reason(forever)).toBe("MQRC_Q_MGR_STOPPING");
        expect(await reason(qm.get(Q))).toBe("MQRC_Q_MGR_NOT_AVAILABLE");
      });
    });

    it("browses each message once, in delivery order, leaving them on the queue", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.put(Q, { body: "low", priority: 1, persistent: true });
        await qm.put(Q, { body: "high", priority: 8 });
        const cursor = qm.browse(Q);
        expect((await cursor.next())!.body).toBe("high");
        await qm.put(Q, { body: "higher, but behind the cursor", priority: 9 });
        await qm.put(Q, { body: "low too", priority: 1 });
        expect((await cursor.next())!.body).toBe("low");
        expect((await cursor.next())!.body).toBe("low too");
        expect(await cursor.next()).toBeNull();
        expect(qm.queueStatus(Q).depth).toBe(4);
        const all: string[] = [];
        for await (const m of qm.browse(Q)) all.push(m.body as string);
        expect(all).toEqual(["higher, but behind the cursor", "high", "low", "low too"]);
        const list = await qm.list(Q, { limit: 2 });
        expect(list.map((m) => m.priority)).toEqual([9, 8]);
        expect("body" in list[0]!).toBe(false);
        await qm.close();
      });
    });

    it("restores persistent messages in order with their ids after a reopen, and only those", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineQueue("APP.ORDERS", { maxDepth: 42, description: "orders", deliverySequence: "fifo" });
        const puts = [];
        for (let i = 0; i < 6; i++) {
          puts.push(
            await qm.put("APP.ORDERS", {
              body: i === 2 ? new Uint8Array([i, 255]) : i === 3 ? { n: i } : `p${i}`,
              persistent: i !== 4,
              priority: i % 3,
              properties: { i, ...(i === 1 ? { odd: NaN, far: -Infinity } : {}) },
            }),
          );
        }
        await qm.get("APP.ORDERS"); // p0 is gone for good
        await qm.close();

        const again = await open();
        expect(again.queueAttributes("APP.ORDERS")).toMatchObject({ maxDepth: 42, description: "orders", deliverySequence: "fifo" });
        const got = [];
        for (let m = await again.get("APP.ORDERS"); m; m = await again.get("APP.ORDERS")) got.push(m);
        expect(got.map((m) => m.messageId)).toEqual([puts[1], puts[2], puts[3], puts[5]].map((p) => p!.messageId));
        expect(got[0]!.body).toBe("p1");
        expect(got[0]!.properties).toEqual([
          { name: "i", type: "int", value: 1 },
          { name: "odd", type: "double", value: NaN },
          { name: "far", type: "double", value: -Infinity },
        ]);
        expect([...(got[1]!.body as Uint8Array)]).toEqual([2, 255]);
        expect(got[2]!.body).toEqual({ n: 3 });
        expect(got[3]!.properties).toEqual([{ name: "i", type: "int", value: 5 }]);
        const fresh = await again.put("APP.ORDERS", { body: "new" });
        expect(puts.map((p) => p.messageId)).not.toContain(fresh.messageId);
        await again.close();
      });
    });

    it("keeps a correlation id given as text with its bytes across a reopen, and refuses text and bytes that disagree", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const bytes = Array.from(new TextEncoder().encode("order-42"), (b) => b.toString(16).padStart(2, "0"))
          .join("")
          .padEnd(48, "0");
        const put = await qm.put(Q, { body: "order", persistent: true, correlationIdText: "order-42" });
        expect(put.correlationId).toBe(bytes);
        await qm.put(Q, { body: "both", persistent: true, correlationIdText: "order-42", correlationId: bytes.toUpperCase() });
        expect(await reason(qm.put(Q, { body: "no", correlationIdText: "order-42", correlationId: "1".repeat(48) }))).toBe("MQRC_CORREL_ID_ERROR");
        expect(await reason(qm.put(Q, { body: "no", correlationIdText: "x".repeat(25) }))).toBe("MQRC_CORREL_ID_ERROR");
        await qm.close();

        const again = await open();
        const first = await again.get(Q, { correlationId: bytes });
        expect(first).toMatchObject({ body: "order", correlationId: bytes, correlationIdText: "order-42" });
        const [listed] = await again.list(Q);
        expect(listed).toMatchObject({ correlationId: bytes, correlationIdText: "order-42" });
        expect(await again.get(Q)).toMatchObject({ body: "both", correlationIdText: "order-42" });
        await again.close();
      });
    });

    it("has a persistent message in the store before put resolves, and a non-persistent one never", async () => {
      await withManager(async (open, openStore) => {
        const qm = await open();
        await qm.put(Q, { body: "durable", persistent: true });
        await qm.put(Q, { body: "fleeting", persistent: false });
        const peek = openStore();
        expect((await peek.load()).queues.filter((q) => q.queue === Q)).toEqual([
          { queue: Q, priority: 0, count: 1, maxSeq: expect.any(Number), bytes: expect.any(Number) },
        ]);
        const stored = await peek.loadMessages({ queue: Q, priority: 0, afterSeq: -1, limit: 10 });
        expect(stored).toHaveLength(1);
        expect(await peek.readBody(stored[0]!.seq)).toBe("durable");
        await qm.close();
        await peek.close();
      });
    });

    it("commits puts that arrive together in one store transaction; a failure rejects exactly the puts that cannot be stored", async () => {
      await withManager(async (_open, openStore) => {
        const store = openStore();
        const commits: StoreOp[][] = [];
        let storeDown = false;
        // The real store underneath, watched: which batches reach it; it refuses any batch that
        // holds a body "poison", and every batch while it is down.
        const watched: Store = {
          ...bind(store),
          groupCommit: undefined, // grouped, whatever the store prefers: grouping is what is watched
          commit: async (batch) => {
            commits.push(batch);
            if (storeDown) throw new Error("injected failure: store down");
            if (batch.some((op) => op.op === "putMessage" && op.body === "poison")) throw new Error("injected failure: poison");
            return store.commit(batch);
          },
        };
        const qm = await QueueManager.open({ name: "QM1", store: watched });
        commits.length = 0;
        const first = await Promise.all(Array.from({ length: 64 }, (_, i) => qm.put(Q, { body: `g${i}`, persistent: true })));
        expect(first).toHaveLength(64);
        expect(commits).toHaveLength(1);
        expect(commits[0]!.filter((op) => op.op === "putMessage")).toHaveLength(64);

        // One bad batch among eight: the shared transaction fails, each batch is tried alone, only the bad one is refused.
        const mixed = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => qm.put(Q, { body: i === 3 ? "poison" : `m${i}`, persistent: true })));
        expect(mixed.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
        expect(((mixed[3] as PromiseRejectedResult).reason as MQError).reason).toBe("MQRC_RESOURCE_PROBLEM");

        storeDown = true;
        const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => qm.put(Q, { body: `f${i}`, persistent: true })));
        expect(outcomes.every((o) => o.status === "rejected" && (o.reason as MQError).reason === "MQRC_RESOURCE_PROBLEM")).toBe(true);
        storeDown = false;
        await qm.put(Q, { body: "after", persistent: true });
        expect(qm.queueStatus(Q).depth).toBe(72);
        await qm.close();

        const again = await QueueManager.open({ name: "QM1", store: openStore() });
        const bodies = [];
        for (let m = await again.get(Q); m; m = await again.get(Q)) bodies.push(m.body);
        expect(bodies).toEqual([...Array.from({ length: 64 }, (_, i) => `g${i}`), "m0", "m1", "m2", "m4", "m5", "m6", "m7", "after"]);
        await again.close();
      });
    });

    it("pages persistent bodies out of memory and reads them back on delivery", async () => {
      await withManager(async (_open, openStore) => {
        const store = openStore();
        const reads: number[] = [];
        const watched: Store = { ...bind(store), readBody: (seq) => (reads.push(seq), store.readBody(seq)) };
        const qm = await QueueManager.open({ name: "QM1", store: watched, bodyCacheBytes: 0 });
        for (let i = 0; i < 20; i++) await qm.put(Q, { body: `paged ${i}`, persistent: true });
        expect(reads).toHaveLength(0);
        const browsed = await qm.browse(Q).next();
        expect(browsed!.body).toBe("paged 0");
        expect(reads).toHaveLength(1); // the body was not in memory: it came from the store
        for (let i = 0; i < 20; i++) expect((await qm.get(Q))!.body).toBe(`paged ${i}`);
        expect(reads).toHaveLength(21);
        await qm.close();

        // With room for them, bodies stay in memory and no read is needed.
        reads.length = 0;
        const roomy = await QueueManager.open({ name: "QM1", store: { ...bind(openStore()), readBody: (seq) => (reads.push(seq), store.readBody(seq)) } });
        await roomy.put(Q, { body: "kept in memory", persistent: true });
        expect((await roomy.get(Q))!.body).toBe("kept in memory");
        expect(reads).toHaveLength(0);
        await roomy.close();
      });
    });

    it("works on a queue deeper than memory: pages in by priority and FIFO, by id and correlation id, browses, waits, clears, reopens", async () => {
      await withManager(async (_open, openStore) => {
        const store = openStore();
        const pageQueries: number[] = [];
        const watched: Store = { ...bind(store), loadMessages: (query) => ("priority" in query && pageQueries.push(query.limit), store.loadMessages(query)) };
        const options = { name: "QM1", messagesInMemoryPerLane: 4 };
        const qm = await QueueManager.open({ ...options, store: watched });
        const puts: { body: string; priority: number; id: string }[] = [];
        for (let i = 0; i < 40; i++) {
          const priority = i % 3 === 0 ? 5 : 1;
          const put = await qm.put(Q, { body: `d${i}`, priority, persistent: i % 7 !== 3, correlationId: i === 33 ? "cd".repeat(24) : undefined });
          puts.push({ body: `d${i}`, priority, id: put.messageId });
        }
        const order = [...puts.filter((p) => p.priority === 5), ...puts.filter((p) => p.priority === 1)].map((p) => p.body);
        expect(qm.queueStatus(Q).depth).toBe(40);
        const browsed: string[] = [];
        for await (const m of qm.browse(Q)) browsed.push(m.body as string);
        expect(browsed).toEqual(order);
        expect((await qm.list(Q)).map((m) => m.messageId)).toEqual(order.map((b) => puts.find((p) => p.body === b)!.id));
        expect((await qm.get(Q, { messageId: puts[20]!.id }))!.body).toBe("d20");
        expect((await qm.get(Q, { correlationId: "cd".repeat(24) }))!.body).toBe("d33");
        const got: string[] = [];
        for (let m = await qm.get(Q); m; m = await qm.get(Q)) got.push(m.body as string);
        expect(got).toEqual(order.filter((b) => b !== "d20" && b !== "d33"));
        expect(qm.queueStatus(Q).depth).toBe(0);
        expect(pageQueries.length).toBeGreaterThan(0);
        expect(pageQueries).toContain(2); // pages are half a lane's memory

        // FIFO across paged lanes, and a wait served from a paged part.
        await qm.alterQueue(Q, { deliverySequence: "fifo" });
        const waiting = qm.get(Q, { correlationId: "ef".repeat(24), wait: Infinity });
        for (let i = 0; i < 12; i++)
          await qm.put(Q, { body: `f${i}`, priority: i % 2 ? 7 : 2, persistent: true, correlationId: i === 11 ? "ef".repeat(24) : undefined });
        expect((await waiting)!.body).toBe("f11");
        const fifo: string[] = [];
        for (let m = await qm.get(Q); m; m = await qm.get(Q)) fifo.push(m.body as string);
        expect(fifo).toEqual(Array.from({ length: 11 }, (_, i) => `f${i}`));

        // A deep queue survives a reopen in order, and CLEAR removes paged messages too.
        for (let i = 0; i < 30; i++) await qm.put(Q, { body: `r${i}`, persistent: true, priority: i % 2 ? 3 : 8 });
        await qm.close();
        const again = await QueueManager.open({ ...options, store: openStore() });
        expect(again.queueStatus(Q).depth).toBe(30);
        const afterReopen: string[] = [];
        for (let m = await again.get(Q); m; m = await again.get(Q)) afterReopen.push(m.body as string);
        expect(afterReopen).toEqual(Array.from({ length: 30 }, (_, i) => `r${i}`)); // FIFO, as altered
        for (let i = 0; i < 20; i++) await again.put(Q, { body: `c${i}`, persistent: true });
        expect(await again.clearQueue(Q)).toBe(20);
        await again.close();
        const cleared = await QueueManager.open({ ...options, store: openStore() });
        expect(cleared.queueStatus(Q).depth).toBe(0);
        expect(await cleared.get(Q)).toBeNull();
        await cleared.close();
      });
    });

    it("deletes and clears queues as MQ does, and keeps definitions across a reopen", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineQueue("TEMP.Q");
        expect(await reason(qm.defineQueue("TEMP.Q"))).toBe("MQRC_OBJECT_ALREADY_EXISTS");
        await qm.put("TEMP.Q", { body: "x", persistent: true });
        expect(await reason(qm.deleteQueue("TEMP.Q"))).toBe("MQRC_Q_NOT_EMPTY");
        await qm.defineQueue("LIKE.Q", { description: "copied" }, { like: "TEMP.Q" });
        await qm.alterQueue("LIKE.Q", { maxDepth: 3 });
        expect(await qm.clearQueue("TEMP.Q")).toBe(1);
        await qm.put("TEMP.Q", { body: "y", persistent: true });
        await qm.deleteQueue("TEMP.Q", { purge: true });
        expect(qm.hasQueue("TEMP.Q")).toBe(false);
        await qm.close();
        const again = await open();
        expect(again.hasQueue("TEMP.Q")).toBe(false);
        expect(again.queueAttributes("LIKE.Q")).toMatchObject({ maxDepth: 3, description: "copied" });
        await again.defineQueue("TEMP.Q");
        expect(again.queueStatus("TEMP.Q").depth).toBe(0);
        await again.close();
      });
    });
  });
}
