/**
 * The browser owner's channel keeper (adapters/browser/channels/keeper.ts), on fake-indexeddb
 * with two queue managers joined in process: a started channel is started again by the next
 * open of the same database with no START; one STOPped is forgotten (MQSC or the API);
 * a RETRYING channel is started at once when a page says the browser is online again. The
 * browser tests (test/browser/channel-*.test.ts) run the same over WebSocket in Chromium.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { keepChannels } from "../../adapters/browser/channels/keeper.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0).reverse()) await qm.close();
});

let databases = 0;

async function setUp() {
  const registry = new LinkedChannels();
  const server = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
  open.push(server);
  await server.mqsc("DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)");
  const storage = new MemoryStorage();
  const databaseName = `keeper-test-${++databases}`;
  /** The page's manager, as an owner opens it: on the same storage each time, kept. */
  const openPage = async () => {
    const qm = await QueueManager.open({ name: "APP", store: new MemoryStore(storage), channelConnector: registry });
    open.push(qm);
    const keeper = await keepChannels(qm, databaseName);
    return { qm, keeper };
  };
  return { registry, server, databaseName, openPage };
}

const SENDER = `DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1)`;

describe("the browser owner's channel keeper", () => {
  it("starts the channels that were running at the next open, and not those STOPped", async () => {
    const { registry, server, openPage } = await setUp();
    registry.register(server);
    const first = await openPage();
    await first.qm.mqsc(`${SENDER}\nSTART CHANNEL(APP.TO.QM1)`);
    expect(await first.qm.channelStarted("APP.TO.QM1")).toBe("running");
    await first.qm.close();

    const second = await openPage();
    expect([...second.keeper.kept]).toEqual(["APP.TO.QM1"]);
    await second.qm.put("ORDERS", { body: "after the owner changed", persistent: true });
    expect((await server.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("after the owner changed");
    await second.qm.mqsc("STOP CHANNEL(APP.TO.QM1)");
    await second.qm.close();

    const third = await openPage();
    expect([...third.keeper.kept]).toEqual([]);
    // Not started again, and still STOPPED, as IBM keeps a stopped channel across a restart.
    expect(third.qm.channelStatus("APP.TO.QM1")).toBe("stopped");
    // The API's startChannel and stopChannel are MQSC's: remembered and forgotten alike.
    third.qm.startChannel("APP.TO.QM1");
    await third.qm.close();
    const fourth = await openPage();
    expect([...fourth.keeper.kept]).toEqual(["APP.TO.QM1"]);
    await fourth.qm.stopChannel("APP.TO.QM1");
    await fourth.qm.close();
    expect([...(await openPage()).keeper.kept]).toEqual([]);
  });

  it("starts a RETRYING channel at once when a page says the browser is online again, and not while it is offline", async () => {
    const { registry, server, databaseName, openPage } = await setUp();
    const { qm, keeper } = await openPage();
    await qm.mqsc(SENDER); // SHORTTMR at its 60 s: only the online word starts it in this test
    qm.startChannel("APP.TO.QM1");
    expect(await qm.channelStarted("APP.TO.QM1")).toBe("retrying");
    await qm.put("ORDERS", { body: "put offline", persistent: true });

    const page = new BroadcastChannel(`webmq-network:${databaseName}`);
    page.postMessage({ t: "network", online: false });
    await expect.poll(() => keeper.online).toBe(false);
    registry.register(server);
    page.postMessage({ t: "network", online: true });
    await expect.poll(() => keeper.online).toBe(true);
    expect((await server.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("put offline");
    expect(qm.channelStatus("APP.TO.QM1")).toBe("running");
    page.close();
  });
});
