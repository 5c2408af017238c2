/**
 * Attribute catalogue for local definitions of remote queues: MQSC DEFINE / ALTER / DISPLAY
 * QREMOTE (synonym QR). The same object type serves as a queue manager alias (RNAME blank) and
 * as a reply-to queue alias.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE QREMOTE syntax diagram and
 * the "DEFINE queues" parameter descriptions; the RemoteQName, RemoteQMgrName and XmitQName
 * queue attributes. The attributes a remote queue shares with a local queue (same keyword,
 * range and default) come from LOCAL_QUEUE; RNAME, RQMNAME and XMITQ are its own. z/OS-only
 * attributes (QSGDISP, CMDSCOPE) are left out.
 */
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";
import { withLocalQueueAttributes } from "./local-queue.js";

/** Shared with QLOCAL: same keyword, type, default and help. */
const SHARED = ["CAPEXPRY", "CLUSNL", "CLUSTER", "CLWLPRTY", "CLWLRANK", "CUSTOM", "DEFBIND", "DEFPRESP", "DEFPRTY", "DEFPSIST", "DESCR", "PUT", "SCOPE"];

const OWN: AttributeSpec[] = [
  {
    name: "remoteName",
    keyword: "RNAME",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "remoteQueueManager",
    keyword: "RQMNAME",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "transmissionQueue",
    keyword: "XMITQ",
    type: { kind: "name" },
    default: "",
  },
];

export const REMOTE_QUEUE: ObjectTypeSpec = {
  mqscType: "QREMOTE",
  synonyms: ["QR"],
  attributes: withLocalQueueAttributes("QREMOTE", SHARED, OWN),
};
