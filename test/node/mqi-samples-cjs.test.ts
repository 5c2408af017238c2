/**
 * webmq/ibmmq, local bindings, from CommonJS: programs of our own, written as IBM's `ibmmq`
 * samples are (require("ibmmq"), callbacks, GetSync in a synchronous loop), doing what amqsget,
 * amqsprop, amqsdlh and amqsset do, each run as its own Node process against a queue manager
 * its host opened and registered; their output is checked line by line.
 */
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "webmq-ibmmq-samples-"));
  for (const [entry, out] of [
    ["adapters/mqi/index.ts", "webmq-ibmmq.mjs"],
    ["core/index.ts", "webmq.mjs"],
  ] as const)
    await build({ entryPoints: [join(ROOT, entry)], bundle: true, format: "esm", platform: "node", outfile: join(dir, out), logLevel: "silent" });
  await mkdir(join(dir, "node_modules/ibmmq"), { recursive: true });
  await writeFile(join(dir, "node_modules/ibmmq/index.js"), 'module.exports = require("../../webmq-ibmmq.mjs");\n');
  // The host: opens QM1, registers it, runs the CommonJS program named on its command line.
  await writeFile(
    join(dir, "host.mjs"),
    `import { QueueManager } from "./webmq.mjs";
import { registerQueueManager } from "./webmq-ibmmq.mjs";
const qm = await QueueManager.open({ name: "QM1" });
registerQueueManager(qm);
globalThis.webmqHost = qm;
const { createRequire } = await import("node:module");
createRequire(import.meta.url)("./" + process.argv[2]);
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(name: string, program: string): Promise<string[]> {
  await writeFile(join(dir, name), program);
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["host.mjs", name], { cwd: dir });
  expect(stderr).toBe("");
  return stdout.trim().split("\n");
}

const PRELUDE = `const mq = require("ibmmq");
const MQC = mq.MQC;
function openQ(hConn, name, options, then) {
  const od = new mq.MQOD();
  od.ObjectName = name;
  od.ObjectType = MQC.MQOT_Q;
  mq.Open(hConn, od, options, function (err, hObj) {
    if (err) { console.log("MQOPEN failed " + err.message); return; }
    then(hObj);
  });
}
`;

describe("ibmmq samples' behaviour from CommonJS (local bindings)", () => {
  it("amqsget: puts, then GetSync in a synchronous while loop until MQRC_NO_MSG_AVAILABLE, then Close and Disc", async () => {
    const lines = await run(
      "amqsget.cjs",
      `${PRELUDE}
mq.Conn("QM1", function (err, hConn) {
  openQ(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF, function (hObj) {
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID | MQC.MQPMO_NEW_CORREL_ID;
    // As amqsput: each Put's callback comes later; the next Put does not wait for it.
    for (const text of ["one", "two", "three"]) mq.Put(hObj, new mq.MQMD(), pmo, text, function (err) { if (err) console.log("put " + err.message); });
    let ok = true;
    while (ok) {
      const buf = Buffer.alloc(1024);
      const mqmd = new mq.MQMD();
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT | MQC.MQGMO_CONVERT | MQC.MQGMO_FAIL_IF_QUIESCING;
      mq.GetSync(hObj, mqmd, gmo, buf, function (err, len) {
        if (err) {
          console.log(err.mqrc == MQC.MQRC_NO_MSG_AVAILABLE ? "no more messages" : "MQ call failed in " + err.message);
          ok = false;
        } else {
          console.log("message len=%d <%s> %s", len, buf.toString("utf8", 0, len), mqmd.Format);
        }
      });
    }
    mq.Close(hObj, 0, function (err) {
      console.log(err ? err.message : "MQCLOSE successful");
      mq.Disc(hConn, function (err) { console.log(err ? err.message : "MQDISC successful"); });
    });
  });
});
`,
    );
    expect(lines).toEqual([
      "message len=3 <one> MQSTR",
      "message len=3 <two> MQSTR",
      "message len=5 <three> MQSTR",
      "no more messages",
      "MQCLOSE successful",
      "MQDISC successful",
    ]);
  });

  it("amqsprop: properties set on a message handle travel with the put and come back in the got message's handle", async () => {
    const lines = await run(
      "amqsprop.cjs",
      `${PRELUDE}
const cno = new mq.MQCNO();
mq.Connx("QM1", cno, function (err, hConn) {
  openQ(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF, function (hObj) {
    mq.CrtMh(hConn, new mq.MQCMHO(), function (err, mh) {
      const smpo = new mq.MQSMPO();
      const pd = new mq.MQPD();
      mq.SetMp(hConn, mh, smpo, "PROP1STRING", pd, "helloStringProperty");
      mq.SetMp(hConn, mh, smpo, "PROP2INT", pd, 42);
      mq.SetMp(hConn, mh, smpo, "PROP3BOOL", pd, true);
      mq.SetMp(hConn, mh, smpo, "PROP5NULL", pd);
      const pmo = new mq.MQPMO();
      pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID | MQC.MQPMO_NEW_CORREL_ID;
      pmo.OriginalMsgHandle = mh;
      mq.Put(hObj, new mq.MQMD(), pmo, "with properties", function (err) {
        console.log(err ? err.message : "MQPUT successful");
        mq.DltMh(hConn, mh, new mq.MQDMHO(), function (err) { console.log(err ? err.message : "MQDLTMH successful"); });
      });
    });
    // Straight after the Put, as amqsprop does: the message is on the queue.
    mq.CrtMh(hConn, new mq.MQCMHO(), function (err, mh) {
      const buf = Buffer.alloc(1024);
      const mqmd = new mq.MQMD();
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT | MQC.MQGMO_PROPERTIES_IN_HANDLE;
      gmo.MsgHandle = mh;
      mq.GetSync(hObj, mqmd, gmo, buf, function (err, len) {
        if (err) { console.log("get " + err.message); return; }
        const impo = new mq.MQIMPO();
        impo.Options = MQC.MQIMPO_CONVERT_VALUE | MQC.MQIMPO_INQ_FIRST;
        let more = true;
        while (more) {
          mq.InqMp(hConn, mh, impo, new mq.MQPD(), "%", Buffer.alloc(1024), function (err, name, value, length, type) {
            if (err) { console.log(err.mqrc == MQC.MQRC_PROPERTY_NOT_AVAILABLE ? "No more properties" : err.message); more = false; return; }
            console.log("%s = %j (%s)", name, value, mq.Lookup("MQTYPE", type));
          });
          impo.Options = MQC.MQIMPO_CONVERT_VALUE | MQC.MQIMPO_INQ_NEXT;
        }
        console.log("message <%s>", buf.toString("utf8", 0, len));
      });
      mq.DltMh(hConn, mh, new mq.MQDMHO());
      try { mq.InqMp(hConn, mh, new mq.MQIMPO(), new mq.MQPD(), "%"); } catch (err) { console.log("after DltMh: " + err.mqrcstr); }
    });
  });
});
`,
    );
    expect(lines).toEqual([
      'PROP1STRING = "helloStringProperty" (MQTYPE_STRING)',
      "PROP2INT = 42 (MQTYPE_INT32)",
      "PROP3BOOL = true (MQTYPE_BOOLEAN)",
      "PROP5NULL = null (MQTYPE_NULL)",
      "No more properties",
      "message <with properties>",
      "after DltMh: MQRC_HMSG_ERROR",
      "MQPUT successful",
      "MQDLTMH successful",
    ]);
  });

  it("amqsdlh: a message put behind an MQDLH comes back with its header readable by MQDLH.getHeader", async () => {
    const lines = await run(
      "amqsdlh.cjs",
      `${PRELUDE}
mq.Connx("QM1", new mq.MQCNO(), function (err, hConn) {
  openQ(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF, function (hObj) {
    const mqmd = new mq.MQMD();
    mqmd.Format = MQC.MQFMT_STRING;
    const dlh = new mq.MQDLH(mqmd);
    dlh.Reason = MQC.MQRC_NOT_AUTHORIZED;
    dlh.DestQName = "DEST.QUEUE";
    dlh.DestQMgrName = "DEST.QMGR";
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID;
    mq.Put(hObj, mqmd, pmo, Buffer.concat([dlh.getBuffer(), Buffer.from("the original data")]), function (err) {
      if (err) { console.log(err.message); return; }
      const buf = Buffer.alloc(1024);
      const got = new mq.MQMD();
      const gmo = new mq.MQGMO();
      gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_NO_WAIT;
      const len = mq.GetSync(hObj, got, gmo, buf);
      console.log("format %s type %s", got.Format, mq.Lookup("MQMT", got.MsgType));
      const hdr = mq.MQDLH.getHeader(buf);
      console.log("reason %s dest %s at %s inner %s", mq.Lookup("MQRC", hdr.Reason), hdr.DestQName, hdr.DestQMgrName, hdr.Format);
      console.log("<%s>", buf.toString("utf8", hdr.StrucLength, len));
      try { mq.GetSync(hObj, new mq.MQMD(), gmo, buf); } catch (err) { console.log(err.mqrcstr + " " + err.verb); }
      mq.Close(hObj, 0, function () { mq.Disc(hConn, function () {}); });
    });
  });
});
`,
    );
    expect(lines).toEqual([
      "format MQDEAD type MQMT_REPORT",
      "reason MQRC_NOT_AUTHORIZED dest DEST.QUEUE at DEST.QMGR inner MQSTR",
      "<the original data>",
      "MQRC_NO_MSG_AVAILABLE GET",
    ]);
  });

  it("amqsset: Set inhibits put and get and changes TRIGDATA; the connection's next verb sees it, as the queue's definition does", async () => {
    const lines = await run(
      "amqsset.cjs",
      `${PRELUDE}
mq.Connx("QM1", new mq.MQCNO(), function (err, hConn) {
  openQ(hConn, "DEV.QUEUE.1", MQC.MQOO_SET | MQC.MQOO_OUTPUT | MQC.MQOO_INQUIRE, function (hObj) {
    const selectors = [new mq.MQAttr(MQC.MQIA_INHIBIT_PUT, MQC.MQQA_PUT_INHIBITED), new mq.MQAttr(MQC.MQIA_INHIBIT_GET, MQC.MQQA_GET_INHIBITED), new mq.MQAttr(MQC.MQCA_TRIGGER_DATA, "TrigData After")];
    try { mq.Set(hObj, selectors); console.log("MQSET of queue successful"); } catch (err) { console.log(err.message); }
    try { mq.Set(hObj, [new mq.MQAttr(MQC.MQIA_MAX_Q_DEPTH, 10)]); } catch (err) { console.log("bad selector: " + err.mqrcstr); }
    mq.Put(hObj, new mq.MQMD(), new mq.MQPMO(), "x", function (err) {
      console.log("put: " + (err ? err.mqrcstr : "ok"));
      const q = globalThis.webmqHost.object("queue", "DEV.QUEUE.1").attributes;
      console.log("PUT(%s) GET(%s) TRIGDATA(%s)", q.putEnabled ? "ENABLED" : "DISABLED", q.getEnabled ? "ENABLED" : "DISABLED", q.triggerData);
      const inq = [new mq.MQAttr(MQC.MQIA_INHIBIT_PUT)];
      mq.Inq(hObj, inq);
      console.log("Inq INHIBIT_PUT %s", mq.Lookup("MQQA_PUT", inq[0].value));
      mq.Close(hObj, 0, function () { mq.Disc(hConn, function () {}); });
    });
  });
});
`,
    );
    expect(lines).toEqual([
      "MQSET of queue successful",
      "bad selector: MQRC_SELECTOR_ERROR",
      "put: MQRC_PUT_INHIBITED",
      "PUT(DISABLED) GET(DISABLED) TRIGDATA(TrigData After)",
      "Inq INHIBIT_PUT MQQA_PUT_INHIBITED",
    ]);
  });

  it("amqssub and amqspub: Sub with a managed queue, a publication from another connection, GetSync until none, CloseSync", async () => {
    const lines = await run(
      "amqssub.cjs",
      `${PRELUDE}
function publish(texts, then) {
  mq.Conn("QM1", function (err, hConn) {
    const od = new mq.MQOD();
    od.ObjectString = "dev/prices";
    od.ObjectType = MQC.MQOT_TOPIC;
    mq.Open(hConn, od, MQC.MQOO_OUTPUT, function (err, hObj) {
      if (err) { console.log("pub open " + err.message); return; }
      const pmo = new mq.MQPMO();
      pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID | MQC.MQPMO_NEW_CORREL_ID | MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED;
      let left = texts.length;
      for (const text of texts)
        mq.Put(hObj, new mq.MQMD(), pmo, text, function (err) {
          console.log("MQPUT " + (err ? err.mqrcstr : "successful"));
          if (--left === 0) mq.Close(hObj, 0, function () { mq.Disc(hConn, then); });
        });
    });
  });
}
mq.Conn("QM1", function (err, hConn) {
  const sd = new mq.MQSD();
  sd.ObjectString = "dev/prices";
  sd.Options = MQC.MQSO_CREATE | MQC.MQSO_NON_DURABLE | MQC.MQSO_FAIL_IF_QUIESCING | MQC.MQSO_MANAGED;
  mq.Sub(hConn, null, sd, function (err, hObjPubQ, hObjSubscription) {
    if (err) { console.log("MQSUB ended with reason " + err.mqrc); return; }
    console.log("MQSUB to topic %s successful", sd.ResObjectString);
    publish(["apples 3", "pears 4"], function () {
      let ok = true;
      while (ok) {
        const buf = Buffer.alloc(1024);
        const mqmd = new mq.MQMD();
        const gmo = new mq.MQGMO();
        gmo.WaitInterval = 3 * 1000;
        gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT | MQC.MQGMO_CONVERT | MQC.MQGMO_FAIL_IF_QUIESCING;
        mq.GetSync(hObjPubQ, mqmd, gmo, buf, function (err, len) {
          if (err) { console.log(err.mqrc == MQC.MQRC_NO_MSG_AVAILABLE ? "no more messages" : err.message); ok = false; }
          else console.log("message <%s>", buf.toString("utf8", 0, len));
        });
      }
      try { mq.CloseSync(hObjSubscription, 0); console.log("MQCLOSE (Subscription) successful"); } catch (err) { console.log("MQCLOSE (Subscription) ended with reason " + err); }
      mq.Close(hObjPubQ, 0, function (err) {
        console.log(err ? err.message : "MQCLOSE (PubQ) successful");
        mq.Disc(hConn, function () { publish(["plums 5"], function () {}); });
      });
    });
  });
});
`,
    );
    expect(lines).toEqual([
      "MQSUB to topic dev/prices successful",
      "MQPUT successful",
      "MQPUT successful",
      "message <apples 3>",
      "message <pears 4>",
      "no more messages",
      "MQCLOSE (Subscription) successful",
      "MQCLOSE (PubQ) successful",
      "MQPUT MQRC_NO_SUBS_MATCHED",
    ]);
  });
});
