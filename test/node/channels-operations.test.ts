/**
 * The operator's channel commands (core/features/channels/operations.ts, MQSC in
 * core/features/mqsc/channel-commands.ts): RESOLVE CHANNEL, RESET CHANNEL, PING CHANNEL, and
 * STOP CHANNEL MODE(QUIESCE) against MODE(FORCE), between two queue managers in one process.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { HeldStore } from "../fixtures/channel-helpers.js";
import { LinkedChannels } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(options: { receiverDlq?: boolean; held?: boolean } = {}) {
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
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1)`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
  if (options.receiverDlq === false) await edge.alterQueueManager({ deadLetterQueue: "" });
  return { page, edge, registry, store };
}

const run = async (qm: QueueManager, command: string) => (await qm.mqsc(command)).commands[0]!;

/** A sender stopped with its batch in doubt: the receiver could neither put nor dead-letter a message of it. */
async function inDoubtPair() {
  const ends = await pair({ receiverDlq: false });
  await ends.page.put("ORDERS", { body: "a", persistent: true });
  await ends.page.put("NOWHERE", { body: "stuck", persistent: true });
  ends.page.startChannel("C1");
  await expect.poll(() => ends.page.channelStatus("C1")).toBe("stopped");
  expect(ends.page.channelAgentStatus("C1")?.inDoubt).toBe(true);
  return ends;
}

describe("RESOLVE CHANNEL", () => {
  it("ACTION(BACKOUT) puts the in-doubt batch back on the transmission queue, without the partner", async () => {
    const { page } = await inDoubtPair();
    expect(page.queueStatus("QM1").depth).toBe(2); // prepared gets: still counted, out of sight
    const done = await run(page, "RESOLVE CHANNEL(C1) ACTION(BACKOUT)");
    expect(done.completionCode).toBe(0);
    expect(done.text[0]).toMatch(/^AMQ8024I/);
    expect(page.channelAgentStatus("C1")).toMatchObject({ inDoubt: false, lastSeq: 0 });
    expect((await page.get("QM1"))?.body).toBe("a");
    // Nothing left to resolve: refused as not in doubt.
    const again = await run(page, "RESOLVE CHANNEL(C1) ACTION(BACKOUT)");
    expect(again).toMatchObject({ completionCode: 2, reasonCode: 3053 });
  });

  it("ACTION(COMMIT) discards the batch; the receiver never had it, so the next start finds the sequence numbers apart (AMQ9526) until RESET CHANNEL", async () => {
    const { page, edge } = await inDoubtPair();
    expect((await run(page, "RESOLVE CHANNEL(C1) ACTION(COMMIT)")).completionCode).toBe(0);
    expect(page.queueStatus("QM1").depth).toBe(0);
    expect(page.channelAgentStatus("C1")).toMatchObject({ inDoubt: false, lastSeq: 2 });
    await edge.mqsc("DEFINE QLOCAL(NO.SUCH.QUEUE)");
    await page.put("ORDERS", { body: "b", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.reason ?? "").toContain("AMQ9526");
    // RESET at the sending end: the receiver takes the number at the next start, and the channel runs.
    const reset = await run(page, "RESET CHANNEL(C1) SEQNUM(40)");
    expect(reset.completionCode).toBe(0);
    expect(reset.text[0]).toMatch(/^AMQ8023I/);
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("b");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "running", lastSeq: 41 });
    expect(edge.channelAgentStatus("C1")).toMatchObject({ lastSeq: 41 });
  });

  it("is refused while the channel runs, and on a receiving channel", async () => {
    const { page, edge } = await pair();
    page.startChannel("C1");
    expect(await page.channelStarted("C1")).toBe("running");
    const refused = await run(page, "RESOLVE CHANNEL(C1) ACTION(COMMIT)");
    expect(refused).toMatchObject({ completionCode: 2, reasonCode: 4031 });
    expect(refused.text[0]).toMatch(/^AMQ9514E/);
    await edge.mqsc("DEFINE CHANNEL(C2) CHLTYPE(RCVR)");
    expect(await run(edge, "RESOLVE CHANNEL(C2) ACTION(COMMIT)")).toMatchObject({ completionCode: 2, reasonCode: 4041 });
    expect((await run(page, "RESOLVE CHANNEL(C1)")).syntaxError).toBeTruthy();
  });
});

describe("RESET CHANNEL", () => {
  it("at both ends to the same number: the next start agrees, and the numbers go on from there", async () => {
    const { page, edge } = await pair();
    await page.put("ORDERS", { body: "one", persistent: true });
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("one");
    await page.stopChannel("C1");
    expect((await run(edge, "RESET CHANNEL(C1) SEQNUM(500)")).completionCode).toBe(0);
    expect((await run(page, "RESET CHANNEL(C1) SEQNUM(500)")).completionCode).toBe(0);
    await page.put("ORDERS", { body: "two", persistent: true });
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("two");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ lastSeq: 501, inDoubt: false });
    expect((await run(page, "RESET CHANNEL(C1) SEQNUM(1)")).reasonCode).toBe(4031); // running
  });
});

describe("PING CHANNEL", () => {
  it("exchanges data with the partner's channel without moving a message (AMQ8020I)", async () => {
    const { page } = await pair();
    await page.put("ORDERS", { body: "stays", persistent: true });
    const ping = await run(page, "PING CHANNEL(C1) DATALEN(64)");
    expect(ping.completionCode).toBe(0);
    expect(ping.text[0]).toMatch(/^AMQ8020I/);
    expect(ping.text[1]).toContain("64 bytes");
    expect(page.queueStatus("QM1").depth).toBe(1);
    expect(page.channelStatus("C1")).toBeUndefined();
  });

  it("answers why it failed: no partner listening, no such channel there, the channel running", async () => {
    const { page, edge } = await pair();
    await page.mqsc("DEFINE CHANNEL(NOBODY) CHLTYPE(SDR) CONNAME('QM9') XMITQ(QM1)\nDEFINE CHANNEL(UNKNOWN) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1)");
    const unreachable = await run(page, "PING CHANNEL(NOBODY)");
    expect(unreachable).toMatchObject({ completionCode: 2, reasonCode: 4030 });
    expect(unreachable.text[0]).toMatch(/^AMQ9202E/);
    const unknown = await run(page, "PING CHANNEL(UNKNOWN)");
    expect(unknown).toMatchObject({ completionCode: 2, reasonCode: 4030 });
    expect(unknown.text[1]).toContain("MQRC_UNKNOWN_OBJECT_NAME");
    expect(await run(edge, "PING CHANNEL(C1)")).toMatchObject({ completionCode: 2, reasonCode: 4041 });
    page.startChannel("C1");
    await page.channelStarted("C1");
    expect(await run(page, "PING CHANNEL(C1)")).toMatchObject({ completionCode: 2, reasonCode: 4031 });
    expect((await run(page, "PING CHANNEL(C1) DATALEN(8)")).syntaxError).toBeTruthy();
  });
});

describe("STOP CHANNEL MODE", () => {
  it("MODE(FORCE) cuts the batch awaiting its confirm: it stays in doubt, and the next start resolves it (committed at the receiver: not sent again)", async () => {
    const { page, edge, store } = await pair({ held: true });
    await page.put("ORDERS", { body: "once", persistent: true });
    page.startChannel("C1");
    await store.reached;
    expect((await run(page, "STOP CHANNEL(C1) MODE(FORCE)")).completionCode).toBe(0);
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    expect(page.channelAgentStatus("C1")?.inDoubt).toBe(true);
    store.release();
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("once");
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "running", inDoubt: false, lastSeq: 1 });
    expect(page.queueStatus("QM1").depth).toBe(0);
    expect(await edge.get("APP.ORDERS", { wait: 200 })).toBeNull();
  });

  it("MODE(QUIESCE), the default, ends after the batch under way is confirmed: nothing in doubt", async () => {
    const { page, edge, store } = await pair({ held: true });
    await page.put("ORDERS", { body: "once", persistent: true });
    page.startChannel("C1");
    await store.reached;
    expect((await run(page, "STOP CHANNEL(C1)")).completionCode).toBe(0);
    await expect.poll(() => page.channelStatus("C1")).toBe("stopping");
    expect((await page.mqsc("DISPLAY CHSTATUS(C1)")).commands[0]!.objects![0]!.parameters).toMatchObject({ status: "STOPPING" });
    store.release();
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("once");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "stopped", inDoubt: false, lastSeq: 1, batches: 1 });
    expect(page.queueStatus("QM1").depth).toBe(0);
    expect((await run(page, "STOP CHANNEL(C1) MODE(SOON)")).syntaxError).toBeTruthy();
  });
});

describe("STOP CHANNEL of a receiver", () => {
  it("cuts its session and refuses its sender (MQRC_CHANNEL_STOPPED_BY_USER) until START CHANNEL at the receiver", async () => {
    const { page, edge } = await pair();
    await page.put("ORDERS", { body: "one", persistent: true });
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("one");
    expect((await run(edge, "STOP CHANNEL(C1)")).completionCode).toBe(0);
    await expect.poll(() => edge.channelStatus("C1")).toBe("stopped");
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying"); // its link was cut
    await page.put("ORDERS", { body: "two", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.reason ?? "").toContain("MQRC_CHANNEL_STOPPED_BY_USER");
    expect(page.channelStatus("C1")).toBe("stopped");
    expect((await run(edge, "START CHANNEL(C1)")).completionCode).toBe(0);
    expect(edge.channelStatus("C1")).toBeUndefined();
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("two");
  });
});

describe("STOP CHANNEL across a restart", () => {
  it("keeps a stopped sender and a stopped receiver STOPPED when their queue managers reopen, until START CHANNEL, as IBM keeps them", async () => {
    const registry = new LinkedChannels();
    const pageStorage = new MemoryStorage();
    const edgeStorage = new MemoryStorage();
    const reopen = async () => {
      const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(pageStorage), channelConnector: registry });
      const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(edgeStorage), channelConnector: registry });
      open.push(page, edge);
      registry.register(edge);
      return { page, edge };
    };
    let { page, edge } = await reopen();
    await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1)`);
    await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
    await page.put("ORDERS", { body: "one", persistent: true });
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("one");
    // The receiver first (STOP of an inactive channel is refused, AMQ9533): its sender goes on retrying, and is stopped too.
    expect((await run(edge, "STOP CHANNEL(C1)")).completionCode).toBe(0);
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    expect((await run(page, "STOP CHANNEL(C1)")).completionCode).toBe(0);
    await page.put("ORDERS", { body: "two", persistent: true });
    for (const qm of open.splice(0)) await qm.close();

    ({ page, edge } = await reopen());
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    expect(edge.channelStatus("C1")).toBe("stopped");
    expect((await run(page, "DISPLAY CHSTATUS(C1)")).objects![0]!.parameters).toMatchObject({ status: "STOPPED" });
    // The sender's START is its own; the receiver, still stopped, refuses it.
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.reason ?? "").toContain("MQRC_CHANNEL_STOPPED_BY_USER");
    expect(page.queueStatus("QM1").depth).toBe(1);
    expect((await run(edge, "START CHANNEL(C1)")).completionCode).toBe(0);
    page.startChannel("C1");
    expect((await edge.get("APP.ORDERS", { wait: 5000 }))?.body).toBe("two");
    for (const qm of open.splice(0)) await qm.close();

    // Started again, neither comes back stopped.
    ({ page, edge } = await reopen());
    expect(page.channelStatus("C1")).not.toBe("stopped");
    expect(edge.channelStatus("C1")).toBeUndefined();
  });
});
