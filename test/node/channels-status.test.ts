/**
 * What DISPLAY CHSTATUS shows of a running channel beyond its sequence numbers (SUBSTATE,
 * BYTSSENT, BYTSRCVD, LSTMSGDA, LSTMSGTI, CONNAME, XMITQ) and BATCHLIM's cut of a batch by
 * its data, between two queue managers in one process on a ManualClock.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(senderAttributes: string) {
  const clock = new ManualClock(Date.UTC(2026, 4, 17, 8, 30, 15));
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry, clock });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()), clock });
  open.push(page, edge);
  registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) ${senderAttributes}`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
  return { page, edge, clock };
}

const shown = async (qm: QueueManager) => (await qm.mqsc("DISPLAY CHSTATUS(C1) ALL")).commands[0]!.objects![0]!.parameters;

describe("DISPLAY CHSTATUS of a running channel", () => {
  it("shows what the agent is doing, the message bytes each way, and when the last message went", async () => {
    const { page, edge } = await pair("BATCHSZ(10)");
    for (let i = 0; i < 4; i++) await page.put("ORDERS", { body: "é".repeat(100), persistent: true }); // 200 bytes of UTF-8 each
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(4);
    await expect.poll(() => page.channelAgentStatus("C1")?.substate).toBe("MQGET");
    expect(await shown(page)).toMatchObject({
      chltype: "SDR",
      conname: "QM1(443)",
      xmitq: "QM1",
      status: "RUNNING",
      substate: "MQGET",
      bytssent: 800,
      bytsrcvd: 0,
      lstmsgda: "2026-05-17",
      lstmsgti: "08.30.15",
    });
    expect(await shown(edge)).toMatchObject({ chltype: "RCVR", substate: "RECEIVE", bytsrcvd: 800, lstmsgda: "2026-05-17" });
  });

  it("names INDOUBT in its text, as every other value (INDOUBT(NO), not a bare NO)", async () => {
    const { page } = await pair("");
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.substate).toBe("MQGET");
    const display = (await page.mqsc("DISPLAY CHSTATUS(C1) ALL")).commands[0]!;
    const text = display.objects![0]!.lines.join(" ");
    expect(text).toMatch(/\bINDOUBT\(NO\)/);
    expect(text).not.toMatch(/(^|\s)NO(\s|$)/);
    expect(display.objects![0]!.parameters.indoubt).toBe("NO");
  });
});

describe("BATCHLIM", () => {
  it("ends a batch after the message that takes its data to the limit (in KB), before BATCHSZ", async () => {
    const { page, edge } = await pair("BATCHSZ(50) BATCHLIM(1)");
    for (let i = 0; i < 5; i++) await page.put("ORDERS", { body: "x".repeat(600), persistent: true });
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(5);
    // 600 + 600 bytes reach 1 KB: batches of 2, 2 and 1.
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ batches: 3, messages: 5 });
  });

  it("BATCHLIM(0) sets no limit: one batch", async () => {
    const { page, edge } = await pair("BATCHSZ(50) BATCHLIM(0)");
    for (let i = 0; i < 5; i++) await page.put("ORDERS", { body: "x".repeat(600), persistent: true });
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(5);
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ batches: 1, messages: 5 });
  });
});

describe("DISPLAY CHSTATUS SAVED", () => {
  it("shows what each end's sync record keeps, after a restart when no channel runs", async () => {
    const storage = new MemoryStorage();
    const registry = new LinkedChannels();
    let page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(storage), channelConnector: registry });
    const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
    open.push(edge);
    registry.register(edge);
    await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1) BATCHSZ(2)
DEFINE CHANNEL(NEVER.RAN) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1)`);
    await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
    for (let i = 0; i < 3; i++) await page.put("ORDERS", { body: `m${i}`, persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ lastSeq: 3, inDoubt: false });
    const luwid = page.channelAgentStatus("C1")!.lastLuwid;
    await page.close();
    page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(storage) }); // no connector: nothing runs
    open.push(page);
    expect((await page.mqsc("DISPLAY CHSTATUS(C1)")).commands[0]!.reasonCode).toBe(3065);
    const saved = (await page.mqsc("DISPLAY CHSTATUS(*) SAVED")).commands[0]!;
    expect(saved.objects!.map((o) => o.parameters)).toEqual([
      {
        channel: "C1",
        chltype: "SDR",
        conname: "QM1",
        saved: "YES",
        xmitq: "QM1",
        lstseqno: 3,
        lstluwid: luwid,
        curseqno: 3,
        curluwid: luwid,
        indoubt: "NO",
      },
    ]);
    expect((await edge.mqsc("DISPLAY CHSTATUS(C1) SAVED LSTSEQNO")).commands[0]!.objects![0]!.parameters).toEqual({
      channel: "C1",
      chltype: "RCVR",
      lstseqno: 3,
    });
    expect((await page.mqsc("DISPLAY CHSTATUS(NEVER.RAN) SAVED")).commands[0]!.reasonCode).toBe(3065);
  });
});
