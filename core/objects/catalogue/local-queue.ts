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
    help: "Whether accounting data is collected for the queue; QMGR takes the queue manager's ACCTQ setting.",
  },
  {
    name: "backoutRequeueQueue",
    keyword: "BOQNAME",
    type: { kind: "name" },
    default: "",
    help: "The queue to which a message is moved when its backout count reaches the backout threshold.",
  },
  {
    name: "backoutThreshold",
    keyword: "BOTHRESH",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: 0,
    help: "The number of times a message can be backed out before it is moved to the backout requeue queue.",
  },
  {
    name: "capExpiry",
    keyword: "CAPEXPRY",
    type: { kind: "integer", min: 1, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
    help: "The longest expiry time, in tenths of a second, of messages put through this object; NOLIMIT for no cap.",
  },
  {
    name: "clusterChannelName",
    keyword: "CLCHNAME",
    type: { kind: "string", maxLength: 48 },
    default: "",
    help: "The generic name of the cluster-sender channels that use this queue as their transmission queue.",
  },
  {
    name: "clusterNamelist",
    keyword: "CLUSNL",
    type: { kind: "name" },
    default: "",
    help: "The namelist that lists the clusters to which the queue belongs.",
  },
  {
    name: "cluster",
    keyword: "CLUSTER",
    type: { kind: "name" },
    default: "",
    help: "The name of the cluster to which the queue belongs.",
  },
  {
    name: "clusterWorkloadPriority",
    keyword: "CLWLPRTY",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
    help: "The priority of the queue for cluster workload distribution (0 lowest, 9 highest).",
  },
  {
    name: "clusterWorkloadRank",
    keyword: "CLWLRANK",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
    help: "The rank of the queue for cluster workload distribution (0 lowest, 9 highest).",
  },
  {
    name: "clusterWorkloadUseQueue",
    keyword: "CLWLUSEQ",
    type: { kind: "enum", values: { queueManager: "QMGR", any: "ANY", local: "LOCAL" } },
    default: "queueManager",
    help: "Whether a put may go to a remote cluster instance when a local instance exists; QMGR takes the queue manager's CLWLUSEQ.",
  },
  {
    name: "custom",
    keyword: "CUSTOM",
    type: { kind: "string", maxLength: 128 },
    default: "",
    help: "Custom attributes for new features, as keyword(value) pairs separated by spaces.",
  },
  {
    name: "defaultBind",
    keyword: "DEFBIND",
    type: { kind: "enum", values: { open: "OPEN", notFixed: "NOTFIXED", group: "GROUP" } },
    default: "open",
    help: "The binding used when an application opens the queue with MQOO_BIND_AS_Q_DEF and the queue is clustered.",
  },
  {
    name: "defaultPutResponse",
    keyword: "DEFPRESP",
    type: { kind: "enum", values: { sync: "SYNC", async: "ASYNC" } },
    default: "sync",
    help: "The put response type used when an application specifies MQPMO_RESPONSE_AS_Q_DEF.",
  },
  {
    name: "defaultPriority",
    keyword: "DEFPRTY",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
    help: "The default priority of messages put on the queue.",
  },
  {
    name: "defaultPersistence",
    keyword: "DEFPSIST",
    type: YES_NO,
    default: false,
    help: "Whether messages put on the queue are persistent when the application specifies MQPER_PERSISTENCE_AS_Q_DEF.",
  },
  {
    name: "defaultReadAhead",
    keyword: "DEFREADA",
    type: { kind: "enum", values: { no: "NO", yes: "YES", disabled: "DISABLED" } },
    default: "no",
    help: "The default read-ahead behaviour for non-persistent messages delivered to clients.",
  },
  {
    name: "defaultShareOption",
    keyword: "DEFSOPT",
    type: { kind: "enum", values: { exclusive: "EXCL", shared: "SHARED" } },
    default: "shared",
    help: "The default share option for applications that open the queue for input (MQOO_INPUT_AS_Q_DEF).",
  },
  {
    name: "description",
    keyword: "DESCR",
    type: { kind: "string", maxLength: 64 },
    default: "",
    help: "Plain-text comment describing the object.",
  },
  {
    name: "distributionLists",
    keyword: "DISTL",
    type: YES_NO,
    default: false,
    help: "Whether distribution-list messages can be placed on the queue (set by the sending MCA on transmission queues).",
  },
  {
    name: "getEnabled",
    keyword: "GET",
    type: ENABLED_DISABLED,
    default: true,
    help: "Whether applications are permitted to get messages from the queue.",
  },
  {
    name: "hardenBackout",
    keyword: "HARDENBO",
    type: { kind: "flag", off: "NOHARDENBO" },
    default: false,
    help: "Whether the backout count is hardened so that it survives a queue manager restart.",
  },
  {
    name: "mediaImageRecoverable",
    keyword: "IMGRCOVQ",
    type: { kind: "enum", values: { queueManager: "QMGR", yes: "YES", no: "NO" } },
    default: "queueManager",
    help: "Whether the queue can be recovered from a media image (linear logging); QMGR takes the queue manager's IMGRCOVQ.",
  },
  {
    name: "initiationQueue",
    keyword: "INITQ",
    type: { kind: "name" },
    default: "",
    help: "The initiation queue to which trigger messages for this queue are written.",
  },
  // Ours, after Sun Java System Message Queue's queue destination limits (IBM MQ has none):
  // how many JMS consumers receive from the queue at once, and how many more wait as backups.
  {
    name: "maxActiveConsumers",
    keyword: "MAXACTCONS",
    type: { kind: "integer", min: 1, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
    extension: true,
    help: "webmq: how many JMS consumers may receive from the queue at once (Sun MQ's maxNumActiveConsumers); NOLIMIT for any number. 1 gives strict order.",
  },
  {
    name: "maxBackupConsumers",
    keyword: "MAXBKPCONS",
    type: { kind: "integer", min: 0, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: 0,
    extension: true,
    help: "webmq: how many more JMS consumers may wait as backups, taking over in order as active ones close (Sun MQ's maxNumBackupConsumers).",
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: { kind: "boolean", true: "YES", false: "NO" },
    default: false,
    extension: true,
    help: "webmq: whether messages that expire on the queue go to the dead-letter queue with reason MQFB_EXPIRATION (Sun MQ's useDMQ) rather than being discarded.",
  },
  {
    name: "limitBehavior",
    keyword: "LIMITBHV",
    type: { kind: "enum", values: { rejectNewest: "REJECT", flowControl: "FLOWCTL", removeOldest: "RMOLDEST", removeLowPriority: "RMLOWPRI" } },
    default: "rejectNewest",
    extension: true,
    help: "webmq: what a put does at MAXDEPTH (Sun MQ's limitBehavior): REJECT with MQRC_Q_FULL; FLOWCTL waits for room; RMOLDEST removes the oldest message; RMLOWPRI the oldest of a lower priority (to the dead-letter queue with USEDLQ(YES)).",
  },
  {
    name: "maxBytes",
    keyword: "MAXBYTES",
    type: { kind: "integer", min: 0, max: MAX_INT, words: { NOLIMIT: -1 } },
    default: -1,
    extension: true,
    help: "webmq: the most bytes of message bodies the queue holds (Sun MQ's maxTotalMsgBytes); NOLIMIT for no limit. LIMITBHV says what a put does at it.",
  },
  {
    name: "maxDepth",
    keyword: "MAXDEPTH",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: 5000,
    help: "The maximum number of messages allowed on the queue.",
  },
  {
    name: "maxFileSize",
    keyword: "MAXFSIZE",
    type: { kind: "integer", min: 20, max: 267386880, words: { DEFAULT: -1 } },
    default: -1,
    help: "The maximum size, in megabytes, that the queue file can grow to; DEFAULT is 2,088,960 MB.",
  },
  {
    name: "maxMessageLength",
    keyword: "MAXMSGL",
    type: { kind: "integer", min: 0, max: 104857600 },
    default: 4194304,
    help: "The maximum length, in bytes, of messages allowed on the queue.",
  },
  {
    name: "monitoring",
    keyword: "MONQ",
    type: { kind: "enum", values: { queueManager: "QMGR", off: "OFF", low: "LOW", medium: "MEDIUM", high: "HIGH" } },
    default: "queueManager",
    help: "Online monitoring data collection for the queue; QMGR takes the queue manager's MONQ.",
  },
  {
    name: "deliverySequence",
    keyword: "MSGDLVSQ",
    type: { kind: "enum", values: { priority: "PRIORITY", fifo: "FIFO" } },
    default: "priority",
    help: "The order in which messages are returned by MQGET: by priority then FIFO, or FIFO regardless of priority.",
  },
  {
    name: "nonPersistentMessageClass",
    keyword: "NPMCLASS",
    type: { kind: "enum", values: { normal: "NORMAL", high: "HIGH" } },
    default: "normal",
    help: "The reliability of non-persistent messages on the queue: HIGH keeps them across a normal restart.",
  },
  {
    name: "processName",
    keyword: "PROCESS",
    type: { kind: "name" },
    default: "",
    help: "The process definition that identifies the application started when a trigger event occurs.",
  },
  {
    name: "propertyControl",
    keyword: "PROPCTL",
    type: {
      kind: "enum",
      values: { all: "ALL", compatible: "COMPAT", force: "FORCE", none: "NONE", v6Compatible: "V6COMPAT" },
    },
    default: "compatible",
    help: "How message properties are returned to applications that get messages without asking for a message handle.",
  },
  {
    name: "putEnabled",
    keyword: "PUT",
    type: ENABLED_DISABLED,
    default: true,
    help: "Whether applications are permitted to put messages on the queue.",
  },
  {
    name: "depthHighLimit",
    keyword: "QDEPTHHI",
    type: { kind: "integer", min: 0, max: 100 },
    default: 80,
    help: "The queue depth, as a percentage of MAXDEPTH, at which a Queue Depth High event is generated.",
  },
  {
    name: "depthLowLimit",
    keyword: "QDEPTHLO",
    type: { kind: "integer", min: 0, max: 100 },
    default: 20,
    help: "The queue depth, as a percentage of MAXDEPTH, at which a Queue Depth Low event is generated.",
  },
  {
    name: "depthHighEvent",
    keyword: "QDPHIEV",
    type: ENABLED_DISABLED,
    default: false,
    help: "Whether Queue Depth High events are generated.",
  },
  {
    name: "depthLowEvent",
    keyword: "QDPLOEV",
    type: ENABLED_DISABLED,
    default: false,
    help: "Whether Queue Depth Low events are generated.",
  },
  {
    name: "depthMaxEvent",
    keyword: "QDPMAXEV",
    type: ENABLED_DISABLED,
    default: true,
    help: "Whether Queue Full events are generated.",
  },
  {
    name: "serviceIntervalEvent",
    keyword: "QSVCIEV",
    type: { kind: "enum", values: { none: "NONE", high: "HIGH", ok: "OK" } },
    default: "none",
    help: "Whether Service Interval High or Service Interval OK events are generated.",
  },
  {
    name: "serviceInterval",
    keyword: "QSVCINT",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: MAX_INT,
    help: "The service interval, in milliseconds, used for comparison to generate service interval events.",
  },
  {
    name: "retentionInterval",
    keyword: "RETINTVL",
    type: { kind: "integer", min: 0, max: MAX_INT },
    default: MAX_INT,
    help: "The number of hours from creation for which the queue might be needed (information only; MQ does not act on it).",
  },
  {
    name: "scope",
    keyword: "SCOPE",
    type: { kind: "enum", values: { queueManager: "QMGR", cell: "CELL" } },
    default: "queueManager",
    help: "The scope of the queue definition: this queue manager only, or a cell directory.",
  },
  {
    name: "shareable",
    keyword: "SHARE",
    type: { kind: "flag", off: "NOSHARE" },
    default: true,
    help: "Whether more than one application instance can get messages from the queue at the same time.",
  },
  {
    name: "statistics",
    keyword: "STATQ",
    type: { kind: "enum", values: { queueManager: "QMGR", on: "ON", off: "OFF" } },
    default: "queueManager",
    help: "Whether statistics data is collected for the queue; QMGR takes the queue manager's STATQ.",
  },
  {
    name: "streamQueue",
    keyword: "STREAMQ",
    type: { kind: "name" },
    default: "",
    help: "The queue to which a copy of every message put on this queue is streamed.",
  },
  {
    name: "streamQualityOfService",
    keyword: "STRMQOS",
    type: { kind: "enum", values: { bestEffort: "BESTEF", mustDuplicate: "MUSTDUP" } },
    default: "bestEffort",
    help: "Whether a message put still succeeds when its copy cannot be delivered to the stream queue.",
  },
  {
    name: "triggerData",
    keyword: "TRIGDATA",
    type: { kind: "string", maxLength: 64 },
    default: "",
    help: "Data inserted in the trigger message.",
  },
  {
    name: "triggerDepth",
    keyword: "TRIGDPTH",
    type: { kind: "integer", min: 1, max: MAX_INT },
    default: 1,
    help: "The number of messages that must be on the queue before a trigger message is written when TRIGTYPE is DEPTH.",
  },
  {
    name: "trigger",
    keyword: "TRIGGER",
    type: { kind: "flag", off: "NOTRIGGER" },
    default: false,
    help: "Whether trigger messages are written to the initiation queue.",
  },
  {
    name: "triggerMessagePriority",
    keyword: "TRIGMPRI",
    type: { kind: "integer", min: 0, max: 9 },
    default: 0,
    help: "The message priority at or above which a message can cause a trigger event.",
  },
  {
    name: "triggerType",
    keyword: "TRIGTYPE",
    type: { kind: "enum", values: { none: "NONE", first: "FIRST", every: "EVERY", depth: "DEPTH" } },
    default: "first",
    help: "The condition that starts a trigger event.",
  },
  {
    name: "usage",
    keyword: "USAGE",
    type: { kind: "enum", values: { normal: "NORMAL", transmission: "XMITQ" } },
    default: "normal",
    help: "Whether the queue is for normal use or is a transmission queue.",
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
