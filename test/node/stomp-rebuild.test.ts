/**
 * The rebuild the edge's Durable Object does after an eviction (adapters/edge/stomp-sockets.ts),
 * tested directly, since Miniflare offers no way to force an eviction: a StompConnection's
 * state (what `persist` was told, kept in the socket's attachment) restores a connection on a
 * queue manager reopened from the same storage, as a woken object reopens its own. The
 * restored connection receives what is put afterwards on its queue and durable topic
 * subscriptions; what was delivered and not acknowledged comes again under a new ack id, and
 * an ACK naming the old one settles nothing. Not covered: the runtime's part (the socket and
 * its attachment outliving the object, the wake on a frame or request), which only a
 * deployed Worker's eviction exercises.
 */
import { afterEach, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { StompConnection, type StompServerOptions } from "../../adapters/http/stomp/connection.js";
import type { StompConnectionState } from "../../adapters/http/stomp/connection-state.js";
import { eventually } from "./stomp/stomp-client.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

/** A socket that keeps what the connection sends, as text. */
function socket() {
  const frames: string[] = [];
  const closed: number[] = [];
  return {
    frames,
    closed,
    transport: { send: (frame: Uint8Array) => void frames.push(new TextDecoder().decode(frame)), close: (code: number) => void closed.push(code) },
  };
}

function options(qm: QueueManager, saved: StompConnectionState[]): StompServerOptions {
  return {
    queueManager: () => qm,
    authenticate: async () => ({ name: "app", role: "MQWebUser" }),
    heartBeatEchoed: true,
    persist: (state) => void saved.push(structuredClone(state)),
  };
}

const frame = (command: string, headers: Record<string, string>) =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join("")}\n\0`;
const messages = (frames: string[]) => frames.filter((f) => f.startsWith("MESSAGE\n"));
const headerOf = (f: string, name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(f)?.[1];
const bodyOf = (f: string) => f.slice(f.indexOf("\n\n") + 2, -1);

it("a connection restored from its persisted state receives what is put after the queue manager reopened", async () => {
  const storage = new MemoryStorage();
  const before = await QueueManager.open({ name: "QM.REBUILD", store: new MemoryStore(storage) });
  await before.mqsc("DEFINE QLOCAL(APP.Q)");
  const saved: StompConnectionState[] = [];
  const first = socket();
  const old = new StompConnection(first.transport, options(before, saved));
  old.receive(frame("CONNECT", { "accept-version": "1.2", host: "QM.REBUILD", "heart-beat": "5000,5000", "client-id": "app-1" }));
  old.receive(frame("SUBSCRIBE", { id: "q", destination: "/queue/APP.Q", ack: "client-individual", selector: "colour = 'blue'", "prefetch-count": "5" }));
  old.receive(frame("SUBSCRIBE", { id: "news", destination: "/topic/app/news", durable: "true", receipt: "subscribed" }));
  await eventually(() => first.frames.some((f) => f.startsWith("RECEIPT")), "the subscriptions");
  // Echoed: the client is asked to beat at max(5000, the offer of 10000), and promised the same back.
  expect(headerOf(first.frames[0]!, "heart-beat")).toBe("10000,10000");
  await before.put("APP.Q", { body: "held", persistent: true, properties: { colour: "blue" } });
  await eventually(() => messages(first.frames).length === 1, "the first message");
  const oldAck = headerOf(messages(first.frames)[0]!, "ack")!;

  // The state as the attachment keeps it: small enough for its 2 KiB.
  const state = saved.at(-1)!;
  expect(JSON.stringify(state).length).toBeLessThan(2048);
  expect(state).toMatchObject({ version: "1.2", queueManager: "QM.REBUILD", clientId: "app-1", principal: { name: "app", role: "MQWebUser" } });
  expect(state.subscriptions).toEqual([
    { id: "q", destination: "/queue/APP.Q", ack: "client-individual", prefetch: 5, selector: "colour = 'blue'" },
    { id: "news", destination: "/topic/app/news", ack: "auto", prefetch: 100, durableName: "news" },
  ]);

  // The eviction: the process's memory is gone, the storage stays.
  await before.close();
  const after = await QueueManager.open({ name: "QM.REBUILD", store: new MemoryStore(storage) });
  open.push(after);
  const second = socket();
  const rebuilt = new StompConnection(second.transport, options(after, []));
  await rebuilt.restore(JSON.parse(JSON.stringify(state)) as StompConnectionState);
  expect(second.closed).toEqual([]);
  expect(second.frames.filter((f) => f.startsWith("CONNECTED"))).toEqual([]);

  // The unacknowledged message comes again, under a new ack id.
  await eventually(() => messages(second.frames).length === 1, "the held message again");
  const again = messages(second.frames)[0]!;
  expect(bodyOf(again)).toBe("held");
  expect(headerOf(again, "ack")).not.toBe(oldAck);

  // Put later: on the queue (the selector still applies) and on the durable topic subscription.
  await after.put("APP.Q", { body: "red", properties: { colour: "red" } });
  await after.put("APP.Q", { body: "later", properties: { colour: "blue" } });
  await after.publish("app/news", { body: "news" });
  await eventually(() => messages(second.frames).length === 3, "the later messages");
  expect(messages(second.frames).map(bodyOf).sort()).toEqual(["held", "later", "news"]);

  // The new ack ids settle.
  for (const f of messages(second.frames).filter((m) => headerOf(m, "ack") !== undefined))
    rebuilt.receive(frame("ACK", { id: headerOf(f, "ack")!, receipt: `ack-${headerOf(f, "ack")}` }));
  await eventually(() => second.frames.filter((f) => f.startsWith("RECEIPT")).length === 2, "the acks");
  expect(after.queueStatus("APP.Q").depth).toBe(1); // the red one, never selected
  // One delivered before the eviction names nothing now: an ERROR, never another message settled.
  rebuilt.receive(frame("ACK", { id: oldAck }));
  await eventually(() => second.closed.length > 0, "the ERROR");
  expect(second.frames.at(-1)).toMatch(/^ERROR\n[\s\S]*2033/);
});

it("a restore naming a queue manager that is gone is an ERROR frame and a close", async () => {
  const qm = await QueueManager.open({ name: "QM.GONE" });
  await qm.close();
  const s = socket();
  const connection = new StompConnection(s.transport, { ...options(qm, []), queueManager: () => undefined });
  await connection.restore({
    id: "x",
    version: "1.2",
    queueManager: "QM.GONE",
    principal: { name: "app", role: "MQWebUser" },
    tempQueues: [],
    subscriptions: [],
  });
  expect(s.frames[0]).toMatch(/^ERROR\n[\s\S]*2058/);
  expect(s.closed).toEqual([1002]);
});
