/**
 * STOMP at the edge: @stomp/stompjs over real sockets against the worker as `npm start` runs it
 * (scripts/local-edge.mjs, workerd under Miniflare). The front Worker reads CONNECT (host,
 * credentials under the REST API's users, tokens and failed-login limit), then relays the
 * socket to the queue manager's Durable Object, which holds it with the Hibernation API.
 * Messages cross between REST and STOMP both ways; each ack mode, a transaction, NACK,
 * refusals (2035, 2058), authority records, echoed heart-beats keeping an idle connection, and a
 * client that promised heart-beats and fell silent dropped, its unacknowledged message back.
 * At /stomp/QMNAME the socket is handed to the object unread, which checks CONNECT itself.
 *
 * Not here: an eviction of the object (Miniflare offers no way to force one); the rebuild it
 * needs is tested directly in test/node/stomp-rebuild.test.ts.
 */
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { connect, eventually, Inbox, rawSocket, stompUrl, type TestClient } from "./stomp/stomp-client.js";

const ADMIN = "edge-stomp-admin";
const APP = "edge-stomp-app";
let edge: { url: string; dispose(): Promise<void> };
const open: TestClient[] = [];

beforeAll(async () => {
  edge = await startLocalEdge({
    port: 0,
    vars: { MQ_TOKENS: `${ADMIN}, ${APP}:MQWebUser:tok-app:apps`, MQ_USERS: TEST_MQ_USERS, MQ_QUEUE_MANAGERS: "QM1,QM2" },
  });
  await mqsc("QM1", "DEFINE QLOCAL(APP.Q) REPLACE\nDEFINE QLOCAL(APP.ACKS) REPLACE\nDEFINE QLOCAL(APP.TX) REPLACE\nDEFINE QLOCAL(APP.NACK) REPLACE");
}, 60_000);
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
afterAll(async () => {
  await edge?.dispose();
});

const auth = { authorization: `Bearer ${ADMIN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };
const rest = (path: string) => `${edge.url}/ibmmq/rest/v3${path}`;

async function mqsc(qmgr: string, command: string): Promise<string> {
  const response = await fetch(rest(`/admin/action/qmgr/${qmgr}/mqsc`), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "runCommand", parameters: { command } }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return text;
}

async function depth(queue: string): Promise<number> {
  return Number(/CURDEPTH\((\d+)\)/.exec(await mqsc("QM1", `DISPLAY QLOCAL(${queue}) CURDEPTH`))?.[1]);
}

async function stomp(headers: Record<string, string> = { passcode: ADMIN, host: "QM1" }): Promise<TestClient> {
  const c = await connect(stompUrl(edge.url), headers);
  open.push(c);
  return c;
}

it("receives over STOMP a message put over REST, and REST gets one sent over STOMP, with body and properties", async () => {
  const c = await stomp();
  const inbox = new Inbox();
  c.client.subscribe("/queue/APP.Q", inbox.take, { id: "s1" });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const put = await fetch(rest("/messaging/qmgr/QM1/queue/APP.Q/message"), {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": "persistent", "ibm-mq-usr": "region;emea;string" },
    body: "from REST",
  });
  expect(put.status, await put.text()).toBe(201);
  const [message] = await inbox.until(1);
  expect(message!.body).toBe("from REST");
  expect(message!.headers.region).toBe("emea");
  expect(message!.headers["message-id"]).toMatch(/^[0-9a-f]{48}$/i);
  c.client.unsubscribe("s1");

  const receipt = new Promise<void>((resolve) => c.client.watchForReceipt("sent", () => resolve()));
  c.client.publish({ destination: "/queue/APP.Q", body: "from STOMP", headers: { receipt: "sent", persistent: "true", colour: "blue" } });
  await receipt;
  const got = await fetch(rest("/messaging/qmgr/QM1/queue/APP.Q/message"), { method: "DELETE", headers: auth });
  expect(got.status).toBe(200);
  expect(await got.text()).toBe("from STOMP");
  expect(got.headers.get("ibm-mq-usr")).toContain('"colour"');
});

it("client ack settles cumulatively, client-individual one message, auto at once: what is not acknowledged comes back", async () => {
  for (let i = 0; i < 3; i++) await send("APP.ACKS", `m${i}`);
  const a = await stomp();
  const cumulative = new Inbox();
  a.client.subscribe("/queue/APP.ACKS", cumulative.take, { id: "c", ack: "client" });
  const three = await cumulative.until(3);
  three[1]!.ack(); // settles m0 and m1
  await a.close();
  await eventually(async () => (await depth("APP.ACKS")) === 1, "m2 back on the queue");

  await send("APP.ACKS", "m3");
  const b = await stomp();
  const individual = new Inbox();
  b.client.subscribe("/queue/APP.ACKS", individual.take, { id: "i", ack: "client-individual" });
  const two = await individual.until(2);
  expect(two[0]!.headers.redelivered).toBe("true");
  two[1]!.ack(); // settles m3 only
  await b.close();
  await eventually(async () => (await depth("APP.ACKS")) === 1, "m2 back again");

  const c = await stomp();
  const auto = new Inbox();
  c.client.subscribe("/queue/APP.ACKS", auto.take, { id: "a" });
  expect((await auto.until(1))[0]!.body).toBe("m2");
  await eventually(async () => (await depth("APP.ACKS")) === 0, "the auto get committed");
});

it("sends the MESSAGE frames a prefetch delivers together in one WebSocket message, and the client's ACKs of them settle every one", async () => {
  // Before, each MESSAGE left in a WebSocket message of its own (a flush per microtask), so a
  // client ACKing what each message brings made every ACK a turn and a storage commit of its own.
  await mqsc("QM1", "DEFINE QLOCAL(APP.PREFETCH) REPLACE");
  const count = 20;
  const raw = await rawStomp();
  try {
    let sends = "";
    for (let i = 0; i < count; i++) sends += `SEND\ndestination:/queue/APP.PREFETCH\nreceipt:p${i}\n\nm${i}\0`;
    raw.ws.send(sends);
    await raw.until(() => raw.frames("RECEIPT").length === count);

    raw.messages.length = 0;
    raw.ws.send(`SUBSCRIBE\nid:s1\ndestination:/queue/APP.PREFETCH\nack:client-individual\nprefetch-count:${count}\n\n\0`);
    await raw.until(() => raw.frames("MESSAGE").length === count);
    const delivered = raw.frames("MESSAGE");
    expect(delivered.map(bodyOf)).toEqual(Array.from({ length: count }, (_, i) => `m${i}`));
    // Taken from memory in one turn: one WebSocket message (two at most, should the dispatch straddle a turn).
    expect(raw.messages.length).toBeLessThanOrEqual(2);

    raw.messages.length = 0;
    raw.ws.send(delivered.map((frame, i) => `ACK\nid:${/\nack:([^\n]*)/.exec(frame)![1]}\nreceipt:a${i}\n\n\0`).join(""));
    await raw.until(() => raw.frames("RECEIPT").length === count);
    expect(await depth("APP.PREFETCH")).toBe(0);
  } finally {
    raw.ws.close();
  }
});

it("keeps a WebSocket message of coalesced MESSAGE frames within 256 KiB: large messages delivered together go in several", async () => {
  await mqsc("QM1", "DEFINE QLOCAL(APP.LARGE) REPLACE");
  const bodies = ["a", "b", "c"].map((letter) => letter.repeat(150 * 1024));
  const raw = await rawStomp();
  try {
    for (const [i, body] of bodies.entries()) raw.ws.send(`SEND\ndestination:/queue/APP.LARGE\nreceipt:p${i}\n\n${body}\0`);
    await raw.until(() => raw.frames("RECEIPT").length === bodies.length);
    raw.messages.length = 0;
    raw.sizes.length = 0;
    raw.ws.send(`SUBSCRIBE\nid:s1\ndestination:/queue/APP.LARGE\nack:auto\nprefetch-count:${bodies.length}\n\n\0`);
    await raw.until(() => raw.frames("MESSAGE").length === bodies.length);
    expect(raw.frames("MESSAGE").map(bodyOf)).toEqual(bodies);
    expect(Math.max(...raw.sizes)).toBeLessThanOrEqual(256 * 1024);
  } finally {
    raw.ws.close();
  }
});

it("puts a transaction's sends at COMMIT and none at ABORT", async () => {
  const c = await stomp();
  const committed = c.client.begin("t1");
  c.client.publish({ destination: "/queue/APP.TX", body: "one", headers: { transaction: "t1" } });
  c.client.publish({ destination: "/queue/APP.TX", body: "two", headers: { transaction: "t1" } });
  await receipted(c, { destination: "/queue/APP.TX", body: "outside" });
  // Uncommitted puts count in CURDEPTH (as IBM's) but cannot be got.
  expect(await takeAll("APP.TX")).toEqual(["outside"]);
  committed.commit();
  await receipted(c, { destination: "/queue/APP.TX", body: "marker" });
  expect(await takeAll("APP.TX")).toEqual(["one", "two", "marker"]);
  const aborted = c.client.begin("t2");
  c.client.publish({ destination: "/queue/APP.TX", body: "never", headers: { transaction: "t2" } });
  aborted.abort();
  await receipted(c, { destination: "/queue/APP.TX", body: "after" });
  expect(await takeAll("APP.TX")).toEqual(["after"]);
  expect(await depth("APP.TX")).toBe(0);
});

it("NACK backs a message out: it comes again, redelivered", async () => {
  await send("APP.NACK", "poison?");
  const c = await stomp();
  const inbox = new Inbox();
  c.client.subscribe("/queue/APP.NACK", inbox.take, { id: "n", ack: "client-individual" });
  (await inbox.until(1))[0]!.nack();
  const again = (await inbox.until(2))[1]!;
  expect(again.body).toBe("poison?");
  expect(again.headers.redelivered).toBe("true");
  expect(again.headers.JMSXDeliveryCount).toBe("2");
  again.ack();
});

it("refuses a bad passcode with 2035 and an unknown host with 2058, an ERROR frame then a close", async () => {
  await expect(connect(stompUrl(edge.url), { login: "app", passcode: "wrong" })).rejects.toThrow(/MQRC_NOT_AUTHORIZED \(2035\)/);
  await expect(connect(stompUrl(edge.url), { passcode: ADMIN, host: "QM.NOWHERE" })).rejects.toThrow(/MQRC_Q_MGR_NAME_ERROR \(2058\)/);
  // A user and password of MQ_USERS, and no host: the first configured queue manager.
  const c = await stomp({ login: "app", passcode: "app-pw" });
  await receipted(c, { destination: "/queue/APP.Q", body: "as app" });
});

it("keeps authority records: a SEND the principal's group may not PUT is an ERROR with 2035, nothing put", async () => {
  await mqsc("QM2", "DEFINE QLOCAL(APP.Q) REPLACE\nSET AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE) GROUP('others') AUTHADD(PUT)");
  const c = await stomp({ passcode: APP, host: "QM2" });
  c.client.publish({ destination: "/queue/APP.Q", body: "refused" });
  await eventually(() => c.errors.length > 0, "the ERROR frame");
  expect(c.errors[0]).toMatch(/2035/);
  const depthQm2 = Number(/CURDEPTH\((\d+)\)/.exec(await mqsc("QM2", "DISPLAY QLOCAL(APP.Q) CURDEPTH"))?.[1]);
  expect(depthQm2).toBe(0);
});

it("negotiates heart-beats the runtime echoes: an idle connection beating every second stays up", async () => {
  const { Client } = await import("@stomp/stompjs");
  const { default: WebSocket } = await import("ws");
  let connected: Record<string, string> = {};
  let closed = false;
  const client = new Client({
    webSocketFactory: () => new WebSocket(stompUrl(edge.url), ["v12.stomp"]),
    connectHeaders: { passcode: ADMIN, host: "QM1" },
    heartbeatIncoming: 1000,
    heartbeatOutgoing: 1000,
    reconnectDelay: 0,
    debug: () => undefined,
    onConnect: (frame) => void (connected = frame.headers),
    onWebSocketClose: () => void (closed = true),
  });
  client.activate();
  await eventually(() => connected["heart-beat"] !== undefined, "CONNECTED");
  expect(connected["heart-beat"]).toBe("1000,1000");
  await new Promise((resolve) => setTimeout(resolve, 3500));
  expect(closed).toBe(false);
  await client.deactivate();
});

it("drops a client that promised heart-beats and fell silent: the socket closes (4000) and its unacknowledged message comes back", async () => {
  await mqsc("QM1", "DEFINE QLOCAL(APP.SILENT) REPLACE");
  await send("APP.SILENT", "held by a silent client");
  const { ws, received, closed } = await rawSocket(stompUrl(edge.url));
  // Promises a beat every second, then never sends one (nor anything else).
  ws.send(`CONNECT\naccept-version:1.2\nhost:QM1\npasscode:${ADMIN}\nheart-beat:1000,0\n\n\0`);
  await eventually(() => received.some((f) => f.startsWith("CONNECTED")), "CONNECTED");
  expect(received[0]).toContain("heart-beat:1000,1000");
  ws.send("SUBSCRIBE\nid:s1\ndestination:/queue/APP.SILENT\nack:client-individual\n\n\0");
  await eventually(() => received.some((f) => f.startsWith("MESSAGE")), "MESSAGE");
  expect(await depth("APP.SILENT")).toBe(1);
  // Two silent intervals, checked every interval: closed within about three seconds.
  const code = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve("still open after 10 s"), 10_000))]);
  expect(code).toBe(4000);
  const [body] = await takeAll("APP.SILENT");
  expect(body).toBe("held by a silent client");
});

it("hands a socket at /stomp/QM1 to the queue manager's object: messages both ways, CONNECT checked there (2035; 2058 for another host), a name not served a 404", async () => {
  await mqsc("QM1", "DEFINE QLOCAL(APP.HANDED) REPLACE");
  const handedOver = `${stompUrl(edge.url)}/QM1`;
  const c = await connect(handedOver, { passcode: ADMIN });
  open.push(c);
  const inbox = new Inbox();
  c.client.subscribe("/queue/APP.HANDED", inbox.take, { id: "s1", ack: "client-individual" });
  await send("APP.HANDED", "from REST");
  const [message] = await inbox.until(1);
  expect(message!.body).toBe("from REST");
  message!.ack();
  c.client.unsubscribe("s1");
  await receipted(c, { destination: "/queue/APP.HANDED", body: "from STOMP, handed over" });
  expect(await takeAll("APP.HANDED")).toEqual(["from STOMP, handed over"]);

  await expect(connect(handedOver, { login: "app", passcode: "wrong" })).rejects.toThrow(/MQRC_NOT_AUTHORIZED \(2035\)/);
  await expect(connect(handedOver, { passcode: ADMIN, host: "QM2" })).rejects.toThrow(/MQRC_Q_MGR_NAME_ERROR \(2058\)/);
  const { default: WebSocket } = await import("ws");
  const status = await new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${stompUrl(edge.url)}/QM.NOWHERE`, ["v12.stomp"]);
    ws.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    ws.on("open", () => reject(new Error("upgraded for a queue manager not served")));
    ws.on("error", () => undefined);
  });
  expect(status).toBe(404);
});

async function send(queue: string, body: string): Promise<void> {
  const response = await fetch(rest(`/messaging/qmgr/QM1/queue/${queue}/message`), {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain;charset=utf-8" },
    body,
  });
  expect(response.status, await response.text()).toBe(201);
}

/** Every message REST can get from `queue` now, in order. */
async function takeAll(queue: string): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const got = await fetch(rest(`/messaging/qmgr/QM1/queue/${queue}/message`), { method: "DELETE", headers: auth });
    if (got.status !== 200) return bodies;
    bodies.push(await got.text());
  }
}

async function receipted(c: TestClient, frame: { destination: string; body: string }): Promise<void> {
  const id = `r-${Math.random()}`;
  const done = new Promise<void>((resolve) => c.client.watchForReceipt(id, () => resolve()));
  c.client.publish({ ...frame, headers: { receipt: id } });
  await done;
}

const bodyOf = (frame: string) => frame.slice(frame.indexOf("\n\n") + 2);

/**
 * A raw STOMP socket handed to QM1's object, CONNECTed: what each WebSocket message brought
 * (its frames, its size), kept apart, since how frames share messages is what is checked.
 */
async function rawStomp() {
  const { default: WebSocket } = await import("ws");
  const ws = new WebSocket(`${stompUrl(edge.url)}/QM1`, ["v12.stomp"]);
  const messages: string[][] = [];
  const sizes: number[] = [];
  let arrived: () => void = () => undefined;
  ws.on("message", (data: Buffer) => {
    sizes.push(data.length);
    messages.push(
      data
        .toString()
        .split("\0")
        .map((frame) => frame.replace(/^[\r\n]+/, ""))
        .filter((frame) => frame !== ""),
    );
    arrived();
  });
  const frames = (command: string) => messages.flat().filter((frame) => frame.startsWith(`${command}\n`));
  const until = (check: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timed out; frames: ${messages
                .flat()
                .map((f) => f.split("\n")[0])
                .join(" ")}`,
            ),
          ),
        10_000,
      );
      arrived = () => {
        if (check()) {
          clearTimeout(timer);
          resolve();
        }
      };
      arrived();
    });
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  ws.send(`CONNECT\naccept-version:1.2\npasscode:${ADMIN}\nheart-beat:0,0\n\n\0`);
  await until(() => frames("CONNECTED").length === 1);
  return { ws, messages, sizes, frames, until };
}
