/**
 * The settle window the edge's Durable Object gives a StompConnection (adapters/edge/stomp-sockets.ts
 * passes a 0 ms timer): @stomp/stompjs writes each ACK as a WebSocket message of its own, and in
 * the object each is a turn and a storage commit; ACKs that arrive in separate messages within
 * the window settle in one run, one store commit. Driven here through `receive` (one call per
 * WebSocket message), as the object calls it, with a window the test closes, and a store that
 * records and can hold its commits: the workerd runtime's turns and its storage cannot be
 * counted from outside (test/node/edge-stomp.test.ts drives the same path with stompjs).
 * A RECEIPT still never comes before its ACK's commit, and a socket that closes in the window
 * settles what was ACKed before what the connection held comes back.
 */
import { afterEach, expect, it } from "vitest";
import { MemoryStore, QueueManager, type Store, type StoreOp } from "../../core/index.js";
import { StompConnection } from "../../adapters/http/stomp/connection.js";
import { eventually } from "./stomp/stomp-client.js";

/** A memory store that records each commit touching messages, and can hold them. */
class HeldStore extends MemoryStore {
  readonly commits: StoreOp[][] = [];
  holding = false;
  readonly #held: (() => void)[] = [];

  override async commit(batch: StoreOp[]): Promise<void> {
    const touchesMessages = batch.some((op) => op.op === "putMessage" || op.op === "deleteMessage");
    if (touchesMessages) this.commits.push(batch);
    if (touchesMessages && this.holding) await new Promise<void>((resolve) => this.#held.push(resolve));
    return super.commit(batch);
  }

  get heldCount(): number {
    return this.#held.length;
  }

  release(): void {
    this.holding = false;
    for (const resume of this.#held.splice(0)) resume();
  }
}

const open: QueueManager[] = [];
const connections: StompConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.socketClosed();
  for (const qm of open.splice(0)) await qm.close();
});

const frame = (command: string, headers: Record<string, string>) =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join("")}\n\0`;
const messages = (frames: string[]) => frames.filter((f) => f.startsWith("MESSAGE\n"));
const receipts = (frames: string[]) => frames.filter((f) => f.startsWith("RECEIPT\n")).map((f) => /receipt-id:(.*)/.exec(f)![1]);
const ackOf = (f: string) => /^ack:(.*)$/m.exec(f)![1]!;
/** A macrotask: the next WebSocket message comes in a turn of its own. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
const deletesPerCommit = (store: HeldStore) => store.commits.map((batch) => batch.filter((op) => op.op === "deleteMessage").length).filter((n) => n > 0);

/** A connection as the edge makes it, with `count` messages delivered to a client-individual subscription, and the window the test closes. */
async function subscribed(count: number) {
  const store = new HeldStore();
  const qm = await QueueManager.open({ name: "QM.WINDOW", store: store as Store });
  open.push(qm);
  await qm.mqsc("DEFINE QLOCAL(APP.Q)");
  for (let i = 0; i < count; i++) await qm.put("APP.Q", { body: `m${i}`, persistent: true });
  const frames: string[] = [];
  const windows: (() => void)[] = [];
  const connection = new StompConnection(
    { send: (bytes) => void frames.push(new TextDecoder().decode(bytes)), close: () => undefined },
    {
      queueManager: () => qm,
      authenticate: async () => ({ name: "app", role: "MQWebUser" }),
      heartBeatEchoed: true,
      settleWindow: (close) => void windows.push(close),
    },
  );
  connections.push(connection);
  connection.receive(frame("CONNECT", { "accept-version": "1.2", host: "QM.WINDOW" }));
  connection.receive(frame("SUBSCRIBE", { id: "s", destination: "/queue/APP.Q", ack: "client-individual", "prefetch-count": String(count) }));
  await eventually(() => messages(frames).length === count, `${count} MESSAGEs`);
  store.commits.length = 0;
  return { qm, store, frames, windows, connection, acks: messages(frames).map(ackOf) };
}

it("ACKs in separate WebSocket messages within the window settle in one store commit, their RECEIPTs only after it", async () => {
  const { qm, store, frames, windows, connection, acks } = await subscribed(8);
  store.holding = true;
  for (const [i, id] of acks.entries()) {
    connection.receive(frame("ACK", { id, receipt: `a${i}` }));
    await nextTurn();
  }
  // Eight WebSocket messages, eight turns: nothing settled while the window is open.
  expect(store.commits).toEqual([]);
  expect(windows.length).toBe(1);
  windows[0]!();
  await eventually(() => store.heldCount > 0, "the ACKs' commit to reach the store");
  await nextTurn();
  expect(receipts(frames)).toEqual([]);
  store.release();
  await eventually(() => receipts(frames).length === 8, "8 RECEIPTs");
  expect(receipts(frames)).toEqual(acks.map((_, i) => `a${i}`));
  expect(deletesPerCommit(store)).toEqual([8]);
  expect(qm.queueStatus("APP.Q")).toMatchObject({ depth: 0, uncommitted: 0 });
});

it("NACKs join the window too: backed out together, redelivered", async () => {
  const { qm, frames, windows, connection, acks } = await subscribed(3);
  for (const id of acks) {
    connection.receive(frame("NACK", { id }));
    await nextTurn();
  }
  expect(qm.queueStatus("APP.Q").uncommitted).toBe(3);
  expect(windows.length).toBe(1);
  windows[0]!();
  await eventually(() => messages(frames).length === 6, "the three again");
  await nextTurn();
  expect(
    messages(frames)
      .slice(3)
      .every((f) => /^redelivered:true$/m.test(f)),
  ).toBe(true);
  expect(qm.queueStatus("APP.Q").depth).toBe(3);
});

it("a socket closing in the window: what was ACKed is settled, not redelivered; the rest comes back", async () => {
  const { qm, store, windows, connection, acks } = await subscribed(4);
  connection.receive(frame("ACK", { id: acks[0]! }));
  await nextTurn();
  connection.receive(frame("ACK", { id: acks[2]! }));
  await nextTurn();
  expect(store.commits).toEqual([]);
  await connection.socketClosed();
  expect(windows.length).toBe(1);
  expect(deletesPerCommit(store)).toEqual([2]);
  // m1 and m3 were not acknowledged: back on the queue; m0 and m2 gone.
  expect(qm.queueStatus("APP.Q")).toMatchObject({ depth: 2, uncommitted: 0 });
  const left = [];
  for (let message; (message = await qm.get("APP.Q"));) left.push(message.body);
  expect(left).toEqual(["m1", "m3"]);
});
