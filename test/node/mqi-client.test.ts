/**
 * webmq/ibmmq's client bindings against a webmq server in a process of its own
 * (test/fixtures/mqi-client-server.ts: serveHttp over a SQLite file, configured by IBM's
 * developer script): programs of our own doing what amqsput and amqsget do, bound through
 * MQSERVER alone; one killed with SIGKILL holding gets in a unit of work, whose messages come
 * back; MQCD and CCDT connections; and the refusals IBM's SVRCONN channels give (CHLAUTH's
 * back-stop, BLOCKUSER, BLOCKADDR, CONNAUTH's password check, the authority records on open).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mq from "../../adapters/mqi/index.js";
import { restMqsc } from "../fixtures/channel-sockets.js";

const SERVER = join(import.meta.dirname, "../fixtures/mqi-client-server.ts");
const PROGRAM = join(import.meta.dirname, "../fixtures/mqi-client-program.ts");
const APP_PASSWORD = "app-passw0rd-3e1f";
const ADMIN_PASSWORD = "admin-passw0rd-9c2d";
const ADMIN_TOKEN = "mqi-client-admin-token-7a51";
const MQC = mq.MQC;

interface Child {
  process: ChildProcess;
  stdout: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

function start(args: string[], env: NodeJS.ProcessEnv = process.env): Child {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: ["ignore", "pipe", "pipe"], env });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on("exit", (code, signal) => done(signal ?? code)));
  return { process: child, stdout: () => stdout + stderr, exited };
}

/** Runs the sample program with MQSERVER set, to its end: its output. */
async function program(mqserver: string, ...args: string[]): Promise<string> {
  const child = start([PROGRAM, ...args], { ...process.env, MQSERVER: mqserver });
  await child.exited;
  return child.stdout();
}

let server: Child;
let port = 0;
let folder = "";
const url = () => `http://127.0.0.1:${port}`;
const appServer = () => `DEV.APP.SVRCONN/TCP/127.0.0.1(${port})`;

/** Connects from this process with an MQCD, as user and password when given. */
function connect(channel: string, user?: string, password?: string): Promise<mq.MQQueueManager> {
  const cno = new mq.MQCNO();
  const cd = new mq.MQCD();
  cd.ChannelName = channel;
  cd.ConnectionName = `127.0.0.1(${port})`;
  cno.ClientConn = cd;
  if (user !== undefined) {
    const csp = new mq.MQCSP();
    csp.UserId = user;
    csp.Password = password ?? null;
    cno.SecurityParms = csp;
  }
  return mq.ConnxPromise("QM1", cno);
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: mq.MQError) => error.mqrc,
  );

describe("webmq/ibmmq client bindings against a server process", { timeout: 60_000 }, () => {
  /** Starts the server on the test's file, on `on` (0: any port); resolves once it listens. */
  const startServer = async (on: number) => {
    server = start([SERVER, join(folder, "qm1.db"), String(on), "ASQMGR", APP_PASSWORD, ADMIN_PASSWORD, ADMIN_TOKEN]);
    port = await new Promise<number>((resolve, reject) => {
      server.process.stdout!.on("data", () => {
        const match = /port (\d+)\n/.exec(server.stdout());
        if (match) resolve(Number(match[1]));
      });
      void server.exited.then((how) => reject(new Error(`the server ended (${how}) before it listened: ${server.stdout()}`)));
    });
  };
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "webmq-mqi-client-"));
    await startServer(0);
  }, 60_000);
  afterAll(async () => {
    server?.process.kill("SIGTERM");
    await server?.exited;
    rmSync(folder, { recursive: true, force: true });
  });

  it("puts and gets as amqsput and amqsget do, bound through MQSERVER alone, as user app of the developer configuration", async () => {
    expect(await program(appServer(), "put", "DEV.QUEUE.1", "first", "second")).toBe("MQPUT successful\nMQPUT successful\nMQDISC successful\n");
    expect(await program(appServer(), "get", "DEV.QUEUE.1")).toBe("0 first\n0 second\nMQDISC successful\n");
  });

  it("gives back the gets of a client killed in the middle of its unit of work", async () => {
    expect(await program(appServer(), "put", "DEV.QUEUE.2", "one", "two", "three")).toContain("MQDISC successful");
    const holder = start([PROGRAM, "hold", "DEV.QUEUE.2", "2"], { ...process.env, MQSERVER: appServer() });
    await expect.poll(holder.stdout, { timeout: 20_000, interval: 20 }).toContain("holding 2");
    holder.process.kill("SIGKILL");
    expect(await holder.exited).toBe("SIGKILL");
    // The two taken under syncpoint come back, in their places, each backed out once.
    await expect.poll(() => program(appServer(), "get", "DEV.QUEUE.2"), { timeout: 10_000, interval: 100 }).toBe("1 one\n1 two\n0 three\nMQDISC successful\n");
  });

  it("connects with an MQCD and with a JSON CCDT in IBM's format", async () => {
    const hConn = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    await mq.Put1Promise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.3" }), new mq.MQMD(), new mq.MQPMO(), "by MQCD");
    await mq.DiscPromise(hConn);
    const ccdt = join(folder, "ccdt.json");
    const entry = { name: "DEV.APP.SVRCONN", type: "clientConnection", clientConnection: { connection: [{ host: "127.0.0.1", port }], queueManager: "QM1" } };
    writeFileSync(ccdt, JSON.stringify({ channel: [entry] }));
    const cno = Object.assign(new mq.MQCNO(), { CCDTUrl: pathToFileURL(ccdt).href });
    const viaCcdt = await mq.ConnxPromise("QM1", cno);
    expect(viaCcdt._name).toBe("QM1");
    await mq.DiscPromise(viaCcdt);
    expect(await reasonOf(mq.ConnxPromise("QM9", cno))).toBe(MQC.MQRC_Q_MGR_NAME_ERROR);
    expect(await program(appServer(), "get", "DEV.QUEUE.3")).toBe("0 by MQCD\nMQDISC successful\n");
  });

  it("GetSync blocks this thread for the server's answer: what the connection put, a message longer than the buffer left on its queue, then CloseSync", async () => {
    const hConn = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const od = Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.2" });
    const hObj = await mq.OpenPromise(hConn, od, MQC.MQOO_INPUT_AS_Q_DEF | MQC.MQOO_OUTPUT);
    await mq.PutPromise(hObj, new mq.MQMD(), new mq.MQPMO(), "still connected");
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT });
    // Too long for 5 bytes: MQRC_TRUNCATED_MSG_FAILED names its length, and it stays, its BackoutCount unchanged.
    expect(() => mq.GetSync(hObj, new mq.MQMD(), gmo, Buffer.alloc(5))).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_TRUNCATED_MSG_FAILED }));
    expect(gmo.ReturnedLength).toBe(15);
    const md = new mq.MQMD();
    const buf = Buffer.alloc(100);
    const length = mq.GetSync(hObj, md, gmo, buf)!;
    expect([buf.toString("utf8", 0, length), md.BackoutCount]).toEqual(["still connected", 0]);
    expect(() => mq.GetSync(hObj, new mq.MQMD(), gmo, buf)).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_NO_MSG_AVAILABLE }));
    // CloseSync has closed it at the server when it returns: the handle is gone, the connection goes on.
    mq.CloseSync(hObj, 0);
    expect(() => mq.GetSync(hObj, new mq.MQMD(), gmo, buf)).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_HOBJ_ERROR }));
    await mq.Put1Promise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.2" }), new mq.MQMD(), new mq.MQPMO(), "after CloseSync");
    await mq.DiscPromise(hConn);
    expect(await program(appServer(), "get", "DEV.QUEUE.2")).toBe("0 after CloseSync\nMQDISC successful\n");
  });

  it("sets a queue's attributes over the client binding, as amqsset does, for a user with SET authority on it", async () => {
    const setting = (hObj: mq.MQObject, selector: number, value: number) =>
      new Promise<number>((resolve) => mq.Set(hObj, [new mq.MQAttr(selector, value)], (err) => resolve(err ? err.mqrc : 0)));
    const od = () => Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.2" });
    // app has BROWSE, GET, INQ and PUT on DEV.** (the developer configuration), not SET.
    const app = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const appQueue = await mq.OpenPromise(app, od(), MQC.MQOO_OUTPUT | MQC.MQOO_SET);
    expect(await setting(appQueue, MQC.MQIA_INHIBIT_PUT, MQC.MQQA_PUT_INHIBITED)).toBe(MQC.MQRC_NOT_AUTHORIZED);
    // The administrator opens it for SET alone (amqsset's MQOPEN) and inhibits puts: app's next put is refused.
    const admin = await connect("DEV.ADMIN.SVRCONN", "admin", ADMIN_PASSWORD);
    const adminQueue = await mq.OpenPromise(admin, od(), MQC.MQOO_SET | MQC.MQOO_INQUIRE);
    expect(await setting(adminQueue, MQC.MQIA_INHIBIT_PUT, MQC.MQQA_PUT_INHIBITED)).toBe(0);
    expect(await reasonOf(mq.PutPromise(appQueue, new mq.MQMD(), new mq.MQPMO(), "refused"))).toBe(MQC.MQRC_PUT_INHIBITED);
    // A value IBM does not define is refused before anything changes; a trigger selector on it is fine.
    expect(await setting(adminQueue, MQC.MQIA_INHIBIT_PUT, 7)).toBe(MQC.MQRC_OPTIONS_ERROR);
    expect(await setting(adminQueue, MQC.MQIA_TRIGGER_DEPTH, 0)).toBe(MQC.MQRC_TRIGGER_DEPTH_ERROR);
    // Without a callback, Set returns at once and the connection's next verb follows the change.
    mq.Set(adminQueue, [new mq.MQAttr(MQC.MQIA_INHIBIT_PUT, MQC.MQQA_PUT_ALLOWED)]);
    const inhibitPut = await new Promise((resolve, reject) =>
      mq.Inq(adminQueue, [new mq.MQAttr(MQC.MQIA_INHIBIT_PUT)], (err, attrs) => (err ? reject(err) : resolve(attrs[0]!.value))),
    );
    expect(inhibitPut).toBe(MQC.MQQA_PUT_ALLOWED);
    await mq.PutPromise(appQueue, new mq.MQMD(), new mq.MQPMO(), "allowed again");
    await mq.ClosePromise(adminQueue, 0);
    await mq.DiscPromise(admin);
    await mq.ClosePromise(appQueue, 0);
    await mq.DiscPromise(app);
    expect(await program(appServer(), "get", "DEV.QUEUE.2")).toBe("0 allowed again\nMQDISC successful\n");
  });

  it("publishes and subscribes over client bindings, as amqspub and amqssub do: a managed queue's publications got over the session, Subrq, Close ending it", async () => {
    // DEV.BASE.TOPIC's string, on which the developer configuration gives app PUB and SUB (as IBM's samples use it).
    const topicString = "dev/";
    const publisher = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const topic = await mq.OpenPromise(publisher, Object.assign(new mq.MQOD(), { ObjectType: MQC.MQOT_TOPIC, ObjectString: topicString }), MQC.MQOO_OUTPUT);
    const publish = (text: string, options = 0) => reasonOf(mq.PutPromise(topic, new mq.MQMD(), Object.assign(new mq.MQPMO(), { Options: options }), text));
    expect(await publish("kept", MQC.MQPMO_RETAIN)).toBe(0);

    const subscriber = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const sd = Object.assign(new mq.MQSD(), { Options: MQC.MQSO_CREATE | MQC.MQSO_MANAGED | MQC.MQSO_NON_DURABLE, ObjectString: topicString });
    const { hObj, hSub } = await mq.SubPromise(subscriber, null, sd);
    expect(hObj._name).toMatch(/^SYSTEM\.MANAGED\.NDURABLE\./);
    expect(await publish("hello", MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED)).toBe(0);
    // amqssub's loop: Get with a callback on the managed queue, until it has both (the retained one came at once).
    const got: string[] = [];
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_WAIT | MQC.MQGMO_CONVERT, WaitInterval: 5000 });
    mq.Get(hObj, new mq.MQMD(), gmo, (err, _hObj, _gmo, _md, data) => {
      if (err) got.push(`error ${err.mqrc}`);
      else got.push(data!.toString());
    });
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(2);
    mq.GetDone(hObj);
    expect(got).toEqual(["kept", "hello"]);
    // Subrq sends the retained publication again.
    const sro = new mq.MQSRO();
    await mq.Subrq(subscriber, hSub, MQC.MQSR_ACTION_PUBLICATION, sro);
    expect(sro.NumPubs).toBe(1);
    // Closing the subscription's handle ends it: a publication then matches none.
    await mq.ClosePromise(hSub, 0);
    expect(await publish("after", MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED)).toBe(MQC.MQRC_NO_SUBS_MATCHED);
    // Outside dev/ app has no SUB authority (the developer configuration's records).
    const elsewhere = Object.assign(new mq.MQSD(), { Options: MQC.MQSO_CREATE | MQC.MQSO_MANAGED | MQC.MQSO_NON_DURABLE, ObjectString: "prod/news" });
    expect(await reasonOf(mq.SubPromise(subscriber, null, elsewhere))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(subscriber);
    await mq.ClosePromise(topic, 0);
    await mq.DiscPromise(publisher);
  });

  it("keeps a durable subscription over the client's disconnect, as amqssuba makes it, and a new connection resumes it with what was published meanwhile", async () => {
    const mqsc = async (command: string) => (await restMqsc(url(), "QM1", ADMIN_TOKEN, command))[0]!;
    // A TOPIC object of its own (its string has no retained publication from the other tests); app has PUB and SUB on DEV.**.
    expect((await mqsc("DEFINE TOPIC('DEV.DURABLE.TOPIC') TOPICSTR('dev/durable') REPLACE")).completionCode).toBe(0);
    // The publisher names it by its object name, as the subscriber does.
    const publisher = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const topicOd = Object.assign(new mq.MQOD(), { ObjectType: MQC.MQOT_TOPIC, ObjectName: "DEV.DURABLE.TOPIC" });
    const topic = await mq.OpenPromise(publisher, topicOd, MQC.MQOO_OUTPUT);
    expect(topicOd.ResObjectString).toBe("dev/durable");
    const publish = (text: string) =>
      reasonOf(mq.PutPromise(topic, new mq.MQMD(), Object.assign(new mq.MQPMO(), { Options: MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED }), text));
    // amqssuba's MQSUB: create the subscription or resume it, durable, managed, by name.
    const durableSd = (options = MQC.MQSO_CREATE | MQC.MQSO_RESUME) =>
      Object.assign(new mq.MQSD(), { Options: options | MQC.MQSO_DURABLE | MQC.MQSO_MANAGED, ObjectName: "DEV.DURABLE.TOPIC", SubName: "DEV.AMQSSUBA" });
    const getAll = async (hObj: mq.MQObject) => {
      const got: string[] = [];
      const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_WAIT | MQC.MQGMO_CONVERT, WaitInterval: 500 });
      await new Promise<void>((done) =>
        mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, _md, data) => {
          if (!err) return void got.push(data!.toString());
          if (err.mqrc !== MQC.MQRC_NO_MSG_AVAILABLE) got.push(`error ${err.mqrc}`);
          mq.GetDone(obj);
          done();
        }),
      );
      return got;
    };

    const first = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const sd = durableSd();
    const made = await mq.SubPromise(first, null, sd);
    expect(sd.ResObjectString).toBe("dev/durable");
    expect(made.hObj._name).toMatch(/^SYSTEM\.MANAGED\.DURABLE\./);
    expect(await publish("while connected")).toBe(0);
    expect(await getAll(made.hObj)).toEqual(["while connected"]);
    // Creating it again by the same name is refused; the subscriber goes away without closing anything.
    expect(await reasonOf(mq.SubPromise(first, null, durableSd(MQC.MQSO_CREATE)))).toBe(MQC.MQRC_SUB_ALREADY_EXISTS);
    await mq.DiscPromise(first);

    // Published while nobody is connected: kept on the subscription's queue.
    expect(await publish("while away 1")).toBe(0);
    expect(await publish("while away 2")).toBe(0);
    expect((await mqsc("DISPLAY SUB('DEV.AMQSSUBA') TOPICSTR")).completionCode).toBe(0);

    const second = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    // Resuming needs RESUME on the topic, which the developer configuration does not give app.
    expect(await reasonOf(mq.SubPromise(second, null, durableSd(MQC.MQSO_RESUME)))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    // Altering it needs SUB, which app has: the same subscription, its queue untouched by closing the handles.
    const alterSd = durableSd(MQC.MQSO_ALTER);
    const altered = await mq.SubPromise(second, null, alterSd);
    expect([alterSd.ResObjectString, altered.hObj._name]).toEqual(["dev/durable", made.hObj._name]);
    await mq.ClosePromise(altered.hSub, 0);
    await mq.ClosePromise(altered.hObj, 0);
    expect((await mqsc("SET AUTHREC PROFILE('DEV.**') PRINCIPAL('app') OBJTYPE(TOPIC) AUTHADD(RESUME)")).completionCode).toBe(0);
    try {
      const resumeSd = durableSd(MQC.MQSO_RESUME);
      const resumed = await mq.SubPromise(second, null, resumeSd);
      expect(resumeSd.ResObjectString).toBe("dev/durable");
      expect(resumed.hObj._name).toBe(made.hObj._name);
      expect(await getAll(resumed.hObj)).toEqual(["while away 1", "while away 2"]);
      // MQCO_REMOVE_SUB ends it for good: a publication then matches no subscription, and DISPLAY SUB finds none.
      await mq.ClosePromise(resumed.hSub, MQC.MQCO_REMOVE_SUB);
      await mq.ClosePromise(resumed.hObj, 0);
      expect(await publish("after removal")).toBe(MQC.MQRC_NO_SUBS_MATCHED);
      expect((await mqsc("DISPLAY SUB('DEV.AMQSSUBA')")).completionCode).not.toBe(0);
      expect(await reasonOf(mq.SubPromise(second, null, durableSd(MQC.MQSO_RESUME)))).toBe(MQC.MQRC_NO_SUBSCRIPTION);
      // A non-durable subscription may name its topic by a TOPIC object too (amqssub with an object name).
      const byName = Object.assign(new mq.MQSD(), { Options: MQC.MQSO_CREATE | MQC.MQSO_MANAGED | MQC.MQSO_NON_DURABLE, ObjectName: "DEV.DURABLE.TOPIC" });
      const nonDurable = await mq.SubPromise(second, null, byName);
      expect(byName.ResObjectString).toBe("dev/durable");
      expect(await publish("to the non-durable one")).toBe(0);
      expect(await getAll(nonDurable.hObj)).toEqual(["to the non-durable one"]);
      const unknownTopic = Object.assign(new mq.MQSD(), { Options: MQC.MQSO_CREATE | MQC.MQSO_MANAGED, ObjectName: "NO.SUCH.TOPIC" });
      expect(await reasonOf(mq.SubPromise(second, null, unknownTopic))).toBe(MQC.MQRC_UNKNOWN_OBJECT_NAME);
      await mq.ClosePromise(nonDurable.hSub, 0);
      await mq.ClosePromise(nonDurable.hObj, 0);
    } finally {
      await mqsc("SET AUTHREC PROFILE('DEV.**') PRINCIPAL('app') OBJTYPE(TOPIC) AUTHRMV(RESUME)");
    }
    await mq.DiscPromise(second);
    await mq.ClosePromise(topic, 0);
    await mq.DiscPromise(publisher);
  });

  it("answers Inq over the client binding, as amqsinq asks it: a queue's depth and name, the queue manager's name and command level", async () => {
    const hConn = await connect("DEV.APP.SVRCONN", "app", APP_PASSWORD);
    const queue = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.1" }), MQC.MQOO_INQUIRE | MQC.MQOO_OUTPUT);
    for (const text of ["a", "b"]) await mq.PutPromise(queue, new mq.MQMD(), new mq.MQPMO(), text);
    const inq = (hObj: mq.MQObject, selectors: number[]) =>
      new Promise<(string | number | undefined)[]>((resolve, reject) =>
        mq.Inq(
          hObj,
          selectors.map((s) => new mq.MQAttr(s)),
          (err, attrs) => (err ? reject(err) : resolve(attrs.map((a) => a.value))),
        ),
      );
    expect(await inq(queue, [MQC.MQIA_CURRENT_Q_DEPTH, MQC.MQCA_Q_NAME, MQC.MQIA_Q_TYPE])).toEqual([2, "DEV.QUEUE.1", MQC.MQQT_LOCAL]);
    expect(await reasonOf(inq(queue, [MQC.MQIA_CURRENT_Q_DEPTH, 99999]))).toBe(MQC.MQRC_SELECTOR_ERROR);
    // Synchronously there is no answer to give: the server has it.
    expect(() => mq.Inq(queue, [new mq.MQAttr(MQC.MQIA_CURRENT_Q_DEPTH)])).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_ENVIRONMENT_ERROR }));
    const qmgr = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectType: MQC.MQOT_Q_MGR }), MQC.MQOO_INQUIRE);
    expect(await inq(qmgr, [MQC.MQCA_Q_MGR_NAME, MQC.MQIA_COMMAND_LEVEL])).toEqual(["QM1", 940]);
    await mq.ClosePromise(qmgr, 0);
    await mq.ClosePromise(queue, 0);
    await mq.DiscPromise(hConn);
    expect(await program(appServer(), "get", "DEV.QUEUE.1")).toBe("0 a\n0 b\nMQDISC successful\n");
  });

  it("refuses as IBM's SVRCONN channels do: CONNAUTH, CHLAUTH's back-stop and BLOCKUSER, BLOCKADDR, an unknown channel, the authority records", async () => {
    // CONNAUTH: a wrong password; an administrator without one (CHCKCLNT REQDADM).
    expect(await reasonOf(connect("DEV.APP.SVRCONN", "app", "wrong"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    expect(await reasonOf(connect("DEV.ADMIN.SVRCONN", "admin"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    // The administrator with the password, mapped to mqm by the ADMIN channel's USERMAP, may open any queue.
    const admin = await connect("DEV.ADMIN.SVRCONN", "admin", ADMIN_PASSWORD);
    await mq.ClosePromise(await mq.OpenPromise(admin, Object.assign(new mq.MQOD(), { ObjectName: "SYSTEM.DEFAULT.LOCAL.QUEUE" }), MQC.MQOO_OUTPUT), 0);
    await mq.DiscPromise(admin);
    // ...but not on the APP channel: the default back-stop BLOCKUSER(*MQADMIN) holds there.
    expect(await reasonOf(connect("DEV.APP.SVRCONN", "admin", ADMIN_PASSWORD))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    // app may open DEV.** only (the developer script's authority records).
    const app = await connect("DEV.APP.SVRCONN");
    expect(await reasonOf(mq.OpenPromise(app, Object.assign(new mq.MQOD(), { ObjectName: "SYSTEM.DEFAULT.LOCAL.QUEUE" }), MQC.MQOO_OUTPUT))).toBe(
      MQC.MQRC_NOT_AUTHORIZED,
    );
    await mq.DiscPromise(app);
    expect(await reasonOf(connect("NO.SUCH.SVRCONN"))).toBe(MQC.MQRC_UNKNOWN_CHANNEL_NAME);

    const mqsc = async (command: string) => expect((await restMqsc(url(), "QM1", ADMIN_TOKEN, command))[0]!.completionCode).toBe(0);
    // A channel with no rule of its own meets the back-stop ADDRESSMAP USERSRC(NOACCESS).
    await mqsc("DEFINE CHANNEL(OTHER.SVRCONN) CHLTYPE(SVRCONN) MCAUSER('app')");
    expect(await reasonOf(connect("OTHER.SVRCONN"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    // An ADDRESSMAP for this very address outweighs the channel's ADDRESS('*') rule.
    await mqsc("SET CHLAUTH('DEV.APP.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('127.0.0.1') USERSRC(NOACCESS)");
    expect(await reasonOf(connect("DEV.APP.SVRCONN"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    await mqsc("SET CHLAUTH('DEV.APP.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('127.0.0.1') ACTION(REMOVE)");
    await mqsc("SET CHLAUTH('DEV.APP.SVRCONN') TYPE(BLOCKUSER) USERLIST('app') ACTION(REPLACE)");
    expect(await reasonOf(connect("DEV.APP.SVRCONN"))).toBe(MQC.MQRC_NOT_AUTHORIZED);
    await mqsc("SET CHLAUTH('DEV.APP.SVRCONN') TYPE(BLOCKUSER) ACTION(REMOVE)");
    await mqsc("SET CHLAUTH('*') TYPE(BLOCKADDR) ADDRLIST('127.0.0.*') ACTION(REPLACE)");
    expect(await reasonOf(connect("DEV.APP.SVRCONN"))).toBe(MQC.MQRC_Q_MGR_NOT_AVAILABLE);
    await mqsc("SET CHLAUTH('*') TYPE(BLOCKADDR) ACTION(REMOVE)");
    await mq.DiscPromise(await connect("DEV.APP.SVRCONN"));
  });

  it("gives back a get under syncpoint when the server's process is killed, and the client's next call is MQRC_CONNECTION_BROKEN", async () => {
    // Persistent: a non-persistent message is gone with the process, as IBM's are at a restart.
    const hConn = await connect("DEV.APP.SVRCONN");
    const md = Object.assign(new mq.MQMD(), { Persistence: MQC.MQPER_PERSISTENT });
    await mq.Put1Promise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.1" }), md, new mq.MQPMO(), "kept");
    const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.1" }), MQC.MQOO_INPUT_AS_Q_DEF);
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_SYNCPOINT | MQC.MQGMO_WAIT, WaitInterval: 5000 });
    const got = await new Promise<string>((resolve) =>
      mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, _md, data) => {
        mq.GetDone(obj);
        resolve(err ? err.message : data!.toString());
      }),
    );
    expect(got).toBe("kept");
    const samePort = port;
    server.process.kill("SIGKILL");
    expect(await server.exited).toBe("SIGKILL");
    expect(await reasonOf(mq.Cmit(hConn)!)).toBe(MQC.MQRC_CONNECTION_BROKEN);
    await startServer(samePort);
    expect(await program(appServer(), "get", "DEV.QUEUE.1")).toMatch(/^\d kept\nMQDISC successful\n$/);
  });

  it("answers MQRC_HOST_NOT_AVAILABLE when no server listens at the address", async () => {
    const cno = new mq.MQCNO();
    cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: "127.0.0.1(1)" });
    expect(await reasonOf(mq.ConnxPromise("QM1", cno))).toBe(MQC.MQRC_HOST_NOT_AVAILABLE);
  });
});
