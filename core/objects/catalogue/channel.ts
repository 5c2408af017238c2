/**
 * Attribute catalogue: CHANNEL (DEFINE/ALTER/DISPLAY CHANNEL), IBM MQ 9.x on distributed platforms
 * (Multiplatforms). z/OS-only attributes (DEFCDISP, QSGDISP, CMDSCOPE, PUTAUT(ONLYMCA|ALTMCA), ...)
 * are left out, and so are command options that are not channel attributes (LIKE, REPLACE).
 *
 * Source: IBM Documentation, "DEFINE CHANNEL" and its per-type syntax diagrams (sender, server,
 * receiver, requester, client-connection, server-connection, cluster-sender, cluster-receiver, AMQP),
 * "Channel attributes" (refconfig, table of attributes against channel types) and the per-attribute
 * pages (DISCINT, HBINT, KAINT, MAXINST, ...). Defaults are those of the SYSTEM.DEF.* channels shipped
 * with the product; where a default differs by channel type the help text (help.ts) says so.
 *
 * `CHANNEL_TYPE_ATTRIBUTES` lists, for each CHLTYPE, the MQSC keywords DEFINE CHANNEL accepts for that
 * type on distributed (from the per-type syntax diagrams); CHLTYPE itself is in every list.
 */
import type { AttributeSpec, AttributeType, ObjectTypeSpec } from "./types.js";

const int = (min: number, max: number, words?: Record<string, number>): AttributeType =>
  words ? { kind: "integer", min, max, words } : { kind: "integer", min, max };
const str = (maxLength: number): AttributeType => ({ kind: "string", maxLength });
const yesNo: AttributeType = { kind: "boolean", true: "YES", false: "NO" };
/** A list of exit names (MSGEXIT, RCVEXIT, SENDEXIT): MQ_EXIT_NAME_LENGTH is 128 on distributed. */
const exitList: AttributeType = { kind: "list", item: str(128), maxItems: 999 };
/** A list of exit user data strings (MSGDATA, RCVDATA, SENDDATA): MQ_EXIT_DATA_LENGTH is 32. */
const exitDataList: AttributeType = { kind: "list", item: str(32), maxItems: 999 };
const monitoring: AttributeType = {
  kind: "enum",
  values: { qmgr: "QMGR", off: "OFF", low: "LOW", medium: "MEDIUM", high: "HIGH" },
};

const attributes: AttributeSpec[] = [
  {
    name: "channelType",
    keyword: "CHLTYPE",
    type: {
      kind: "enum",
      values: {
        sender: "SDR",
        server: "SVR",
        receiver: "RCVR",
        requester: "RQSTR",
        serverConnection: "SVRCONN",
        clientConnection: "CLNTCONN",
        clusterSender: "CLUSSDR",
        clusterReceiver: "CLUSRCVR",
        amqp: "AMQP",
      },
    },
    default: null,
  },
  {
    name: "connectionAffinity",
    keyword: "AFFINITY",
    type: { kind: "enum", values: { preferred: "PREFERRED", none: "NONE" } },
    default: "preferred",
  },
  {
    name: "amqpKeepAlive",
    keyword: "AMQPKA",
    type: int(0, 99999999, { AUTO: -1 }),
    default: -1,
  },
  {
    name: "batchHeartbeatInterval",
    keyword: "BATCHHB",
    type: int(0, 999999),
    default: 0,
  },
  {
    name: "batchInterval",
    keyword: "BATCHINT",
    type: int(0, 999999999),
    default: 0,
  },
  {
    name: "batchDataLimit",
    keyword: "BATCHLIM",
    type: int(0, 999999),
    default: 5000,
  },
  {
    name: "batchSize",
    keyword: "BATCHSZ",
    type: int(1, 9999),
    default: 50,
  },
  {
    name: "certificateLabel",
    keyword: "CERTLABL",
    type: str(64),
    default: "",
  },
  {
    name: "clientChannelWeight",
    keyword: "CLNTWGHT",
    type: int(0, 99),
    default: 0,
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
    type: int(0, 9),
    default: 0,
  },
  {
    name: "clusterWorkloadRank",
    keyword: "CLWLRANK",
    type: int(0, 9),
    default: 0,
  },
  {
    name: "clusterWorkloadWeight",
    keyword: "CLWLWGHT",
    type: int(1, 99),
    default: 50,
  },
  {
    name: "headerCompression",
    keyword: "COMPHDR",
    type: { kind: "list", item: { kind: "enum", values: { none: "NONE", system: "SYSTEM" } }, maxItems: 2 },
    default: ["none"],
  },
  {
    name: "messageCompression",
    keyword: "COMPMSG",
    type: {
      kind: "list",
      item: {
        kind: "enum",
        values: {
          none: "NONE",
          rle: "RLE",
          zlibFast: "ZLIBFAST",
          zlibHigh: "ZLIBHIGH",
          lz4Fast: "LZ4FAST",
          lz4High: "LZ4HIGH",
          any: "ANY",
        },
      },
      maxItems: 16,
    },
    default: ["none"],
  },
  {
    name: "connectionName",
    keyword: "CONNAME",
    type: str(264),
    default: "",
  },
  {
    name: "dataConversion",
    keyword: "CONVERT",
    type: yesNo,
    default: false,
  },
  {
    name: "defaultReconnect",
    keyword: "DEFRECON",
    type: { kind: "enum", values: { no: "NO", yes: "YES", qmgr: "QMGR", disabled: "DISABLED" } },
    default: "no",
  },
  {
    name: "description",
    keyword: "DESCR",
    type: str(64),
    default: "",
  },
  {
    name: "disconnectInterval",
    keyword: "DISCINT",
    type: int(0, 999999),
    default: 6000,
  },
  {
    name: "heartbeatInterval",
    keyword: "HBINT",
    type: int(0, 999999),
    default: 300,
  },
  {
    name: "keepAliveInterval",
    keyword: "KAINT",
    type: int(0, 99999, { AUTO: -1 }),
    default: -1,
  },
  {
    name: "localAddress",
    keyword: "LOCLADDR",
    type: str(48),
    default: "",
  },
  {
    name: "longRetryCount",
    keyword: "LONGRTY",
    type: int(0, 999999999),
    default: 999999999,
  },
  {
    name: "longRetryInterval",
    keyword: "LONGTMR",
    type: int(0, 999999999),
    default: 1200,
  },
  {
    name: "maxInstances",
    keyword: "MAXINST",
    type: int(0, 999999999),
    default: 999999999,
  },
  {
    name: "maxInstancesPerClient",
    keyword: "MAXINSTC",
    type: int(0, 999999999),
    default: 999999999,
  },
  {
    name: "maxMessageLength",
    keyword: "MAXMSGL",
    type: int(0, 104857600),
    default: 4194304,
  },
  {
    name: "mcaName",
    keyword: "MCANAME",
    type: str(20),
    default: "",
  },
  {
    name: "mcaType",
    keyword: "MCATYPE",
    type: { kind: "enum", values: { process: "PROCESS", thread: "THREAD" } },
    default: "process",
  },
  {
    name: "mcaUserId",
    keyword: "MCAUSER",
    type: str(64),
    default: "",
  },
  {
    name: "modeName",
    keyword: "MODENAME",
    type: str(8),
    default: "",
  },
  {
    name: "channelMonitoring",
    keyword: "MONCHL",
    type: monitoring,
    default: "qmgr",
  },
  {
    name: "messageRetryExitData",
    keyword: "MRDATA",
    type: str(32),
    default: "",
  },
  {
    name: "messageRetryExit",
    keyword: "MREXIT",
    type: str(128),
    default: "",
  },
  {
    name: "messageRetryCount",
    keyword: "MRRTY",
    type: int(0, 999999999),
    default: 10,
  },
  {
    name: "messageRetryInterval",
    keyword: "MRTMR",
    type: int(0, 999999999),
    default: 1000,
  },
  {
    name: "messageExitData",
    keyword: "MSGDATA",
    type: exitDataList,
    default: [],
  },
  {
    name: "messageExit",
    keyword: "MSGEXIT",
    type: exitList,
    default: [],
  },
  {
    name: "networkPriority",
    keyword: "NETPRTY",
    type: int(0, 9),
    default: 0,
  },
  {
    name: "nonPersistentMessageSpeed",
    keyword: "NPMSPEED",
    type: { kind: "enum", values: { fast: "FAST", normal: "NORMAL" } },
    default: "fast",
  },
  {
    name: "password",
    keyword: "PASSWORD",
    type: str(12),
    default: "",
  },
  {
    name: "port",
    keyword: "PORT",
    type: int(0, 65535),
    default: 5672,
  },
  {
    name: "propertyControl",
    keyword: "PROPCTL",
    type: { kind: "enum", values: { compat: "COMPAT", none: "NONE", all: "ALL" } },
    default: "compat",
  },
  {
    name: "putAuthority",
    keyword: "PUTAUT",
    type: { kind: "enum", values: { default: "DEF", context: "CTX" } },
    default: "default",
  },
  {
    name: "queueManagerName",
    keyword: "QMNAME",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "receiveExitData",
    keyword: "RCVDATA",
    type: exitDataList,
    default: [],
  },
  {
    name: "receiveExit",
    keyword: "RCVEXIT",
    type: exitList,
    default: [],
  },
  {
    name: "securityExitData",
    keyword: "SCYDATA",
    type: str(32),
    default: "",
  },
  {
    name: "securityExit",
    keyword: "SCYEXIT",
    type: str(128),
    default: "",
  },
  {
    name: "sendExitData",
    keyword: "SENDDATA",
    type: exitDataList,
    default: [],
  },
  {
    name: "sendExit",
    keyword: "SENDEXIT",
    type: exitList,
    default: [],
  },
  {
    name: "sequenceNumberWrap",
    keyword: "SEQWRAP",
    type: int(100, 999999999),
    default: 999999999,
  },
  {
    name: "sharingConversations",
    keyword: "SHARECNV",
    type: int(0, 999999999),
    default: 10,
  },
  {
    name: "shortRetryCount",
    keyword: "SHORTRTY",
    type: int(0, 999999999),
    default: 10,
  },
  {
    name: "shortRetryInterval",
    keyword: "SHORTTMR",
    type: int(0, 999999999),
    default: 60,
  },
  {
    name: "securityPolicyProtection",
    keyword: "SPLPROT",
    type: { kind: "enum", values: { passthru: "PASSTHRU", remove: "REMOVE", asPolicy: "ASPOLICY" } },
    default: "passthru",
  },
  {
    name: "sslClientAuthentication",
    keyword: "SSLCAUTH",
    type: { kind: "enum", values: { required: "REQUIRED", optional: "OPTIONAL" } },
    default: "required",
  },
  {
    name: "sslCipherSpec",
    keyword: "SSLCIPH",
    type: str(32),
    default: "",
  },
  {
    name: "sslPeerName",
    keyword: "SSLPEER",
    type: str(1024),
    default: "",
  },
  {
    name: "channelStatistics",
    keyword: "STATCHL",
    type: monitoring,
    default: "qmgr",
  },
  {
    name: "transactionProgramName",
    keyword: "TPNAME",
    type: str(64),
    default: "",
  },
  {
    name: "topicRoot",
    keyword: "TPROOT",
    type: str(10240),
    default: "SYSTEM.BASE.TOPIC",
  },
  {
    name: "transportType",
    keyword: "TRPTYPE",
    type: { kind: "enum", values: { lu62: "LU62", netbios: "NETBIOS", spx: "SPX", tcp: "TCP" } },
    default: "tcp",
  },
  {
    name: "useClientId",
    keyword: "USECLTID",
    type: yesNo,
    default: false,
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: yesNo,
    default: true,
  },
  {
    name: "userId",
    keyword: "USERID",
    type: str(12),
    default: "",
  },
  {
    name: "transmissionQueue",
    keyword: "XMITQ",
    type: { kind: "name" },
    default: "",
  },
];

export const CHANNEL: ObjectTypeSpec = {
  mqscType: "CHANNEL",
  synonyms: ["CHL"],
  attributes,
};

/** Keywords common to every type except AMQP: the exits, TLS, compression and connection basics. */
const COMMON = [
  "CHLTYPE",
  "CERTLABL",
  "COMPHDR",
  "COMPMSG",
  "DESCR",
  "HBINT",
  "KAINT",
  "MAXMSGL",
  "RCVDATA",
  "RCVEXIT",
  "SCYDATA",
  "SCYEXIT",
  "SENDDATA",
  "SENDEXIT",
  "SSLCIPH",
  "SSLPEER",
  "TRPTYPE",
];
/** Keywords of every message channel (SDR, SVR, RCVR, RQSTR, CLUSSDR, CLUSRCVR). */
const MESSAGE = [...COMMON, "BATCHSZ", "MCAUSER", "MONCHL", "MSGDATA", "MSGEXIT", "NPMSPEED", "SEQWRAP", "STATCHL", "USEDLQ"];
/** Keywords of the sending end of a message channel (SDR, SVR, CLUSSDR, CLUSRCVR). */
const SENDING = [
  "BATCHHB",
  "BATCHINT",
  "BATCHLIM",
  "CONNAME",
  "CONVERT",
  "DISCINT",
  "LOCLADDR",
  "LONGRTY",
  "LONGTMR",
  "MCANAME",
  "MCATYPE",
  "MODENAME",
  "PROPCTL",
  "SHORTRTY",
  "SHORTTMR",
  "TPNAME",
];
/** Keywords of the receiving end of a message channel (RCVR, RQSTR, CLUSRCVR). */
const RECEIVING = ["MRDATA", "MREXIT", "MRRTY", "MRTMR", "PUTAUT"];
const CLUSTERED = ["CLUSNL", "CLUSTER", "CLWLPRTY", "CLWLRANK", "CLWLWGHT"];

const sorted = (keywords: string[]): string[] => [...new Set(keywords)].sort();

/**
 * MQSC keywords valid on DEFINE CHANNEL for each CHLTYPE on distributed (IBM's per-type syntax
 * diagrams). AMQP is included for completeness.
 */
export const CHANNEL_TYPE_ATTRIBUTES: Record<string, string[]> = {
  SDR: sorted([...MESSAGE, ...SENDING, "XMITQ", "PASSWORD", "USERID", "SPLPROT"]),
  SVR: sorted([...MESSAGE, ...SENDING, "XMITQ", "PASSWORD", "USERID", "SPLPROT", "SSLCAUTH"]),
  RCVR: sorted([...MESSAGE, ...RECEIVING, "SPLPROT", "SSLCAUTH"]),
  RQSTR: sorted([...MESSAGE, ...RECEIVING, "CONNAME", "LOCLADDR", "MCANAME", "MCATYPE", "MODENAME", "PASSWORD", "SPLPROT", "SSLCAUTH", "TPNAME", "USERID"]),
  SVRCONN: sorted([...COMMON, "DISCINT", "MAXINST", "MAXINSTC", "MCAUSER", "MONCHL", "SHARECNV", "SSLCAUTH"]),
  CLNTCONN: sorted([...COMMON, "AFFINITY", "CLNTWGHT", "CONNAME", "DEFRECON", "LOCLADDR", "MODENAME", "PASSWORD", "QMNAME", "SHARECNV", "TPNAME", "USERID"]),
  CLUSSDR: sorted([...MESSAGE, ...SENDING, ...CLUSTERED, "PASSWORD", "USERID"]),
  CLUSRCVR: sorted([...MESSAGE, ...SENDING, ...RECEIVING, ...CLUSTERED, "NETPRTY", "SSLCAUTH"]),
  AMQP: sorted(["CHLTYPE", "AMQPKA", "CERTLABL", "DESCR", "LOCLADDR", "MAXINST", "MAXMSGL", "MCAUSER", "PORT", "SSLCAUTH", "SSLCIPH", "TPROOT", "USECLTID"]),
};
