import * as Comlink from "comlink";
import { describe, expect, it } from "vitest";
import { MQError, QueueManager, UnprocessableMessageError, type Message } from "../../core/index.js";
import { exposeQueueManager, proxyHandler, wrapQueueManager, type BridgedListenerEvent } from "../../adapters/worker/index.js";
import { reviveUnprocessable } from "../../adapters/worker/listener-bridge.js";

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

  it("runs a listener in the served manager with the caller's handler: commits, backs out, moves poison aside, dead-letters the unprocessable", async () => {
    const channel = new MessageChannel();
    const manager = await QueueManager.open({ name: "BRIDGE.L" });
    exposeQueueManager(manager, channel.port1 as never);
    const remote = wrapQueueManager(channel.port2 as never);
    await remote.mqsc("DEFINE QLOCAL(APP.IN) BOTHRESH(2) BOQNAME(APP.BACKOUT)\nDEFINE QLOCAL(APP.BACKOUT)");
    const seen: string[] = [];
    const handler = (message: Message) => {
      const body = String(message.body);
      seen.push(`${body}#${message.backoutCount}`);
      if (body === "poison") throw new Error("cannot handle it yet");
      if (body === "wrong type") throw new UnprocessableMessageError("not an order", { reason: 0x12345 });
      // As a copy of the class from another bundle would arrive: an Error of that name.
      if (body === "foreign") throw Object.assign(new Error("foreign bundle"), { name: "UnprocessableMessageError" });
      return { not: () => "cloneable" }; // proxyHandler keeps the return value on this side
    };
    const listener = await remote.listen("APP.IN", proxyHandler(handler), { maxSessions: 1 });
    const events: BridgedListenerEvent[] = [];
    await listener.addEventListener(
      "dead-letter",
      Comlink.proxy((event: BridgedListenerEvent) => void events.push(event)),
    );
    for (const body of ["good 1", "poison", "wrong type", "foreign", "good 2"]) await remote.put("APP.IN", { body });
    for (let tries = 0; tries < 200; tries++) {
      const stats = await listener.stats();
      if (stats.processed === 2 && stats.backedOut === 1 && stats.deadLettered === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await listener.stats()).toMatchObject({ processed: 2, rolledBack: 2, backedOut: 1, deadLettered: 2, discarded: 0 });
    expect(seen).toEqual(expect.arrayContaining(["good 1#0", "poison#0", "poison#1", "wrong type#0", "foreign#0", "good 2#0"]));
    expect(seen).not.toContain("poison#2"); // moved aside at BOTHRESH, not handed over again
    expect(await remote.get("APP.BACKOUT")).toMatchObject({ body: "poison", backoutCount: 2 });
    const dead = [await remote.get("SYSTEM.DEAD.LETTER.QUEUE"), await remote.get("SYSTEM.DEAD.LETTER.QUEUE")];
    expect(dead.map((m) => [m!.body, m!.deadLetterHeader!.destQueue])).toEqual(
      expect.arrayContaining([
        ["wrong type", "APP.IN"],
        ["foreign", "APP.IN"],
      ]),
    );
    expect(dead.find((m) => m!.body === "wrong type")!.deadLetterHeader!.reason).toBe(0x12345);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.map((event) => event.type)).toEqual(["dead-letter", "dead-letter"]);
    await listener.close();
    expect(await listener.closed()).toBe(true);
    await remote.put("APP.IN", { body: "after close" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await remote.get("APP.IN")).toMatchObject({ body: "after close", backoutCount: 0 });
    await remote.close();
    channel.port1.close();
    channel.port2.close();
  });

  it("knows an UnprocessableMessageError by name, as plain comlink delivers one from a page", () => {
    const plain = Object.assign(new Error("bad body"), { name: "UnprocessableMessageError", reason: 0x1234 });
    const revived = reviveUnprocessable(plain);
    expect(revived).toBeInstanceOf(UnprocessableMessageError);
    expect(revived).toMatchObject({ message: "bad body", reason: 0x1234 });
    const other = new Error("retry me");
    expect(reviveUnprocessable(other)).toBe(other);
  });
});
