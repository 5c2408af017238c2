/**
 * A queue manager's object as the receiving end of a channel, inside workerd: the socket its
 * stub's `/.webmq/channel` upgrade answers is held with the Hibernation API, frames reach the
 * receiving agent (a `start` is answered with the receiver's `status`), and a second
 * connection of the same channel ends the first (IBM's ADOPTMCA(ALL)).
 */
import { env, runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import { decodeChannelFrame, encodeChannelFrame, type ChannelFrame } from "../../core/features/channels/index.js";
import type { QueueManagerObject } from "../../adapters/edge/queue-manager-object.js";

const NAME = "QM.EDGE.CHANNELS";
const stub = () => env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(NAME)) as DurableObjectStub<QueueManagerObject>;

/** A connection to the object's channel socket, with the frames and the close it gets. */
async function connect(channel: string) {
  const response = await stub().fetch(`https://queue-manager.object/.webmq/channel?qmgr=${NAME}&channel=${channel}&from=QM.TEST`, {
    headers: { Upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.binaryType = "arraybuffer";
  socket.accept();
  const frames: ChannelFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  socket.addEventListener("message", (event) => frames.push(decodeChannelFrame(event.data as ArrayBuffer)));
  return { socket, frames, closed };
}

it("answers a sender's start with the receiver's status, and ends an older connection of the channel when a new one comes", async () => {
  await runInDurableObject(stub(), async (instance: QueueManagerObject) => {
    await (await instance.queueManager(NAME)).mqsc("DEFINE CHANNEL(TEST.TO.EDGE) CHLTYPE(RCVR)");
  });
  expect(await stub().receivingChannels(NAME)).toContain("TEST.TO.EDGE");
  const first = await connect("TEST.TO.EDGE");
  first.socket.send(encodeChannelFrame({ type: "start", channel: "TEST.TO.EDGE", from: "QM.TEST", sequenceWrap: 999_999_999 }));
  await expect.poll(() => first.frames).toEqual([{ type: "status", lastSeq: 0, lastLuwid: "" }]);

  const second = await connect("TEST.TO.EDGE");
  expect(await first.closed).toEqual({ code: 1000, reason: "adopted by a new connection of the channel" });
  second.socket.send(encodeChannelFrame({ type: "start", channel: "TEST.TO.EDGE", from: "QM.TEST", sequenceWrap: 999_999_999 }));
  await expect.poll(() => second.frames).toEqual([{ type: "status", lastSeq: 0, lastLuwid: "" }]);
  second.socket.close(1000, "done");
});

it("refuses a channel the queue manager does not define as receiving, on the connection, with the reason", async () => {
  const { socket, frames, closed } = await connect("NO.SUCH.CHANNEL");
  socket.send(encodeChannelFrame({ type: "start", channel: "NO.SUCH.CHANNEL", from: "QM.TEST", sequenceWrap: 999_999_999 }));
  await closed;
  expect(frames).toMatchObject([{ type: "error", reason: "MQRC_UNKNOWN_OBJECT_NAME" }]);
});
