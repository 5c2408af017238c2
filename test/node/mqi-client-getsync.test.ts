/**
 * GetSync over a client binding in Node: CommonJS programs of our own, written as IBM's `ibmmq`
 * samples are (require("ibmmq"), a synchronous GetSync loop), each run as its own Node process
 * bound through MQSERVER alone to a webmq server in a process of its own
 * (test/fixtures/mqi-client-server.ts). GetSync blocks the program's thread until the server
 * answers: what amqsget does, a wait another process's put satisfies, a get under syncpoint
 * backed out, and a program killed while its GetSync waits, which leaves the queue as it was.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mq from "../../adapters/mqi/index.js";
import { restMqsc } from "../fixtures/channel-sockets.js";

const ROOT = join(import.meta.dirname, "../..");
const SERVER = join(import.meta.dirname, "../fixtures/mqi-client-server.ts");
const APP_PASSWORD = "app-passw0rd-5b7e";
const ADMIN_TOKEN = "getsync-admin-token-31c9";
const MQC = mq.MQC;

let folder = "";
let server: ChildProcess;
let port = 0;
const mqserver = () => `DEV.APP.SVRCONN/TCP/127.0.0.1(${port})`;

/** One program of ours: `node program.cjs MODE QUEUE [ARG]`, its modes below, as IBM's samples are written. */
const PROGRAM = `const mq = require("ibmmq");
const MQC = mq.MQC;
const [mode, queue, arg] = process.argv.slice(2);

function getSync(hObj, options, waitInterval) {
  const buf = Buffer.alloc(1024);
  const mqmd = new mq.MQMD();
  const gmo = new mq.MQGMO();
  gmo.Options = options | MQC.MQGMO_CONVERT | MQC.MQGMO_FAIL_IF_QUIESCING;
  gmo.WaitInterval = waitInterval;
  let result;
  mq.GetSync(hObj, mqmd, gmo, buf, function (err, len) {
    result = err ? { reason: err.mqrc } : { text: buf.toString("utf8", 0, len), backouts: mqmd.BackoutCount };
  });
  return result;
}
const show = (r) => (r.reason === undefined ? "message <" + r.text + "> backouts " + r.backouts : r.reason === MQC.MQRC_NO_MSG_AVAILABLE ? "no more messages" : "MQ call failed " + r.reason);

mq.Conn("QM1", function (err, hConn) {
  if (err) return console.log("MQCONN failed " + err.mqrc);
  if (mode === "syncverbs") {
    // Every verb but Conn and Disc in its synchronous form: each returns once the server has answered.
    const od = new mq.MQOD();
    od.ObjectName = queue;
    const hObj = mq.OpenSync(hConn, od, MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID;
    const md = new mq.MQMD();
    mq.PutSync(hObj, md, pmo, "by PutSync");
    console.log("MQPUT MsgId " + (md.MsgId.some((b) => b !== 0) ? "set" : "empty"));
    const od1 = new mq.MQOD();
    od1.ObjectName = queue;
    mq.Put1Sync(hConn, od1, new mq.MQMD(), pmo, "by Put1Sync");
    console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
    console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
    console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
    mq.CloseSync(hObj, 0);
    console.log("MQCLOSE successful");
    // A put under syncpoint on a queue left open: DiscSync closes it and commits the unit, as MQDISC does.
    const left = mq.OpenSync(hConn, od, MQC.MQOO_OUTPUT);
    pmo.Options = MQC.MQPMO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID;
    mq.PutSync(left, new mq.MQMD(), pmo, "committed by DiscSync");
    mq.DiscSync(hConn);
    console.log("MQDISC successful");
    return;
  }
  const od = new mq.MQOD();
  od.ObjectName = queue;
  mq.Open(hConn, od, MQC.MQOO_INPUT_AS_Q_DEF, function (err, hObj) {
    if (err) return console.log("MQOPEN failed " + err.mqrc);
    const end = () => mq.Close(hObj, 0, function (err) {
      console.log(err ? "MQCLOSE failed " + err.mqrc : "MQCLOSE successful");
      mq.Disc(hConn, function (err) { console.log(err ? "MQDISC failed " + err.mqrc : "MQDISC successful"); });
    });
    if (mode === "amqsget") {
      // As amqsget: GetSync with MQGMO_NO_WAIT in a synchronous loop until MQRC_NO_MSG_AVAILABLE.
      let ok = true;
      while (ok) {
        const r = getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0);
        console.log(show(r));
        ok = r.reason === undefined;
      }
      end();
    } else if (mode === "wait") {
      // A wait of arg ms: "waiting" is printed as the get goes to the server.
      console.log("waiting");
      console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT, Number(arg))));
      end();
    } else if (mode === "back") {
      console.log(show(getSync(hObj, MQC.MQGMO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
      mq.Back(hConn, function (err) {
        console.log(err ? "MQBACK failed " + err.mqrc : "MQBACK successful");
        console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
        console.log(show(getSync(hObj, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT, 0)));
        end();
      });
    }
  });
});
`;

/** Runs the program with MQSERVER set, as IBM developers run theirs; its process. */
function startProgram(...args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | NodeJS.Signals | null> } {
  const child = spawn(process.execPath, ["program.cjs", ...args], {
    cwd: folder,
    env: { ...process.env, MQSERVER: mqserver() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals | null>((done) => child.on("exit", (code, signal) => done(signal ?? code)));
  return { child, output: () => output, exited };
}

async function runProgram(...args: string[]): Promise<string[]> {
  const program = startProgram(...args);
  expect(await program.exited).toBe(0);
  return program.output().trim().split("\n");
}

/** Puts from this process (another process than the program's), as app over the client binding. */
async function put(queue: string, ...texts: string[]): Promise<void> {
  const cno = new mq.MQCNO();
  cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: `127.0.0.1(${port})` });
  cno.SecurityParms = Object.assign(new mq.MQCSP(), { UserId: "app", Password: APP_PASSWORD });
  const hConn = await mq.ConnxPromise("QM1", cno);
  const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: queue }), MQC.MQOO_OUTPUT);
  for (const text of texts) await mq.PutPromise(hObj, new mq.MQMD(), new mq.MQPMO(), text);
  await mq.ClosePromise(hObj, 0);
  await mq.DiscPromise(hConn);
}

/** The server's IPPROCS for a queue: handles open for input, and gets waiting on it. */
async function inputProcesses(queue: string): Promise<number> {
  const [response] = await restMqsc(`http://127.0.0.1:${port}`, "QM1", ADMIN_TOKEN, `DISPLAY QSTATUS(${queue}) IPPROCS`);
  return Number(/IPPROCS\((\d+)\)/.exec(response?.text?.join(" ") ?? "")?.[1]);
}

describe("GetSync over a client binding, from CommonJS programs in processes of their own", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "webmq-getsync-client-"));
    await build({
      entryPoints: [join(ROOT, "adapters/mqi/index.ts")],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: join(folder, "webmq-ibmmq.mjs"),
      logLevel: "silent",
    });
    mkdirSync(join(folder, "node_modules/ibmmq"), { recursive: true });
    writeFileSync(join(folder, "node_modules/ibmmq/index.js"), 'module.exports = require("../../webmq-ibmmq.mjs");\n');
    // Node 20 has no WebSocket of its own: the package's dependency `ws`, where an installed package finds it.
    symlinkSync(join(ROOT, "node_modules/ws"), join(folder, "node_modules/ws"), "dir");
    writeFileSync(join(folder, "program.cjs"), PROGRAM);
    server = spawn(process.execPath, ["--import", "tsx", SERVER, join(folder, "qm1.db"), "0", "ASQMGR", APP_PASSWORD, "admin-passw0rd-77", ADMIN_TOKEN], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    port = await new Promise<number>((resolve, reject) => {
      let said = "";
      server.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        said += chunk;
        const match = /port (\d+)\n/.exec(said);
        if (match) resolve(Number(match[1]));
      });
      server.on("exit", (how) => reject(new Error(`the server ended (${how}) before it listened: ${said}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const ended = new Promise((done) => server.on("exit", done));
      server.kill("SIGTERM");
      await ended;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it("amqsget: GetSync with MQGMO_NO_WAIT in a synchronous loop gets what was put before, in order, and ends at MQRC_NO_MSG_AVAILABLE", async () => {
    await put("DEV.QUEUE.1", "one", "two", "three");
    expect(await runProgram("amqsget", "DEV.QUEUE.1")).toEqual([
      "message <one> backouts 0",
      "message <two> backouts 0",
      "message <three> backouts 0",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
  });

  it("a GetSync with MQGMO_WAIT blocks the thread until a message another process puts during the wait arrives", async () => {
    const program = startProgram("wait", "DEV.QUEUE.2", "20000");
    await expect.poll(program.output, { timeout: 15_000 }).toContain("waiting");
    // The program opened the queue (1) and its get waits at the server (2): then the put.
    await expect.poll(() => inputProcesses("DEV.QUEUE.2"), { timeout: 15_000, interval: 50 }).toBe(2);
    await put("DEV.QUEUE.2", "arrived during the wait");
    expect(await program.exited).toBe(0);
    expect(program.output().trim().split("\n")).toEqual(["waiting", "message <arrived during the wait> backouts 0", "MQCLOSE successful", "MQDISC successful"]);
  });

  it("a GetSync whose wait ends with no message is MQRC_NO_MSG_AVAILABLE, the thread blocked until then", async () => {
    expect(await runProgram("wait", "DEV.QUEUE.3", "300")).toEqual(["waiting", "no more messages", "MQCLOSE successful", "MQDISC successful"]);
  });

  it("a GetSync under syncpoint then Back returns the message to the queue, its BackoutCount raised", async () => {
    await put("DEV.QUEUE.3", "given back");
    expect(await runProgram("back", "DEV.QUEUE.3")).toEqual([
      "message <given back> backouts 0",
      "MQBACK successful",
      "message <given back> backouts 1",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
  });

  it("OpenSync, PutSync, Put1Sync, GetSync, CloseSync and DiscSync, one after another on one thread, each answered by the server", async () => {
    expect(await runProgram("syncverbs", "DEV.QUEUE.2")).toEqual([
      "MQPUT MsgId set",
      "message <by PutSync> backouts 0",
      "message <by Put1Sync> backouts 0",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
    expect(await runProgram("amqsget", "DEV.QUEUE.2")).toEqual([
      "message <committed by DiscSync> backouts 0",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
  });

  it("GetSync (and GetOnce) finding no message, over and over (a polling loop), costs the connection nothing at the server", async () => {
    const cno = new mq.MQCNO();
    cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: `127.0.0.1(${port})` });
    cno.SecurityParms = Object.assign(new mq.MQCSP(), { UserId: "app", Password: APP_PASSWORD });
    const hConn = await mq.ConnxPromise("QM1", cno);
    const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.3" }), MQC.MQOO_INPUT_AS_Q_DEF);
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT });
    // More than the 1,024 units of work the server lets one connection hold at once.
    const reasons = new Set<number>();
    for (let i = 0; i < 1100; i++) mq.GetSync(hObj, new mq.MQMD(), gmo, Buffer.alloc(10), (err) => reasons.add(err?.mqrc ?? 0));
    expect([...reasons]).toEqual([MQC.MQRC_NO_MSG_AVAILABLE]);
    // The same for GetOnce with a buffer length (the WebAssembly host's MQGET), which takes under a unit of its own too.
    const onceReasons = new Set<number>();
    for (let i = 0; i < 1100; i++)
      onceReasons.add(
        await mq.GetOnce(hObj, new mq.MQMD(), gmo, 10).then(
          () => 0,
          (err: mq.MQError) => err.mqrc,
        ),
      );
    expect([...onceReasons]).toEqual([MQC.MQRC_NO_MSG_AVAILABLE]);
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(hConn);
  });

  it("a program killed while its GetSync waits takes nothing: the next message put is there for the next program", async () => {
    const program = startProgram("wait", "DEV.QUEUE.1", "60000");
    await expect.poll(program.output, { timeout: 15_000 }).toContain("waiting");
    await expect.poll(() => inputProcesses("DEV.QUEUE.1"), { timeout: 15_000, interval: 50 }).toBe(2);
    program.child.kill("SIGKILL");
    expect(await program.exited).toBe("SIGKILL");
    // The server has seen the socket go: its wait has ended (no input left on the queue).
    await expect.poll(() => inputProcesses("DEV.QUEUE.1"), { timeout: 15_000, interval: 50 }).toBe(0);
    await put("DEV.QUEUE.1", "after the kill");
    expect(await runProgram("amqsget", "DEV.QUEUE.1")).toEqual([
      "message <after the kill> backouts 0",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
  });

  // Last: it ends the server.
  it("a GetSync waiting when the server's process is killed returns MQRC_CONNECTION_BROKEN, and the program goes on to its end", async () => {
    const program = startProgram("wait", "DEV.QUEUE.3", "60000");
    await expect.poll(program.output, { timeout: 15_000 }).toContain("waiting");
    await expect.poll(() => inputProcesses("DEV.QUEUE.3"), { timeout: 15_000, interval: 50 }).toBe(2);
    const ended = new Promise((done) => server.on("exit", done));
    server.kill("SIGKILL");
    await ended;
    expect(await program.exited).toBe(0);
    expect(program.output().trim().split("\n")).toEqual(["waiting", "MQ call failed 2009", "MQCLOSE failed 2009", "MQDISC failed 2009"]);
  });
});
