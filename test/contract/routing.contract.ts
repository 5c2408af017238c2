/**
 * Name resolution toward other queue managers, run on every store and runtime, as IBM's
 * "Name resolution" table has it: a put addressed to a queue at another queue manager (MQOD
 * ObjectQMgrName, `put(..., { queueManager })`) goes through a queue-manager alias (a QREMOTE
 * with blank RNAME), a transmission queue named as the queue manager, or DEFXMITQ, and waits
 * there bound for that queue at that queue manager; each way there is none answers IBM's
 * reason. A reply-to queue alias sets ReplyToQ and ReplyToQMgr at put time.
 */
import { describe, expect, it } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

async function reasonCode(operation: Promise<unknown>): Promise<number | string> {
  try {
    await operation;
  } catch (e) {
    return e instanceof MQError ? e.reasonCode : String(e);
  }
  return "accepted";
}

export function testRouting(name: string, harness: StoreHarness): void {
  const withManager = <T>(body: (open: () => Promise<QueueManager>) => Promise<T>) =>
    harness.withStorage(uniqueKey(`routing-${name}`), (openStore) => body(() => QueueManager.open({ name: "QM1", store: openStore() })));

  describe(`routing to other queue managers contract: ${name}`, () => {
    it("puts a message addressed to a queue at another queue manager on the transmission queue named as it, bound for that queue; kept across a reopen", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)");
        // APP.ORDERS is QM2's queue: nothing of that name needs to exist here.
        const put = await qm.put("APP.ORDERS", { body: "for QM2", persistent: true }, { queueManager: "QM2" });
        expect(qm.queueStatus("QM2").depth).toBe(1);
        await qm.close();
        const again = await open();
        expect(await again.get("QM2")).toMatchObject({
          messageId: put.messageId,
          body: "for QM2",
          transmission: { remoteQueue: "APP.ORDERS", remoteQueueManager: "QM2" },
        });
        // Blank, or this queue manager's own name, is this queue manager.
        await again.mqsc("DEFINE QLOCAL(LOCAL.Q)");
        await again.put("LOCAL.Q", { body: "a" }, { queueManager: "" });
        await again.put("LOCAL.Q", { body: "b" }, { queueManager: "QM1" });
        expect(again.queueStatus("LOCAL.Q").depth).toBe(2);
        expect((await again.get("LOCAL.Q"))!.transmission).toBeUndefined();
        await again.close();
      });
    });

    it("maps a queue-manager alias (QREMOTE, blank RNAME) to its RQMNAME, through its XMITQ or the queue named as RQMNAME, or here", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc(
          [
            "DEFINE QLOCAL(QM2) USAGE(XMITQ)",
            "DEFINE QLOCAL(QM2.SLOW) USAGE(XMITQ)",
            "DEFINE QLOCAL(APP.ANSWERS)",
            "DEFINE QREMOTE(YOURQM) RQMNAME(QM2)",
            "DEFINE QREMOTE(YOURQM.SLOW) RQMNAME(QM2) XMITQ(QM2.SLOW) DEFPRTY(2)",
            "DEFINE QREMOTE(QM1.CLASS1) RQMNAME(QM1) XMITQ(QM2)",
          ].join("\n"),
        );
        await qm.put("THISQ", { body: "via the queue named as RQMNAME" }, { queueManager: "YOURQM" });
        await qm.put("THISQ", { body: "via XMITQ" }, { queueManager: "YOURQM.SLOW" });
        expect(await qm.get("QM2")).toMatchObject({
          body: "via the queue named as RQMNAME",
          transmission: { remoteQueue: "THISQ", remoteQueueManager: "QM2" },
        });
        // The transmission header names the real queue manager, not the alias; the alias's DEFPRTY applies.
        expect(await qm.get("QM2.SLOW")).toMatchObject({ body: "via XMITQ", priority: 2, transmission: { remoteQueue: "THISQ", remoteQueueManager: "QM2" } });
        // An alias naming this queue manager resolves the queue here, and its XMITQ is ignored (IBM's XmitQName).
        await qm.put("APP.ANSWERS", { body: "back home" }, { queueManager: "QM1.CLASS1" });
        expect(await qm.get("APP.ANSWERS")).toMatchObject({ body: "back home" });
        expect(qm.queueStatus("QM2").depth).toBe(0);
        expect(await reason(qm.put("NO.SUCH.Q", { body: "x" }, { queueManager: "QM1.CLASS1" }))).toBe("MQRC_UNKNOWN_OBJECT_NAME");
        await qm.close();
      });
    });

    it("refuses each way a name leads nowhere with IBM's reason and number, and changes nothing", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc(
          [
            "DEFINE QLOCAL(PLAIN.Q)",
            "DEFINE QALIAS(AN.ALIAS) TARGET(PLAIN.Q)",
            "DEFINE QREMOTE(REAL.REMOTE) RNAME(THEIRQ) RQMNAME(QM2) XMITQ(PLAIN.Q)",
            "DEFINE QREMOTE(QM.ALIAS) RQMNAME(QM3)",
            "DEFINE QREMOTE(QM.ALIAS.OFF) RQMNAME(QM3) PUT(DISABLED)",
          ].join("\n"),
        );
        const cases: [string, string, string | undefined, number][] = [
          ["MQRC_UNKNOWN_REMOTE_Q_MGR", "THISQ", "QM9", 2087], // no alias, no queue QM9, no DEFXMITQ
          ["MQRC_UNKNOWN_REMOTE_Q_MGR", "THISQ", "REAL.REMOTE", 2087], // a remote queue, not a queue-manager alias
          ["MQRC_UNKNOWN_REMOTE_Q_MGR", "THISQ", "QM.ALIAS", 2087], // the alias's RQMNAME has no way there
          ["MQRC_XMIT_Q_USAGE_ERROR", "THISQ", "PLAIN.Q", 2092], // a local queue named as the queue manager is not USAGE(XMITQ)
          ["MQRC_XMIT_Q_TYPE_ERROR", "THISQ", "AN.ALIAS", 2091],
          ["MQRC_XMIT_Q_USAGE_ERROR", "REAL.REMOTE", undefined, 2092], // its XMITQ is not a transmission queue
          ["MQRC_REMOTE_Q_NAME_ERROR", "QM.ALIAS", undefined, 2184], // a queue-manager alias names no queue to open
          ["MQRC_PUT_INHIBITED", "THISQ", "QM.ALIAS.OFF", 2051],
          ["MQRC_Q_MGR_NAME_ERROR", "THISQ", "Q".repeat(49), 2058],
          ["MQRC_OBJECT_NAME_ERROR", "Q".repeat(49), "QM9", 2152],
        ];
        for (const [expected, queue, queueManager, code] of cases) {
          const putting = qm.put(queue, { body: "x" }, queueManager === undefined ? {} : { queueManager });
          expect(await reasonCode(putting), `${queue} at ${queueManager}`).toBe(code);
          expect(await reason(qm.put(queue, { body: "x" }, queueManager === undefined ? {} : { queueManager })), `${queue} at ${queueManager}`).toBe(expected);
        }
        expect(qm.queueStatus("PLAIN.Q").depth).toBe(0);
        await qm.close();
      });
    });

    it("uses DEFXMITQ for a queue manager it knows no other way to, and refuses one that is missing or not a transmission queue", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc(
          "DEFINE QLOCAL(ANY.XMITQ) USAGE(XMITQ)\nDEFINE QLOCAL(PLAIN.Q)\nDEFINE QALIAS(AN.ALIAS) TARGET(PLAIN.Q)\nDEFINE QREMOTE(FAR.Q) RNAME(THEIRQ) RQMNAME(QM7)",
        );
        await qm.mqsc("ALTER QMGR DEFXMITQ(NOT.DEFINED)");
        expect(await reason(qm.put("THISQ", { body: "x" }, { queueManager: "QM9" }))).toBe("MQRC_UNKNOWN_DEF_XMIT_Q");
        await qm.mqsc("ALTER QMGR DEFXMITQ(PLAIN.Q)");
        expect(await reason(qm.put("THISQ", { body: "x" }, { queueManager: "QM9" }))).toBe("MQRC_DEF_XMIT_Q_USAGE_ERROR");
        await qm.mqsc("ALTER QMGR DEFXMITQ(AN.ALIAS)");
        expect(await reason(qm.put("THISQ", { body: "x" }, { queueManager: "QM9" }))).toBe("MQRC_DEF_XMIT_Q_TYPE_ERROR");
        await qm.mqsc("ALTER QMGR DEFXMITQ(ANY.XMITQ)");
        await qm.put("THISQ", { body: "by default" }, { queueManager: "QM9" });
        await qm.put("FAR.Q", { body: "remote queue, by default" });
        expect(await qm.get("ANY.XMITQ")).toMatchObject({ body: "by default", transmission: { remoteQueue: "THISQ", remoteQueueManager: "QM9" } });
        expect(await qm.get("ANY.XMITQ")).toMatchObject({ transmission: { remoteQueue: "THEIRQ", remoteQueueManager: "QM7" } });
        expect(qm.queueStatus("PLAIN.Q").depth).toBe(0);
        await qm.close();
      });
    });

    it("gives a reply-to queue alias's RNAME and RQMNAME as ReplyToQ and ReplyToQMgr when ReplyToQMgr is blank", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)\nDEFINE QLOCAL(APP.Q)\nDEFINE QREMOTE(ANSWER.ALIAS) RNAME(ANSWERS) RQMNAME(QM1.CLASS1)");
        await qm.put("APP.Q", { body: "1", replyToQueue: "ANSWER.ALIAS", messageType: "request" });
        await qm.put("APP.Q", { body: "2", replyToQueue: "ANSWER.ALIAS", replyToQueueManager: "QMX" });
        await qm.put("APP.Q", { body: "3", replyToQueue: "PLAIN.REPLIES" });
        await qm.put("THISQ", { body: "4", replyToQueue: "ANSWER.ALIAS" }, { queueManager: "QM2" });
        expect(await qm.get("APP.Q")).toMatchObject({ body: "1", replyToQueue: "ANSWERS", replyToQueueManager: "QM1.CLASS1" });
        // A ReplyToQMgr the application gives is sent as given (IBM checks it not).
        expect(await qm.get("APP.Q")).toMatchObject({ body: "2", replyToQueue: "ANSWER.ALIAS", replyToQueueManager: "QMX" });
        expect(await qm.get("APP.Q")).toMatchObject({ body: "3", replyToQueue: "PLAIN.REPLIES", replyToQueueManager: "QM1" });
        expect(await qm.get("QM2")).toMatchObject({ body: "4", replyToQueue: "ANSWERS", replyToQueueManager: "QM1.CLASS1" });
        await qm.close();
      });
    });

    it("opens a queue at another queue manager for output only, and puts through the handle to its transmission queue", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)");
        const handle = await qm.open("APP.ORDERS", { output: true, queueManager: "QM2" });
        await handle.put({ body: "through a handle" });
        await handle.close();
        expect(await qm.get("QM2")).toMatchObject({ body: "through a handle", transmission: { remoteQueue: "APP.ORDERS", remoteQueueManager: "QM2" } });
        expect(await reason(qm.open("APP.ORDERS", { input: true, queueManager: "QM2" }))).toBe("MQRC_OPTION_NOT_VALID_FOR_TYPE");
        expect(await reason(qm.open("APP.ORDERS", { output: true, queueManager: "QM9" }))).toBe("MQRC_UNKNOWN_REMOTE_Q_MGR");
        await qm.close();
      });
    });

    it("stages a put to another queue manager in a unit of work: on the transmission queue at commit, gone at backout", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)");
        const unit = qm.beginUnitOfWork();
        await qm.put("APP.ORDERS", { body: "kept", persistent: true }, { queueManager: "QM2", unitOfWork: unit });
        expect(await qm.get("QM2")).toBeNull();
        await unit.commit();
        const backedOut = qm.beginUnitOfWork();
        await qm.put("APP.ORDERS", { body: "dropped", persistent: true }, { queueManager: "QM2", unitOfWork: backedOut });
        await backedOut.rollback();
        await qm.close();
        const again = await open();
        expect(again.queueStatus("QM2").depth).toBe(1);
        expect(await again.get("QM2")).toMatchObject({ body: "kept", transmission: { remoteQueue: "APP.ORDERS", remoteQueueManager: "QM2" } });
        await again.close();
      });
    });
  });
}
