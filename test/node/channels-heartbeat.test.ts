/**
 * HBINT: an idle channel's heartbeats, on the queue managers' ManualClock (no real waiting).
 * The sender offers its HBINT at start and the receiver answers the larger of the two, shown
 * at both ends in DISPLAY CHSTATUS; while the transmission queue is empty the sender sends a
 * heartbeat each interval and the receiver answers. A link that dies without either end hearing
 * of it (MutableLinks: every frame swallowed, a close not passed on) is found by the heartbeat:
 * the sender that has no answer within twice the interval goes RETRYING and reconnects, and a
 * requester that hears nothing from its server in that time ends and retries.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, QueueManager } from "../../core/index.js";
import { MutableLinks } from "../fixtures/channel-helpers.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

/** Moves the clock on a second at a time, letting the agents run between the seconds. */
async function pass(clock: ManualClock, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

async function senderPair(senderHbint: number, receiverHbint: number) {
  const clock = new ManualClock();
  const links = new MutableLinks();
  const page = await QueueManager.open({ name: "PAGE", channelConnector: links, clock });
  const edge = await QueueManager.open({ name: "QM1", clock });
  open.push(page, edge);
  links.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1) HBINT(${senderHbint}) DISCINT(0) SHORTRTY(5) SHORTTMR(5)`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR) HBINT(${receiverHbint})\nDEFINE QLOCAL(APP.ORDERS)`);
  return { clock, links, page, edge };
}

const chstatus = async (qm: QueueManager, name: string) => (await qm.mqsc(`DISPLAY CHSTATUS(${name}) ALL`)).commands[0]!.objects![0]!.parameters;
const heartbeats = (links: MutableLinks) => links.sent.filter((type) => type === "heartbeat").length;

describe("HBINT", () => {
  it("is negotiated to the larger of the two ends, shown by DISPLAY CHSTATUS at both; DISPLAY CHANNEL shows each end's own", async () => {
    const { page, edge } = await senderPair(5, 20);
    page.startChannel("C1");
    await expect.poll(() => edge.channelAgentStatus("C1")?.heartbeatInterval).toBe(20);
    await expect.poll(() => page.channelAgentStatus("C1")?.heartbeatInterval).toBe(20);
    expect(await chstatus(page, "C1")).toMatchObject({ status: "RUNNING", hbint: 20 });
    expect(await chstatus(edge, "C1")).toMatchObject({ status: "RUNNING", hbint: 20 });
    expect((await page.mqsc("DISPLAY CHANNEL(C1) HBINT")).commands[0]!.objects![0]!.parameters).toMatchObject({ hbint: 5 });
  });

  it("an idle sender sends a heartbeat each interval and its partner answers: the channel stays RUNNING, and moves the next message", async () => {
    const { page, edge, clock, links } = await senderPair(10, 10);
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.heartbeatInterval).toBe(10);
    await pass(clock, 9);
    expect(heartbeats(links)).toBe(0);
    await pass(clock, 2);
    await expect.poll(() => links.sent.filter((type) => type === "heartbeatReply").length).toBe(1);
    // Far past the time a silent partner is given (twice the interval): heartbeats keep both ends running.
    await pass(clock, 60);
    expect(heartbeats(links)).toBeGreaterThanOrEqual(6);
    expect(page.channelStatus("C1")).toBe("running");
    expect(edge.channelStatus("C1")).toBe("running");
    await page.put("ORDERS", { body: "after the quiet", persistent: true });
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
  });

  it("a sender whose link died silently finds it by the unanswered heartbeat: RETRYING, then it reconnects and delivers", async () => {
    const { page, edge, clock, links } = await senderPair(10, 10);
    page.startChannel("C1");
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    links.muted = true;
    await pass(clock, 11);
    expect(page.channelStatus("C1")).toBe("running"); // its heartbeat sent, its answer not yet due
    expect(page.channelAgentStatus("C1")?.substate).toBe("HEARTBEATING");
    // The receiver heard nothing for twice the interval: it ends its side (nothing reaches the sender).
    await pass(clock, 10);
    await expect.poll(() => edge.channelStatus("C1")).toBe("stopped");
    expect(edge.channelAgentStatus("C1")?.reason).toMatch(/MQRC_CONNECTION_BROKEN: .*nothing came from the sending end/);
    await pass(clock, 10);
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    expect(page.channelAgentStatus("C1")?.reason).toMatch(/MQRC_CONNECTION_BROKEN: .*did not answer a heartbeat within 20 s/);
    await page.put("ORDERS", { body: "after the outage", persistent: true });
    links.muted = false;
    await pass(clock, 5); // SHORTTMR
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
  });

  it("a requester whose server went silent ends when nothing comes within twice the interval, and retries", async () => {
    const clock = new ManualClock();
    const links = new MutableLinks();
    const page = await QueueManager.open({ name: "PAGE", channelConnector: links, clock });
    const edge = await QueueManager.open({ name: "QM1", clock });
    open.push(page, edge);
    links.register(edge);
    await edge.mqsc(`DEFINE QLOCAL(PAGE) USAGE(XMITQ)
DEFINE QREMOTE(TO.PAGE) RNAME(APP.INBOX) RQMNAME(PAGE) XMITQ(PAGE)
DEFINE CHANNEL(S1) CHLTYPE(SVR) XMITQ(PAGE) HBINT(15) DISCINT(0)`);
    await page.mqsc(`DEFINE CHANNEL(S1) CHLTYPE(RQSTR) CONNAME('QM1') HBINT(15)\nDEFINE QLOCAL(APP.INBOX)`);
    page.startChannel("S1");
    await expect.poll(() => page.channelAgentStatus("S1")?.heartbeatInterval).toBe(15);
    links.muted = true;
    await pass(clock, 29);
    expect(page.channelStatus("S1")).toBe("running");
    await pass(clock, 1);
    await expect.poll(() => page.channelStatus("S1")).toBe("retrying");
    expect(page.channelAgentStatus("S1")?.reason).toMatch(/nothing came from the sending end/);
    links.muted = false;
    await edge.put("TO.PAGE", { body: "for the page", persistent: true });
    await pass(clock, 60); // the requester's retry (the catalogue's SHORTTMR) and the server's own heartbeat timeout
    await expect.poll(() => page.queueStatus("APP.INBOX").depth).toBe(1);
  });

  it("HBINT(0) at both ends: no heartbeats, and a silent link stays RUNNING (as IBM's does without them)", async () => {
    const { page, clock, links } = await senderPair(0, 0);
    page.startChannel("C1");
    await expect.poll(() => page.channelAgentStatus("C1")?.heartbeatInterval).toBe(0);
    links.muted = true;
    await pass(clock, 120);
    expect(heartbeats(links)).toBe(0);
    expect(page.channelStatus("C1")).toBe("running");
  });
});
