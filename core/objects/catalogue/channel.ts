/**
 * Attribute catalogue: CHANNEL (DEFINE/ALTER/DISPLAY CHANNEL), IBM MQ 9.x on distributed platforms
 * (Multiplatforms). z/OS-only attributes (DEFCDISP, QSGDISP, CMDSCOPE, PUTAUT(ONLYMCA|ALTMCA), ...)
 * are left out, and so are command options that are not channel attributes (LIKE, REPLACE).
 *
 * Source: IBM Documentation, "DEFINE CHANNEL" and its per-type syntax diagrams (sender, server,
 * receiver, requester, client-connection, server-connection, cluster-sender, cluster-receiver, AMQP),
 * "Channel attributes" (refconfig, table of attributes against channel types) and the per-attribute
 * pages (DISCINT, HBINT, KAINT, MAXINST, ...). Defaults are those of the SYSTEM.DEF.* channels shipped
 * with the product; where a default differs by channel type the help text says so.
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
    help: "Channel type. Required; on distributed it must follow immediately after the channel name.",
  },
  {
    name: "connectionAffinity",
    keyword: "AFFINITY",
    type: { kind: "enum", values: { preferred: "PREFERRED", none: "NONE" } },
    default: "preferred",
    help: "Whether client applications that connect several times with the same queue manager name use the same client channel definition.",
  },
  {
    name: "amqpKeepAlive",
    keyword: "AMQPKA",
    type: int(0, 99999999, { AUTO: -1 }),
    default: -1,
    help: "AMQP keepalive time in milliseconds; AUTO uses the queue manager's KAINT.",
  },
  {
    name: "batchHeartbeatInterval",
    keyword: "BATCHHB",
    type: int(0, 999999),
    default: 0,
    help: "Milliseconds after which a sending channel checks the receiver is still active before committing a batch; 0 means no batch heartbeat.",
  },
  {
    name: "batchInterval",
    keyword: "BATCHINT",
    type: int(0, 999999999),
    default: 0,
    help: "Minimum time in milliseconds a channel keeps a batch open.",
  },
  {
    name: "batchDataLimit",
    keyword: "BATCHLIM",
    type: int(0, 999999),
    default: 5000,
    help: "Limit in kilobytes of data sent through a channel before a sync point is taken; 0 means no limit.",
  },
  {
    name: "batchSize",
    keyword: "BATCHSZ",
    type: int(1, 9999),
    default: 50,
    help: "Maximum number of messages sent in a batch before a sync point is taken.",
  },
  {
    name: "certificateLabel",
    keyword: "CERTLABL",
    type: str(64),
    default: "",
    help: "Certificate label this channel uses; blank means the queue manager's CERTLABL.",
  },
  {
    name: "clientChannelWeight",
    keyword: "CLNTWGHT",
    type: int(0, 99),
    default: 0,
    help: "Weighting for choosing a client channel definition at random; 0 means no random selection.",
  },
  {
    name: "clusterNamelist",
    keyword: "CLUSNL",
    type: { kind: "name" },
    default: "",
    help: "Namelist of the clusters the channel belongs to; at most one of CLUSTER and CLUSNL can be non-blank.",
  },
  {
    name: "cluster",
    keyword: "CLUSTER",
    type: { kind: "name" },
    default: "",
    help: "Name of the cluster the channel belongs to.",
  },
  {
    name: "clusterWorkloadPriority",
    keyword: "CLWLPRTY",
    type: int(0, 9),
    default: 0,
    help: "Priority of the channel for cluster workload distribution.",
  },
  {
    name: "clusterWorkloadRank",
    keyword: "CLWLRANK",
    type: int(0, 9),
    default: 0,
    help: "Rank of the channel for cluster workload distribution.",
  },
  {
    name: "clusterWorkloadWeight",
    keyword: "CLWLWGHT",
    type: int(1, 99),
    default: 50,
    help: "Weighting applied to the channel for cluster workload distribution.",
  },
  {
    name: "headerCompression",
    keyword: "COMPHDR",
    type: { kind: "list", item: { kind: "enum", values: { none: "NONE", system: "SYSTEM" } }, maxItems: 2 },
    default: ["none"],
    help: "Header data compression techniques supported by the channel, in order of preference.",
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
    help: "Message data compression techniques supported by the channel, in order of preference (LZ4FAST/LZ4HIGH from MQ 9.4).",
  },
  {
    name: "connectionName",
    keyword: "CONNAME",
    type: str(264),
    default: "",
    help: "Communications connection identifier, e.g. host(port); a comma-separated list is allowed for SDR, RQSTR, CLNTCONN and CLUSSDR.",
  },
  {
    name: "dataConversion",
    keyword: "CONVERT",
    type: yesNo,
    default: false,
    help: "Whether the sending message channel agent converts application message data.",
  },
  {
    name: "defaultReconnect",
    keyword: "DEFRECON",
    type: { kind: "enum", values: { no: "NO", yes: "YES", qmgr: "QMGR", disabled: "DISABLED" } },
    default: "no",
    help: "Whether a client connection automatically reconnects a client application if its connection breaks.",
  },
  {
    name: "description",
    keyword: "DESCR",
    type: str(64),
    default: "",
    help: "Plain-text comment describing the channel.",
  },
  {
    name: "disconnectInterval",
    keyword: "DISCINT",
    type: int(0, 999999),
    default: 6000,
    help: "Seconds a sending channel waits for a message before ending (0 = wait indefinitely); for SVRCONN, the client inactivity timeout (SYSTEM.DEF.SVRCONN has 0).",
  },
  {
    name: "heartbeatInterval",
    keyword: "HBINT",
    type: int(0, 999999),
    default: 300,
    help: "Approximate seconds between heartbeat flows when the transmission queue is empty; 0 means no heartbeats.",
  },
  {
    name: "keepAliveInterval",
    keyword: "KAINT",
    type: int(0, 99999, { AUTO: -1 }),
    default: -1,
    help: "TCP keepalive interval in seconds for the channel; AUTO derives it from HBINT. Stored and forwarded only on distributed.",
  },
  {
    name: "localAddress",
    keyword: "LOCLADDR",
    type: str(48),
    default: "",
    help: "Local communications address (IP address and/or port range) for outbound connections.",
  },
  {
    name: "longRetryCount",
    keyword: "LONGRTY",
    type: int(0, 999999999),
    default: 999999999,
    help: "Number of further connection attempts, at LONGTMR intervals, after SHORTRTY is exhausted.",
  },
  {
    name: "longRetryInterval",
    keyword: "LONGTMR",
    type: int(0, 999999999),
    default: 1200,
    help: "Seconds between long retry attempts to connect.",
  },
  {
    name: "maxInstances",
    keyword: "MAXINST",
    type: int(0, 999999999),
    default: 999999999,
    help: "Maximum number of simultaneous instances of a server-connection or AMQP channel; 0 allows none.",
  },
  {
    name: "maxInstancesPerClient",
    keyword: "MAXINSTC",
    type: int(0, 999999999),
    default: 999999999,
    help: "Maximum number of simultaneous instances of a server-connection channel started from one client.",
  },
  {
    name: "maxMessageLength",
    keyword: "MAXMSGL",
    type: int(0, 104857600),
    default: 4194304,
    help: "Maximum message length in bytes that can be sent on the channel; 0 means the queue manager's maximum.",
  },
  {
    name: "mcaName",
    keyword: "MCANAME",
    type: str(20),
    default: "",
    help: "Message channel agent program name. Reserved: if specified it can only be blank.",
  },
  {
    name: "mcaType",
    keyword: "MCATYPE",
    type: { kind: "enum", values: { process: "PROCESS", thread: "THREAD" } },
    default: "process",
    help: "Whether the message channel agent runs as a separate process or a thread (CLUSSDR and CLUSRCVR default to THREAD).",
  },
  {
    name: "mcaUserId",
    keyword: "MCAUSER",
    type: str(64),
    default: "",
    help: "User identifier the message channel agent uses for authorization to access MQ resources; blank uses the MCA's default.",
  },
  {
    name: "modeName",
    keyword: "MODENAME",
    type: str(8),
    default: "",
    help: "LU 6.2 mode name (TRPTYPE(LU62) only).",
  },
  {
    name: "channelMonitoring",
    keyword: "MONCHL",
    type: monitoring,
    default: "qmgr",
    help: "Collection of online monitoring data for the channel; QMGR takes the queue manager's MONCHL.",
  },
  {
    name: "messageRetryExitData",
    keyword: "MRDATA",
    type: str(32),
    default: "",
    help: "Data passed to the channel message-retry exit.",
  },
  {
    name: "messageRetryExit",
    keyword: "MREXIT",
    type: str(128),
    default: "",
    help: "Channel message-retry exit name.",
  },
  {
    name: "messageRetryCount",
    keyword: "MRRTY",
    type: int(0, 999999999),
    default: 10,
    help: "Number of times the channel retries before deciding it cannot deliver a message.",
  },
  {
    name: "messageRetryInterval",
    keyword: "MRTMR",
    type: int(0, 999999999),
    default: 1000,
    help: "Minimum time in milliseconds before the channel retries an MQPUT that failed.",
  },
  {
    name: "messageExitData",
    keyword: "MSGDATA",
    type: exitDataList,
    default: [],
    help: "User data passed to the channel message exits.",
  },
  {
    name: "messageExit",
    keyword: "MSGEXIT",
    type: exitList,
    default: [],
    help: "Channel message exit names, run in order.",
  },
  {
    name: "networkPriority",
    keyword: "NETPRTY",
    type: int(0, 9),
    default: 0,
    help: "Priority of the network connection when several paths to a destination exist (9 highest).",
  },
  {
    name: "nonPersistentMessageSpeed",
    keyword: "NPMSPEED",
    type: { kind: "enum", values: { fast: "FAST", normal: "NORMAL" } },
    default: "fast",
    help: "Whether the channel supports fast nonpersistent messages (sent outside a batch).",
  },
  {
    name: "password",
    keyword: "PASSWORD",
    type: str(12),
    default: "",
    help: "Password the message channel agent uses when starting a secure LU 6.2 session.",
  },
  {
    name: "port",
    keyword: "PORT",
    type: int(0, 65535),
    default: 5672,
    help: "AMQP channel: port number the channel listens on.",
  },
  {
    name: "propertyControl",
    keyword: "PROPCTL",
    type: { kind: "enum", values: { compat: "COMPAT", none: "NONE", all: "ALL" } },
    default: "compat",
    help: "What happens to message properties when messages go to a queue manager at MQ 6.0 or earlier.",
  },
  {
    name: "putAuthority",
    keyword: "PUTAUT",
    type: { kind: "enum", values: { default: "DEF", context: "CTX" } },
    default: "default",
    help: "Whether the user identifier in the message context is used for put authority (CTX) or the MCA's default (DEF).",
  },
  {
    name: "queueManagerName",
    keyword: "QMNAME",
    type: { kind: "name" },
    default: "",
    help: "Client connection: name (or *group) of the queue manager the client can connect to.",
  },
  {
    name: "receiveExitData",
    keyword: "RCVDATA",
    type: exitDataList,
    default: [],
    help: "User data passed to the receive exits.",
  },
  {
    name: "receiveExit",
    keyword: "RCVEXIT",
    type: exitList,
    default: [],
    help: "Receive exit names, run in order.",
  },
  {
    name: "securityExitData",
    keyword: "SCYDATA",
    type: str(32),
    default: "",
    help: "User data passed to the security exit.",
  },
  {
    name: "securityExit",
    keyword: "SCYEXIT",
    type: str(128),
    default: "",
    help: "Security exit name.",
  },
  {
    name: "sendExitData",
    keyword: "SENDDATA",
    type: exitDataList,
    default: [],
    help: "User data passed to the send exits.",
  },
  {
    name: "sendExit",
    keyword: "SENDEXIT",
    type: exitList,
    default: [],
    help: "Send exit names, run in order.",
  },
  {
    name: "sequenceNumberWrap",
    keyword: "SEQWRAP",
    type: int(100, 999999999),
    default: 999999999,
    help: "Highest message sequence number before it restarts at 1; both ends must agree.",
  },
  {
    name: "sharingConversations",
    keyword: "SHARECNV",
    type: int(0, 999999999),
    default: 10,
    help: "Maximum number of conversations that can share a channel instance; 0 disables sharing and read-ahead.",
  },
  {
    name: "shortRetryCount",
    keyword: "SHORTRTY",
    type: int(0, 999999999),
    default: 10,
    help: "Number of attempts, at SHORTTMR intervals, to connect before switching to LONGRTY/LONGTMR.",
  },
  {
    name: "shortRetryInterval",
    keyword: "SHORTTMR",
    type: int(0, 999999999),
    default: 60,
    help: "Seconds between short retry attempts to connect.",
  },
  {
    name: "securityPolicyProtection",
    keyword: "SPLPROT",
    type: { kind: "enum", values: { passthru: "PASSTHRU", remove: "REMOVE", asPolicy: "ASPOLICY" } },
    default: "passthru",
    help: "Advanced Message Security: how a server-to-server channel handles messages protected by a security policy.",
  },
  {
    name: "sslClientAuthentication",
    keyword: "SSLCAUTH",
    type: { kind: "enum", values: { required: "REQUIRED", optional: "OPTIONAL" } },
    default: "required",
    help: "Whether the channel requires a certificate from the TLS client.",
  },
  {
    name: "sslCipherSpec",
    keyword: "SSLCIPH",
    type: str(32),
    default: "",
    help: "CipherSpec for TLS on the channel; blank means no TLS. Both ends must specify a compatible value.",
  },
  {
    name: "sslPeerName",
    keyword: "SSLPEER",
    type: str(1024),
    default: "",
    help: "Filter compared with the Distinguished Name of the partner's certificate.",
  },
  {
    name: "channelStatistics",
    keyword: "STATCHL",
    type: monitoring,
    default: "qmgr",
    help: "Collection of statistics data for the channel; QMGR takes the queue manager's STATCHL.",
  },
  {
    name: "transactionProgramName",
    keyword: "TPNAME",
    type: str(64),
    default: "",
    help: "LU 6.2 transaction program name (TRPTYPE(LU62) only).",
  },
  {
    name: "topicRoot",
    keyword: "TPROOT",
    type: str(10240),
    default: "SYSTEM.BASE.TOPIC",
    help: "AMQP channel: topic root for the channel.",
  },
  {
    name: "transportType",
    keyword: "TRPTYPE",
    type: { kind: "enum", values: { lu62: "LU62", netbios: "NETBIOS", spx: "SPX", tcp: "TCP" } },
    default: "tcp",
    help: "Transport protocol (NETBIOS and SPX on Windows only).",
  },
  {
    name: "useClientId",
    keyword: "USECLTID",
    type: yesNo,
    default: false,
    help: "AMQP channel: whether the client ID is used for authorization checks instead of MCAUSER.",
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: yesNo,
    default: true,
    help: "Whether the dead-letter queue is used when messages cannot be delivered by the channel.",
  },
  {
    name: "userId",
    keyword: "USERID",
    type: str(12),
    default: "",
    help: "Task user identifier the message channel agent uses when starting a secure LU 6.2 session.",
  },
  {
    name: "transmissionQueue",
    keyword: "XMITQ",
    type: { kind: "name" },
    default: "",
    help: "Transmission queue the sender or server channel takes messages from. Required for SDR and SVR.",
  },
];

export const CHANNEL: ObjectTypeSpec = {
  mqscType: "CHANNEL",
  synonyms: ["CHL"],
  attributes,
};

/** Keywords common to every type except AMQP: the exits, TLS, compression and connection basics. */
const COMMON = [
  "CHLTYPE", "CERTLABL", "COMPHDR", "COMPMSG", "DESCR", "HBINT", "KAINT", "MAXMSGL",
  "RCVDATA", "RCVEXIT", "SCYDATA", "SCYEXIT", "SENDDATA", "SENDEXIT", "SSLCIPH", "SSLPEER", "TRPTYPE",
];
/** Keywords of every message channel (SDR, SVR, RCVR, RQSTR, CLUSSDR, CLUSRCVR). */
const MESSAGE = [
  ...COMMON, "BATCHSZ", "MCAUSER", "MONCHL", "MSGDATA", "MSGEXIT", "NPMSPEED", "SEQWRAP", "STATCHL", "USEDLQ",
];
/** Keywords of the sending end of a message channel (SDR, SVR, CLUSSDR, CLUSRCVR). */
const SENDING = [
  "BATCHHB", "BATCHINT", "BATCHLIM", "CONNAME", "CONVERT", "DISCINT", "LOCLADDR", "LONGRTY", "LONGTMR",
  "MCANAME", "MCATYPE", "MODENAME", "PROPCTL", "SHORTRTY", "SHORTTMR", "TPNAME",
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
  RQSTR: sorted([
    ...MESSAGE, ...RECEIVING, "CONNAME", "LOCLADDR", "MCANAME", "MCATYPE", "MODENAME", "PASSWORD",
    "SPLPROT", "SSLCAUTH", "TPNAME", "USERID",
  ]),
  SVRCONN: sorted([...COMMON, "DISCINT", "MAXINST", "MAXINSTC", "MCAUSER", "MONCHL", "SHARECNV", "SSLCAUTH"]),
  CLNTCONN: sorted([
    ...COMMON, "AFFINITY", "CLNTWGHT", "CONNAME", "DEFRECON", "LOCLADDR", "MODENAME", "PASSWORD", "QMNAME",
    "SHARECNV", "TPNAME", "USERID",
  ]),
  CLUSSDR: sorted([...MESSAGE, ...SENDING, ...CLUSTERED, "PASSWORD", "USERID"]),
  CLUSRCVR: sorted([...MESSAGE, ...SENDING, ...RECEIVING, ...CLUSTERED, "NETPRTY", "SSLCAUTH"]),
  AMQP: sorted([
    "CHLTYPE", "AMQPKA", "CERTLABL", "DESCR", "LOCLADDR", "MAXINST", "MAXMSGL", "MCAUSER", "PORT",
    "SSLCAUTH", "SSLCIPH", "TPROOT", "USECLTID",
  ]),
};
