/**
 * Channel events (CHLEV) as an operator's monitor reads them: PCF messages of format MQEVENT on
 * SYSTEM.ADMIN.CHANNEL.EVENT, decoded by parameter (webmq/events' decodeChannelEvent), for a
 * sender/receiver pair in one process: Channel Started at both ends, Channel Stopped when the
 * session ends (OK after DISCINT, RETRY when the link breaks, DISABLED after STOP CHANNEL),
 * Channel Stopped By User; CHLEV(EXCEPTION) only the exceptions, CHLEV(DISABLED) none.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { CHANNEL_EVENT_QUEUE, decodeChannelEvent, encodeChannelEvent, MQFMT_EVENT, type ChannelEvent } from "../../core/features/events/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(level: string, senderAttributes = "") {
  const clock = new ManualClock();
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", channelConnector: registry, clock });
  const edge = await QueueManager.open({ name: "QM1", clock });
  open.push(page, edge);
  registry.register(edge);
  for (const qm of [page, edge]) await qm.mqsc(`ALTER QMGR CHLEV(${level})`); // SYSTEM.ADMIN.CHANNEL.EVENT is a default object
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) SHORTTMR(5) ${senderAttributes}`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
  return { page, edge, registry, clock };
}

/** Every event on the queue manager's channel event queue, in order, each checked as an event message. */
async function events(qm: QueueManager): Promise<ChannelEvent[]> {
  const read: ChannelEvent[] = [];
  for (let m = await qm.get(CHANNEL_EVENT_QUEUE); m; m = await qm.get(CHANNEL_EVENT_QUEUE)) {
    expect(m.format).toBe(MQFMT_EVENT);
    expect(m.body).toBeInstanceOf(Uint8Array);
    read.push(decodeChannelEvent(m.body as Uint8Array));
  }
  return read;
}

const depth = (qm: QueueManager) => qm.queueStatus(CHANNEL_EVENT_QUEUE).depth;

describe("channel events on SYSTEM.ADMIN.CHANNEL.EVENT", () => {
  it("CHLEV(ENABLED): Channel Started at both ends, with the channel, XMITQ and CONNAME; Channel Stopped (OK) when DISCINT ends it", async () => {
    const { page, edge, clock } = await pair("ENABLED", "DISCINT(30)");
    await page.put("ORDERS", { body: "one", persistent: true });
    page.startChannel("C1");
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
    await expect.poll(() => depth(page)).toBe(1);
    await expect.poll(() => depth(edge)).toBe(1);
    const started = { event: "started", channel: "C1" };
    expect(await events(page)).toEqual([{ ...started, queueManager: "PAGE", transmissionQueue: "QM1", connectionName: "QM1(443)" }]);
    expect(await events(edge)).toEqual([{ ...started, queueManager: "QM1", connectionName: "" }]);
    clock.advance(30_000);
    await expect.poll(() => page.channelStatus("C1")).toBeUndefined();
    await expect.poll(() => depth(page)).toBe(1);
    await expect.poll(() => depth(edge)).toBe(1);
    expect(await events(page)).toEqual([
      {
        event: "stopped",
        queueManager: "PAGE",
        channel: "C1",
        qualifier: "ok",
        errorIdentifier: 0,
        errorText: "",
        transmissionQueue: "QM1",
        connectionName: "QM1(443)",
      },
    ]);
    expect(await events(edge)).toMatchObject([{ event: "stopped", channel: "C1", qualifier: "ok" }]);
  });

  it("a broken link: Channel Stopped qualified RETRY, with MQRC_CONNECTION_BROKEN (2009) as its error; the retry raises Channel Started again", async () => {
    const { page, registry, clock } = await pair("ENABLED");
    page.startChannel("C1");
    await expect.poll(() => depth(page)).toBe(1);
    registry.cutAll();
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    await expect.poll(() => depth(page)).toBe(2);
    expect((await events(page)).map((e) => [e.event, e.qualifier, e.errorIdentifier, e.errorText])).toEqual([
      ["started", undefined, undefined, undefined],
      ["stopped", "retry", 2009, "MQRC_CONNECTION_BROKEN"],
    ]);
    clock.advance(5_000);
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    await expect.poll(() => depth(page)).toBe(1);
    expect((await events(page)).map((e) => e.event)).toEqual(["started"]);
  });

  it("STOP CHANNEL: Channel Stopped By User, then Channel Stopped qualified DISABLED", async () => {
    const { page, edge } = await pair("ENABLED");
    page.startChannel("C1");
    await expect.poll(() => depth(page)).toBe(1);
    await expect.poll(() => depth(edge)).toBe(1);
    await events(page);
    await events(edge);
    expect((await page.mqsc("STOP CHANNEL(C1)")).commands[0]!.completionCode).toBe(0);
    await expect.poll(() => depth(page)).toBe(2);
    expect(await events(page)).toEqual([
      { event: "stoppedByUser", queueManager: "PAGE", channel: "C1", qualifier: "disabled" },
      expect.objectContaining({ event: "stopped", channel: "C1", qualifier: "disabled", transmissionQueue: "QM1" }),
    ]);
    // The receiving end ended normally, told by the sender's close.
    await expect.poll(() => depth(edge)).toBe(1);
    expect(await events(edge)).toMatchObject([{ event: "stopped", qualifier: "ok" }]);
  });

  it("CHLEV(EXCEPTION) raises only the exceptions (no Channel Started, no Stopped OK); CHLEV(DISABLED), the default, none", async () => {
    const { page, registry } = await pair("EXCEPTION");
    page.startChannel("C1");
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    registry.cutAll();
    await expect.poll(() => depth(page)).toBe(1);
    expect(await events(page)).toMatchObject([{ event: "stopped", qualifier: "retry" }]);

    const quiet = await pair("DISABLED");
    quiet.page.startChannel("C1");
    await expect.poll(() => quiet.page.channelStatus("C1")).toBe("running");
    await quiet.page.mqsc("STOP CHANNEL(C1)");
    await expect.poll(() => quiet.page.channelStatus("C1")).toBe("stopped");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(depth(quiet.page)).toBe(0);
    expect(depth(quiet.edge)).toBe(0);
  });
});

describe("a channel event's bytes", () => {
  it("are IBM's layout: MQCFH (event, MQCMD_CHANNEL_EVENT, MQCC_WARNING, the reason) and its parameters, little-endian, names blank-padded", () => {
    const bytes = encodeChannelEvent({ event: "started", queueManager: "PAGE", channel: "C1", transmissionQueue: "QM1", connectionName: "QM1(443)" });
    const view = new DataView(bytes.buffer);
    const ints = (offset: number, count: number) => Array.from({ length: count }, (_, i) => view.getInt32(offset + 4 * i, true));
    // Type, StrucLength, Version, Command, MsgSeqNumber, Control, CompCode, Reason (MQRC_CHANNEL_STARTED), ParameterCount
    expect(ints(0, 9)).toEqual([7, 36, 1, 46, 1, 1, 1, 2282, 4]);
    // QMgrName: MQCFST, StrucLength 20 + 48, MQCA_Q_MGR_NAME, CCSID 819, StringLength 48
    expect(ints(36, 5)).toEqual([4, 68, 2015, 819, 48]);
    expect(new TextDecoder().decode(bytes.subarray(56, 104))).toBe("PAGE".padEnd(48));
    // ChannelName (MQCACH_CHANNEL_NAME, 20 bytes), XmitQName (3505, 48), ConnectionName (3506, 264)
    expect(ints(104, 5)).toEqual([4, 40, 3501, 819, 20]);
    expect(ints(144, 5)).toEqual([4, 68, 3505, 819, 48]);
    expect(ints(212, 5)).toEqual([4, 284, 3506, 819, 264]);
    expect(bytes.length).toBe(212 + 284);
    const stopped = encodeChannelEvent({ event: "stoppedByUser", queueManager: "PAGE", channel: "C1", qualifier: "disabled" });
    expect(new DataView(stopped.buffer).getInt32(28, true)).toBe(2279);
    expect(() => decodeChannelEvent(bytes.subarray(0, 100))).toThrow(expect.objectContaining({ reason: "MQRC_FORMAT_ERROR" }));
  });
});
