/**
 * Requester-server channels (core/features/channels/agents.ts): the requester (RQSTR), on the
 * side that can dial, connects to the server's CONNAME and asks it to send; the server (SVR),
 * which holds the transmission queue, runs the sending agent on that same connection.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { drain } from "../fixtures/channel-helpers.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

/** The edge holds the messages for the page and a server channel; the page, which can dial, a requester. */
async function pair(serverConname = "") {
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
  open.push(page, edge);
  registry.register(edge);
  registry.register(page);
  await edge.mqsc(`DEFINE QLOCAL(PAGE) USAGE(XMITQ)
DEFINE QREMOTE(TO.PAGE) RNAME(APP.INBOX) RQMNAME(PAGE) XMITQ(PAGE)
DEFINE CHANNEL(QM1.TO.PAGE) CHLTYPE(SVR) XMITQ(PAGE) BATCHSZ(4)${serverConname ? ` CONNAME('${serverConname}')` : ""}`);
  await page.mqsc(`DEFINE CHANNEL(QM1.TO.PAGE) CHLTYPE(RQSTR) CONNAME('QM1(443)')\nDEFINE QLOCAL(APP.INBOX)`);
  return { page, edge, registry };
}

describe("a requester and server channel", () => {
  it("START CHANNEL of the requester has the server send its transmission queue, in order, on the requester's connection", async () => {
    const { page, edge } = await pair();
    for (let i = 0; i < 10; i++) await edge.put("TO.PAGE", { body: `m${i}`, persistent: true });
    const started = await page.mqsc("START CHANNEL(QM1.TO.PAGE)");
    expect(started.commands[0]!.completionCode).toBe(0);
    expect(await page.channelStarted("QM1.TO.PAGE")).toBe("running");
    expect((await drain(page, "APP.INBOX", 10)).map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    await expect.poll(() => edge.channelAgentStatus("QM1.TO.PAGE")).toMatchObject({ role: "sender", status: "running", lastSeq: 10, batches: 3 });
    await expect.poll(() => page.channelAgentStatus("QM1.TO.PAGE")).toMatchObject({ role: "receiver", lastSeq: 10, messages: 10 });
    expect(edge.queueStatus("PAGE").depth).toBe(0);
    // Messages put later go on the same connection while it runs.
    await edge.put("TO.PAGE", { body: "later", persistent: true });
    expect((await drain(page, "APP.INBOX", 1)).map((m) => m.body)).toEqual(["later"]);
    const shown = await edge.mqsc("DISPLAY CHSTATUS(QM1.TO.PAGE) ALL");
    expect(shown.commands[0]!.objects![0]!.parameters).toMatchObject({ chltype: "SVR", status: "RUNNING", lstseqno: 11 });
  });

  it("a server stopped by its operator refuses its requester until started again; the requester starts it again then", async () => {
    const { page, edge } = await pair();
    await edge.put("TO.PAGE", { body: "one", persistent: true });
    page.startChannel("QM1.TO.PAGE");
    expect((await drain(page, "APP.INBOX", 1)).map((m) => m.body)).toEqual(["one"]);
    await edge.stopChannel("QM1.TO.PAGE");
    expect(edge.channelStatus("QM1.TO.PAGE")).toBe("stopped");
    // A forced stop cuts the connection: the requester retries (SHORTTMR) until started again.
    await expect.poll(() => page.channelStatus("QM1.TO.PAGE")).toBe("retrying");
    await edge.put("TO.PAGE", { body: "two", persistent: true });
    page.startChannel("QM1.TO.PAGE");
    await expect.poll(() => page.channelAgentStatus("QM1.TO.PAGE")?.reason).toContain("MQRC_CHANNEL_STOPPED_BY_USER");
    expect(await page.get("APP.INBOX", { wait: 100 })).toBeNull();
    expect((await edge.mqsc("START CHANNEL(QM1.TO.PAGE)")).commands[0]!.completionCode).toBe(0);
    page.startChannel("QM1.TO.PAGE");
    expect((await drain(page, "APP.INBOX", 1)).map((m) => m.body)).toEqual(["two"]);
  });

  it("a requester asking a channel the far end defines as no server is refused with the reason", async () => {
    const { page, edge } = await pair();
    await edge.mqsc("DELETE CHANNEL(QM1.TO.PAGE)\nDEFINE CHANNEL(QM1.TO.PAGE) CHLTYPE(RCVR)");
    page.startChannel("QM1.TO.PAGE");
    await expect.poll(() => page.channelAgentStatus("QM1.TO.PAGE")?.reason).toContain("MQRC_UNKNOWN_OBJECT_NAME");
    expect(page.channelStatus("QM1.TO.PAGE")).toBe("stopped");
  });

  it("a fully qualified server (with a CONNAME) may start the channel itself and send to its requester", async () => {
    const { page, edge } = await pair("PAGE");
    await edge.put("TO.PAGE", { body: "pushed", persistent: true });
    edge.startChannel("QM1.TO.PAGE");
    expect(await edge.channelStarted("QM1.TO.PAGE")).toBe("running");
    expect((await drain(page, "APP.INBOX", 1)).map((m) => m.body)).toEqual(["pushed"]);
  });
});
