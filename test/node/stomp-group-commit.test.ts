/**
 * STOMP receipts and the store's commits, over a real socket to serveHttp, with a store whose
 * commits the test can hold: a RECEIPT means durable, so none may come while the commit that
 * makes its SEND (or ACK) durable is held; and SENDs (or ACKs) that arrive together are
 * committed in one store write (frame-batches.ts), not one each.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryStore, QueueManager, type Store, type StoreOp } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { eventually, rawSocket, stompUrl } from "./stomp/stomp-client.js";

const TOKEN = "stomp-group-commit-token";

/** A memory store whose commits with messages in them can be held, and which records every commit. */
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

let store: HeldStore;
let qm: QueueManager;
let server: NodeServer;
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  store = new HeldStore();
  qm = await QueueManager.open({ name: "QM1", store: store as Store });
  server = await serveHttp({ queueManagers: [qm], tokens: [TOKEN] });
});
afterEach(() => {
  store.release();
  for (const ws of sockets.splice(0)) ws.close();
});
afterAll(async () => {
  await server.close();
  await qm.close();
});

let queueCount = 0;
async function freshQueue(): Promise<string> {
  const name = `GC.Q${++queueCount}`;
  await qm.defineQueue(name);
  return name;
}

async function connected() {
  const socket = await rawSocket(stompUrl(server.url));
  sockets.push(socket.ws);
  socket.ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\nheart-beat:0,0\n\n\0`);
  await eventually(() => socket.received.some((frame) => frame.startsWith("CONNECTED")), "CONNECTED");
  return socket;
}

const send = (queue: string, receipt: string, body = receipt) =>
  `SEND\ndestination:/queue/${queue}\npersistent:true\ncontent-type:text/plain\nreceipt:${receipt}\n\n${body}\0`;
const receipts = (received: string[]) => received.filter((frame) => frame.startsWith("RECEIPT")).map((frame) => /receipt-id:(.*)/.exec(frame)![1]);
/** Long enough for a RECEIPT written too early to have arrived on loopback; a correct server passes however long it is. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("a RECEIPT only once its frame is durable", () => {
  it("SEND: no RECEIPT while the put's commit is held; it comes once the commit completes", async () => {
    const queue = await freshQueue();
    const { ws, received } = await connected();
    store.holding = true;
    ws.send(send(queue, "one"));
    await eventually(() => store.heldCount === 1, "the put's commit to reach the store");
    await settle();
    expect(receipts(received)).toEqual([]);
    store.release();
    await eventually(() => receipts(received).length === 1, "the RECEIPT");
    expect(qm.queueStatus(queue).depth).toBe(1);
  });

  it("SENDs arriving together: one commit for all, no RECEIPT while it is held, then every RECEIPT in order", async () => {
    const queue = await freshQueue();
    const { ws, received } = await connected();
    store.commits.length = 0;
    store.holding = true;
    const ids = Array.from({ length: 16 }, (_, i) => `m${i}`);
    ws.send(ids.map((id) => send(queue, id)).join(""));
    await eventually(() => store.heldCount > 0, "the puts' commit to reach the store");
    await settle();
    expect(receipts(received)).toEqual([]);
    store.release();
    await eventually(() => receipts(received).length === 16, "16 RECEIPTs");
    expect(receipts(received)).toEqual(ids);
    // One store write carried the 16 messages, in the order sent.
    const puts = store.commits.map((batch) => batch.filter((op) => op.op === "putMessage").length);
    expect(puts).toEqual([16]);
    const bodies = [];
    for (let message; (message = await qm.get(queue));) bodies.push(message.body);
    expect(bodies).toEqual(ids);
  });

  it("ACKs arriving together (client-individual): no RECEIPT while their commit is held; the messages are gone once it completes", async () => {
    const queue = await freshQueue();
    for (let i = 0; i < 8; i++) await qm.put(queue, { body: `g${i}`, persistent: true });
    const { ws, received } = await connected();
    ws.send(`SUBSCRIBE\nid:s\ndestination:/queue/${queue}\nack:client-individual\nprefetch-count:8\n\n\0`);
    await eventually(() => received.filter((frame) => frame.startsWith("MESSAGE")).length === 8, "8 MESSAGEs");
    const ackIds = received.filter((frame) => frame.startsWith("MESSAGE")).map((frame) => /\nack:(.*)/.exec(frame)![1]);
    store.commits.length = 0;
    store.holding = true;
    ws.send(ackIds.map((id, i) => `ACK\nid:${id}\nreceipt:a${i}\n\n\0`).join(""));
    await eventually(() => store.heldCount > 0, "the ACKs' commit to reach the store");
    await settle();
    expect(receipts(received)).toEqual([]);
    store.release();
    await eventually(() => receipts(received).length === 8, "8 RECEIPTs");
    expect(qm.queueStatus(queue)).toMatchObject({ depth: 0, uncommitted: 0 });
    // The eight gets were committed together (the memory store groups what arrives in one turn).
    const deletes = store.commits.map((batch) => batch.filter((op) => op.op === "deleteMessage").length);
    expect(deletes).toEqual([8]);
  });

  it("a refused SEND in a run: the SENDs before it are committed and receipted, it is an ERROR, none after it is put", async () => {
    const queue = await freshQueue();
    const { ws, received, closed } = await connected();
    ws.send([send(queue, "before-1"), send(queue, "before-2"), send("NO.SUCH.QUEUE", "refused"), send(queue, "after")].join(""));
    expect(await closed).toBe(1002);
    expect(receipts(received)).toEqual(["before-1", "before-2"]);
    const error = received.find((frame) => frame.startsWith("ERROR"))!;
    expect(error).toMatch(/receipt-id:refused/);
    expect(error).toMatch(/reason-code:2085/);
    const bodies = [];
    for (let message; (message = await qm.get(queue));) bodies.push(message.body);
    expect(bodies).toEqual(["before-1", "before-2"]);
  });
});
