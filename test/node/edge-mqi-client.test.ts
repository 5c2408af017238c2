/**
 * webmq/ibmmq's client bindings against the edge worker as `npm start` runs it
 * (scripts/local-edge.mjs, workerd under Miniflare): /ibmmq/client on the front Worker hands the
 * socket to QM1's Durable Object, which admits the client on IBM's developer configuration
 * (SVRCONN, CHLAUTH, CONNAUTH against the Worker's MQ_USERS, authority records). Programs doing
 * what amqsput and amqsget do, bound through MQSERVER alone; refusals (2035, 2058); a client
 * killed holding gets under syncpoint, whose messages come back; and the worker ended under a
 * client holding a get under syncpoint: its next call is 2009, and the message is there again
 * when the worker comes back on the same storage.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import * as mq from "../../adapters/mqi/index.js";
import { hashPassword } from "../../adapters/http/security/password-hash.js";
import { restMqsc } from "../fixtures/channel-sockets.js";

const PROGRAM = join(import.meta.dirname, "../fixtures/mqi-client-program.ts");
const TEMPLATE = join(import.meta.dirname, "../fixtures/conformance/mqsc/mq-container__incubating__mqadvanced-server-dev__10-dev.mqsc.tpl");
const APP_PASSWORD = "edge-app-passw0rd-51c2";
const ADMIN_TOKEN = "edge-mqi-client-admin-token-0b7e";
const MQC = mq.MQC;

type Edge = { url: string; dispose(): Promise<void> };
let edge: Edge | undefined;
let folder = "";
let vars: Record<string, string> = {};
const port = () => new URL(edge!.url).port;
const appServer = () => `DEV.APP.SVRCONN/TCP/127.0.0.1(${port()})`;

const startEdge = async () => {
  edge = (await startLocalEdge({ port: 0, vars, persistTo: folder })) as Edge;
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "webmq-edge-mqi-client-"));
  // Few iterations: the test checks passwords, not the hash's cost.
  vars = {
    MQ_USERS: `app:MQWebUser:${await hashPassword(APP_PASSWORD, 1000)}`,
    MQ_TOKENS: ADMIN_TOKEN,
    MQ_QUEUE_MANAGERS: "QM1,QM2",
  };
  await startEdge();
  const script = readFileSync(TEMPLATE, "utf8").replaceAll("{{ .ChckClnt }}", "ASQMGR");
  // All runs but DEFINE AUTHINFO and REFRESH SECURITY, recognised and not implemented (3227): CONNAUTH is built in.
  const failed = (await restMqsc(edge!.url, "QM1", ADMIN_TOKEN, script)).filter((response) => response.completionCode > 1 && response.reasonCode !== 3227);
  expect(failed).toEqual([]);
}, 60_000);
afterAll(async () => {
  await edge?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The sample program (test/fixtures/mqi-client-program.ts) with MQSERVER set. */
function start(...args: string[]): Child {
  const child = spawn(process.execPath, ["--import", "tsx", PROGRAM, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MQSERVER: appServer() },
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on("exit", (code, signal) => done(signal ?? code)));
  return { process: child, output: () => output, exited };
}

async function program(...args: string[]): Promise<string> {
  const child = start(...args);
  await child.exited;
  return child.output();
}

/** Connects from this process with an MQCD to `connectionName` (default: the edge's host(port)). */
function connect(qmgr: string, user?: string, password?: string, connectionName = `127.0.0.1(${port()})`): Promise<mq.MQQueueManager> {
  const cno = new mq.MQCNO();
  cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: connectionName });
  if (user !== undefined) cno.SecurityParms = Object.assign(new mq.MQCSP(), { UserId: user, Password: password ?? null });
  return mq.ConnxPromise(qmgr, cno);
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: mq.MQError) => error.mqrc,
  );

it("puts and gets as amqsput and amqsget do, bound through MQSERVER alone, as user app of the developer configuration", { timeout: 60_000 }, async () => {
  expect(await program("put", "DEV.QUEUE.1", "first", "second")).toBe("MQPUT successful\nMQPUT successful\nMQDISC successful\n");
  expect(await program("get", "DEV.QUEUE.1")).toBe("0 first\n0 second\nMQDISC successful\n");
});

it(
  "refuses a wrong password (2035), a queue the authority records do not give (2035), and another queue manager than the path's (2058)",
  { timeout: 60_000 },
  async () => {
    expect(await reasonOf(connect("QM1", "app", "wrong"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    const app = await connect("QM1", "app", APP_PASSWORD);
    expect(await reasonOf(mq.OpenPromise(app, Object.assign(new mq.MQOD(), { ObjectName: "SYSTEM.DEFAULT.LOCAL.QUEUE" }), MQC.MQOO_OUTPUT))).toBe(
      MQC.MQRC_NOT_AUTHORIZED,
    );
    await mq.DiscPromise(app);
    // /ibmmq/client is QM1's, as a listener's port is one queue manager's; QM2 has its own path.
    expect(await reasonOf(connect("QM2"))).toBe(MQC.MQRC_Q_MGR_NAME_ERROR);
    expect(await reasonOf(connect("QM1", undefined, undefined, `ws://127.0.0.1:${port()}/ibmmq/client/QM9`))).toBe(MQC.MQRC_Q_MGR_NAME_ERROR);
    // QM2 has no developer configuration, so no DEV.APP.SVRCONN: its object answers for itself.
    expect(await reasonOf(connect("QM2", undefined, undefined, `ws://127.0.0.1:${port()}/ibmmq/client/QM2`))).toBe(MQC.MQRC_UNKNOWN_CHANNEL_NAME);
  },
);

it("takes the client's address from the front Worker for CHLAUTH: a BLOCKADDR for loopback refuses it (2059)", { timeout: 60_000 }, async () => {
  const mqsc = async (command: string) => expect((await restMqsc(edge!.url, "QM1", ADMIN_TOKEN, command))[0]!.completionCode).toBe(0);
  await mqsc("SET CHLAUTH('*') TYPE(BLOCKADDR) ADDRLIST('127.0.0.*') ACTION(REPLACE)");
  expect(await reasonOf(connect("QM1"))).toBe(MQC.MQRC_Q_MGR_NOT_AVAILABLE);
  await mqsc("SET CHLAUTH('*') TYPE(BLOCKADDR) ACTION(REMOVE)");
  await mq.DiscPromise(await connect("QM1"));
});

it("gives back the gets of a client killed in the middle of its unit of work", { timeout: 60_000 }, async () => {
  expect(await program("put", "DEV.QUEUE.2", "one", "two", "three")).toContain("MQDISC successful");
  const holder = start("hold", "DEV.QUEUE.2", "2");
  await expect.poll(holder.output, { timeout: 20_000, interval: 20 }).toContain("holding 2");
  holder.process.kill("SIGKILL");
  expect(await holder.exited).toBe("SIGKILL");
  await expect.poll(() => program("get", "DEV.QUEUE.2"), { timeout: 10_000, interval: 100 }).toBe("1 one\n1 two\n0 three\nMQDISC successful\n");
});

it("ends a client's connection with its object (2009 on its next call), and its get under syncpoint is backed out", { timeout: 60_000 }, async () => {
  const hConn = await connect("QM1");
  const md = Object.assign(new mq.MQMD(), { Persistence: MQC.MQPER_PERSISTENT });
  await mq.Put1Promise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.3" }), md, new mq.MQPMO(), "kept");
  const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.3" }), MQC.MQOO_INPUT_AS_Q_DEF);
  const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_SYNCPOINT | MQC.MQGMO_WAIT, WaitInterval: 5000 });
  const got = await new Promise<string>((resolve) =>
    mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, _md, data) => {
      mq.GetDone(obj);
      resolve(err ? err.message : data!.toString());
    }),
  );
  expect(got).toBe("kept");
  // The whole runtime ends, its objects with it: the socket closes under the client.
  await edge!.dispose();
  edge = undefined;
  expect(await reasonOf(mq.Cmit(hConn)!)).toBe(MQC.MQRC_CONNECTION_BROKEN);
  await startEdge();
  expect(await program("get", "DEV.QUEUE.3")).toMatch(/^\d kept\nMQDISC successful\n$/);
});

it(
  "publishes and subscribes over client bindings to the Durable Object, as amqspub and amqssub do; Close of the subscription ends it",
  { timeout: 60_000 },
  async () => {
    const publisher = await connect("QM1", "app", APP_PASSWORD);
    const topic = await mq.OpenPromise(publisher, Object.assign(new mq.MQOD(), { ObjectType: MQC.MQOT_TOPIC, ObjectString: "dev/" }), MQC.MQOO_OUTPUT);
    const publish = (text: string) =>
      reasonOf(mq.PutPromise(topic, new mq.MQMD(), Object.assign(new mq.MQPMO(), { Options: MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED }), text));
    const subscriber = await connect("QM1", "app", APP_PASSWORD);
    const sd = Object.assign(new mq.MQSD(), { Options: MQC.MQSO_CREATE | MQC.MQSO_MANAGED | MQC.MQSO_NON_DURABLE, ObjectString: "dev/" });
    const { hObj, hSub } = await mq.SubPromise(subscriber, null, sd);
    expect(await publish("at the edge")).toBe(0);
    const got: string[] = [];
    mq.Get(hObj, new mq.MQMD(), Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_WAIT, WaitInterval: 5000 }), (err, _o, _g, _md, data) =>
      got.push(err ? `error ${err.mqrc}` : data!.toString()),
    );
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
    mq.GetDone(hObj);
    expect(got).toEqual(["at the edge"]);
    await mq.ClosePromise(hSub, 0);
    expect(await publish("after")).toBe(MQC.MQRC_NO_SUBS_MATCHED);
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(subscriber);
    await mq.ClosePromise(topic, 0);
    await mq.DiscPromise(publisher);
  },
);

it(
  "keeps a durable subscription made over a client binding through the client's disconnect and the worker's restart; a new connection resumes it with what was published meanwhile",
  { timeout: 90_000 },
  async () => {
    const mqsc = async (command: string) => (await restMqsc(edge!.url, "QM1", ADMIN_TOKEN, command))[0]!.completionCode;
    expect(await mqsc("DEFINE TOPIC('DEV.DURABLE.TOPIC') TOPICSTR('dev/durable') REPLACE")).toBe(0);
    expect(await mqsc("SET AUTHREC PROFILE('DEV.**') PRINCIPAL('app') OBJTYPE(TOPIC) AUTHADD(RESUME)")).toBe(0);
    // amqssuba's MQSUB: create or resume, durable, managed, by name; the topic by its TOPIC object's name.
    const sd = () =>
      Object.assign(new mq.MQSD(), {
        Options: MQC.MQSO_CREATE | MQC.MQSO_RESUME | MQC.MQSO_DURABLE | MQC.MQSO_MANAGED,
        ObjectName: "DEV.DURABLE.TOPIC",
        SubName: "EDGE.AMQSSUBA",
      });
    const first = await connect("QM1", "app", APP_PASSWORD);
    const made = await mq.SubPromise(first, null, sd());
    expect(made.hObj._name).toMatch(/^SYSTEM\.MANAGED\.DURABLE\./);
    await mq.DiscPromise(first);

    const publisher = await connect("QM1", "app", APP_PASSWORD);
    const topic = await mq.OpenPromise(
      publisher,
      Object.assign(new mq.MQOD(), { ObjectType: MQC.MQOT_TOPIC, ObjectName: "DEV.DURABLE.TOPIC" }),
      MQC.MQOO_OUTPUT,
    );
    const md = Object.assign(new mq.MQMD(), { Persistence: MQC.MQPER_PERSISTENT });
    expect(await reasonOf(mq.PutPromise(topic, md, Object.assign(new mq.MQPMO(), { Options: MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED }), "while away"))).toBe(0);
    await mq.ClosePromise(topic, 0);
    await mq.DiscPromise(publisher);
    await edge!.dispose();
    edge = undefined;
    await startEdge();

    const second = await connect("QM1", "app", APP_PASSWORD);
    const resumeSd = sd();
    const resumed = await mq.SubPromise(second, null, resumeSd);
    expect(resumeSd.ResObjectString).toBe("dev/durable");
    expect(resumed.hObj._name).toBe(made.hObj._name);
    const got = await new Promise<string>((resolve) =>
      mq.Get(resumed.hObj, new mq.MQMD(), Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_WAIT, WaitInterval: 5000 }), (err, obj, _g, _md, data) => {
        mq.GetDone(obj);
        resolve(err ? `error ${err.mqrc}` : data!.toString());
      }),
    );
    expect(got).toBe("while away");
    await mq.ClosePromise(resumed.hSub, MQC.MQCO_REMOVE_SUB);
    await mq.ClosePromise(resumed.hObj, 0);
    expect(await reasonOf(mq.SubPromise(second, null, Object.assign(sd(), { Options: MQC.MQSO_RESUME | MQC.MQSO_DURABLE | MQC.MQSO_MANAGED })))).toBe(
      MQC.MQRC_NO_SUBSCRIPTION,
    );
    await mq.DiscPromise(second);
  },
);
