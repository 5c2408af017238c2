/**
 * Message channels over WebSocket between two serveHttp servers on 127.0.0.1 (adapters/http/
 * channels): set up with IBM's sender/receiver blueprints over the REST API's MQSC, a sender
 * moves a thousand persistent messages to the receiver once each, in order within each
 * priority; CONNAME's addresses are tried in turn; and every refusal (a wrong token, a role
 * that may not run channels, no receiving channel of that name, no such queue manager, a frame
 * that cannot be read, too many failed logins) leaves the channel RETRYING with its reason and
 * nothing put.
 */
import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { encodeChannelFrame } from "../../core/features/channels/index.js";
import { nodeChannelConnector, serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import type { ChannelCredentials } from "../../adapters/http/channels/index.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { RECEIVER_BLUEPRINT, rawChannelSocket, restMqsc, senderBlueprint } from "../fixtures/channel-sockets.js";
import { drain } from "../fixtures/channel-helpers.js";

const CHANNEL_TOKEN = "channel-token-6f1d0c2a9b8e";
const ADMIN_TOKEN = "admin-token-3a7e5d9c1b2f";
const TARGET = "RCVR.TARGET.Q";

let receiverQm: QueueManager;
let receiver: NodeServer;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  receiverQm = await QueueManager.open({ name: "RECEIVER" });
  receiver = await serveHttp({ queueManagers: [receiverQm], tokens: [`${CHANNEL_TOKEN}:MQWebChannel:channel-robot`, ADMIN_TOKEN], users: TEST_MQ_USERS });
  const responses = await restMqsc(receiver.url, "RECEIVER", ADMIN_TOKEN, RECEIVER_BLUEPRINT);
  // Every command runs but REFRESH SECURITY, which has no cache to refresh here (3227, MQRCCF_FUNCTION_RESTRICTED's place).
  expect(responses.filter((r) => r.completionCode !== 0).map((r) => r.reasonCode)).toEqual([3227]);
});
afterEach(async () => {
  for (const thing of closing.splice(0).reverse()) await thing.close();
});
afterAll(async () => {
  await receiver.close();
  await receiverQm.close();
});

/** A sending queue manager, not served, with the blueprint's objects and a channel of its own. */
async function sender(channel: string, connectionName: string, credentials: ChannelCredentials): Promise<QueueManager> {
  const qm = await QueueManager.open({ name: "SENDER", channelConnector: nodeChannelConnector({ credentials, timeoutMs: 5000 }) });
  closing.push(qm);
  const result = await qm.mqsc(`DEFINE QLOCAL(RECEIVER) USAGE(XMITQ)
DEFINE QREMOTE(REMOTE.Q) RNAME(${TARGET}) RQMNAME(RECEIVER)
DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('${connectionName}') XMITQ(RECEIVER) BATCHSZ(10)`);
  expect(
    result.commands.every((c) => c.completionCode === 0),
    result.transcript,
  ).toBe(true);
  return qm;
}

/** Starts the channel with a message waiting; answers the state it came to and its reason, once nothing was put. */
async function startRefused(qm: QueueManager, channel: string): Promise<{ state: string | undefined; reason: string | undefined }> {
  const before = receiverQm.queueStatus(TARGET).depth;
  await qm.put("REMOTE.Q", { body: "must not arrive", persistent: true });
  qm.startChannel(channel);
  const state = await qm.channelStarted(channel);
  expect(qm.queueStatus("RECEIVER").depth).toBe(1);
  expect(receiverQm.queueStatus(TARGET).depth).toBe(before);
  return { state, reason: qm.channelAgentStatus(channel)?.reason };
}

describe("a sender and a receiver on two servers", { timeout: 60_000 }, () => {
  it("moves 1,000 persistent messages from a QREMOTE to the receiver's queue once each, in order within each priority, set up by IBM's blueprints over REST", async () => {
    const senderQm = await QueueManager.open({
      name: "SENDER",
      channelConnector: nodeChannelConnector({ credentials: { "SDR.TO.RCVR": { token: CHANNEL_TOKEN } } }),
    });
    const senderServer = await serveHttp({ queueManagers: [senderQm], tokens: [ADMIN_TOKEN] });
    closing.push(senderQm, senderServer);
    const responses = await restMqsc(senderServer.url, "SENDER", ADMIN_TOKEN, senderBlueprint(`127.0.0.1(${receiver.port})`));
    expect(responses.map((r) => r.completionCode)).toEqual([0, 0, 0, 0, 0]);
    const count = 1000;
    let seed = 21;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < count; i++)
      await senderQm.put("REMOTE.Q", { body: `order ${i}`, persistent: true, priority: Math.floor(random() * 10), properties: { n: i } });
    const got = await drain(receiverQm, TARGET, count, 10_000);
    expect(got.length).toBe(count);
    expect(new Set(got.map((m) => m.body)).size).toBe(count);
    for (let priority = 0; priority <= 9; priority++) {
      const order = got.filter((m) => m.priority === priority).map((m) => Number(m.getProperty("n")));
      expect(order, `priority ${priority}`).toEqual([...order].sort((a, b) => a - b));
    }
    expect(got.every((m) => m.persistent)).toBe(true);
    await expect.poll(() => senderQm.channelAgentStatus("SDR.TO.RCVR")?.messages).toBe(count);
    // Nothing more arrives: each message once.
    expect(receiverQm.queueStatus(TARGET).depth + receiverQm.queueStatus("DEV.DEAD.LETTER.QUEUE").depth).toBe(0);
    expect(senderQm.queueStatus("RECEIVER").depth).toBe(0);
    const shown = await restMqsc(senderServer.url, "SENDER", ADMIN_TOKEN, "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL");
    expect(shown[0]!.text!.join("\n")).toMatch(new RegExp(`STATUS\\(RUNNING\\)[^]*MSGS\\(${count}\\)[^]*LSTSEQNO\\(${count}\\)`));
    expect((await restMqsc(senderServer.url, "SENDER", ADMIN_TOKEN, "STOP CHANNEL(SDR.TO.RCVR)"))[0]!.completionCode).toBe(0);
  });

  it("tries CONNAME's addresses in turn, and takes a URL naming the queue manager, a user and password of role MQWebAdmin", async () => {
    // A channel of its own: SDR.TO.RCVR's sequence numbers at the receiver are the first test's sender's.
    await receiverQm.mqsc("DEFINE CHANNEL(TWO.ADDRESSES) CHLTYPE(RCVR)");
    const qm = await sender("TWO.ADDRESSES", `127.0.0.1(1),${receiver.url}/ibmmq/channel/RECEIVER`, {
      "TWO.ADDRESSES": { user: "admin", password: "admin-pw" },
    });
    await qm.put("REMOTE.Q", { body: "by the second address", persistent: true });
    qm.startChannel("TWO.ADDRESSES");
    expect(await qm.channelStarted("TWO.ADDRESSES")).toBe("running");
    expect((await drain(receiverQm, TARGET, 1, 10_000)).map((m) => m.body)).toEqual(["by the second address"]);
    await qm.stopChannel("TWO.ADDRESSES");
  });
});

describe("a requester and a server", { timeout: 30_000 }, () => {
  it("a requester that dials the server's endpoint gets the server's transmission queue sent back to it (replies to a page the server cannot dial)", async () => {
    await receiverQm.mqsc(`DEFINE QLOCAL(PAGE) USAGE(XMITQ) REPLACE
DEFINE QREMOTE(TO.PAGE) RNAME(PAGE.REPLIES) RQMNAME(PAGE) XMITQ(PAGE) REPLACE
DEFINE CHANNEL(SERVER.TO.PAGE) CHLTYPE(SVR) XMITQ(PAGE) REPLACE`);
    for (let i = 0; i < 5; i++) await receiverQm.put("TO.PAGE", { body: `reply ${i}`, persistent: true });
    const page = await QueueManager.open({
      name: "PAGE",
      channelConnector: nodeChannelConnector({ credentials: { "SERVER.TO.PAGE": { token: CHANNEL_TOKEN } }, timeoutMs: 5000 }),
    });
    closing.push(page);
    await page.mqsc(`DEFINE QLOCAL(PAGE.REPLIES)\nDEFINE CHANNEL(SERVER.TO.PAGE) CHLTYPE(RQSTR) CONNAME('127.0.0.1(${receiver.port})')`);
    page.startChannel("SERVER.TO.PAGE");
    expect((await drain(page, "PAGE.REPLIES", 5, 10_000)).map((m) => m.body)).toEqual(["reply 0", "reply 1", "reply 2", "reply 3", "reply 4"]);
    await expect.poll(() => receiverQm.queueStatus("PAGE").depth).toBe(0);
    await page.stopChannel("SERVER.TO.PAGE");
  });
});

describe("a channel's connection", { timeout: 30_000 }, () => {
  it("is adopted by a new connection of the same channel (ADOPTMCA): the one before it, left open, is ended", async () => {
    await receiverQm.mqsc("DEFINE CHANNEL(ADOPTED) CHLTYPE(RCVR)");
    const stale = await rawChannelSocket(`${receiver.url.replace("http", "ws")}/ibmmq/channel`);
    stale.ws.send(encodeChannelFrame({ type: "auth", channel: "ADOPTED", from: "SENDER", token: CHANNEL_TOKEN }));
    await expect.poll(() => stale.frames.length).toBe(1);
    stale.ws.send(encodeChannelFrame({ type: "start", channel: "ADOPTED", from: "SENDER", sequenceWrap: 999_999_999 }));
    await expect.poll(() => stale.frames.map((f) => f.type)).toEqual(["accepted", "status"]);
    const qm = await sender("ADOPTED", `127.0.0.1(${receiver.port})`, { ADOPTED: { token: CHANNEL_TOKEN } });
    await qm.put("REMOTE.Q", { body: "after adoption", persistent: true });
    qm.startChannel("ADOPTED");
    expect(await stale.closed).toBe(1000);
    expect((await drain(receiverQm, TARGET, 1, 10_000)).map((m) => m.body)).toEqual(["after adoption"]);
    await qm.stopChannel("ADOPTED");
  });
});

describe("refusals: the channel is RETRYING with the reason, and nothing is put", { timeout: 30_000 }, () => {
  it("a wrong token: MQRC_NOT_AUTHORIZED", async () => {
    const qm = await sender("SDR.TO.RCVR", `127.0.0.1(${receiver.port})`, { "SDR.TO.RCVR": { token: "not-the-token" } });
    const { state, reason } = await startRefused(qm, "SDR.TO.RCVR");
    expect(state).toBe("retrying");
    expect(reason).toMatch(/^MQRC_NOT_AUTHORIZED: .*not accepted/);
    const [shown] = (await qm.mqsc("DISPLAY CHSTATUS(SDR.TO.RCVR)")).commands[0]!.objects!;
    expect(shown!.parameters).toMatchObject({ status: "RETRYING" });
  });

  it("no credentials for the channel: MQRC_NOT_AUTHORIZED, saying so", async () => {
    const qm = await sender("SDR.TO.RCVR", `127.0.0.1(${receiver.port})`, {});
    expect(await startRefused(qm, "SDR.TO.RCVR")).toMatchObject({ state: "retrying", reason: expect.stringMatching(/NOT_AUTHORIZED.*no credentials/) });
  });

  it("a user whose role may not run channels (MQWebUser): MQRC_NOT_AUTHORIZED", async () => {
    const qm = await sender("SDR.TO.RCVR", `127.0.0.1(${receiver.port})`, { "SDR.TO.RCVR": { user: "app", password: "app-pw" } });
    expect(await startRefused(qm, "SDR.TO.RCVR")).toMatchObject({
      state: "retrying",
      reason: expect.stringMatching(/NOT_AUTHORIZED.*MQWebUser, which may not run channels/),
    });
  });

  it("no receiving channel of that name: MQRC_UNKNOWN_OBJECT_NAME (AMQ9520)", async () => {
    const qm = await sender("NO.SUCH.RCVR", `127.0.0.1(${receiver.port})`, { "NO.SUCH.RCVR": { token: CHANNEL_TOKEN } });
    expect(await startRefused(qm, "NO.SUCH.RCVR")).toMatchObject({
      state: "retrying",
      reason: expect.stringMatching(/UNKNOWN_OBJECT_NAME.*receiving channel NO.SUCH.RCVR \(AMQ9520\)/),
    });
  });

  it("an unknown queue manager in the URL: MQRC_Q_MGR_NAME_ERROR", async () => {
    const qm = await sender("SDR.TO.RCVR", `${receiver.url}/ibmmq/channel/NOSUCH`, { "SDR.TO.RCVR": { token: CHANNEL_TOKEN } });
    expect(await startRefused(qm, "SDR.TO.RCVR")).toMatchObject({
      state: "retrying",
      reason: expect.stringMatching(/Q_MGR_NAME_ERROR.*no queue manager NOSUCH/),
    });
  });

  it("nothing listening: MQRC_CONNECTION_BROKEN (AMQ9202)", async () => {
    const qm = await sender("SDR.TO.RCVR", "127.0.0.1(1)", { "SDR.TO.RCVR": { token: CHANNEL_TOKEN } });
    expect(await startRefused(qm, "SDR.TO.RCVR")).toMatchObject({ state: "retrying", reason: expect.stringMatching(/CONNECTION_BROKEN.*AMQ9202/) });
  });

  it("a first frame that cannot be read, or is not auth: an error frame with MQRC_FORMAT_ERROR, and the socket closed", async () => {
    for (const first of [new Uint8Array([0, 0, 0, 9, 1, 2]), encodeChannelFrame({ type: "start", channel: "SDR.TO.RCVR", from: "X", sequenceWrap: 999 })]) {
      const socket = await rawChannelSocket(`${receiver.url.replace("http", "ws")}/ibmmq/channel`);
      socket.ws.send(first);
      expect(await socket.closed).toBe(1002);
      expect(socket.frames).toEqual([expect.objectContaining({ type: "error", reason: "MQRC_FORMAT_ERROR" })]);
    }
  });

  it("a frame that cannot be read once the channel runs: MQRC_FORMAT_ERROR, nothing put", async () => {
    const before = receiverQm.queueStatus(TARGET).depth;
    const socket = await rawChannelSocket(`${receiver.url.replace("http", "ws")}/ibmmq/channel/RECEIVER`);
    socket.ws.send(encodeChannelFrame({ type: "auth", channel: "SDR.TO.RCVR", from: "RAW", token: CHANNEL_TOKEN }));
    await expect.poll(() => socket.frames[0]).toEqual({ type: "accepted", queueManager: "RECEIVER" });
    socket.ws.send("a text message");
    expect(await socket.closed).toBe(1002);
    expect(socket.frames[1]).toMatchObject({ type: "error", reason: "MQRC_FORMAT_ERROR" });
    expect(receiverQm.queueStatus(TARGET).depth).toBe(before);
  });

  it("counts wrong tokens in the REST API's failed-login limit: the sixth try is refused unchecked", async () => {
    const reasons: string[] = [];
    for (let i = 0; i < 6; i++) {
      const socket = await rawChannelSocket(`${receiver.url.replace("http", "ws")}/ibmmq/channel`);
      socket.ws.send(encodeChannelFrame({ type: "auth", channel: "SDR.TO.RCVR", from: "RAW", token: "guessed-token" }));
      expect(await socket.closed).toBe(1008);
      reasons.push(socket.frames[0]!.type === "error" ? socket.frames[0]!.text : "");
    }
    expect(reasons.slice(0, 5).every((text) => /not accepted/.test(text))).toBe(true);
    expect(reasons[5]).toMatch(/too many failed logins/);
    // The same limit as REST's: the guessed token is held there too.
    const response = await fetch(`${receiver.url}/ibmmq/rest/v2/admin/qmgr`, { headers: { authorization: "Bearer guessed-token" } });
    expect(response.status).toBe(429);
  });

  it("an upgrade without the channel subprotocol: 400; another path: 404", async () => {
    expect(await upgradeStatus("/ibmmq/channel", "v12.stomp")).toBe(400);
    expect(await upgradeStatus("/ibmmq/channels", "webmq.channel.v1")).toBe(404);
    expect(await upgradeStatus("/ibmmq/channel/RECEIVER", "webmq.channel.v1")).toBe(101);
  });
});

/** The status a WebSocket upgrade at `path` is answered with. */
function upgradeStatus(path: string, protocol: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${receiver.url}${path}`, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        "sec-websocket-protocol": protocol,
      },
    });
    request.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode!);
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on("error", reject);
    request.end();
  });
}
