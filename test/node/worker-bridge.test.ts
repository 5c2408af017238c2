import { describe, expect, it } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { exposeQueueManager, wrapQueueManager } from "../../adapters/worker/index.js";

describe("comlink bridge over a MessageChannel (node)", () => {
  it("puts, gets and browses through the bridge, and MQError keeps its reason", async () => {
    const channel = new MessageChannel();
    const manager = await QueueManager.open({ name: "BRIDGE" });
    exposeQueueManager(manager, channel.port1 as never);
    const remote = wrapQueueManager(channel.port2 as never);
    const put = await remote.put("DEV.QUEUE.1", { body: "across", properties: { n: 1 } });
    const cursor = await remote.browse("DEV.QUEUE.1");
    expect((await cursor.next())!.body).toBe("across");
    const message = await remote.get("DEV.QUEUE.1");
    expect(message).toMatchObject({ messageId: put.messageId, body: "across", properties: [{ name: "n", type: "int", value: 1 }] });
    const error = await remote.put("NOPE", { body: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MQError);
    expect(error).toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME", reasonCode: 2085 });
    const mqsc = await remote.mqsc("DEFINE QLOCAL(ACROSS.Q) MAXDEPTH(7)\nDISPLAY QLOCAL(ACROSS.Q) MAXDEPTH");
    expect(mqsc.commands[1]!.objects![0]!.parameters).toEqual({ queue: "ACROSS.Q", type: "QLOCAL", maxdepth: 7 });
    expect(manager.queueAttributes("ACROSS.Q").maxDepth).toBe(7);
    await remote.close();
    channel.port1.close();
    channel.port2.close();
  });
});
