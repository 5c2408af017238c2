/**
 * A channel's timing, on the queue managers' Clock (a ManualClock here): SHORTRTY/SHORTTMR then
 * LONGRTY/LONGTMR retries of a sender or requester that cannot connect or whose connection
 * breaks, DISCINT's normal end of an idle channel, and MRRTY/MRTMR retries of a put the
 * receiver cannot make before the message is dead-lettered.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(senderAttributes: string, receiverAttributes = "MRRTY(0)", options: { register?: boolean } = {}) {
  const clock = new ManualClock();
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry, clock });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()), clock });
  open.push(page, edge);
  if (options.register !== false) registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) ${senderAttributes}`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR) ${receiverAttributes}\nDEFINE QLOCAL(APP.ORDERS)`);
  return { page, edge, registry, clock };
}

const chstatus = async (qm: QueueManager, name: string) => (await qm.mqsc(`DISPLAY CHSTATUS(${name}) ALL`)).commands[0]!;

describe("SHORTRTY, SHORTTMR, LONGRTY, LONGTMR", () => {
  it("a sender that cannot connect retries SHORTRTY times SHORTTMR apart, then LONGRTY times LONGTMR apart, then is STOPPED", async () => {
    const { page, clock } = await pair("SHORTRTY(2) SHORTTMR(5) LONGRTY(1) LONGTMR(30)", "MRRTY(0)", { register: false });
    page.startChannel("C1");
    expect(await page.channelStarted("C1")).toBe("retrying");
    const shown = await chstatus(page, "C1");
    expect(shown.objects![0]!.parameters).toMatchObject({ status: "RETRYING", shortrts: 1, longrts: 1 });
    expect(shown.objects![0]!.parameters.reason).toContain("MQRC_CONNECTION_BROKEN");
    expect(shown.text.join("\n")).toMatch(/WEBMQ015W: Channel C1 is RETRYING: MQRC_CONNECTION_BROKEN/);
    clock.advance(4_999);
    await expect.poll(() => page.channelAgentStatus("C1")?.shortRetriesLeft).toBe(1);
    clock.advance(1);
    await expect.poll(() => page.channelAgentStatus("C1")?.shortRetriesLeft).toBe(0);
    clock.advance(5_000);
    await expect.poll(() => page.channelAgentStatus("C1")?.longRetriesLeft).toBe(0);
    expect(page.channelStatus("C1")).toBe("retrying");
    clock.advance(29_999);
    await Promise.resolve();
    expect(page.channelStatus("C1")).toBe("retrying");
    clock.advance(1);
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    expect(page.channelAgentStatus("C1")?.reason).toContain("no retries left");
  });

  it("a retry that finds the partner listening runs the channel, and the counts start again", async () => {
    const { page, edge, registry, clock } = await pair("SHORTRTY(3) SHORTTMR(10)", "MRRTY(0)", { register: false });
    await page.put("ORDERS", { body: "waited", persistent: true });
    page.startChannel("C1");
    expect(await page.channelStarted("C1")).toBe("retrying");
    registry.register(edge);
    clock.advance(10_000);
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    expect((await edge.get("APP.ORDERS", { wait: 0 }).then((m) => m ?? edge.get("APP.ORDERS", { wait: 5000 })))?.body).toBe("waited");
    // The link breaks: RETRYING with every short retry again, and the next attempt reconnects.
    registry.cutAll();
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    expect(page.channelAgentStatus("C1")).toMatchObject({ shortRetriesLeft: 2 });
    await page.put("ORDERS", { body: "after the break", persistent: true });
    clock.advance(10_000);
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
  });

  it("STOP CHANNEL ends the retrying: no attempt after it", async () => {
    const { page, edge, registry, clock } = await pair("SHORTRTY(3) SHORTTMR(10)", "MRRTY(0)", { register: false });
    await page.put("ORDERS", { body: "held", persistent: true });
    page.startChannel("C1");
    expect(await page.channelStarted("C1")).toBe("retrying");
    expect((await page.mqsc("STOP CHANNEL(C1)")).commands[0]!.completionCode).toBe(0);
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    registry.register(edge);
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.channelStatus("C1")).toBe("stopped");
    expect(page.queueStatus("QM1").depth).toBe(1);
  });

  it("a requester whose server is not there yet retries, and runs once it is", async () => {
    const clock = new ManualClock();
    const registry = new LinkedChannels();
    const page = await QueueManager.open({ name: "PAGE", channelConnector: registry, clock });
    const edge = await QueueManager.open({ name: "QM1", clock });
    open.push(page, edge);
    await edge.mqsc(`DEFINE QLOCAL(PAGE) USAGE(XMITQ)
DEFINE QREMOTE(TO.PAGE) RNAME(APP.INBOX) RQMNAME(PAGE) XMITQ(PAGE)
DEFINE CHANNEL(S1) CHLTYPE(SVR) XMITQ(PAGE)`);
    await page.mqsc(`DEFINE CHANNEL(S1) CHLTYPE(RQSTR) CONNAME('QM1')\nDEFINE QLOCAL(APP.INBOX)`);
    await edge.put("TO.PAGE", { body: "for the page", persistent: true });
    page.startChannel("S1");
    expect(await page.channelStarted("S1")).toBe("retrying");
    registry.register(edge);
    clock.advance(60_000); // the catalogue's SHORTTMR: IBM's RQSTR has no retry attributes of its own
    await expect.poll(() => page.queueStatus("APP.INBOX").depth).toBe(1);
  });
});

describe("DISCINT", () => {
  it("a sender with no message for DISCINT seconds ends normally: inactive at both ends, and START runs it again", async () => {
    const { page, edge, clock } = await pair("DISCINT(30)");
    await page.put("ORDERS", { body: "one", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
    clock.advance(29_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.channelStatus("C1")).toBe("running");
    clock.advance(1_000);
    await expect.poll(() => page.channelStatus("C1")).toBeUndefined();
    await expect.poll(() => edge.channelStatus("C1")).toBeUndefined();
    expect((await chstatus(page, "C1")).reasonCode).toBe(3065); // MQRCCF_CHL_STATUS_NOT_FOUND: inactive
    await page.put("ORDERS", { body: "two", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(2);
  });
});

describe("MRRTY, MRTMR", () => {
  it("a put the receiver cannot make is tried again MRTMR apart, and goes in when the queue takes it", async () => {
    const { page, edge, clock } = await pair("", "MRRTY(3) MRTMR(500)");
    await edge.mqsc("ALTER QLOCAL(APP.ORDERS) PUT(DISABLED)");
    await page.put("ORDERS", { body: "patient", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.inDoubt).toBe(true);
    clock.advance(500);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await edge.mqsc("ALTER QLOCAL(APP.ORDERS) PUT(ENABLED)");
    clock.advance(500);
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
    expect(edge.queueStatus("SYSTEM.DEAD.LETTER.QUEUE").depth).toBe(0);
  });

  it("after MRRTY tries the message goes to the dead-letter queue, and the channel goes on", async () => {
    const { page, edge, clock } = await pair("", "MRRTY(2) MRTMR(500)");
    await edge.mqsc("ALTER QLOCAL(APP.ORDERS) PUT(DISABLED)");
    await page.put("ORDERS", { body: "refused", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.inDoubt).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(edge.queueStatus("SYSTEM.DEAD.LETTER.QUEUE").depth).toBe(0);
      clock.advance(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expect.poll(() => edge.queueStatus("SYSTEM.DEAD.LETTER.QUEUE").depth).toBe(1);
    expect((await edge.get("SYSTEM.DEAD.LETTER.QUEUE"))?.deadLetterHeader).toMatchObject({ reason: 2051 });
    await expect.poll(() => page.channelAgentStatus("C1")).toMatchObject({ status: "running", inDoubt: false, lastSeq: 1 });
  });
});
