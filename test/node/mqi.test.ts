/**
 * webmq/ibmmq, local bindings: programs of our own, written in the style of IBM's `ibmmq`
 * samples (callbacks and the MQ structure classes), doing what amqsput, amqsget, amqsbra,
 * amqsinq, a Put1 and a unit of work do, against a queue manager in this process; the
 * constants checked against IBM's documented numbers; and a CommonJS program that does
 * `require("ibmmq")` run unchanged when that name resolves to our entry.
 */
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import * as mq from "../../adapters/mqi/index.js";

const MQC = mq.MQC;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
let qm: QueueManager;
let unregister: () => void;

beforeEach(async () => {
  qm = await QueueManager.open({ name: "QM1" }); // its default objects include DEV.QUEUE.1
  unregister = mq.registerQueueManager(qm);
});

afterEach(async () => {
  unregister();
  await qm.close();
});

const connect = (name = "QM1") => mq.ConnPromise(name);
function openQueue(hConn: mq.MQQueueManager, name: string, options: number) {
  const od = new mq.MQOD();
  od.ObjectName = name;
  od.ObjectType = MQC.MQOT_Q;
  return mq.OpenPromise(hConn, od, options);
}

/** amqsput: Connx, Open for output, Put text with new ids, Close, Disc; each with a callback. */
function amqsput(qName: string, messages: string[]): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const ids: Buffer[] = [];
    const cno = new mq.MQCNO();
    cno.Options = MQC.MQCNO_NONE;
    mq.Connx("QM1", cno, (err, hConn) => {
      if (err) return reject(err);
      const od = new mq.MQOD();
      od.ObjectName = qName;
      od.ObjectType = MQC.MQOT_Q;
      mq.Open(hConn!, od, MQC.MQOO_OUTPUT, (err, hObj) => {
        if (err) return reject(err);
        const putNext = (i: number) => {
          if (i === messages.length) {
            mq.Close(hObj!, 0, (err) => {
              if (err) return reject(err);
              mq.Disc(hConn!, (err) => (err ? reject(err) : resolve(ids)));
            });
            return;
          }
          const mqmd = new mq.MQMD();
          const pmo = new mq.MQPMO();
          pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID | MQC.MQPMO_NEW_CORREL_ID;
          mq.Put(hObj!, mqmd, pmo, messages[i]!, (err) => {
            if (err) return reject(err);
            ids.push(Buffer.from(mqmd.MsgId));
            putNext(i + 1);
          });
        };
        putNext(0);
      });
    });
  });
}

/** amqsget / amqsgeta: Get with a callback and a wait, until a wait ends with no message; then GetDone, Close, Disc. */
function amqsget(
  qName: string,
  waitMs: number,
  openOptions: number = MQC.MQOO_INPUT_AS_Q_DEF,
  getOptions: number = MQC.MQGMO_NO_SYNCPOINT,
): Promise<{ texts: string[]; mds: mq.MQMD[] }> {
  return new Promise((resolve, reject) => {
    const texts: string[] = [];
    const mds: mq.MQMD[] = [];
    mq.Conn("QM1", (err, hConn) => {
      if (err) return reject(err);
      const od = new mq.MQOD();
      od.ObjectName = qName;
      od.ObjectType = MQC.MQOT_Q;
      mq.Open(hConn!, od, openOptions, (err, hObj) => {
        if (err) return reject(err);
        const md = new mq.MQMD();
        const gmo = new mq.MQGMO();
        gmo.Options = getOptions | MQC.MQGMO_WAIT | MQC.MQGMO_CONVERT | MQC.MQGMO_FAIL_IF_QUIESCING;
        gmo.MatchOptions = MQC.MQMO_NONE;
        gmo.WaitInterval = waitMs;
        mq.Get(hObj!, md, gmo, (err, obj, _gmo, gotMD, data) => {
          if (err) {
            if (err.mqrc !== MQC.MQRC_NO_MSG_AVAILABLE) reject(err);
            mq.GetDone(obj);
            mq.Close(obj, 0, () => mq.Disc(hConn!, () => resolve({ texts, mds })));
            return;
          }
          mds.push(gotMD!);
          texts.push(gotMD!.Format === "MQSTR" ? data!.toString("utf8") : `binary ${data!.length}`);
        });
        mq.Ctl(hConn!, MQC.MQOP_START);
      });
    });
  });
}

describe("webmq/ibmmq: local bindings", () => {
  it("amqsput then amqsget: text messages with their MQMD, in order, until a wait ends with none", async () => {
    const ids = await amqsput("DEV.QUEUE.1", ["one", "two", "three"]);
    expect(ids.map((id) => id.length)).toEqual([24, 24, 24]);
    expect(new Set(ids.map((id) => id.toString("hex"))).size).toBe(3);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(3);

    const { texts, mds } = await amqsget("DEV.QUEUE.1", 100);
    expect(texts).toEqual(["one", "two", "three"]);
    expect(mds.map((md) => md.MsgId.toString("hex"))).toEqual(ids.map((id) => id.toString("hex")));
    const md = mds[0]!;
    expect(md.Format).toBe(MQC.MQFMT_STRING);
    expect(md.CorrelId).toHaveLength(24);
    expect(md.CorrelId.equals(MQC.MQCI_NONE)).toBe(false); // MQPMO_NEW_CORREL_ID made one
    expect(md.MsgType).toBe(MQC.MQMT_DATAGRAM);
    expect(md.Persistence).toBe(MQC.MQPER_NOT_PERSISTENT); // the queue's DEFPSIST(NO)
    expect(md.BackoutCount).toBe(0);
    expect(md.PutDate).toMatch(/^\d{8}$/);
    expect(md.PutTime).toMatch(/^\d{8}$/);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0);
  });

  it("Get waits for a message put after it started, and maps the MQMD fields both ways", async () => {
    const hConn = await connect();
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_INPUT_SHARED | MQC.MQOO_OUTPUT);
    const got = new Promise<{ md: mq.MQMD; data: Buffer }>((resolve, reject) => {
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_WAIT | MQC.MQGMO_NO_SYNCPOINT;
      gmo.WaitInterval = 5000;
      mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, md, data) => {
        mq.GetDone(obj);
        if (err) reject(err);
        else resolve({ md: md!, data: data! });
      });
    });
    const md = new mq.MQMD();
    md.MsgType = MQC.MQMT_REQUEST;
    md.ReplyToQ = "REPLY.Q";
    md.Priority = 7;
    md.Persistence = MQC.MQPER_PERSISTENT;
    md.Expiry = 600; // a minute, in tenths of a second
    md.CorrelId = Buffer.alloc(24, 0xab);
    md.MsgId = Buffer.alloc(24, 0x11);
    md.Format = MQC.MQFMT_NONE;
    await mq.PutPromise(hObj, md, new mq.MQPMO(), Buffer.from([1, 2, 3]));
    expect(md.MsgId.equals(Buffer.alloc(24, 0x11))).toBe(true); // kept: no MQPMO_NEW_MSG_ID
    const { md: out, data } = await got;
    expect([...data]).toEqual([1, 2, 3]);
    expect(out.Format).toBe(MQC.MQFMT_NONE);
    expect(out.MsgType).toBe(MQC.MQMT_REQUEST);
    expect(out.ReplyToQ).toBe("REPLY.Q");
    expect(out.ReplyToQMgr).toBe("QM1");
    expect(out.Priority).toBe(7);
    expect(out.Persistence).toBe(MQC.MQPER_PERSISTENT);
    expect(out.Expiry).toBeGreaterThan(590);
    expect(out.Expiry).toBeLessThanOrEqual(600);
    expect(out.CorrelId.equals(Buffer.alloc(24, 0xab))).toBe(true);
    expect(out.MsgId.equals(Buffer.alloc(24, 0x11))).toBe(true);
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(hConn);
  });

  it("amqsbra: browses every message, leaving them on the queue", async () => {
    await amqsput("DEV.QUEUE.1", ["a", "b"]);
    const { texts } = await amqsget("DEV.QUEUE.1", 100, MQC.MQOO_BROWSE, MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_BROWSE_NEXT);
    expect(texts).toEqual(["a", "b"]);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(2);
  });

  it("amqsinq: Inq on the queue manager and on a queue, synchronously, as ibmmq's", async () => {
    await qm.alterQueueManager({ deadLetterQueue: "SYSTEM.DEAD.LETTER.QUEUE" });
    await amqsput("DEV.QUEUE.1", ["x"]);
    const hConn = await connect();
    const od = new mq.MQOD();
    od.ObjectName = null;
    od.ObjectType = MQC.MQOT_Q_MGR;
    const hQmgr = await mq.OpenPromise(hConn, od, MQC.MQOO_INQUIRE);
    const selectors = [new mq.MQAttr(MQC.MQCA_Q_MGR_NAME), new mq.MQAttr(MQC.MQCA_DEAD_LETTER_Q_NAME), new mq.MQAttr(MQC.MQIA_CODED_CHAR_SET_ID)];
    mq.Inq(hQmgr, selectors);
    expect(selectors.map((s) => s.value)).toEqual(["QM1", "SYSTEM.DEAD.LETTER.QUEUE", 1208]);

    const hQueue = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_INQUIRE);
    const queueSelectors = [
      new mq.MQAttr(MQC.MQIA_CURRENT_Q_DEPTH),
      new mq.MQAttr(MQC.MQIA_Q_TYPE),
      new mq.MQAttr(MQC.MQIA_MAX_Q_DEPTH),
      new mq.MQAttr(MQC.MQCA_Q_NAME),
    ];
    mq.Inq(hQueue, queueSelectors, (err, values) => {
      expect(err).toBeNull();
      expect(values.map((s) => s.value)).toEqual([1, MQC.MQQT_LOCAL, qm.queueAttributes("DEV.QUEUE.1").maxDepth, "DEV.QUEUE.1"]);
    });
    expect(() => mq.Inq(hQueue, [new mq.MQAttr(MQC.MQCA_Q_MGR_IDENTIFIER)])).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_SELECTOR_ERROR, verb: "INQ" }));
    const output = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT);
    expect(() => mq.Inq(output, [new mq.MQAttr(MQC.MQIA_CURRENT_Q_DEPTH)])).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_NOT_OPEN_FOR_INQUIRE }));
    await mq.DiscPromise(hConn);
  });

  it("Put1 puts one message without an open handle", async () => {
    const hConn = await connect();
    const od = new mq.MQOD();
    od.ObjectName = "DEV.QUEUE.1";
    const md = new mq.MQMD();
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID;
    await mq.Put1Promise(hConn, od, md, pmo, "once");
    expect(md.Format).toBe(MQC.MQFMT_STRING);
    expect(md.MsgId.equals(MQC.MQMI_NONE)).toBe(false);
    expect(pmo.ResolvedQName).toBe("DEV.QUEUE.1");
    expect(qm.handleStatuses("DEV.QUEUE.1")).toEqual([]);
    expect((await qm.get("DEV.QUEUE.1"))?.body).toBe("once");
    await mq.DiscPromise(hConn);
  });

  it("a unit of work: puts under syncpoint are invisible until Cmit, gone after Back; a got message comes back with its BackoutCount raised", async () => {
    const hConn = await connect();
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    const put = (text: string) => {
      const pmo = new mq.MQPMO();
      pmo.Options = MQC.MQPMO_SYNCPOINT;
      return mq.PutPromise(hObj, new mq.MQMD(), pmo, text);
    };
    await put("backed out");
    expect(await qm.get("DEV.QUEUE.1")).toBeNull(); // uncommitted
    await new Promise<void>((resolve, reject) => mq.Back(hConn, (err) => (err ? reject(err) : resolve())));
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0);
    await put("committed");
    await new Promise<void>((resolve, reject) => mq.Cmit(hConn, (err) => (err ? reject(err) : resolve())));
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);

    // A get under syncpoint, backed out: the message is back, BackoutCount 1.
    const first = await new Promise<mq.MQMD>((resolve, reject) => {
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_SYNCPOINT | MQC.MQGMO_WAIT;
      gmo.WaitInterval = 1000;
      mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, md) => {
        mq.GetDone(obj);
        if (err) reject(err);
        else resolve(md!);
      });
    });
    expect(first.BackoutCount).toBe(0);
    await mq.Back(hConn);
    const again = await qm.get("DEV.QUEUE.1");
    expect(again?.body).toBe("committed");
    expect(again?.backoutCount).toBe(1);

    // Disc commits what is in flight, as a normal MQDISC does.
    await put("kept at Disc");
    await mq.DiscPromise(hConn);
    expect((await qm.get("DEV.QUEUE.1"))?.body).toBe("kept at Disc");
  });

  it("fails as ibmmq does: MQError with mqcc, mqrc, mqrcstr and verb", async () => {
    const unknownQmgr = await connect("NOSUCHQM").catch((e: unknown) => e);
    expect(unknownQmgr).toBeInstanceOf(mq.MQError);
    expect(unknownQmgr).toMatchObject({ mqcc: MQC.MQCC_FAILED, mqrc: MQC.MQRC_Q_MGR_NAME_ERROR, mqrcstr: "MQRC_Q_MGR_NAME_ERROR", verb: "CONNX" });

    const hConn = await connect("");
    const unknownQueue = await openQueue(hConn, "NO.SUCH.Q", MQC.MQOO_OUTPUT).catch((e: unknown) => e);
    expect(unknownQueue).toMatchObject({ mqrc: 2085, mqrcstr: "MQRC_UNKNOWN_OBJECT_NAME", verb: "OPEN" });
    expect((unknownQueue as Error).message).toBe("OPEN: MQCC = MQCC_FAILED [2] MQRC = MQRC_UNKNOWN_OBJECT_NAME [2085]");

    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_INPUT_AS_Q_DEF);
    const notOutput = await mq.PutPromise(hObj, new mq.MQMD(), new mq.MQPMO(), "x").catch((e: unknown) => e);
    expect(notOutput).toMatchObject({ mqrc: MQC.MQRC_NOT_OPEN_FOR_OUTPUT, verb: "PUT" });
    await qm.alterQueue("DEV.QUEUE.1", { getEnabled: false });
    const inhibited = await new Promise((resolve) => mq.Get(hObj, new mq.MQMD(), new mq.MQGMO(), (err) => resolve(err)));
    expect(inhibited).toMatchObject({ mqrc: MQC.MQRC_GET_INHIBITED, verb: "GET[async]" });

    expect(() => mq.PutSync(hObj, new mq.MQMD(), new mq.MQPMO(), "x")).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_ENVIRONMENT_ERROR, verb: "PUT" }));
    await mq.DiscPromise(hConn);
    const afterDisc = await mq.ClosePromise(hObj, 0).catch((e: unknown) => e);
    expect(afterDisc).toMatchObject({ mqrc: MQC.MQRC_HCONN_ERROR, verb: "CLOSE" });
  });

  it("MQC holds IBM's documented values", () => {
    expect(MQC).toMatchObject({
      MQCC_OK: 0,
      MQCC_WARNING: 1,
      MQCC_FAILED: 2,
      MQRC_NO_MSG_AVAILABLE: 2033,
      MQRC_UNKNOWN_OBJECT_NAME: 2085,
      MQRC_NOT_AUTHORIZED: 2035,
      MQRC_Q_FULL: 2053,
      MQRC_Q_MGR_NAME_ERROR: 2058,
      MQRC_HCONN_ERROR: 2018,
      MQRC_HOBJ_ERROR: 2019,
      MQOO_INPUT_AS_Q_DEF: 1,
      MQOO_INPUT_SHARED: 2,
      MQOO_INPUT_EXCLUSIVE: 4,
      MQOO_BROWSE: 8,
      MQOO_OUTPUT: 16,
      MQOO_INQUIRE: 32,
      MQOO_FAIL_IF_QUIESCING: 8192,
      MQPMO_SYNCPOINT: 2,
      MQPMO_NO_SYNCPOINT: 4,
      MQPMO_NEW_MSG_ID: 64,
      MQPMO_NEW_CORREL_ID: 128,
      MQGMO_WAIT: 1,
      MQGMO_SYNCPOINT: 2,
      MQGMO_NO_SYNCPOINT: 4,
      MQGMO_BROWSE_FIRST: 16,
      MQGMO_BROWSE_NEXT: 32,
      MQGMO_CONVERT: 16384,
      MQMT_REQUEST: 1,
      MQMT_REPLY: 2,
      MQMT_REPORT: 4,
      MQMT_DATAGRAM: 8,
      MQPER_NOT_PERSISTENT: 0,
      MQPER_PERSISTENT: 1,
      MQPER_PERSISTENCE_AS_Q_DEF: 2,
      MQFMT_STRING: "MQSTR",
      MQCNO_CLIENT_BINDING: 2048,
      MQWI_UNLIMITED: -1,
      MQEI_UNLIMITED: -1,
      MQCA_Q_MGR_NAME: 2015,
      MQCA_DEAD_LETTER_Q_NAME: 2006,
      MQIA_CURRENT_Q_DEPTH: 3,
      MQIA_CODED_CHAR_SET_ID: 2,
      MQOT_Q: 1,
      MQOT_Q_MGR: 5,
      MQOP_START: 1,
    });
    expect(MQC.MQMI_NONE).toEqual(Buffer.alloc(24));
    expect(mq.Lookup("MQRC", 2033)).toBe("MQRC_NO_MSG_AVAILABLE");
    const md = new mq.MQMD();
    expect([md.MsgType, md.Expiry, md.Priority, md.Persistence, md.Format, md.MsgId.length]).toEqual([8, -1, -1, 2, null, 24]);
    expect(new mq.MQGMO().WaitInterval).toBe(-1);
    expect(new mq.MQOD().DynamicQName).toBe("AMQ.*");
  });
});

describe("webmq/ibmmq from CommonJS", () => {
  it('runs a program that does require("ibmmq") unchanged, when the name resolves to our entry (require(esm), Node 20.19+)', async () => {
    const dir = await mkdtemp(join(tmpdir(), "webmq-ibmmq-"));
    try {
      // The entry as the package ships it: one ES module (built here from source).
      await build({
        entryPoints: [join(ROOT, "adapters/mqi/index.ts")],
        bundle: true,
        format: "esm",
        platform: "node",
        outfile: join(dir, "webmq-ibmmq.mjs"),
        logLevel: "silent",
      });
      await build({
        entryPoints: [join(ROOT, "core/index.ts")],
        bundle: true,
        format: "esm",
        platform: "node",
        outfile: join(dir, "webmq.mjs"),
        logLevel: "silent",
      });
      // What README tells a program to do: a node_modules/ibmmq that re-exports webmq/ibmmq.
      await mkdir(join(dir, "node_modules/ibmmq"), { recursive: true });
      await writeFile(join(dir, "node_modules/ibmmq/index.js"), 'module.exports = require("../../webmq-ibmmq.mjs");\n');
      // The program, in the samples' CommonJS; the queue manager is opened and registered by its host.
      await writeFile(
        join(dir, "host.mjs"),
        `import { QueueManager } from "./webmq.mjs";
import { registerQueueManager } from "./webmq-ibmmq.mjs";
const qm = await QueueManager.open({ name: "QM1" });
registerQueueManager(qm);
const { createRequire } = await import("node:module");
createRequire(import.meta.url)("./amqsput.cjs");
`,
      );
      await writeFile(
        join(dir, "amqsput.cjs"),
        `const mq = require("ibmmq");
const MQC = mq.MQC;
mq.Conn("QM1", function (err, hConn) {
  if (err) { console.log("conn", err.message); return; }
  const od = new mq.MQOD();
  od.ObjectName = "DEV.QUEUE.1";
  od.ObjectType = MQC.MQOT_Q;
  mq.Open(hConn, od, MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF, function (err, hObj) {
    if (err) { console.log("open", err.message); return; }
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID;
    mq.Put(hObj, new mq.MQMD(), pmo, "Hello from CommonJS", function (err) {
      if (err) { console.log("put", err.message); return; }
      console.log("MQPUT successful");
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT;
      gmo.WaitInterval = 1000;
      mq.Get(hObj, new mq.MQMD(), gmo, function (err, obj, gmo, md, buf) {
        mq.GetDone(obj);
        console.log(err ? err.message : md.Format + " " + buf.toString());
        mq.Close(hObj, 0, function () { mq.Disc(hConn, function () { console.log("MQDISC successful"); }); });
      });
    });
  });
});
`,
      );
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ["host.mjs"], { cwd: dir });
      expect(stdout).toBe("MQPUT successful\nMQSTR Hello from CommonJS\nMQDISC successful\n");
      expect(stderr).not.toMatch(/Error/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
