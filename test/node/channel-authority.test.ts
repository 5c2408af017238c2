/**
 * A receiving channel puts as the principal that authenticated its connection, as IBM's
 * receiving MCA puts with its MCAUSER's authority: once the receiving queue manager has
 * authority records, a message for a queue that principal may not PUT to goes to the
 * dead-letter queue with MQRC_NOT_AUTHORIZED (2035) in its MQDLH, and the batch goes on; a
 * queue it may put to gets its messages. Over real sockets between a sender queue manager and
 * serveHttp.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { nodeChannelConnector, serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { drain } from "../fixtures/channel-helpers.js";

const CHANNEL_TOKEN = "channel-token-authority-1";
let receiverQm: QueueManager;
let receiver: NodeServer;
let senderQm: QueueManager;

beforeAll(async () => {
  receiverQm = await QueueManager.open({ name: "RECEIVER" });
  await receiverQm.mqsc(`DEFINE QLOCAL(APP.ALLOWED)
DEFINE QLOCAL(APP.GUARDED)
DEFINE QLOCAL(DLQ)
ALTER QMGR DEADQ(DLQ)
DEFINE CHANNEL(TO.RECEIVER) CHLTYPE(RCVR)
SET AUTHREC PROFILE('APP.ALLOWED') OBJTYPE(QUEUE) GROUP('channels') AUTHADD(PUT)`);
  receiver = await serveHttp({ queueManagers: [receiverQm], tokens: [`${CHANNEL_TOKEN}:MQWebChannel:channel-robot:channels`] });
  senderQm = await QueueManager.open({
    name: "SENDER",
    channelConnector: nodeChannelConnector({ credentials: { "TO.RECEIVER": { token: CHANNEL_TOKEN } }, timeoutMs: 5000 }),
  });
  await senderQm.mqsc(`DEFINE QLOCAL(RECEIVER) USAGE(XMITQ)
DEFINE QREMOTE(ALLOWED) RNAME(APP.ALLOWED) RQMNAME(RECEIVER) XMITQ(RECEIVER)
DEFINE QREMOTE(GUARDED) RNAME(APP.GUARDED) RQMNAME(RECEIVER) XMITQ(RECEIVER)
DEFINE CHANNEL(TO.RECEIVER) CHLTYPE(SDR) CONNAME('127.0.0.1(${receiver.port})') XMITQ(RECEIVER)`);
});
afterAll(async () => {
  await senderQm?.close();
  await receiver?.close();
  await receiverQm?.close();
});

it("dead-letters with 2035 what the channel's principal may not put, and delivers what it may, in one batch", async () => {
  for (let i = 0; i < 3; i++) {
    await senderQm.put("ALLOWED", { body: `allowed ${i}`, persistent: true });
    await senderQm.put("GUARDED", { body: `guarded ${i}`, persistent: true });
  }
  senderQm.startChannel("TO.RECEIVER");
  expect(await senderQm.channelStarted("TO.RECEIVER")).toBe("running");
  expect((await drain(receiverQm, "APP.ALLOWED", 3, 10_000)).map((m) => m.body)).toEqual(["allowed 0", "allowed 1", "allowed 2"]);
  const dead = await drain(receiverQm, "DLQ", 3, 10_000);
  expect(dead.map((m) => m.body)).toEqual(["guarded 0", "guarded 1", "guarded 2"]);
  expect(dead.map((m) => m.deadLetterHeader?.reason)).toEqual([2035, 2035, 2035]);
  expect(dead.map((m) => m.deadLetterHeader?.destQueue)).toEqual(["APP.GUARDED", "APP.GUARDED", "APP.GUARDED"]);
  expect(receiverQm.queueStatus("APP.GUARDED").depth).toBe(0);
  await expect.poll(() => senderQm.queueStatus("RECEIVER").depth).toBe(0);
  await senderQm.stopChannel("TO.RECEIVER");
});
