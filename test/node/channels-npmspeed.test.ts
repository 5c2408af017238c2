/**
 * NPMSPEED (core/features/channels/sender.ts, puts.ts, in-doubt.ts): on a FAST channel a
 * non-persistent message goes outside the batch's unit of work, put at the receiver as it
 * comes and never sent again; on a NORMAL one it waits for its batch like a persistent one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { HeldStore } from "../fixtures/channel-helpers.js";
import { LinkedChannels } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(speed: "FAST" | "NORMAL", options: { held?: boolean; receiverDlq?: boolean } = {}) {
  const registry = new LinkedChannels();
  const store = new HeldStore(new MemoryStorage());
  store.hold = options.held ?? false;
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
  const edge = await QueueManager.open({ name: "QM1", store });
  open.push(page, edge);
  registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE QREMOTE(NOWHERE) RNAME(NO.SUCH.QUEUE) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1) NPMSPEED(${speed})`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR) MRRTY(0) NPMSPEED(${speed})\nDEFINE QLOCAL(APP.ORDERS)`);
  if (options.receiverDlq === false) await edge.alterQueueManager({ deadLetterQueue: "" });
  return { page, edge, store };
}

describe("NPMSPEED", () => {
  it("FAST: a non-persistent message is on its queue before its batch commits", async () => {
    const { page, edge, store } = await pair("FAST", { held: true });
    await page.put("ORDERS", { body: "persistent", persistent: true });
    await page.put("ORDERS", { body: "fast", persistent: false });
    page.startChannel("C1");
    await store.reached;
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("fast");
    store.release();
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("persistent");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ messages: 2, batches: 1, lastSeq: 2, inDoubt: false });
  });

  it("NORMAL: a non-persistent message waits for its batch's commit", async () => {
    const { page, edge, store } = await pair("NORMAL", { held: true });
    await page.put("ORDERS", { body: "persistent", persistent: true });
    await page.put("ORDERS", { body: "normal", persistent: false });
    page.startChannel("C1");
    await store.reached;
    expect(await edge.get("APP.ORDERS", { wait: 100 })).toBeNull();
    store.release();
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("persistent");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("normal");
  });

  it("FAST: a batch backed out is sent again without its fast messages, which arrived once already", async () => {
    const { page, edge } = await pair("FAST", { receiverDlq: false });
    await page.put("ORDERS", { body: "fast", persistent: false });
    await page.put("NOWHERE", { body: "stuck", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    expect(page.channelAgentStatus("C1")?.inDoubt).toBe(true);
    await edge.mqsc("DEFINE QLOCAL(NO.SUCH.QUEUE)");
    page.startChannel("C1");
    expect((await edge.get("NO.SUCH.QUEUE", { wait: 5000 }))?.body).toBe("stuck");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "running", inDoubt: false });
    expect(page.queueStatus("QM1").depth).toBe(0);
    expect((await edge.get("APP.ORDERS"))?.body).toBe("fast");
    expect(await edge.get("APP.ORDERS", { wait: 100 })).toBeNull();
  });
});
