/**
 * Publish/subscribe on every store: MQ topic strings with '#' and '+', subscriptions defined
 * in MQSC with a destination and a selector, JMS non-durable and durable subscribers (kept
 * across a restart while away), noLocal, publications in transactions, all or none.
 */
import { describe, expect, it } from "vitest";
import { QueueManager, type Store } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

export function testPubSub(name: string, harness: StoreHarness): void {
  const withStorage = <T>(body: (open: () => Promise<QueueManager>, openStore: () => Store) => Promise<T>) =>
    harness.withStorage(uniqueKey(`ps-${name}`), (openStore) => body(() => QueueManager.open({ name: "QM1", store: openStore() }), openStore));
  const bodiesOf = async (qm: QueueManager, queue: string) => {
    const out: unknown[] = [];
    for (let m = await qm.get(queue); m; m = await qm.get(queue)) out.push(m.body);
    return out;
  };

  describe(`publish/subscribe: ${name}`, () => {
    it("delivers a publication to each matching MQSC subscription's destination, through its selector, all or none", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const defined = await qm.mqsc(`
DEFINE QLOCAL(ALL.FRUIT) 
DEFINE QLOCAL(ANY.APPLES)
DEFINE QLOCAL(EU.ONLY)
DEFINE TOPIC(FRUIT) TOPICSTR('price/fruit')
DEFINE SUB(S.ALL) TOPICSTR('price/fruit/#') DEST(ALL.FRUIT)
DEFINE SUB(S.APPLES) TOPICSTR('price/+/apples') DEST(ANY.APPLES)
DEFINE SUB(S.EU) TOPICOBJ(FRUIT) TOPICSTR('#') DEST(EU.ONLY) SELECTOR('region = ''eu''')`);
        expect(defined.notProcessed).toBe(0);
        expect(await qm.publish("price/fruit/apples", { body: "1.20", persistent: true, properties: { region: "us" } })).toEqual({ subscriptions: 2 });
        expect(await qm.publish("price/fruit/pears", { body: "0.90", persistent: true, properties: { region: "eu" } })).toEqual({ subscriptions: 2 });
        expect(await qm.publish("price/vegetables/apples", { body: "odd", persistent: false })).toEqual({ subscriptions: 1 });
        expect(await qm.publish("news", { body: "none" })).toEqual({ subscriptions: 0 });
        expect(await bodiesOf(qm, "ALL.FRUIT")).toEqual(["1.20", "0.90"]);
        expect(await bodiesOf(qm, "ANY.APPLES")).toEqual(["1.20", "odd"]);
        expect(await bodiesOf(qm, "EU.ONLY")).toEqual(["0.90"]);
        const status = await qm.mqsc("DISPLAY SBSTATUS(S.*) ALL");
        expect(status.commands[0]!.messages[0]!.id).toBe("AMQ8099I");
        expect(status.commands[0]!.objects!.map((o) => [o.parameters.sub, o.parameters.nummsgs, o.parameters.topicstr, o.parameters.durable])).toEqual([
          ["S.ALL", 2, "price/fruit/#", "YES"],
          ["S.APPLES", 2, "price/+/apples", "YES"],
          ["S.EU", 1, "price/fruit/#", "YES"],
        ]);
        expect(Object.keys(status.commands[0]!.objects![0]!.parameters).sort()).toEqual([
          "actconn",
          "durable",
          "lmsgdate",
          "lmsgtime",
          "mcastrel",
          "nummsgs",
          "resmdate",
          "resmtime",
          "sub",
          "subid",
          "subtype",
          "subuser",
          "topicstr",
        ]);
        expect((await qm.mqsc("DISPLAY SBSTATUS(NOPE.*)")).commands[0]!.reasonCode).toBe(2428);

        // One destination that cannot take it: no subscriber gets it.
        await qm.alterQueue("ANY.APPLES", { maxDepth: 0 });
        expect(await reason(qm.publish("price/fruit/apples", { body: "refused" }))).toBe("MQRC_Q_FULL");
        expect(qm.queueStatus("ALL.FRUIT").depth).toBe(0);
        expect(await reason(qm.publish("price/#", { body: "x" }))).toBe("MQRC_TOPIC_STRING_ERROR");
        expect((await qm.mqsc("DEFINE SUB(S.BAD) TOPICSTR('a') DEST(EU.ONLY) SELECTOR('a LIKE 7')")).notProcessed).toBe(1);
        await qm.close();
      });
    });

    it("serves the subscriptions it had after a restart: status at once, publications through their selectors", async () => {
      await withStorage(async (open) => {
        const first = await open();
        await first.mqsc(`DEFINE QLOCAL(EU.ONLY)\nDEFINE SUB(S.EU) TOPICSTR('price/#') DEST(EU.ONLY) SELECTOR('region = ''eu''')`);
        await first.close();
        const qm = await open();
        expect(qm.subscriptionStatus("S.EU")).toMatchObject({ name: "S.EU", topic: "price/#", messages: 0 });
        expect((await qm.mqsc("DISPLAY SBSTATUS(S.EU)")).commands[0]!.objects!.map((o) => o.parameters.sub)).toEqual(["S.EU"]);
        expect(await qm.publish("price/pears", { body: "us", properties: { region: "us" } })).toEqual({ subscriptions: 0 });
        expect(await qm.publish("price/pears", { body: "eu", properties: { region: "eu" } })).toEqual({ subscriptions: 1 });
        expect(await bodiesOf(qm, "EU.ONLY")).toEqual(["eu"]);
        await qm.close();
      });
    });

    it("gives a non-durable JMS subscriber what is published while it is open, honouring noLocal, and commits publications with their transaction", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const session = await connection.createSession();
        const topic = session.createTopic("orders/eu");
        await qm.publish("orders/eu", { body: "before" });
        const all = session.createConsumer(session.createTopic("orders/#"));
        const remote = session.createConsumer(topic, { noLocal: true, selector: "big = TRUE" });
        await session.createProducer(topic).send({ body: "own", properties: { big: true } });
        await qm.publish("orders/eu", { body: "other", properties: { big: true } });
        expect([(await all.receive(100))?.body, (await all.receive(100))?.body, await all.receiveNoWait()]).toEqual(["own", "other", null]);
        expect([(await remote.receive(100))?.body, await remote.receiveNoWait()]).toEqual(["other", null]);

        const tx = await connection.createSession({ transacted: true });
        await tx.createProducer(topic).send({ body: "in a transaction" });
        expect(await all.receiveNoWait()).toBeNull();
        await tx.commit();
        expect((await all.receive(100))?.body).toBe("in a transaction");

        await all.close();
        await remote.close();
        expect(await qm.publish("orders/eu", { body: "after" })).toEqual({ subscriptions: 0 });
        expect(qm.queueNames().filter((q) => q.startsWith("SYSTEM.MANAGED"))).toEqual([]);
        await connection.close();
        await qm.close();
      });
    });

    it("keeps a durable subscription's publications while its subscriber is away, across a restart; replaces and unsubscribes as JMS says", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection({ clientId: "app-1" });
        const session = await connection.createSession();
        const topic = session.createTopic("stock/ibm");
        const first = await session.createDurableConsumer(topic, "ticker");
        expect(await reason(session.createDurableConsumer(topic, "ticker"))).toBe("MQRC_OBJECT_IN_USE");
        await qm.publish("stock/ibm", { body: "100", persistent: true });
        expect((await first.receive(100))?.body).toBe("100");
        await first.close();
        await qm.publish("stock/ibm", { body: "101", persistent: true });
        await qm.publish("stock/ibm", { body: "102", persistent: true });
        await connection.close();
        await qm.close();

        const reopened = await open();
        const again = await reopened.createConnection({ clientId: "app-1" });
        const back = await again.createSession();
        const subscriber = await back.createDurableConsumer(back.createTopic("stock/ibm"), "ticker");
        expect([(await subscriber.receive(100))?.body, (await subscriber.receive(100))?.body, await subscriber.receiveNoWait()]).toEqual(["101", "102", null]);
        expect(await reason(back.unsubscribe("ticker"))).toBe("MQRC_OBJECT_IN_USE");
        await subscriber.close();
        await reopened.publish("stock/ibm", { body: "103", persistent: true });
        // Another selector replaces the subscription: what waited for the old one is gone.
        const replaced = await back.createDurableConsumer(back.createTopic("stock/ibm"), "ticker", { selector: "price > 200" });
        expect(await replaced.receiveNoWait()).toBeNull();
        await replaced.close();
        await back.unsubscribe("ticker");
        expect(reopened.objects(["subscription"])).toEqual([]);
        expect(await reopened.publish("stock/ibm", { body: "104" })).toEqual({ subscriptions: 0 });
        await again.close();
        await reopened.close();
      });
    });

    it("spreads a shared subscription's publications over its consumers (JMS 2.0), durable or not", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection();
        const [one, two] = [await connection.createSession(), await connection.createSession()];
        const topic = one.createTopic("jobs");
        const a = one.createSharedConsumer(topic, "workers");
        const b = two.createSharedConsumer(topic, "workers");
        const durableA = await one.createSharedDurableConsumer(topic, "archive");
        const durableB = await two.createSharedDurableConsumer(topic, "archive");
        for (let i = 0; i < 4; i++) expect(await qm.publish("jobs", { body: `job ${i}`, persistent: true })).toEqual({ subscriptions: 2 });
        const taken = [await a.receive(100), await b.receive(100), await a.receive(100), await b.receive(100)].map((m) => m?.body);
        expect([...taken].sort()).toEqual(["job 0", "job 1", "job 2", "job 3"]);
        expect((await durableA.receive(100))?.body).toBe("job 0");
        expect((await durableB.receive(100))?.body).toBe("job 1");
        expect(await reason(one.unsubscribe("archive"))).toBe("MQRC_OBJECT_IN_USE");
        await Promise.all([a.close(), b.close(), durableA.close(), durableB.close()]);
        expect(await qm.publish("jobs", { body: "kept", persistent: true })).toEqual({ subscriptions: 1 });
        const later = await one.createSharedDurableConsumer(topic, "archive");
        expect([(await later.receive(100))?.body, (await later.receive(100))?.body, (await later.receive(100))?.body]).toEqual(["job 2", "job 3", "kept"]);
        await later.close();
        await one.unsubscribe("archive");
        await connection.close();
        await qm.close();
      });
    });

    it("gives each new subscription the last retained publication of each topic it takes, flagged MQIsRetained", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        await qm.publish("stock/ibm", { body: "101", persistent: true }, { retain: true });
        await qm.publish("stock/ibm", { body: "102", persistent: true }, { retain: true });
        await qm.publish("stock/sap", { body: "55", persistent: true, properties: { big: false } }, { retain: true });
        await qm.publish("stock/ibm", { body: "not kept" });
        await qm.mqsc("DEFINE QLOCAL(TICKS)\nDEFINE SUB(ALL.STOCK) TOPICSTR('stock/#') DEST(TICKS)");
        const ticks: unknown[] = [];
        for (let m = await qm.get("TICKS"); m; m = await qm.get("TICKS")) ticks.push([m.body, m.properties.find((p) => p.name === "MQIsRetained")?.value]);
        expect(ticks.sort()).toEqual([
          ["102", true],
          ["55", true],
        ]);
        await qm.close();

        const reopened = await open();
        const session = await (await reopened.createConnection({ clientId: "c" })).createSession();
        const durable = await session.createDurableConsumer(session.createTopic("stock/ibm"), "ibm");
        expect([(await durable.receive(100))?.body, await durable.receiveNoWait()]).toEqual(["102", null]);
        const fleeting = session.createConsumer(session.createTopic("stock/+"), { selector: "big = FALSE" });
        expect([(await fleeting.receive(200))?.body, await fleeting.receiveNoWait()]).toEqual(["55", null]);
        await reopened.close();
      });
    });

    it("shows the topic tree with DISPLAY TPSTATUS: '#' and '+', attributes resolved up the tree, retained publications, subscribers and publishers", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const defined = await qm.mqsc(`
DEFINE QLOCAL(APPLES.Q)
DEFINE TOPIC(FRUIT) TOPICSTR('price/fruit') DEFPRTY(6) DURSUB(NO)
DEFINE SUB(S.APPLES) TOPICSTR('price/fruit/apples') DEST(APPLES.Q)`);
        expect(defined.notProcessed).toBe(0);
        const connection = await qm.createConnection();
        const session = await connection.createSession();
        const apples = session.createTopic("price/fruit/apples");
        const fleeting = session.createConsumer(apples);
        await session.createProducer(apples).send({ body: "1.10" });
        await qm.publish("price/fruit/apples", { body: "1.20", persistent: true }, { retain: true });
        // ASPUB with no priority given: the topic's DEFPRTY, resolved from FRUIT up the tree.
        expect((await qm.get("APPLES.Q"))?.priority).toBe(6);

        const node = (await qm.mqsc("DISPLAY TPSTATUS('price/fruit/apples')")).commands[0]!;
        expect(node.messages[0]!.id).toBe("AMQ8754I");
        const parameters = node.objects![0]!.parameters;
        expect(Object.keys(parameters).sort()).toEqual([
          "admin",
          "clroute",
          "cluster",
          "comminfo",
          "defpresp",
          "defprty",
          "defpsist",
          "dursub",
          "mcast",
          "mdurmdl",
          "mndurmdl",
          "npmsgdlv",
          "pmsgdlv",
          "pub",
          "pubcount",
          "pubscope",
          "retained",
          "sub",
          "subcount",
          "subscope",
          "topicstr",
          "usedlq",
        ]);
        expect(parameters).toMatchObject({
          topicstr: "price/fruit/apples",
          admin: "",
          defprty: 6,
          dursub: "NO",
          defpsist: "NO",
          pub: "ENABLED",
          sub: "ENABLED",
          npmsgdlv: "ALLAVAIL",
          pmsgdlv: "ALLDUR",
          mdurmdl: "SYSTEM.DURABLE.MODEL.QUEUE",
          retained: "YES",
          subcount: 2,
          pubcount: 2,
        });
        const topicsOf = async (command: string) => (await qm.mqsc(command)).commands[0]!.objects!.map((o) => o.parameters.topicstr);
        expect(await topicsOf("DISPLAY TPSTATUS('price/#') ADMIN")).toEqual(["price", "price/fruit", "price/fruit/apples"]);
        expect(await topicsOf("DISPLAY TPSTATUS('price/+')")).toEqual(["price/fruit"]);
        expect(await topicsOf("DIS TPS('+/+/apples') WHERE(RETAINED EQ YES)")).toEqual(["price/fruit/apples"]);
        expect((await qm.mqsc("DISPLAY TPSTATUS('price/fruit') ADMIN DEFPRTY")).commands[0]!.objects![0]!.parameters).toEqual({
          topicstr: "price/fruit",
          admin: "FRUIT",
          defprty: 6,
        });
        expect((await qm.mqsc("DISPLAY TPSTATUS('price') DEFPRTY RETAINED")).commands[0]!.objects![0]!.parameters).toEqual({
          topicstr: "price",
          defprty: 0,
          retained: "NO",
        });

        const subscribers = (await qm.mqsc("DISPLAY TPSTATUS('price/fruit/apples') TYPE(SUB) ALL")).commands[0]!.objects!.map((o) => o.parameters);
        expect(subscribers.map((p) => [p.durable, p.subtype, p.nummsgs])).toEqual([
          ["YES", "ADMIN", 2],
          ["NO", "API", 2],
        ]);
        expect(Object.keys(subscribers[0]!).sort()).toEqual([
          "actconn",
          "durable",
          "lmsgdate",
          "lmsgtime",
          "mcastrel",
          "nummsgs",
          "resmdate",
          "resmtime",
          "subid",
          "subtype",
          "subuser",
          "topicstr",
        ]);
        expect(subscribers[0]!.subid).toBe((await qm.mqsc("DISPLAY SBSTATUS(S.APPLES)")).commands[0]!.objects![0]!.parameters.subid);
        expect(subscribers[1]!.actconn).not.toBe("0".repeat(48));
        const publishers = (await qm.mqsc("DISPLAY TPSTATUS('price/fruit/apples') TYPE(PUB)")).commands[0]!.objects!.map((o) => o.parameters);
        expect(Object.keys(publishers[0]!).sort()).toEqual(["actconn", "lpubdate", "lpubtime", "mcastrel", "numpubs", "topicstr"]);
        expect(publishers.map((p) => [p.actconn === "0".repeat(48), p.numpubs])).toEqual([
          [false, 1],
          [true, 1],
        ]);

        await fleeting.close();
        await connection.close();
        // A closed connection publishes no more; the queue manager's own API still does.
        expect((await qm.mqsc("DISPLAY TPSTATUS('price/fruit/apples') PUBCOUNT SUBCOUNT")).commands[0]!.objects![0]!.parameters).toMatchObject({
          pubcount: 1,
          subcount: 1,
        });
        const missing = (await qm.mqsc("DISPLAY TPSTATUS('nothing/#')")).commands[0]!;
        expect([missing.reasonCode, missing.reason]).toEqual([3308, "MQRCCF_TOPIC_STRING_NOT_FOUND"]);
        await qm.close();

        // The figures live in memory: after a restart the tree holds what is stored.
        const reopened = await open();
        expect((await reopened.mqsc("DISPLAY TPSTATUS('price/fruit/apples') RETAINED PUBCOUNT SUBCOUNT")).commands[0]!.objects![0]!.parameters).toEqual({
          topicstr: "price/fruit/apples",
          retained: "YES",
          pubcount: 0,
          subcount: 1,
        });
        expect((await reopened.mqsc("DISPLAY TPSTATUS('price/fruit/apples') TYPE(SUB) NUMMSGS")).commands[0]!.objects!.map((o) => o.parameters)).toEqual([
          { topicstr: "price/fruit/apples", subid: subscribers[0]!.subid, nummsgs: 0 },
        ]);
        await reopened.close();
      });
    });

    it("gives each subscription's copy the priority its PUBPRTY says: the publication's (ASPUB), its queue's DEFPRTY (ASQDEF), or a number", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const defined = await qm.mqsc(`
DEFINE QLOCAL(AS.PUB)
DEFINE QLOCAL(AS.QDEF) DEFPRTY(3)
DEFINE QLOCAL(FIXED)
DEFINE SUB(P.PUB) TOPICSTR('alerts') DEST(AS.PUB)
DEFINE SUB(P.QDEF) TOPICSTR('alerts') DEST(AS.QDEF) PUBPRTY(ASQDEF)
DEFINE SUB(P.NINE) TOPICSTR('alerts') DEST(FIXED) PUBPRTY(9)`);
        expect(defined.notProcessed).toBe(0);
        await qm.publish("alerts", { body: "given 7", priority: 7, persistent: true });
        await qm.publish("alerts", { body: "none given", persistent: true });
        await qm.close();

        const reopened = await open();
        const taken = async (queue: string) => {
          const out: unknown[] = [];
          for (let m = await reopened.get(queue); m; m = await reopened.get(queue)) out.push([m.body, m.priority]);
          return out;
        };
        expect(await taken("AS.PUB")).toEqual([
          ["given 7", 7],
          ["none given", 0],
        ]);
        expect(await taken("AS.QDEF")).toEqual([
          ["given 7", 3],
          ["none given", 3],
        ]);
        expect(await taken("FIXED")).toEqual([
          ["given 7", 9],
          ["none given", 9],
        ]);
        expect((await reopened.mqsc("DISPLAY SUB(P.QDEF) PUBPRTY")).commands[0]!.objects![0]!.parameters.pubprty).toBe("ASQDEF");
        await reopened.mqsc("ALTER SUB(P.NINE) PUBPRTY(ASPUB)");
        await reopened.publish("alerts", { body: "given 2", priority: 2 });
        expect(await taken("FIXED")).toEqual([["given 2", 2]]);
        await reopened.close();
      });
    });

    it("keeps no publication of its own client for a durable noLocal subscriber, while it is connected, away, or restarted (JMS 2.0)", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const connection = await qm.createConnection({ clientId: "trader" });
        const session = await connection.createSession();
        const topic = session.createTopic("fx/eur");
        const own = await session.createDurableConsumer(topic, "rates", { noLocal: true });
        const producer = session.createProducer(topic);
        await producer.send({ body: "mine, while connected", persistent: true });
        await qm.publish("fx/eur", { body: "theirs 1", persistent: true });
        expect([(await own.receive(100))?.body, await own.receiveNoWait()]).toEqual(["theirs 1", null]);
        await own.close();
        await producer.send({ body: "mine, while away", persistent: true });
        await qm.publish("fx/eur", { body: "theirs 2", persistent: true });
        await connection.close();
        await qm.close();

        const reopened = await open();
        const again = await reopened.createConnection({ clientId: "trader" });
        const back = await again.createSession();
        await back.createProducer(back.createTopic("fx/eur")).send({ body: "mine, after a restart", persistent: true });
        const other = await reopened.createConnection({ clientId: "other" });
        await (await other.createSession()).createProducer(back.createTopic("fx/eur")).send({ body: "theirs 3", persistent: true });
        const returned = await back.createDurableConsumer(back.createTopic("fx/eur"), "rates", { noLocal: true });
        expect([(await returned.receive(100))?.body, (await returned.receive(100))?.body, await returned.receiveNoWait()]).toEqual([
          "theirs 2",
          "theirs 3",
          null,
        ]);
        await returned.close();

        // Without noLocal it is another subscription (JMS replaces it), which takes its own client's publications.
        const plain = await back.createDurableConsumer(back.createTopic("fx/eur"), "rates");
        await back.createProducer(back.createTopic("fx/eur")).send({ body: "mine, now taken", persistent: true });
        expect([(await plain.receive(100))?.body, await plain.receiveNoWait()]).toEqual(["mine, now taken", null]);
        await plain.close();
        await back.unsubscribe("rates");
        await other.close();
        await again.close();
        await reopened.close();
      });
    });

    it("makes a queue for a DESTCLAS(MANAGED) subscription, and deletes it with the subscription", async () => {
      await withStorage(async (open) => {
        const qm = await open();
        const defined = await qm.mqsc("DEFINE SUB(MANAGED.NEWS) TOPICSTR('news/#') DESTCLAS(MANAGED)\nDISPLAY SUB(MANAGED.NEWS) DEST");
        expect(defined.notProcessed).toBe(0);
        const destination = String(defined.commands[1]!.objects![0]!.parameters.dest);
        expect(destination).toMatch(/^SYSTEM\.MANAGED\.DURABLE\.[0-9A-F]{16}$/);
        expect(await qm.publish("news/today", { body: "headline", persistent: true })).toEqual({ subscriptions: 1 });
        expect((await qm.get(destination))?.body).toBe("headline");
        await qm.publish("news/today", { body: "left behind", persistent: true });
        expect((await qm.mqsc("DELETE SUB(MANAGED.NEWS)")).notProcessed).toBe(0);
        expect(qm.hasQueue(destination)).toBe(false);
        await qm.close();
      });
    });
  });
}
