/**
 * The object catalogue contract, run on every store and runtime: every MQ object type is
 * defined, altered, shown and deleted with IBM's defaults and ranges; definitions survive a
 * reopen; aliases, remote queues, model queues and handles act as MQ's do.
 */
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

export function testObjects(name: string, harness: StoreHarness): void {
  const withManager = <T>(body: (open: () => Promise<QueueManager>) => Promise<T>) =>
    harness.withStorage(uniqueKey(`objects-${name}`), (openStore) => body(() => QueueManager.open({ name: "QM1", store: openStore() })));

  describe(`object catalogue contract: ${name}`, () => {
    it("defines every object type with IBM's defaults, and keeps them across a reopen", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineObject("localQueue", "APP.Q", {
          maxDepth: 100,
          trigger: true,
          triggerType: "every",
          processName: "APP.PROC",
          initiationQueue: "SYSTEM.DEFAULT.INITIATION.QUEUE",
        });
        await qm.defineObject("aliasQueue", "APP.ALIAS", { target: "APP.Q" });
        await qm.defineObject("remoteQueue", "APP.REMOTE", { remoteName: "TARGET.Q", remoteQueueManager: "QM2", transmissionQueue: "QM2.XMITQ" });
        await qm.defineObject("modelQueue", "APP.MODEL", { definitionType: "permanentDynamic" });
        await qm.defineObject("process", "APP.PROC", { applicationId: "/usr/bin/app", userData: "abc" });
        await qm.defineObject("namelist", "APP.NAMES", { names: ["A", "B"] });
        await qm.defineObject("topic", "APP.TOPIC", { topicString: "app/orders" });
        await qm.defineObject("subscription", "APP.SUB", { topicString: "app/orders", destination: "APP.Q" });
        await qm.defineObject("channel", "QM1.TO.QM2", {
          channelType: "sender",
          connectionName: "host(1414)",
          transmissionQueue: "QM2.XMITQ",
          disconnectInterval: 10,
        });
        await qm.close();

        const again = await open();
        expect(again.object("localQueue", "APP.Q")!.attributes).toMatchObject({
          maxDepth: 100,
          trigger: true,
          triggerType: "every",
          triggerDepth: 1,
          backoutThreshold: 0,
          deliverySequence: "priority",
        });
        expect(again.object("aliasQueue", "APP.ALIAS")!.attributes).toMatchObject({ target: "APP.Q", putEnabled: true });
        expect(again.object("remoteQueue", "APP.REMOTE")!.attributes).toMatchObject({ remoteName: "TARGET.Q", remoteQueueManager: "QM2" });
        expect(again.object("modelQueue", "APP.MODEL")!.attributes.definitionType).toBe("permanentDynamic");
        expect(again.object("process", "APP.PROC")!.attributes).toMatchObject({ applicationId: "/usr/bin/app", userData: "abc", environmentData: "" });
        expect(again.object("namelist", "APP.NAMES")!.attributes.names).toEqual(["A", "B"]);
        expect(again.object("topic", "APP.TOPIC")!.attributes.topicString).toBe("app/orders");
        expect(again.object("subscription", "APP.SUB")!.attributes).toMatchObject({ topicString: "app/orders", destination: "APP.Q" });
        const channel = again.object("channel", "QM1.TO.QM2")!.attributes;
        expect(channel).toMatchObject({ channelType: "sender", connectionName: "host(1414)", disconnectInterval: 10, heartbeatInterval: 300, batchSize: 50 });
        expect(channel).not.toHaveProperty("putAuthority"); // a sender has no PUTAUT
        expect(again.object("queue", "APP.ALIAS")!.type).toBe("aliasQueue");
        expect(again.object("localQueue", "APP.ALIAS")).toBeUndefined();
        await again.close();
      });
    });

    it("refuses values out of IBM's ranges, unknown attributes and clashing names", async () => {
      await withManager(async (open) => {
        const qm = await open();
        expect(await reason(qm.defineObject("localQueue", "Q1", { maxDepth: 1_000_000_000 }))).toBe("MQRC_OPTIONS_ERROR");
        expect(await reason(qm.defineObject("localQueue", "Q1", { triggerType: "sometimes" }))).toBe("MQRC_OPTIONS_ERROR");
        expect(await reason(qm.defineObject("localQueue", "Q1", { noSuchThing: 1 }))).toBe("MQRC_OPTIONS_ERROR");
        expect(await reason(qm.defineObject("channel", "C1", { connectionName: "x" }))).toBe("MQRC_OPTIONS_ERROR"); // no CHLTYPE
        expect(await reason(qm.defineObject("channel", "C1", { channelType: "receiver", connectionName: "x" }))).toBe("MQRC_OPTIONS_ERROR");
        expect(await reason(qm.defineObject("channel", "A.CHANNEL.NAME.TOO.LONG", { channelType: "receiver" }))).toBe("MQRC_OBJECT_NAME_ERROR");
        expect(await reason(qm.defineObject("subscription", "S1", {}))).toBe("MQRC_OPTIONS_ERROR");
        await qm.defineObject("aliasQueue", "SHARED.NAME", { target: "DEV.QUEUE.1" });
        expect(await reason(qm.defineObject("localQueue", "SHARED.NAME", {}, { replace: true }))).toBe("MQRC_OBJECT_TYPE_ERROR");
        expect(await reason(qm.defineObject("aliasQueue", "SHARED.NAME", { target: "DEV.QUEUE.2" }))).toBe("MQRC_OBJECT_ALREADY_EXISTS");
        await qm.defineObject("process", "SHARED.NAME"); // processes are a namespace of their own
        expect(await reason(qm.alterObject("localQueue", "SHARED.NAME", { maxDepth: 1 }))).toBe("MQRC_OBJECT_TYPE_ERROR");
        expect(await reason(qm.deleteObject("namelist", "NO.SUCH"))).toBe("MQRC_UNKNOWN_OBJECT_NAME");
        expect(qm.hasQueue("Q1")).toBe(false);
        await qm.close();
      });
    });

    it("starts a definition from SYSTEM.DEFAULT or LIKE, and REPLACE keeps the messages", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.alterObject("localQueue", "SYSTEM.DEFAULT.LOCAL.QUEUE", { maxDepth: 777 });
        await qm.defineObject("localQueue", "FROM.DEFAULT");
        await qm.defineObject("localQueue", "TEMPLATE", { description: "template", defaultPriority: 6 });
        await qm.defineObject("localQueue", "FROM.LIKE", { maxDepth: 5 }, { like: "TEMPLATE" });
        expect(qm.queueAttributes("FROM.DEFAULT").maxDepth).toBe(777);
        expect(qm.queueAttributes("FROM.LIKE")).toMatchObject({ description: "template", defaultPriority: 6, maxDepth: 5 });
        await qm.put("FROM.LIKE", { body: "kept", persistent: true });
        await qm.defineObject("localQueue", "FROM.LIKE", { description: "replaced" }, { replace: true });
        expect(qm.queueAttributes("FROM.LIKE")).toMatchObject({ description: "replaced", maxDepth: 777, defaultPriority: 0 });
        expect((await qm.get("FROM.LIKE"))!.body).toBe("kept");
        expect(qm.object("localQueue", "FROM.LIKE")!.createdAt).toBeLessThanOrEqual(qm.object("localQueue", "FROM.LIKE")!.alteredAt);
        await qm.close();
      });
    });

    it("puts and gets through an alias, with the alias's own PUT, GET and defaults", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineObject("aliasQueue", "ORDERS", { target: "DEV.QUEUE.1", defaultPriority: 7 });
        await qm.put("ORDERS", { body: "via alias" });
        expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
        expect(await qm.get("ORDERS")).toMatchObject({ body: "via alias", priority: 7 });
        await qm.alterObject("aliasQueue", "ORDERS", { putEnabled: false, getEnabled: false });
        expect(await reason(qm.put("ORDERS", { body: "x" }))).toBe("MQRC_PUT_INHIBITED");
        expect(await reason(qm.get("ORDERS"))).toBe("MQRC_GET_INHIBITED");
        await qm.put("DEV.QUEUE.1", { body: "direct still works" });
        await qm.defineObject("aliasQueue", "DANGLING", { target: "NO.SUCH.Q" });
        expect(await reason(qm.put("DANGLING", { body: "x" }))).toBe("MQRC_UNKNOWN_ALIAS_BASE_Q");
        await qm.close();
      });
    });

    it("puts to a remote queue onto its transmission queue, with the destination", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineObject("remoteQueue", "REMOTE.Q", { remoteName: "RCVR.TARGET.Q", remoteQueueManager: "QM2", transmissionQueue: "QM2" });
        expect(await reason(qm.put("REMOTE.Q", { body: "x" }))).toBe("MQRC_UNKNOWN_XMIT_Q");
        await qm.defineObject("localQueue", "QM2");
        expect(await reason(qm.put("REMOTE.Q", { body: "x" }))).toBe("MQRC_XMIT_Q_USAGE_ERROR");
        await qm.alterObject("localQueue", "QM2", { usage: "transmission" });
        await qm.put("REMOTE.Q", { body: "bound for QM2", persistent: true });
        await qm.close();
        const again = await open();
        expect(await again.get("QM2")).toMatchObject({ body: "bound for QM2", transmission: { remoteQueue: "RCVR.TARGET.Q", remoteQueueManager: "QM2" } });
        expect(await reason(again.get("REMOTE.Q"))).toBe("MQRC_OPTION_NOT_VALID_FOR_TYPE");
        await again.close();
      });
    });

    it("makes dynamic queues from a model: a temporary one goes with its handle, a permanent one stays", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineObject("modelQueue", "TEMP.MODEL", { maxDepth: 3 });
        const handle = await qm.open("TEMP.MODEL", { input: true, output: true, dynamicQueueName: "REPLY.*" });
        expect(handle.queueName).toMatch(/^REPLY\.[0-9A-F]{16}$/);
        expect(qm.queueAttributes(handle.queueName).maxDepth).toBe(3);
        expect(qm.queueDynamicType(handle.queueName)).toBe("temporary");
        expect(qm.queueStatus(handle.queueName)).toMatchObject({ openInputCount: 1, openOutputCount: 1 });
        expect(await reason(handle.put({ body: "x", persistent: true }))).toBe("MQRC_PERSISTENT_NOT_ALLOWED");
        await handle.put({ body: "reply" });
        expect((await handle.get())!.body).toBe("reply");
        expect(await reason(qm.deleteQueue(handle.queueName))).toBe("MQRC_OBJECT_IN_USE");
        await handle.close();
        expect(qm.hasQueue(handle.queueName)).toBe(false);

        await qm.defineObject("modelQueue", "PERM.MODEL", { definitionType: "permanentDynamic" });
        const permanent = await qm.open("PERM.MODEL", { output: true, dynamicQueueName: "KEPT.Q" });
        await permanent.put({ body: "stays", persistent: true });
        await permanent.close();
        await qm.close();
        const again = await open();
        expect(again.queueDynamicType("KEPT.Q")).toBe("permanent");
        expect((await again.get("KEPT.Q"))!.body).toBe("stays");
        await again.close();
      });
    });

    it("counts open handles and refuses what a handle was not opened for", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const reader = await qm.open("DEV.QUEUE.1", { input: true, application: "reader" });
        const writer = await qm.open("DEV.QUEUE.1", { output: true, browse: true });
        expect(qm.queueStatus("DEV.QUEUE.1")).toMatchObject({ openInputCount: 1, openOutputCount: 1 });
        expect(qm.handleStatuses("DEV.QUEUE.1").map((h) => [h.application, h.input, h.output, h.browse])).toEqual([
          ["reader", true, false, false],
          ["", false, true, true],
        ]);
        expect(await reason(() => reader.put({ body: "x" }))).toBe("MQRC_NOT_OPEN_FOR_OUTPUT");
        expect(await reason(() => writer.get())).toBe("MQRC_NOT_OPEN_FOR_INPUT");
        expect(await reason(() => reader.browse())).toBe("MQRC_NOT_OPEN_FOR_BROWSE");
        expect(await reason(qm.clearQueue("DEV.QUEUE.1"))).toBe("MQRC_OBJECT_IN_USE");
        await writer.put({ body: "hello" });
        expect((await writer.browse().next())!.body).toBe("hello");
        expect((await reader.get())!.body).toBe("hello");
        await reader.close();
        await writer.close();
        expect(await reason(() => reader.get())).toBe("MQRC_HOBJ_ERROR");
        expect(qm.queueStatus("DEV.QUEUE.1")).toMatchObject({ openInputCount: 0, openOutputCount: 0 });
        expect(await reason(qm.open("DEV.QUEUE.1", {}))).toBe("MQRC_OPTIONS_ERROR");
        await qm.alterQueue("DEV.QUEUE.2", { putEnabled: false });
        expect(await reason(qm.open("DEV.QUEUE.2", { output: true }))).toBe("MQRC_PUT_INHIBITED");
        await qm.close();
      });
    });

    it("cleans up after a failed open of a model queue, and a temporary dynamic queue goes with its handle even while a get waits", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.defineObject("modelQueue", "CLOSED.MODEL", { putEnabled: false });
        expect(await reason(qm.open("CLOSED.MODEL", { output: true }))).toBe("MQRC_PUT_INHIBITED");
        expect(qm.queueNames().filter((n) => n.startsWith("AMQ."))).toEqual([]);

        await qm.defineObject("modelQueue", "REPLY.MODEL");
        const owner = await qm.open("REPLY.MODEL", { input: true });
        const waiting = owner.get({ wait: Infinity });
        expect(qm.queueStatus(owner.queueName).openInputCount).toBe(1); // the handle, not the handle and its wait
        await owner.close();
        expect(await reason(waiting)).toBe("MQRC_Q_DELETED");
        expect(qm.hasQueue(owner.queueName)).toBe(false);

        await qm.defineObject("modelQueue", "PERM.MODEL", { definitionType: "permanentDynamic" });
        const both = await Promise.allSettled([
          qm.open("PERM.MODEL", { output: true, dynamicQueueName: "SAME.NAME" }),
          qm.open("PERM.MODEL", { output: true, dynamicQueueName: "SAME.NAME" }),
        ]);
        expect(both.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
        await qm.close();
      });
    });

    it("opens despite damaged stored records, reports them and leaves them in the store", async () => {
      await harness.withStorage(uniqueKey(`damaged-${name}`), async (openStore) => {
        const first = await QueueManager.open({ name: "QM1", store: openStore() });
        const { messageId } = await first.put("DEV.QUEUE.1", { body: "good", persistent: true });
        await first.close();
        const store = openStore();
        const [good] = await store.loadMessages({ queue: "DEV.QUEUE.1", priority: 0, afterSeq: -1, limit: 1 });
        await store.commit([
          { op: "putMessage", record: { ...good!, seq: good!.seq + 1, messageId: good!.messageId.slice(0, -1) + "f", priority: 12 }, body: "bad priority" },
          { op: "putObject", record: { kind: "queue", name: "ODD.Q", type: "localQueue", attributes: { maxDepth: "lots", description: "kept" } } },
          { op: "putObject", record: { kind: "queue", name: "WEIRD", type: "martianQueue", attributes: {} } },
          { op: "putMeta", key: "incarnation", value: 0 }, // as if the record of the last range were lost
        ]);
        await store.close();

        const qm = await QueueManager.open({ name: "QM1", store: openStore() });
        expect(qm.damagedRecords.map((d) => d.kind)).toEqual(["queue", "queue", "message"]);
        expect(qm.damagedRecords[2]!.problem).toMatch(/priority 12/);
        expect(qm.queueAttributes("ODD.Q")).toMatchObject({ maxDepth: 5000, description: "kept" });
        expect(qm.hasQueue("WEIRD")).toBe(false);
        const fresh = await qm.put("DEV.QUEUE.1", { body: "new", persistent: true });
        expect(fresh.messageId > messageId).toBe(true); // seqs still move forward past every stored one
        expect((await qm.get("DEV.QUEUE.1", { messageId }))!.body).toBe("good");
        await qm.close();
        const check = openStore();
        expect((await check.load()).queues.some((q) => q.priority === 12)).toBe(true); // left where it was
        await check.close();
      });
    });

    it("alters and keeps queue manager attributes", async () => {
      await withManager(async (open) => {
        const qm = await open();
        expect(qm.attributes).toMatchObject({ deadLetterQueue: "SYSTEM.DEAD.LETTER.QUEUE", maxMessageLength: 4194304, triggerInterval: 999999999 });
        await qm.alterQueueManager({ deadLetterQueue: "DEV.DEAD.LETTER.QUEUE", triggerInterval: 5000, description: "edge" });
        expect(await reason(qm.alterQueueManager({ maxMessageLength: 10 }))).toBe("MQRC_OPTIONS_ERROR");
        await qm.close();
        const again = await open();
        expect(again.attributes).toMatchObject({ deadLetterQueue: "DEV.DEAD.LETTER.QUEUE", triggerInterval: 5000, description: "edge" });
        expect(again.alteredAt).toBeGreaterThanOrEqual(again.createdAt);
        await again.close();
      });
    });
  });
}
