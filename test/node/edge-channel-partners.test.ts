/**
 * Channels from partners outside the Worker (adapters/edge/channel-endpoint.ts), against the
 * worker as `npm start` runs it: a queue manager in this Node process sends over a real
 * WebSocket (nodeChannelConnector, Node's side of adapters/http/channels) to the front Worker's
 * /ibmmq/channel, which checks the `auth` frame and relays the channel to QM2's object. Its
 * messages arrive once and in order; a token whose role may not run channels, and none at all,
 * are refused (2035) with nothing put and no object woken for them. And the other way: QM1's
 * object sends to a serveHttp in this process with the credentials MQ_CHANNEL_CREDENTIALS
 * gives it, at this machine's non-loopback address (a loopback name is the Worker itself). The
 * partner's principal goes with its channel to QM2's object, which puts as it (MCAUSER): a
 * queue it may not PUT to gets its messages dead-lettered with 2035.
 */
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { networkInterfaces } from "node:os";
import { nodeChannelConnector, serveHttp } from "../../adapters/http/node-server.js";
import type { ChannelCredentials } from "../../adapters/http/channels/index.js";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";

const ADMIN = "edge-partners-admin";
const CHANNEL_ROBOT = "edge-partners-channel";
const READER = "edge-partners-user";
/** The token QM1's object gives the Node server for its channel QM1.TO.NODE (MQ_CHANNEL_CREDENTIALS). */
const NODE_ROBOT = "edge-partners-node-robot";
let edge: { url: string; dispose(): Promise<void> } | undefined;
const open: QueueManager[] = [];

beforeAll(async () => {
  edge = await startLocalEdge({
    port: 0,
    vars: {
      MQ_TOKENS: `${ADMIN}, ${CHANNEL_ROBOT}:MQWebChannel:channel-robot:channels, ${READER}:MQWebUser:reader`,
      MQ_QUEUE_MANAGERS: "QM1,QM2",
      MQ_CHANNEL_CREDENTIALS: JSON.stringify({ "QM1.TO.NODE": { token: NODE_ROBOT } }),
    },
  });
  const answer = await mqsc("QM2", "DEFINE QLOCAL(APP.ORDERS)\nDEFINE CHANNEL(PAGE.TO.QM2) CHLTYPE(RCVR)");
  expect(answer.overallCompletionCode).toBe(0);
}, 120_000);
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});
afterAll(async () => {
  await edge?.dispose();
});

// Each request on a connection of its own (Connection: close): workerd closes an idle keep-alive
// connection a few seconds after its last answer, which a pooled connection's next request can
// race ("other side closed", seen once in the bench).
const auth = { authorization: `Bearer ${ADMIN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };

async function mqsc(qmgr: string, command: string): Promise<{ overallCompletionCode: number; commandResponse: { text: string[] }[] }> {
  const response = await fetch(`${edge!.url}/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "runCommand", parameters: { command } }),
  });
  return (await response.json()) as { overallCompletionCode: number; commandResponse: { text: string[] }[] };
}

const depth = async (queue = "APP.ORDERS") =>
  Number(/CURDEPTH\((\d+)\)/.exec((await mqsc("QM2", `DISPLAY QLOCAL(${queue}) CURDEPTH`)).commandResponse[0]!.text.join(" "))![1]);

/** The page's queue manager, here in Node: a sender to QM2 at `connectionName`. */
async function page(connectionName: string, credentials: ChannelCredentials, channel = "PAGE.TO.QM2"): Promise<QueueManager> {
  const qm = await QueueManager.open({ name: "PAGE", channelConnector: nodeChannelConnector({ credentials, timeoutMs: 10_000 }) });
  open.push(qm);
  await qm.mqsc(`DEFINE QLOCAL(QM2) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM2) XMITQ(QM2)
DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('${connectionName}') XMITQ(QM2) BATCHSZ(20)`);
  return qm;
}

it("moves a partner's persistent messages through the front Worker's /ibmmq/channel to the queue manager defining the receiving channel, once and in order", async () => {
  const port = new URL(edge!.url).port;
  const qm = await page(`127.0.0.1(${port})`, { "PAGE.TO.QM2": { token: CHANNEL_ROBOT } });
  for (let i = 0; i < 200; i++) await qm.put("ORDERS", { body: `order ${i}`, persistent: true });
  qm.startChannel("PAGE.TO.QM2");
  expect(await qm.channelStarted("PAGE.TO.QM2"), qm.channelAgentStatus("PAGE.TO.QM2")?.reason).toBe("running");
  await expect.poll(depth, { timeout: 30_000 }).toBe(200);
  const bodies: string[] = [];
  for (;;) {
    const response = await fetch(`${edge!.url}/ibmmq/rest/v3/messaging/qmgr/QM2/queue/APP.ORDERS/message`, { method: "DELETE", headers: auth });
    if (response.status === 204) break;
    bodies.push(await response.text());
  }
  expect(bodies).toEqual(Array.from({ length: 200 }, (_, i) => `order ${i}`));
  await expect.poll(() => qm.queueStatus("QM2").depth).toBe(0);
  // The URL form names the queue manager in its path.
  await qm.stopChannel("PAGE.TO.QM2");
  await qm.mqsc(`ALTER CHANNEL(PAGE.TO.QM2) CHLTYPE(SDR) CONNAME('http://127.0.0.1:${port}/ibmmq/channel/QM2')`);
  await qm.put("ORDERS", { body: "by URL", persistent: true });
  qm.startChannel("PAGE.TO.QM2");
  expect(await qm.channelStarted("PAGE.TO.QM2"), qm.channelAgentStatus("PAGE.TO.QM2")?.reason).toBe("running");
  await expect.poll(depth, { timeout: 30_000 }).toBe(1);
}, 60_000);

it("refuses a token whose role may not run channels, and a sender with no credentials: RETRYING with 2035, nothing put", async () => {
  const port = new URL(edge!.url).port;
  const before = await depth();
  for (const credentials of [{ "PAGE.TO.QM2": { token: READER } }, {}] as ChannelCredentials[]) {
    const qm = await page(`127.0.0.1(${port})`, credentials);
    await qm.put("ORDERS", { body: "must not arrive", persistent: true });
    qm.startChannel("PAGE.TO.QM2");
    expect(await qm.channelStarted("PAGE.TO.QM2")).toBe("retrying");
    expect(qm.channelAgentStatus("PAGE.TO.QM2")?.reason).toMatch(/MQRC_NOT_AUTHORIZED/);
    await qm.close();
    open.splice(open.indexOf(qm), 1);
  }
  expect(await depth()).toBe(before);
  // Without an upgrade the path is the REST API's, as under serveHttp: IBM's JSON error, no socket.
  const plain = await fetch(`${edge!.url}/ibmmq/channel`, { headers: auth });
  expect([plain.status, ((await plain.json()) as { error: { msgId: string }[] }).error[0]!.msgId]).toEqual([404, "MQWB0901E"]);
}, 60_000);

it("sends from QM1's object to a serveHttp outside the Worker, with the token MQ_CHANNEL_CREDENTIALS gives the channel", async () => {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === "IPv4" && !entry.internal)?.address;
  if (address === undefined) return; // no address but loopback: nothing outside the Worker to reach
  const nodeQm = await QueueManager.open({ name: "NODEQM" });
  open.push(nodeQm);
  await nodeQm.mqsc("DEFINE QLOCAL(APP.IN)\nDEFINE CHANNEL(QM1.TO.NODE) CHLTYPE(RCVR)");
  const server = await serveHttp({ queueManagers: [nodeQm], tokens: [`${NODE_ROBOT}:MQWebChannel:edge-robot`], hostname: address });
  try {
    const defined = await mqsc(
      "QM1",
      `DEFINE QLOCAL(NODEQM) USAGE(XMITQ)\nDEFINE QREMOTE(TO.NODE) RNAME(APP.IN) RQMNAME(NODEQM) XMITQ(NODEQM)\nDEFINE CHANNEL(QM1.TO.NODE) CHLTYPE(SDR) CONNAME('${server.url}') XMITQ(NODEQM)\nSTART CHANNEL(QM1.TO.NODE)`,
    );
    expect(defined.overallCompletionCode).toBe(0);
    for (let i = 0; i < 50; i++) {
      const response = await fetch(`${edge!.url}/ibmmq/rest/v3/messaging/qmgr/QM1/queue/TO.NODE/message`, {
        method: "POST",
        headers: { ...auth, "content-type": "text/plain", "ibm-mq-md-persistence": "persistent" },
        body: `to node ${i}`,
      });
      expect(response.status).toBe(201);
    }
    await expect.poll(() => nodeQm.queueStatus("APP.IN").depth, { timeout: 30_000 }).toBe(50);
    const got = [];
    for (let m; (m = await nodeQm.get("APP.IN"));) got.push(m.body);
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => `to node ${i}`));
  } finally {
    await server.close();
  }
}, 60_000);

it("puts a partner's messages as the principal that authenticated its channel: a queue it may not PUT to dead-letters them with 2035", async () => {
  // A channel of its own: a fresh sender's sequence numbers start at 1, and PAGE.TO.QM2's receiver has counted on.
  const answer = await mqsc(
    "QM2",
    "DEFINE QLOCAL(APP.GUARDED)\nDEFINE CHANNEL(GUARDED.TO.QM2) CHLTYPE(RCVR)\nSET AUTHREC PROFILE('APP.ORDERS') OBJTYPE(QUEUE) GROUP('channels') AUTHADD(PUT)",
  );
  expect(answer.overallCompletionCode).toBe(0);
  const [orders, dead] = [await depth(), await depth("SYSTEM.DEAD.LETTER.QUEUE")];
  const qm = await page(`127.0.0.1(${new URL(edge!.url).port})`, { "GUARDED.TO.QM2": { token: CHANNEL_ROBOT } }, "GUARDED.TO.QM2");
  await qm.mqsc("DEFINE QREMOTE(GUARDED) RNAME(APP.GUARDED) RQMNAME(QM2) XMITQ(QM2)");
  for (const queue of ["ORDERS", "GUARDED", "ORDERS", "GUARDED"]) await qm.put(queue, { body: queue, persistent: true });
  qm.startChannel("GUARDED.TO.QM2");
  await expect.poll(() => depth(), { timeout: 30_000 }).toBe(orders + 2);
  await expect.poll(() => depth("SYSTEM.DEAD.LETTER.QUEUE"), { timeout: 10_000 }).toBe(dead + 2);
  expect(await depth("APP.GUARDED")).toBe(0);
}, 60_000);
