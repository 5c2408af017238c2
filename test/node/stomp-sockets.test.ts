/**
 * STOMP over WebSocket against serveHttp on 127.0.0.1, over real sockets, with @stomp/stompjs
 * (and a raw `ws` socket where stompjs will not misbehave): each ack mode, transactions, NACK
 * to the backout queue, receipts, selectors, durable subscriptions, messages crossing between
 * qm.put/qm.get and STOMP, a socket cut mid-transaction, a heart-beat timeout, refusals.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { connect, eventually, Inbox, rawSocket, stompUrl, type TestClient } from "./stomp/stomp-client.js";

const TOKEN = "stomp-test-token";
let server: NodeServer;
let qm: QueueManager;
let url: string;
const open: TestClient[] = [];

beforeAll(async () => {
  qm = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [qm], tokens: [TOKEN], users: TEST_MQ_USERS, stompHeartBeat: { send: 0, receive: 100 } });
  url = stompUrl(server.url);
  await qm.defineQueue("STOMP.SYNC");
});
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});
afterAll(async () => {
  await server.close();
  await qm.close();
});

let queueCount = 0;
async function freshQueue(attributes = ""): Promise<string> {
  const name = `STOMP.Q${++queueCount}`;
  const result = await qm.mqsc(`DEFINE QLOCAL(${name}) ${attributes}`);
  expect(result.commands[0]!.completionCode, result.transcript).toBe(0);
  return name;
}

async function client(headers: Record<string, string> = { passcode: TOKEN }): Promise<TestClient> {
  const c = await connect(url, headers);
  open.push(c);
  return c;
}

const depth = (queue: string) => qm.queueStatus(queue).depth;

describe("ack modes", () => {
  it("auto: a message sent is delivered once and gone from the queue", async () => {
    const queue = await freshQueue();
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take);
    c.client.publish({ destination: `/queue/${queue}`, body: "hello" });
    const [message] = await inbox.until(1);
    expect(message!.body).toBe("hello");
    expect(message!.headers["message-id"]).toMatch(/^[0-9a-f]{48}$/);
    expect(message!.headers["redelivered"]).toBe("false");
    await eventually(() => depth(queue) === 0 && qm.queueStatus(queue).uncommitted === 0, "the get to commit");
  });

  it("client-individual: an ACK settles that message only; the unacknowledged one comes back redelivered", async () => {
    const queue = await freshQueue();
    await qm.put(queue, { body: "one" });
    await qm.put(queue, { body: "two" });
    const first = await client();
    const inbox = new Inbox();
    first.client.subscribe(`/queue/${queue}`, inbox.take, { ack: "client-individual" });
    const [one, two] = await inbox.until(2);
    two!.ack();
    await eventually(() => qm.queueStatus(queue).uncommitted === 1, "the ACK of two");
    await first.close();
    const again = await qm.get(queue, { wait: 2000 });
    expect(again?.body).toBe("one");
    expect(again?.backoutCount).toBe(1);
    expect(one!.body).toBe("one");
    expect(await qm.get(queue)).toBeNull();
  });

  it("client: an ACK settles every message up to the one named, not the later ones", async () => {
    const queue = await freshQueue();
    for (const body of ["a", "b", "c"]) await qm.put(queue, { body });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take, { ack: "client" });
    const [, b] = await inbox.until(3);
    b!.ack();
    await eventually(() => qm.queueStatus(queue).uncommitted === 1, "the ACK of a and b");
    await c.close();
    expect((await qm.get(queue, { wait: 2000 }))?.body).toBe("c");
    expect(await qm.get(queue)).toBeNull();
  });

  it("prefetch-count bounds the messages held unacknowledged", async () => {
    const queue = await freshQueue();
    for (let i = 0; i < 5; i++) await qm.put(queue, { body: `m${i}` });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take, { ack: "client-individual", "prefetch-count": "2" });
    await inbox.until(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.messages.length).toBe(2);
    inbox.messages[0]!.ack();
    await inbox.until(3);
  });
});

describe("transactions", () => {
  it("a committed transaction's sends arrive; an aborted one's do not", async () => {
    const queue = await freshQueue();
    const c = await client();
    const aborted = c.client.begin();
    c.client.publish({ destination: `/queue/${queue}`, body: "aborted", headers: { transaction: aborted.id } });
    aborted.abort();
    const committed = c.client.begin();
    c.client.publish({ destination: `/queue/${queue}`, body: "committed", headers: { transaction: committed.id } });
    committed.commit();
    await receipt(c);
    await eventually(() => depth(queue) === 1, "the commit");
    expect((await qm.get(queue))?.body).toBe("committed");
    expect(await qm.get(queue)).toBeNull();
  });

  it("an ACK in an aborted transaction leaves the message unacknowledged", async () => {
    const queue = await freshQueue();
    await qm.put(queue, { body: "held" });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take, { ack: "client-individual" });
    const [message] = await inbox.until(1);
    const tx = c.client.begin();
    message!.ack({ transaction: tx.id });
    tx.abort();
    await receipt(c);
    await c.close();
    expect((await qm.get(queue, { wait: 2000 }))?.body).toBe("held");
  });

  it("a socket cut mid-transaction loses nothing and doubles nothing", async () => {
    const source = await freshQueue();
    const target = await freshQueue();
    await qm.put(source, { body: "work", persistent: true });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${source}`, inbox.take, { ack: "client-individual" });
    const [message] = await inbox.until(1);
    const tx = c.client.begin();
    c.client.publish({ destination: `/queue/${target}`, body: "result", headers: { transaction: tx.id } });
    message!.ack({ transaction: tx.id });
    await receipt(c);
    c.socket().terminate();
    open.splice(open.indexOf(c), 1);
    await eventually(() => depth(source) === 1 && qm.queueStatus(source).uncommitted === 0, "the get to come back");
    expect(depth(target)).toBe(0);
    expect(qm.queueStatus(target).uncommitted).toBe(0);
    const back = await qm.get(source);
    expect(back?.body).toBe("work");
    expect(back?.backoutCount).toBe(1);
  });
});

describe("NACK, receipts, selectors, durable subscriptions", () => {
  it("NACK backs out; at BOTHRESH the message goes to BOQNAME", async () => {
    const backout = await freshQueue();
    const queue = await freshQueue(`BOTHRESH(2) BOQNAME(${backout})`);
    await qm.put(queue, { body: "poison", properties: { attempt: 1 } });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take, { ack: "client-individual" });
    const [first] = await inbox.until(1);
    first!.nack();
    const [, second] = await inbox.until(2);
    expect(second!.headers["redelivered"]).toBe("true");
    expect(second!.headers["JMSXDeliveryCount"]).toBe("2");
    second!.nack();
    await eventually(() => depth(backout) === 1, "the move to the backout queue");
    expect(depth(queue)).toBe(0);
    const moved = await qm.get(backout);
    expect(moved?.body).toBe("poison");
    expect(moved?.properties.find((p) => p.name === "attempt")?.value).toBe(1);
    expect(inbox.messages.length).toBe(2);
  });

  it("a receipt comes after the frame has taken effect", async () => {
    const queue = await freshQueue();
    const c = await client();
    const got = new Promise<void>((resolve) => c.client.watchForReceipt("r-1", () => resolve()));
    c.client.publish({ destination: `/queue/${queue}`, body: "x", headers: { receipt: "r-1" } });
    await got;
    expect(depth(queue)).toBe(1);
  });

  it("a selector delivers only the messages it selects", async () => {
    const queue = await freshQueue();
    await qm.put(queue, { body: "red", properties: { colour: "red" } });
    await qm.put(queue, { body: "blue", properties: { colour: "blue" } });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take, { selector: "colour = 'blue'" });
    const [message] = await inbox.until(1);
    expect(message!.body).toBe("blue");
    expect(message!.headers["colour"]).toBe("blue");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inbox.messages.length).toBe(1);
    expect(depth(queue)).toBe(1);
  });

  it("a durable subscription keeps publications across a reconnect (RabbitMQ's durable + id, and ActiveMQ's subscriptionName)", async () => {
    const variants: Record<string, string>[] = [{ durable: "true", "auto-delete": "false" }, { "activemq.subscriptionName": "prices" }];
    for (const headers of variants) {
      const connectHeaders = { passcode: TOKEN, "client-id": "durable-app" };
      const first = await client(connectHeaders);
      const before = new Inbox();
      first.client.subscribe("/topic/price/fruit", before.take, { id: "sub-1", ...headers });
      await receipt(first);
      await first.close();
      open.splice(open.indexOf(first), 1);
      await qm.publish("price/fruit", { body: "while away" });
      const second = await client(connectHeaders);
      const after = new Inbox();
      second.client.subscribe("/topic/price/fruit", after.take, { id: "sub-1", ...headers });
      const [message] = await after.until(1);
      expect(message!.body).toBe("while away");
      second.client.unsubscribe("sub-1", headers);
      await receipt(second);
      await second.close();
      open.splice(open.indexOf(second), 1);
    }
  });
});

describe("messages between qm.put/qm.get and STOMP", () => {
  it("a message put by qm.put arrives with the same body bytes and properties", async () => {
    const queue = await freshQueue();
    const bytes = Uint8Array.from([0, 1, 2, 255, 0, 10, 13, 0]);
    await qm.put(queue, { body: bytes, properties: { customer: "ACME", count: 3 }, correlationIdText: "order-7", priority: 6 });
    const c = await client();
    const inbox = new Inbox();
    c.client.subscribe(`/queue/${queue}`, inbox.take);
    const [message] = await inbox.until(1);
    expect([...message!.binaryBody]).toEqual([...bytes]);
    expect(message!.headers["customer"]).toBe("ACME");
    expect(message!.headers["count"]).toBe("3");
    expect(message!.headers["correlation-id"]).toBe("order-7");
    expect(message!.headers["priority"]).toBe("6");
  });

  it("a message sent over STOMP is got by qm.get with the same bytes, properties and descriptor", async () => {
    const queue = await freshQueue();
    const reply = await freshQueue();
    const c = await client();
    const bytes = Uint8Array.from([0, 0, 7, 200, 10]);
    c.client.publish({
      destination: `/queue/${queue}`,
      binaryBody: bytes,
      headers: { receipt: "sent", persistent: "true", priority: "8", "correlation-id": "corr-1", "reply-to": `/queue/${reply}`, region: "emea" },
    });
    await new Promise<void>((resolve) => c.client.watchForReceipt("sent", () => resolve()));
    const message = await qm.get(queue);
    expect(message!.body).toEqual(bytes);
    expect(message!.persistent).toBe(true);
    expect(message!.priority).toBe(8);
    expect(message!.correlationIdText).toBe("corr-1");
    expect(message!.replyToQueue.trim()).toBe(reply);
    expect(message!.properties.find((p) => p.name === "region")?.value).toBe("emea");
  });

  it("text keeps its bytes both ways (UTF-8)", async () => {
    const queue = await freshQueue();
    const c = await client();
    c.client.publish({ destination: `/queue/${queue}`, body: "héllo ✓", headers: { "content-type": "text/plain;charset=utf-8", receipt: "t" } });
    await new Promise<void>((resolve) => c.client.watchForReceipt("t", () => resolve()));
    expect((await qm.get(queue))?.body).toBe("héllo ✓");
  });
});

describe("refusals and dropped clients", () => {
  it("a wrong passcode is an ERROR frame and a close", async () => {
    await expect(connect(url, { passcode: "wrong" })).rejects.toThrow(/MQRC_NOT_AUTHORIZED/);
    await expect(connect(url, { login: "app", passcode: "wrong" })).rejects.toThrow(/MQRC_NOT_AUTHORIZED/);
    const user = await client({ login: "app", passcode: "app-pw" });
    expect(user.client.connected).toBe(true);
  });

  it("failed CONNECTs count against the REST API's failed-login limit, per claimed user", async () => {
    const limited = await serveHttp({ queueManagers: [qm], users: TEST_MQ_USERS, loginRateLimit: { maxFailures: 2 } });
    try {
      const limitedUrl = stompUrl(limited.url);
      await expect(connect(limitedUrl, { login: "admin", passcode: "guess-1" })).rejects.toThrow(/MQRC_NOT_AUTHORIZED/);
      // The second failure comes over REST, to the same limit.
      const rest = await fetch(`${limited.url}/ibmmq/rest/v2/login`, { headers: { authorization: `Basic ${btoa("admin:guess-2")}` } });
      expect(rest.status).toBe(401);
      const refused = await rawSocket(limitedUrl);
      refused.ws.send("CONNECT\naccept-version:1.2\nlogin:admin\npasscode:admin-pw\n\n\0");
      expect(await refused.closed).toBe(1002);
      expect(refused.received.at(-1)).toMatch(/too many failed logins/);
      // Another user is not held back by admin's failures.
      const app = await connect(limitedUrl, { login: "app", passcode: "app-pw" });
      await app.close();
    } finally {
      await limited.close();
    }
  });

  it("an unknown host (queue manager) is refused with 2058", async () => {
    await expect(connect(url, { passcode: TOKEN, host: "QM9" })).rejects.toThrow(/MQRC_Q_MGR_NAME_ERROR/);
  });

  it("a read-only user may not send: 2035, nothing put", async () => {
    const queue = await freshQueue();
    const reader = await connect(url, { login: "reader", passcode: "reader-pw" });
    open.push(reader);
    reader.client.publish({ destination: `/queue/${queue}`, body: "no" });
    await eventually(() => reader.errors.length > 0, "the ERROR frame");
    expect(reader.errors[0]).toMatch(/MQRC_NOT_AUTHORIZED/);
    expect(depth(queue)).toBe(0);
  });

  it("a malformed frame is an ERROR and a close", async () => {
    const { ws, received, closed } = await rawSocket(url);
    ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\n\n\0`);
    await eventually(() => received.length > 0, "CONNECTED");
    ws.send("SEND\ndestination:/queue/X\nbad\\qescape:1\n\nbody\0");
    expect(await closed).toBe(1002);
    expect(received.at(-1)).toMatch(/^ERROR\n/);
    expect(received.at(-1)).toMatch(/MQRC_FORMAT_ERROR/);
  });

  it("sends no MESSAGE once the client has sent DISCONNECT, even one read with a SUBSCRIBE still being handled", async () => {
    const queue = await freshQueue();
    await qm.put(queue, { body: "waiting" });
    const { ws, received, closed } = await rawSocket(url);
    ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\n\n\0`);
    await eventually(() => received.length > 0, "CONNECTED");
    // One message holding both frames: the DISCONNECT is read before the SUBSCRIBE's consumer starts.
    ws.send(`SUBSCRIBE\nid:0\ndestination:/queue/${queue}\nack:auto\n\n\0DISCONNECT\nreceipt:bye\n\n\0`);
    await closed;
    expect(received.filter((frame) => frame.startsWith("MESSAGE"))).toEqual([]);
    expect(received.at(-1)).toMatch(/^RECEIPT\nreceipt-id:bye/);
    await eventually(() => depth(queue) === 1 && qm.queueStatus(queue).uncommitted === 0, "the message to stay");
  });

  it("a frame larger than MAXMSGL is an ERROR naming 2031", async () => {
    const { ws, received, closed } = await rawSocket(url);
    ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\n\n\0`);
    await eventually(() => received.length > 0, "CONNECTED");
    ws.send(`SEND\ndestination:/queue/X\ncontent-length:${qm.attributes.maxMessageLength + 1}\n\n`);
    expect(await closed).toBe(1002);
    expect(received.at(-1)).toMatch(/MQRC_MSG_TOO_BIG_FOR_Q_MGR/);
  });

  it("a client that does not read holds its messages on the queue, not in the server's memory", async () => {
    const queue = await freshQueue("MAXDEPTH(1000)");
    const body = new Uint8Array(64 * 1024).fill(7);
    for (let i = 0; i < 400; i++) await qm.put(queue, { body });
    const { ws, received } = await rawSocket(url);
    ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\n\n\0`);
    await eventually(() => received.length > 0, "CONNECTED");
    ws.pause(); // reads nothing from here on
    ws.send(`SUBSCRIBE\nid:s\ndestination:/queue/${queue}\nack:auto\n\n\0`);
    await eventually(() => depth(queue) < 400, "the first deliveries");
    await new Promise((resolve) => setTimeout(resolve, 500));
    // 25 MB waited; the server took only what the socket buffers hold (its 1 MiB mark and the kernel's).
    expect(depth(queue)).toBeGreaterThan(200);
    ws.resume();
    await eventually(() => depth(queue) === 0, "every message once the client reads");
    await eventually(() => received.filter((frame) => frame.startsWith("MESSAGE")).length === 400, "400 MESSAGE frames");
    ws.close();
  });

  it("a silent client is dropped and its unacknowledged messages come back", async () => {
    const queue = await freshQueue();
    await qm.put(queue, { body: "unacked" });
    const { ws, received, closed } = await rawSocket(url);
    ws.send(`CONNECT\naccept-version:1.2\npasscode:${TOKEN}\nheart-beat:50,0\n\n\0`);
    await eventually(() => received.length > 0, "CONNECTED");
    expect(received[0]).toMatch(/heart-beat:0,100/);
    ws.send(`SUBSCRIBE\nid:s\ndestination:/queue/${queue}\nack:client\n\n\0`);
    await eventually(() => received.some((frame) => frame.startsWith("MESSAGE")), "the MESSAGE");
    expect(qm.queueStatus(queue).uncommitted).toBe(1);
    // Silence: no heart-beats from here on.
    expect(await closed).toBe(4000);
    await eventually(() => depth(queue) === 1 && qm.queueStatus(queue).uncommitted === 0, "the message to come back");
    expect((await qm.get(queue))?.backoutCount).toBe(1);
  });
});

/** Waits for the receipt of a SUBSCRIBE to a queue of its own: every frame sent before it has been handled. */
async function receipt(c: TestClient): Promise<void> {
  const id = `sync-${++syncCount}`;
  const got = new Promise<void>((resolve) => c.client.watchForReceipt(id, () => resolve()));
  const subscription = c.client.subscribe("/queue/STOMP.SYNC", () => undefined, { receipt: id });
  await got;
  subscription.unsubscribe();
}
let syncCount = 0;
