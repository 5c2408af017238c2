/**
 * webmq/ibmmq, local bindings, loaded with `import`: programs of our own doing what amqspub and
 * amqssub do (a topic opened for output, MQSUB managed and non-durable, GetSync until none,
 * CloseSync), durable subscriptions (resume, remove), Subrq for a retained publication, Stat
 * after asynchronous puts, and GetSync's edges (truncation, an unlimited wait, a busy
 * connection, a unit of work, persistent messages).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import * as mq from "../../adapters/mqi/index.js";

const MQC = mq.MQC;
let qm: QueueManager;
let unregister: () => void;

beforeEach(async () => {
  qm = await QueueManager.open({ name: "QM1" });
  unregister = mq.registerQueueManager(qm);
});

afterEach(async () => {
  unregister();
  if (!qm.closed) await qm.close();
});

function openQueue(hConn: mq.MQQueueManager, name: string, options: number) {
  const od = new mq.MQOD();
  od.ObjectName = name;
  return mq.OpenPromise(hConn, od, options);
}

/** amqspub: Open a topic for output, Put each text (warned when no subscription matched). */
async function amqspub(topic: string, texts: string[], extra = 0): Promise<(string | number)[]> {
  const hConn = await mq.ConnxPromise("QM1", new mq.MQCNO());
  const od = new mq.MQOD();
  od.ObjectString = topic;
  od.ObjectType = MQC.MQOT_TOPIC;
  const hObj = await mq.OpenPromise(hConn, od, MQC.MQOO_OUTPUT | MQC.MQOO_FAIL_IF_QUIESCING);
  const outcomes: (string | number)[] = [];
  for (const text of texts) {
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_NO_SYNCPOINT | MQC.MQPMO_NEW_MSG_ID | MQC.MQPMO_NEW_CORREL_ID | MQC.MQPMO_WARN_IF_NO_SUBS_MATCHED | extra;
    outcomes.push(
      await mq.PutPromise(hObj, new mq.MQMD(), pmo, text).then(
        () => "ok",
        (err: mq.MQError) => (err.mqcc === MQC.MQCC_WARNING ? err.mqrcstr : err.mqrc),
      ),
    );
  }
  await mq.ClosePromise(hObj, 0);
  await mq.DiscPromise(hConn);
  return outcomes;
}

/** amqssub's loop: GetSync with a 3 s wait until MQRC_NO_MSG_AVAILABLE. */
function drainSync(hObj: mq.MQObject): string[] {
  const got: string[] = [];
  for (;;) {
    const buf = Buffer.alloc(1024);
    const gmo = new mq.MQGMO();
    gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT | MQC.MQGMO_CONVERT | MQC.MQGMO_FAIL_IF_QUIESCING;
    gmo.WaitInterval = 3000;
    try {
      const len = mq.GetSync(hObj, new mq.MQMD(), gmo, buf)!;
      got.push(buf.toString("utf8", 0, len));
    } catch (err) {
      expect(err).toMatchObject({ mqrc: MQC.MQRC_NO_MSG_AVAILABLE, verb: "GET" });
      return got;
    }
  }
}

describe("publish/subscribe through the MQI", () => {
  it("amqssub and amqspub: a managed non-durable subscription gets what is published after it, and nothing after CloseSync", async () => {
    expect(await amqspub("dev/news", ["before"])).toEqual(["MQRC_NO_SUBS_MATCHED"]);
    const hConn = await mq.ConnPromise("QM1");
    const sd = new mq.MQSD();
    sd.ObjectString = "dev/news";
    sd.Options = MQC.MQSO_CREATE | MQC.MQSO_NON_DURABLE | MQC.MQSO_FAIL_IF_QUIESCING | MQC.MQSO_MANAGED;
    const { hObj, hSub } = await mq.SubPromise(hConn, null, sd);
    expect(sd.ResObjectString).toBe("dev/news");
    const managedQueue = hObj._name;
    expect(managedQueue).toMatch(/^SYSTEM\.MANAGED\.NDURABLE\./);
    expect(await amqspub("dev/news", ["first", "second"])).toEqual(["ok", "ok"]);
    expect(drainSync(hObj)).toEqual(["first", "second"]);

    mq.CloseSync(hSub, 0);
    expect(await amqspub("dev/news", ["after close"])).toEqual(["MQRC_NO_SUBS_MATCHED"]);
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(hConn);
    expect(qm.hasQueue(managedQueue)).toBe(false); // a temporary dynamic queue, gone with its handle
  });

  it("a durable subscription keeps publications while no one is subscribed, resumes by name, and MQCO_REMOVE_SUB removes it", async () => {
    const subscribe = async (options: number) => {
      const hConn = await mq.ConnPromise("QM1");
      const sd = new mq.MQSD();
      sd.ObjectString = "prices/fruit";
      sd.SubName = "FRUIT.WATCHER";
      sd.Options = options | MQC.MQSO_DURABLE | MQC.MQSO_MANAGED;
      return { hConn, ...(await mq.SubPromise(hConn, null, sd)) };
    };
    const first = await subscribe(MQC.MQSO_CREATE);
    await mq.ClosePromise(first.hSub, MQC.MQCO_KEEP_SUB);
    await mq.ClosePromise(first.hObj, 0);
    await mq.DiscPromise(first.hConn);
    expect(qm.object("subscription", "FRUIT.WATCHER")).toBeDefined();

    expect(await amqspub("prices/fruit", ["apple 3"])).toEqual(["ok"]);
    await expect(subscribe(MQC.MQSO_CREATE)).rejects.toMatchObject({ mqrc: MQC.MQRC_SUB_ALREADY_EXISTS, verb: "SUB" });
    const again = await subscribe(MQC.MQSO_RESUME);
    expect(drainSync(again.hObj)).toEqual(["apple 3"]);
    await mq.ClosePromise(again.hSub, MQC.MQCO_REMOVE_SUB);
    expect(qm.object("subscription", "FRUIT.WATCHER")).toBeUndefined();
    expect(again.hObj._name).toMatch(/^SYSTEM\.MANAGED\.DURABLE\./);
    expect(qm.hasQueue(again.hObj._name)).toBe(true); // still open: deleted when closed
    await mq.DiscPromise(again.hConn);
    expect(qm.hasQueue(again.hObj._name)).toBe(false);
    await expect(subscribe(MQC.MQSO_RESUME)).rejects.toMatchObject({ mqrc: MQC.MQRC_NO_SUBSCRIPTION });
  });

  it("a subscription to a queue of the program's own; Subrq sends the retained publication again", async () => {
    expect(await amqspub("weather/today", ["sunny"], MQC.MQPMO_RETAIN)).toEqual(["MQRC_NO_SUBS_MATCHED"]);
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.2", MQC.MQOO_INPUT_AS_Q_DEF);
    const sd = new mq.MQSD();
    sd.ObjectString = "weather/today";
    sd.Options = MQC.MQSO_CREATE | MQC.MQSO_NON_DURABLE | MQC.MQSO_PUBLICATIONS_ON_REQUEST;
    const { hSub } = await mq.SubPromise(hConn, hObj, sd);
    expect(drainSync(hObj)).toEqual([]); // on request only
    const sro = new mq.MQSRO();
    await mq.Subrq(hConn, hSub, MQC.MQSR_ACTION_PUBLICATION, sro);
    expect(sro.NumPubs).toBe(1);
    expect(drainSync(hObj)).toEqual(["sunny"]);
    const none = new mq.MQSRO();
    const hConn2 = await mq.ConnPromise("QM1");
    const sd2 = new mq.MQSD();
    sd2.ObjectString = "weather/tomorrow";
    sd2.Options = MQC.MQSO_CREATE | MQC.MQSO_MANAGED;
    const other = await mq.SubPromise(hConn2, null, sd2);
    await expect(mq.Subrq(hConn2, other.hSub, MQC.MQSR_ACTION_PUBLICATION, none)).rejects.toMatchObject({ mqrc: MQC.MQRC_NO_RETAINED_MSG, verb: "SUBRQ" });
    await mq.DiscPromise(hConn2);
    await mq.DiscPromise(hConn);
  });
});

describe("Stat", () => {
  it("counts the puts made with MQPMO_ASYNC_RESPONSE since the last Stat, and the last failure", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT);
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_ASYNC_RESPONSE | MQC.MQPMO_NEW_MSG_ID;
    await Promise.all([1, 2, 3].map((i) => mq.PutPromise(hObj, new mq.MQMD(), pmo, `m${i}`)));
    await qm.alterQueue("DEV.QUEUE.1", { putEnabled: false });
    await expect(mq.PutPromise(hObj, new mq.MQMD(), pmo, "refused")).rejects.toMatchObject({ mqrc: MQC.MQRC_PUT_INHIBITED });
    const sts = mq.Stat(hConn, MQC.MQSTAT_TYPE_ASYNC_ERROR)!;
    expect(sts).toMatchObject({
      PutSuccessCount: 3,
      PutWarningCount: 0,
      PutFailureCount: 1,
      CompCode: MQC.MQCC_FAILED,
      Reason: MQC.MQRC_PUT_INHIBITED,
      ObjectName: "DEV.QUEUE.1",
    });
    expect(mq.Stat(hConn, MQC.MQSTAT_TYPE_ASYNC_ERROR)).toMatchObject({ PutSuccessCount: 0, PutFailureCount: 0, Reason: MQC.MQRC_NONE });
    expect(() => mq.Stat(hConn, 99)).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_STAT_TYPE_ERROR, verb: "STAT" }));
    await mq.DiscPromise(hConn);
  });
});

describe("GetSync", () => {
  async function putTexts(hObj: mq.MQObject, texts: string[], options: number = MQC.MQPMO_NO_SYNCPOINT, persistence: number = MQC.MQPER_PERSISTENCE_AS_Q_DEF) {
    for (const text of texts) {
      const md = new mq.MQMD();
      md.Persistence = persistence;
      const pmo = new mq.MQPMO();
      pmo.Options = options | MQC.MQPMO_NEW_MSG_ID;
      await mq.PutPromise(hObj, md, pmo, text);
    }
  }

  it("leaves a message longer than the buffer on the queue (MQRC_TRUNCATED_MSG_FAILED) unless MQGMO_ACCEPT_TRUNCATED_MSG", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    await putTexts(hObj, ["0123456789"]);
    const small = Buffer.alloc(4);
    const gmo = new mq.MQGMO();
    gmo.Options = MQC.MQGMO_NO_WAIT;
    let outcome: [mq.MQError | null, number | undefined] | undefined;
    mq.GetSync(hObj, new mq.MQMD(), gmo, small, (err, len) => (outcome = [err, len]));
    expect(outcome![0]).toMatchObject({ mqcc: MQC.MQCC_WARNING, mqrc: MQC.MQRC_TRUNCATED_MSG_FAILED });
    expect(outcome![1]).toBe(10);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    gmo.Options = MQC.MQGMO_NO_WAIT | MQC.MQGMO_ACCEPT_TRUNCATED_MSG;
    expect(() => mq.GetSync(hObj, new mq.MQMD(), gmo, small)).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_TRUNCATED_MSG_ACCEPTED }));
    expect(small.toString()).toBe("0123");
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0);
    await mq.DiscPromise(hConn);
  });

  it("an unlimited wait with no message could never end on this thread: MQRC_ENVIRONMENT_ERROR, saying to use Get", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_INPUT_AS_Q_DEF);
    const gmo = new mq.MQGMO();
    gmo.Options = MQC.MQGMO_WAIT;
    gmo.WaitInterval = MQC.MQWI_UNLIMITED;
    expect(() => mq.GetSync(hObj, new mq.MQMD(), gmo, Buffer.alloc(10))).toThrow(
      expect.objectContaining({ mqrc: MQC.MQRC_ENVIRONMENT_ERROR, message: expect.stringContaining("use Get") }),
    );
    await mq.DiscPromise(hConn);
  });

  it("called while an earlier verb of the connection is still running: MQRC_CALL_IN_PROGRESS, and nothing is taken", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    await putTexts(hObj, ["waiting"]);
    const opening = openQueue(hConn, "DEV.QUEUE.2", MQC.MQOO_OUTPUT);
    expect(() => mq.GetSync(hObj, new mq.MQMD(), new mq.MQGMO(), Buffer.alloc(64))).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_CALL_IN_PROGRESS }));
    await opening;
    expect(mq.GetSync(hObj, new mq.MQMD(), new mq.MQGMO(), Buffer.alloc(64))).toBe(7);
    await mq.DiscPromise(hConn);
  });

  it("under syncpoint: Back returns what GetSync took, with its BackoutCount raised; Cmit removes it", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    await putTexts(hObj, ["in a unit"]);
    const gmo = new mq.MQGMO();
    gmo.Options = MQC.MQGMO_SYNCPOINT | MQC.MQGMO_NO_WAIT;
    mq.GetSync(hObj, new mq.MQMD(), gmo, Buffer.alloc(64));
    await mq.Back(hConn);
    const md = new mq.MQMD();
    mq.GetSync(hObj, md, gmo, Buffer.alloc(64));
    expect(md.BackoutCount).toBe(1);
    await mq.Cmit(hConn);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0);
    await mq.DiscPromise(hConn);
  });

  it("a persistent message: taken at once, deleted from the store before the connection's next verb completes (gone after a restart)", async () => {
    const storage = new MemoryStorage();
    unregister();
    await qm.close();
    qm = await QueueManager.open({ name: "QM1", store: new MemoryStore(storage) });
    unregister = mq.registerQueueManager(qm);
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT | MQC.MQOO_INPUT_AS_Q_DEF);
    // Put and GetSync at once: the store is still writing the message, so GetSync cannot say there is none.
    const md0 = new mq.MQMD();
    md0.Persistence = MQC.MQPER_PERSISTENT;
    const putting = mq.PutPromise(hObj, md0, new mq.MQPMO(), "kept");
    expect(() => mq.GetSync(hObj, new mq.MQMD(), new mq.MQGMO(), Buffer.alloc(64))).toThrow(expect.objectContaining({ mqrc: MQC.MQRC_CALL_IN_PROGRESS }));
    await putting;
    await putTexts(hObj, ["taken"], MQC.MQPMO_NO_SYNCPOINT, MQC.MQPER_PERSISTENT);
    const md = new mq.MQMD();
    const buf = Buffer.alloc(64);
    expect(buf.toString("utf8", 0, mq.GetSync(hObj, md, new mq.MQGMO(), buf))).toBe("kept");
    expect(md.Persistence).toBe(MQC.MQPER_PERSISTENT);
    await mq.ClosePromise(hObj, 0); // waits for the delete's write
    await mq.DiscPromise(hConn);
    unregister();
    await qm.close();
    qm = await QueueManager.open({ name: "QM1", store: new MemoryStore(storage) });
    unregister = mq.registerQueueManager(qm);
    const left = await qm.get("DEV.QUEUE.1");
    expect(left?.body).toBe("taken");
    expect(await qm.get("DEV.QUEUE.1")).toBeNull();
  });
});

describe("Begin, and Get with a callback and a message handle", () => {
  it("Begin starts the unit of work with MQRC_NO_EXTERNAL_PARTICIPANTS (warning); a second Begin is MQRC_UOW_IN_PROGRESS", async () => {
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_OUTPUT);
    expect(() => mq.Begin(hConn)).toThrow(expect.objectContaining({ mqcc: MQC.MQCC_WARNING, mqrc: MQC.MQRC_NO_EXTERNAL_PARTICIPANTS, verb: "BEGIN" }));
    let second: mq.MQError | null = null;
    mq.Begin(hConn, (err) => (second = err));
    expect(second).toMatchObject({ mqcc: MQC.MQCC_FAILED, mqrc: MQC.MQRC_UOW_IN_PROGRESS });
    const pmo = new mq.MQPMO();
    pmo.Options = MQC.MQPMO_SYNCPOINT;
    await mq.PutPromise(hObj, new mq.MQMD(), pmo, "in the unit");
    expect(await qm.get("DEV.QUEUE.1")).toBeNull();
    await mq.Cmit(hConn);
    expect((await qm.get("DEV.QUEUE.1"))?.body).toBe("in the unit");
    await mq.DiscPromise(hConn);
  });

  it("amqsgeta with a handle: Get's callback finds the message's properties in gmo.MsgHandle; Ctl MQOP_START starts it", async () => {
    await qm.put("DEV.QUEUE.1", { body: "with a colour", properties: { colour: "blue", size: 3 } });
    const hConn = await mq.ConnPromise("QM1");
    const hObj = await openQueue(hConn, "DEV.QUEUE.1", MQC.MQOO_INPUT_AS_Q_DEF);
    const mh = mq.CrtMh(hConn, new mq.MQCMHO())!;
    const gmo = new mq.MQGMO();
    gmo.Options = MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT | MQC.MQGMO_PROPERTIES_IN_HANDLE;
    gmo.WaitInterval = 100;
    gmo.MatchOptions = MQC.MQMO_NONE;
    gmo.MsgHandle = mh;
    const seen = await new Promise<string[]>((resolve) => {
      mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, got, md, data) => {
        mq.GetDone(obj);
        if (err) return resolve([err.mqrcstr]);
        const found = [data!.toString()];
        for (const name of ["colour", "size"]) found.push(`${name}=${mq.InqMp(hConn, mh, new mq.MQIMPO(), new mq.MQPD(), name)}`);
        resolve(found);
      });
      mq.Ctl(hConn, MQC.MQOP_START);
    });
    expect(seen).toEqual(["with a colour", "colour=blue", "size=3"]);
    await mq.DiscPromise(hConn);
  });
});

describe("the verbs' constants and the MQDLH/MQRFH2 layouts", () => {
  it("MQC holds IBM's documented values for Sub, Set, Stat, properties and headers", () => {
    expect(MQC).toMatchObject({
      MQSO_CREATE: 2,
      MQSO_RESUME: 4,
      MQSO_DURABLE: 8,
      MQSO_MANAGED: 32,
      MQOT_TOPIC: 8,
      MQOO_SET: 64,
      MQCO_REMOVE_SUB: 8,
      MQSR_ACTION_PUBLICATION: 1,
      MQSTAT_TYPE_ASYNC_ERROR: 0,
      MQPMO_ASYNC_RESPONSE: 65536,
      MQGMO_PROPERTIES_IN_HANDLE: 134217728,
      MQTYPE_INT32: 64,
      MQTYPE_STRING: 1024,
      MQRC_PROPERTY_NOT_AVAILABLE: 2471,
      MQRC_NO_SUBS_MATCHED: 2550,
      MQRC_CALL_IN_PROGRESS: 2219,
      MQDLH_CURRENT_LENGTH: 172,
      MQRFH_STRUC_LENGTH_FIXED_2: 36,
      MQFMT_DEAD_LETTER_HEADER: "MQDEAD",
      MQFMT_RF_HEADER_2: "MQHRF2",
    });
  });

  it("MQDLH.getBuffer writes IBM's 172-byte version 1 layout, and getHeader reads it back", () => {
    const md = new mq.MQMD();
    md.Format = MQC.MQFMT_STRING;
    const dlh = new mq.MQDLH(md);
    expect(md).toMatchObject({ Format: "MQDEAD", MsgType: MQC.MQMT_REPORT });
    Object.assign(dlh, { Reason: MQC.MQRC_Q_FULL, DestQName: "TARGET", DestQMgrName: "QM2", PutApplName: "app" });
    const bytes = dlh.getBuffer();
    expect(bytes.length).toBe(172);
    expect(bytes.toString("latin1", 0, 4)).toBe("DLH ");
    expect([bytes.readInt32LE(4), bytes.readInt32LE(8)]).toEqual([1, 2053]);
    expect(bytes.toString("latin1", 12, 60).trimEnd()).toBe("TARGET");
    expect(bytes.toString("latin1", 60, 108).trimEnd()).toBe("QM2");
    expect(bytes.toString("latin1", 116, 124)).toBe("MQSTR   ");
    expect(bytes.toString("latin1", 128, 156).trimEnd()).toBe("app");
    expect(mq.MQDLH.getHeader(bytes)).toMatchObject({
      Reason: 2053,
      DestQName: "TARGET",
      DestQMgrName: "QM2",
      Format: "MQSTR",
      PutApplName: "app",
      StrucLength: 172,
    });
  });

  it("MQRFH2: the 36-byte fixed part, and getProperties reads the folders up to StrucLength", () => {
    const md = new mq.MQMD();
    md.Format = MQC.MQFMT_STRING;
    const rfh2 = new mq.MQRFH2(md);
    expect(md.Format).toBe("MQHRF2");
    const folder = Buffer.from("<usr><colour>blue</colour></usr>");
    const length = Buffer.alloc(4);
    length.writeInt32LE(folder.length);
    rfh2.StrucLength = 36 + 4 + folder.length;
    const bytes = Buffer.concat([rfh2.getBuffer(), length, folder, Buffer.from("data")]);
    expect(bytes.toString("latin1", 0, 4)).toBe("RFH ");
    expect([bytes.readInt32LE(4), bytes.readInt32LE(8), bytes.readInt32LE(32)]).toEqual([2, rfh2.StrucLength, 1208]);
    const header = mq.MQRFH2.getHeader(bytes);
    expect(header).toMatchObject({ StrucLength: rfh2.StrucLength, Format: "MQSTR", NameValueCCSID: 1208 });
    expect(mq.MQRFH2.getProperties(header, bytes)).toBe("<usr><colour>blue</colour></usr>");
    expect(bytes.toString("utf8", header.StrucLength)).toBe("data");
  });
});
