/**
 * Attribute catalogue for local queues: MQSC DEFINE / ALTER / DISPLAY QLOCAL (synonym QL).
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms (AIX, Linux, Windows): the DEFINE QLOCAL
 * syntax diagram and the "DEFINE queues" parameter descriptions, and the queue attribute
 * reference (MaxQDepth, QDepthHighLimit, ...). Defaults are those of SYSTEM.DEFAULT.LOCAL.QUEUE
 * as IBM ships it on distributed platforms. z/OS-only attributes (QSGDISP, CFSTRUCT, STGCLASS,
 * INDXTYPE, CMDSCOPE) are left out, as are LIKE / REPLACE / NOREPLACE (command options, not
 * attributes). Integer attributes that accept a word (NOLIMIT, DEFAULT) map it to IBM's value.
 *
 * The other queue types (alias-queue.ts, remote-queue.ts, model-queue.ts) take the attributes
 * they share with QLOCAL from LOCAL_QUEUE, so a change here is a change there.
 */
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";

const MAX_INT = 999999999;

const ENABLED_DISABLED = { kind: "boolean", true: "ENABLED", false: "DISABLED" } as const;
const YES_NO = { kind: "boolean", true: "YES", false: "NO" } as const;

const attributes: AttributeSpec[] = [
  {
    name: "accounting",
    keyword: "ACCTQ",
    type: { kind: "enum", values: { queueManager: "QMGR", on: "ON", off: "OFF" } },
    default: "queueManager",
  },
  {
    name: "backoutRequeueQueue",
    keyword: "BOQNAME",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "backoutThreshold",
    keyword: "BOTHRESH",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: 0,
  },
  {
    name: "capExpiry",
    keyword: "CAPEXPRY",
    type: { kind: "integer", min: 1, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
  },
  {
    name: "clusterChannelName",
    keyword: "CLCHNAME",
    type: { kind: "string", maxLength: 48 },
    default: "",
  },
  {
    name: "clusterNamelist",
    keyword: "CLUSNL",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "cluster",
    keyword: "CLUSTER",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "clusterWorkloadPriority",
    keyword: "CLWLPRTY",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
  },
  {
    name: "clusterWorkloadRank",
    keyword: "CLWLRANK",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
  },
  {
    name: "clusterWorkloadUseQueue",
    keyword: "CLWLUSEQ",
    type: { kind: "enum", values: { queueManager: "QMGR", any: "ANY", local: "LOCAL" } },
    default: "queueManager",
  },
  {
    name: "custom",
    keyword: "CUSTOM",
    type: { kind: "string", maxLength: 128 },
    default: "",
  },
  {
    name: "defaultBind",
    keyword: "DEFBIND",
    type: { kind: "enum", values: { open: "OPEN", notFixed: "NOTFIXED", group: "GROUP" } },
    default: "open",
  },
  {
    name: "defaultPutResponse",
    keyword: "DEFPRESP",
    type: { kind: "enum", values: { sync: "SYNC", async: "ASYNC" } },
    default: "sync",
  },
  {
    name: "defaultPriority",
    keyword: "DEFPRTY",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
  },
  {
    name: "defaultPersistence",
    keyword: "DEFPSIST",
    type: YES_NO,
    default: false,
  },
  {
    name: "defaultReadAhead",
    keyword: "DEFREADA",
    type: { kind: "enum", values: { no: "NO", yes: "YES", disabled: "DISABLED" } },
    default: "no",
  },
  {
    name: "defaultShareOption",
    keyword: "DEFSOPT",
    type: { kind: "enum", values: { exclusive: "EXCL", shared: "SHARED" } },
    default: "shared",
  },
  {
    name: "description",
    keyword: "DESCR",
    type: { kind: "string", maxLength: 64 },
    default: "",
  },
  {
    name: "distributionLists",
    keyword: "DISTL",
    type: YES_NO,
    default: false,
  },
  {
    name: "getEnabled",
    keyword: "GET",
    type: ENABLED_DISABLED,
    default: true,
  },
  {
    name: "hardenBackout",
    keyword: "HARDENBO",
    type: { kind: "flag", off: "NOHARDENBO" },
    default: false,
  },
  {
    name: "mediaImageRecoverable",
    keyword: "IMGRCOVQ",
    type: { kind: "enum", values: { queueManager: "QMGR", yes: "YES", no: "NO" } },
    default: "queueManager",
  },
  {
    name: "initiationQueue",
    keyword: "INITQ",
    type: { kind: "name" },
    default: "",
  },
  // Ours, after Sun Java System Message Queue's queue destination limits (IBM MQ has none):
  // how many JMS consumers receive from the queue at once, and how many more wait as backups.
  {
    name: "maxActiveConsumers",
    keyword: "MAXACTCONS",
    type: { kind: "integer", min: 1, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
    extension: true,
  },
  {
    name: "maxBackupConsumers",
    keyword: "MAXBKPCONS",
    type: { kind: "integer", min: 0, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: 0,
    extension: true,
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: { kind: "boolean", true: "YES", false: "NO" },
    default: false,
    extension: true,
  },
  {
    name: "limitBehavior",
    keyword: "LIMITBHV",
    type: { kind: "enum", values: { rejectNewest: "REJECT", flowControl: "FLOWCTL", removeOldest: "RMOLDEST", removeLowPriority: "RMLOWPRI" } },
    default: "rejectNewest",
    extension: true,
  },
  {
    name: "maxBytes",
    keyword: "MAXBYTES",
    type: { kind: "integer", min: 0, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
    extension: true,
  },
  {
    name: "maxDepth",
    keyword: "MAXDEPTH",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: 5000,
  },
  {
    name: "maxFileSize",
    keyword: "MAXFSIZE",
    type: { kind: "integer", min: 20, max: 267386880, words: { DEFAULT: -1 } },
    default: -1,
  },
  {
    name: "maxMessageLength",
    keyword: "MAXMSGL",
    type: { kind: "integer", min: 0, max: 104857600 },
    default: 4194304,
  },
  {
    name: "monitoring",
    keyword: "MONQ",
    type: { kind: "enum", values: { queueManager: "QMGR", off: "OFF", low: "LOW", medium: "MEDIUM", high: "HIGH" } },
    default: "queueManager",
  },
  {
    name: "deliverySequence",
    keyword: "MSGDLVSQ",
    type: { kind: "enum", values: { priority: "PRIORITY", fifo: "FIFO" } },
    default: "priority",
  },
  {
    name: "nonPersistentMessageClass",
    keyword: "NPMCLASS",
    type: { kind: "enum", values: { normal: "NORMAL", high: "HIGH" } },
    default: "normal",
  },
  {
    name: "processName",
    keyword: "PROCESS",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "propertyControl",
    keyword: "PROPCTL",
    type: {
      kind: "enum",
      values: { all: "ALL", compatible: "COMPAT", force: "FORCE", none: "NONE", v6Compatible: "V6COMPAT" },
    },
    default: "compatible",
  },
  {
    name: "putEnabled",
    keyword: "PUT",
    type: ENABLED_DISABLED,
    default: true,
  },
  {
    name: "depthHighLimit",
    keyword: "QDEPTHHI",
    type: { kind: "integer", min: 0, max: 100 },
    default: 80,
  },
  {
    name: "depthLowLimit",
    keyword: "QDEPTHLO",
    type: { kind: "integer", min: 0, max: 100 },
    default: 20,
  },
  {
    name: "depthHighEvent",
    keyword: "QDPHIEV",
    type: ENABLED_DISABLED,
    default: false,
  },
  {
    name: "depthLowEvent",
    keyword: "QDPLOEV",
    type: ENABLED_DISABLED,
    default: false,
  },
  {
    name: "depthMaxEvent",
    keyword: "QDPMAXEV",
    type: ENABLED_DISABLED,
    default: true,
  },
  {
    name: "serviceIntervalEvent",
    keyword: "QSVCIEV",
    type: { kind: "enum", values: { none: "NONE", high: "HIGH", ok: "OK" } },
    default: "none",
  },
  {
    name: "serviceInterval",
    keyword: "QSVCINT",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: MAX_INT,
  },
  {
    name: "retentionInterval",
    keyword: "RETINTVL",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: MAX_INT,
  },
  {
    name: "scope",
    keyword: "SCOPE",
    type: { kind: "enum", values: { queueManager: "QMGR", cell: "CELL" } },
    default: "queueManager",
  },
  {
    name: "shareable",
    keyword: "SHARE",
    type: { kind: "flag", off: "NOSHARE" },
    default: true,
  },
  {
    name: "statistics",
    keyword: "STATQ",
    type: { kind: "enum", values: { queueManager: "QMGR", on: "ON", off: "OFF" } },
    default: "queueManager",
  },
  {
    name: "streamQueue",
    keyword: "STREAMQ",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "streamQualityOfService",
    keyword: "STRMQOS",
    type: { kind: "enum", values: { bestEffort: "BESTEF", mustDuplicate: "MUSTDUP" } },
    default: "bestEffort",
  },
  {
    name: "triggerData",
    keyword: "TRIGDATA",
    type: { kind: "string", maxLength: 64 },
    default: "",
  },
  {
    name: "triggerDepth",
    keyword: "TRIGDPTH",
    type: { kind: "integer", min: 1, max: MAX_INT },
    default: 1,
  },
  {
    name: "trigger",
    keyword: "TRIGGER",
    type: { kind: "flag", off: "NOTRIGGER" },
    default: false,
  },
  {
    name: "triggerMessagePriority",
    keyword: "TRIGMPRI",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
  },
  {
    name: "triggerType",
    keyword: "TRIGTYPE",
    type: { kind: "enum", values: { none: "NONE", first: "FIRST", every: "EVERY", depth: "DEPTH" } },
    default: "first",
  },
  {
    name: "usage",
    keyword: "USAGE",
    type: { kind: "enum", values: { normal: "NORMAL", transmission: "XMITQ" } },
    default: "normal",
  },
];

export const LOCAL_QUEUE: ObjectTypeSpec = {
  mqscType: "QLOCAL",
  synonyms: ["QL"],
  attributes,
};

/**
 * The attributes of another queue type: those it shares with QLOCAL (same keyword, range
 * and default, taken from here so they are defined once) and its own, by keyword.
 */
export function withLocalQueueAttributes(owner: string, shared: readonly string[], own: readonly AttributeSpec[]): AttributeSpec[] {
  const found = LOCAL_QUEUE.attributes.filter((a) => shared.includes(a.keyword));
  if (found.length !== shared.length) throw new Error(`catalogue: ${owner} shares a keyword QLOCAL lacks`);
  return [...found, ...own].sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
}
