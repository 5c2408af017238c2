/**
 * Channels between two queue managers in one process (core/features/channels): a QREMOTE's
 * messages wait on the transmission queue and the sender moves them, in batches, to the
 * receiver's target queue; what the receiver cannot put goes to its dead-letter queue.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager, type StoreOp } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { drain } from "../fixtures/channel-helpers.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(options: { batchSize?: number; receiverDlq?: boolean } = {}) {
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
  open.push(page, edge);
  registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE QREMOTE(NOWHERE) RNAME(NO.SUCH.QUEUE) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) BATCHSZ(${options.batchSize ?? 50})`);
  // MRRTY(0): a put the receiver cannot make goes to the dead-letter queue at once (channels-retry.test.ts tries MRRTY).
  await edge.mqsc(`DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(RCVR) MRRTY(0)\nDEFINE QLOCAL(APP.ORDERS)`);
  if (options.receiverDlq === false) await edge.alterQueueManager({ deadLetterQueue: "" });
  return { page, edge, registry };
}

describe("a sender and receiver channel in one process", () => {
  it("moves every message put to the remote queue to its target, in order, keeping its ids and context", async () => {
    const { page, edge } = await pair({ batchSize: 7 });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await page.put("ORDERS", { body: `order ${i}`, persistent: true, properties: { n: i } })).messageId);
    expect(page.queueStatus("QM1").depth).toBe(30);
    expect(page.startChannel("APP.TO.QM1")).toBe("running");
    expect(await page.channelStarted("APP.TO.QM1")).toBe("running");
    const got = await drain(edge, "APP.ORDERS", 30);
    expect(got.map((m) => m.body)).toEqual(ids.map((_, i) => `order ${i}`));
    expect(got.map((m) => m.messageId)).toEqual(ids);
    expect(got[3]!.getProperty("n")).toBe(3);
    expect(got.every((m) => m.persistent && m.transmission === undefined)).toBe(true);
    await expect.poll(() => page.channelAgentStatus("APP.TO.QM1")?.messages).toBe(30);
    const status = page.channelAgentStatus("APP.TO.QM1")!;
    expect(status).toMatchObject({ status: "running", batches: 5, lastSeq: 30, currentSeq: 30, inDoubt: false });
    expect(status.lastLuwid).toMatch(/^[0-9A-F]{16}$/);
    expect(edge.channelAgentStatus("APP.TO.QM1")).toMatchObject({ lastSeq: 30, lastLuwid: status.lastLuwid, messages: 30 });
    expect(page.queueStatus("QM1").depth).toBe(0);
    const shown = await page.mqsc("DISPLAY CHSTATUS(APP.TO.QM1) ALL");
    expect(shown.commands[0]!.objects![0]!.parameters).toMatchObject({
      status: "RUNNING",
      msgs: 30,
      batches: 5,
      lstseqno: 30,
      lstluwid: status.lastLuwid,
      curseqno: 30,
      indoubt: "NO",
    });
    expect((await page.mqsc("STOP CHANNEL(NO.SUCH.CHANNEL)")).commands[0]!.completionCode).toBe(2);
    await page.stopChannel("APP.TO.QM1");
    expect(page.channelStatus("APP.TO.QM1")).toBe("stopped");
  });

  it("dead-letters a message for an unknown queue at the receiver with an MQDLH, and the batch goes on", async () => {
    const { page, edge } = await pair({ batchSize: 10 });
    await page.put("ORDERS", { body: "a", persistent: true });
    await page.put("NOWHERE", { body: "lost?", persistent: true });
    await page.put("ORDERS", { body: "b", persistent: true });
    page.startChannel("APP.TO.QM1");
    expect((await drain(edge, "APP.ORDERS", 2)).map((m) => m.body)).toEqual(["a", "b"]);
    const dead = await edge.get("SYSTEM.DEAD.LETTER.QUEUE", { wait: 5000 });
    expect(dead?.body).toBe("lost?");
    expect(dead?.deadLetterHeader).toMatchObject({ reason: 2085, destQueue: "NO.SUCH.QUEUE", destQueueManager: "QM1" });
    // PUT(DISABLED) at the receiver: dead-lettered with MQRC_PUT_INHIBITED, the next message still arrives.
    await edge.mqsc("ALTER QLOCAL(APP.ORDERS) PUT(DISABLED)");
    await page.put("ORDERS", { body: "inhibited", persistent: true });
    const inhibited = await edge.get("SYSTEM.DEAD.LETTER.QUEUE", { wait: 5000 });
    expect(inhibited?.body).toBe("inhibited");
    expect(inhibited?.deadLetterHeader).toMatchObject({ reason: 2051, destQueue: "APP.ORDERS" });
    await edge.mqsc("ALTER QLOCAL(APP.ORDERS) PUT(ENABLED)");
    await page.put("ORDERS", { body: "c", persistent: true });
    expect((await drain(edge, "APP.ORDERS", 1)).map((m) => m.body)).toEqual(["c"]);
  });

  it("resolves the queue manager a message is for as a put would: an alias of the receiver delivers here, an XMITQ sends it on (multi-hop)", async () => {
    const { page, edge } = await pair({ batchSize: 10 });
    // IBM's blueprints address the receiver as RECEIVER: a queue-manager alias makes this queue manager that name too.
    await page.mqsc("DEFINE QREMOTE(VIA.ALIAS) RNAME(APP.ORDERS) RQMNAME(RECEIVER) XMITQ(QM1)\nDEFINE QREMOTE(ONWARD) RNAME(FAR.Q) RQMNAME(QM3) XMITQ(QM1)");
    await edge.mqsc("DEFINE QREMOTE(RECEIVER) RNAME(' ') RQMNAME(QM1) XMITQ(' ')\nDEFINE QLOCAL(QM3) USAGE(XMITQ)");
    await page.put("VIA.ALIAS", { body: "by alias", persistent: true });
    await page.put("ONWARD", { body: "next hop", persistent: true });
    page.startChannel("APP.TO.QM1");
    expect((await drain(edge, "APP.ORDERS", 1)).map((m) => m.body)).toEqual(["by alias"]);
    const onward = await edge.get("QM3", { wait: 5000 });
    expect(onward?.body).toBe("next hop");
    expect(onward?.transmission).toEqual({ remoteQueue: "FAR.Q", remoteQueueManager: "QM3" });
    expect(edge.queueStatus("SYSTEM.DEAD.LETTER.QUEUE").depth).toBe(0);
  });

  it("with no dead-letter queue, stops with the reason and keeps the batch on the sender's transmission queue", async () => {
    const { page, edge } = await pair({ batchSize: 10, receiverDlq: false });
    await page.put("ORDERS", { body: "a", persistent: true });
    await page.put("NOWHERE", { body: "stuck", persistent: true });
    page.startChannel("APP.TO.QM1");
    await expect.poll(() => page.channelStatus("APP.TO.QM1")).toBe("stopped");
    expect(page.channelAgentStatus("APP.TO.QM1")?.reason).toContain("MQRC_UNKNOWN_OBJECT_NAME");
    expect(edge.queueStatus("APP.ORDERS").depth).toBe(0);
    expect(page.channelAgentStatus("APP.TO.QM1")?.inDoubt).toBe(true);
    // At the next start the batch the receiver never committed is backed out at the sender and sent again.
    await edge.mqsc("DEFINE QLOCAL(NO.SUCH.QUEUE)");
    page.startChannel("APP.TO.QM1");
    expect((await drain(edge, "APP.ORDERS", 1)).map((m) => m.body)).toEqual(["a"]);
    expect((await edge.get("NO.SUCH.QUEUE", { wait: 5000 }))?.body).toBe("stuck");
    await expect.poll(() => page.queueStatus("QM1").depth).toBe(0);
    expect(await edge.get("APP.ORDERS")).toBeNull();
    expect(page.channelAgentStatus("APP.TO.QM1")).toMatchObject({ status: "running", lastSeq: 2, inDoubt: false });
  });

  it("a sender whose partner is not reachable is RETRYING with the reason", async () => {
    const registry = new LinkedChannels();
    const page = await QueueManager.open({ name: "PAGE", channelConnector: registry });
    open.push(page);
    await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)\nDEFINE CHANNEL(APP.TO.QM1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1)`);
    page.startChannel("APP.TO.QM1");
    expect(await page.channelStarted("APP.TO.QM1")).toBe("retrying");
    expect(page.channelAgentStatus("APP.TO.QM1")?.reason).toContain("MQRC_CONNECTION_BROKEN");
  });

  it("a partner that connects again while the receiver is still committing the batch waits for that commit, and gets the batch confirmed, not sent twice", async () => {
    // The receiver's store holds each channel commit until released: the link is cut meanwhile.
    let release!: () => void;
    let committing!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (committing = resolve));
    class HeldStore extends MemoryStore {
      override async commit(batch: StoreOp[]): Promise<void> {
        if (batch.some((op) => op.op === "putMeta" && op.key.startsWith("channel/"))) {
          committing();
          await held;
        }
        return super.commit(batch);
      }
    }
    const registry = new LinkedChannels();
    const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
    const edge = await QueueManager.open({ name: "QM1", store: new HeldStore(new MemoryStorage()) });
    open.push(page, edge);
    registry.register(edge);
    await page.mqsc(
      `DEFINE QLOCAL(QM1) USAGE(XMITQ)\nDEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)\nDEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1)`,
    );
    await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
    await page.put("ORDERS", { body: "once", persistent: true });
    page.startChannel("C1");
    await reached;
    registry.cutAll();
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    page.startChannel("C1");
    await page.channelStarted("C1");
    release();
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("once");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "running", lastSeq: 1, inDoubt: false });
    expect(page.queueStatus("QM1").depth).toBe(0);
    expect(await edge.get("APP.ORDERS", { wait: 200 })).toBeNull();
  });
});
