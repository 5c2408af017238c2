/**
 * Attribute catalogue for the queue manager: MQSC ALTER QMGR / DISPLAY QMGR.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the ALTER QMGR syntax diagram and
 * parameter descriptions, the queue manager attribute reference, and DISPLAY QMGR output of a
 * newly created 9.2-9.4 queue manager on Linux for the defaults. QUEUE_MANAGER lists only what
 * ALTER QMGR can set on distributed platforms; z/OS-only parameters (ACTCHL, ADOPTCHK, ADOPTMCA,
 * BRIDGEEV, CERTQSGL, CFCONLOS, CHIADAPS, CHIDISPS, CHISERVP, DNSGROUP, DNSWLM, EXPRYINT,
 * GROUPUR, IGQ, IGQAUT, IGQUSER, LSTRTMR, LUGROUP, LUNAME, LU62ARM, LU62CHL, MAXCHL, OPORTMAX,
 * OPORTMIN, RCVTIME, RCVTMIN, RCVTTYPE, SQQMNAME, SSLTASKS, TCPCHL, TCPKEEP, TCPNAME, TCPSTACK,
 * TRAXSTR, TRAXTBL, CMDSCOPE, ...) are left out, as is the FORCE option. QUEUE_MANAGER_READ_ONLY
 * lists what DISPLAY QMGR shows but no command can set.
 *
 * Defaults that depend on the installation are noted in the help (help.ts): CCSID (819 on AIX and Linux),
 * CERTLABL ("ibmwebspheremq" + the queue manager name in lower case) and SSLKEYR (the queue
 * manager's ssl/key path) are given as IBM's value on Linux or as "".
 */
import type { AttributeType, ObjectTypeSpec } from "./types.js";

const MAX_INT = 999999999;

const ENABLED_DISABLED: AttributeType = { kind: "boolean", true: "ENABLED", false: "DISABLED" };
const YES_NO: AttributeType = { kind: "boolean", true: "YES", false: "NO" };
const ON_OFF: AttributeType = { kind: "boolean", true: "ON", false: "OFF" };
/** MONCHL, MONQ, STATCHL: collection level, or none (NONE switches it off whatever the object says). */
const OFF_NONE_LEVEL: AttributeType = {
  kind: "enum",
  values: { off: "OFF", none: "NONE", low: "LOW", medium: "MEDIUM", high: "HIGH" },
};
/** MONACLS, STATACLS: level for auto-defined cluster-sender channels, or QMGR (the channel's own setting). */
const QMGR_OFF_LEVEL: AttributeType = {
  kind: "enum",
  values: { queueManager: "QMGR", off: "OFF", low: "LOW", medium: "MEDIUM", high: "HIGH" },
};

export const QUEUE_MANAGER: ObjectTypeSpec = {
  mqscType: "QMGR",
  synonyms: [],
  attributes: [
    {
      name: "accountingConnectionOverride",
      keyword: "ACCTCONO",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "accountingInterval",
      keyword: "ACCTINT",
      type: { kind: "integer", min: 1, max: 604800 },
      default: 1800,
    },
    {
      name: "mqiAccounting",
      keyword: "ACCTMQI",
      type: ON_OFF,
      default: false,
    },
    {
      name: "queueAccounting",
      keyword: "ACCTQ",
      type: { kind: "enum", values: { off: "OFF", on: "ON", none: "NONE" } },
      default: "off",
    },
    {
      name: "activityRecording",
      keyword: "ACTIVREC",
      type: { kind: "enum", values: { disabled: "DISABLED", message: "MSG", queue: "QUEUE" } },
      default: "message",
    },
    {
      name: "activityConnectionOverride",
      keyword: "ACTVCONO",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "activityTrace",
      keyword: "ACTVTRC",
      type: ON_OFF,
      default: false,
    },
    {
      name: "authorityEvent",
      keyword: "AUTHOREV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "codedCharacterSetId",
      keyword: "CCSID",
      type: { kind: "integer", min: 1, max: 65535 },
      default: 819,
    },
    {
      name: "certificateLabel",
      keyword: "CERTLABL",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "certificateValidationPolicy",
      keyword: "CERTVPOL",
      type: { kind: "enum", values: { any: "ANY", rfc5280: "RFC5280" } },
      default: "any",
    },
    {
      name: "channelAutoDefinition",
      keyword: "CHAD",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "channelAutoDefinitionEvent",
      keyword: "CHADEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "channelAutoDefinitionExit",
      keyword: "CHADEXIT",
      type: { kind: "string", maxLength: 128 },
      default: "",
    },
    {
      name: "channelAuthentication",
      keyword: "CHLAUTH",
      type: ENABLED_DISABLED,
      default: true,
    },
    {
      name: "channelEvent",
      keyword: "CHLEV",
      type: { kind: "enum", values: { disabled: "DISABLED", enabled: "ENABLED", exception: "EXCEPTION" } },
      default: "disabled",
    },
    {
      name: "clusterWorkloadData",
      keyword: "CLWLDATA",
      type: { kind: "string", maxLength: 32 },
      default: "",
    },
    {
      name: "clusterWorkloadExit",
      keyword: "CLWLEXIT",
      type: { kind: "string", maxLength: 128 },
      default: "",
    },
    {
      name: "clusterWorkloadLength",
      keyword: "CLWLLEN",
      type: { kind: "integer", min: 0, max: MAX_INT },
      default: 100,
    },
    {
      name: "clusterWorkloadMruChannels",
      keyword: "CLWLMRUC",
      type: { kind: "integer", min: 1, max: MAX_INT },
      default: MAX_INT,
    },
    {
      name: "clusterWorkloadUseQueue",
      keyword: "CLWLUSEQ",
      type: { kind: "enum", values: { local: "LOCAL", any: "ANY" } },
      default: "local",
    },
    {
      name: "commandEvent",
      keyword: "CMDEV",
      type: { kind: "enum", values: { disabled: "DISABLED", enabled: "ENABLED", noDisplay: "NODISPLAY" } },
      default: "disabled",
    },
    {
      name: "configurationEvent",
      keyword: "CONFIGEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "connectionAuthentication",
      keyword: "CONNAUTH",
      type: { kind: "name" },
      default: "SYSTEM.DEFAULT.AUTHINFO.IDPWOS",
    },
    {
      name: "custom",
      keyword: "CUSTOM",
      type: { kind: "string", maxLength: 128 },
      default: "",
    },
    {
      name: "deadLetterQueue",
      keyword: "DEADQ",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "defaultClusterTransmissionQueue",
      keyword: "DEFCLXQ",
      type: { kind: "enum", values: { sctq: "SCTQ", channel: "CHANNEL" } },
      default: "sctq",
    },
    {
      name: "defaultTransmissionQueue",
      keyword: "DEFXMITQ",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "description",
      keyword: "DESCR",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "mediaImageInterval",
      keyword: "IMGINTVL",
      type: { kind: "integer", min: 1, max: MAX_INT, words: { OFF: 0 } },
      default: 60,
    },
    {
      name: "mediaImageLogLength",
      keyword: "IMGLOGLN",
      type: { kind: "integer", min: 1, max: MAX_INT, words: { OFF: 0 } },
      default: 0,
    },
    {
      name: "mediaImageRecoverableObjects",
      keyword: "IMGRCOVO",
      type: YES_NO,
      default: true,
    },
    {
      name: "mediaImageRecoverableQueues",
      keyword: "IMGRCOVQ",
      type: YES_NO,
      default: true,
    },
    {
      name: "mediaImageSchedule",
      keyword: "IMGSCHED",
      type: { kind: "enum", values: { manual: "MANUAL", auto: "AUTO" } },
      default: "manual",
    },
    {
      name: "inhibitEvent",
      keyword: "INHIBTEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "initialKey",
      keyword: "INITKEY",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "ipAddressVersion",
      keyword: "IPADDRV",
      type: { kind: "enum", values: { ipv4: "IPV4", ipv6: "IPV6" } },
      default: "ipv4",
    },
    {
      name: "keyRepositoryPassword",
      keyword: "KEYRPWD",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "localEvent",
      keyword: "LOCALEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "loggerEvent",
      keyword: "LOGGEREV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "markBrowseInterval",
      keyword: "MARKINT",
      type: { kind: "integer", min: 0, max: MAX_INT, words: { NOLIMIT: -1 } },
      default: 5000,
    },
    {
      name: "maxHandles",
      keyword: "MAXHANDS",
      type: { kind: "integer", min: 0, max: MAX_INT },
      default: 256,
    },
    {
      name: "maxMessageLength",
      keyword: "MAXMSGL",
      type: { kind: "integer", min: 32768, max: 104857600 },
      default: 4194304,
    },
    {
      name: "maxPropertiesLength",
      keyword: "MAXPROPL",
      type: { kind: "integer", min: 0, max: 104857600, words: { NOLIMIT: -1 } },
      default: -1,
    },
    {
      name: "maxUncommittedMessages",
      keyword: "MAXUMSGS",
      type: { kind: "integer", min: 1, max: MAX_INT },
      default: 10000,
    },
    {
      name: "clusterSenderMonitoring",
      keyword: "MONACLS",
      type: QMGR_OFF_LEVEL,
      default: "queueManager",
    },
    {
      name: "channelMonitoring",
      keyword: "MONCHL",
      type: OFF_NONE_LEVEL,
      default: "off",
    },
    {
      name: "queueMonitoring",
      keyword: "MONQ",
      type: OFF_NONE_LEVEL,
      default: "off",
    },
    {
      name: "parent",
      keyword: "PARENT",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "performanceEvent",
      keyword: "PERFMEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "pubSubClustering",
      keyword: "PSCLUS",
      type: ENABLED_DISABLED,
      default: true,
    },
    {
      name: "pubSubMode",
      keyword: "PSMODE",
      type: { kind: "enum", values: { compatible: "COMPAT", disabled: "DISABLED", enabled: "ENABLED" } },
      default: "enabled",
    },
    {
      name: "pubSubNonPersistentMessages",
      keyword: "PSNPMSG",
      type: { kind: "enum", values: { discard: "DISCARD", keep: "KEEP" } },
      default: "discard",
    },
    {
      name: "pubSubNonPersistentResponses",
      keyword: "PSNPRES",
      type: { kind: "enum", values: { normal: "NORMAL", safe: "SAFE", discard: "DISCARD", keep: "KEEP" } },
      default: "normal",
    },
    {
      name: "pubSubRetryCount",
      keyword: "PSRTYCNT",
      type: { kind: "integer", min: 0, max: MAX_INT },
      default: 5,
    },
    {
      name: "pubSubSyncpoint",
      keyword: "PSSYNCPT",
      type: { kind: "enum", values: { yes: "YES", ifPersistent: "IFPER" } },
      default: "ifPersistent",
    },
    {
      name: "remoteEvent",
      keyword: "REMOTEEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "repository",
      keyword: "REPOS",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "repositoryNamelist",
      keyword: "REPOSNL",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "reverseDns",
      keyword: "REVDNS",
      type: ENABLED_DISABLED,
      default: true,
    },
    {
      name: "traceRouteRecording",
      keyword: "ROUTEREC",
      type: { kind: "enum", values: { disabled: "DISABLED", message: "MSG", queue: "QUEUE" } },
      default: "message",
    },
    {
      name: "channelInitiatorControl",
      keyword: "SCHINIT",
      type: { kind: "enum", values: { queueManager: "QMGR", manual: "MANUAL" } },
      default: "queueManager",
    },
    {
      name: "commandServerControl",
      keyword: "SCMDSERV",
      type: { kind: "enum", values: { queueManager: "QMGR", manual: "MANUAL" } },
      default: "queueManager",
    },
    {
      name: "sslCrlNamelist",
      keyword: "SSLCRLNL",
      type: { kind: "name" },
      default: "",
    },
    {
      name: "sslCryptoHardware",
      keyword: "SSLCRYP",
      type: { kind: "string", maxLength: 256 },
      default: "",
    },
    {
      name: "sslEvent",
      keyword: "SSLEV",
      type: ENABLED_DISABLED,
      default: false,
    },
    {
      name: "sslFips",
      keyword: "SSLFIPS",
      type: YES_NO,
      default: false,
    },
    {
      name: "sslKeyRepository",
      keyword: "SSLKEYR",
      type: { kind: "string", maxLength: 256 },
      default: "",
    },
    {
      name: "sslResetCount",
      keyword: "SSLRKEYC",
      type: { kind: "integer", min: 0, max: MAX_INT },
      default: 0,
    },
    {
      name: "clusterSenderStatistics",
      keyword: "STATACLS",
      type: QMGR_OFF_LEVEL,
      default: "queueManager",
    },
    {
      name: "channelStatistics",
      keyword: "STATCHL",
      type: OFF_NONE_LEVEL,
      default: "off",
    },
    {
      name: "statisticsInterval",
      keyword: "STATINT",
      type: { kind: "integer", min: 1, max: 604800 },
      default: 1800,
    },
    {
      name: "mqiStatistics",
      keyword: "STATMQI",
      type: ON_OFF,
      default: false,
    },
    {
      name: "queueStatistics",
      keyword: "STATQ",
      type: { kind: "enum", values: { off: "OFF", on: "ON", none: "NONE" } },
      default: "off",
    },
    {
      name: "startStopEvent",
      keyword: "STRSTPEV",
      type: ENABLED_DISABLED,
      default: true,
    },
    {
      name: "suiteB",
      keyword: "SUITEB",
      type: {
        kind: "list",
        item: { kind: "enum", values: { none: "NONE", bits128: "128_BIT", bits192: "192_BIT" } },
        maxItems: 2,
      },
      default: ["none"],
    },
    {
      name: "topicTreeLifetime",
      keyword: "TREELIFE",
      type: { kind: "integer", min: 0, max: 604000 },
      default: 1800,
    },
    {
      name: "triggerInterval",
      keyword: "TRIGINT",
      type: { kind: "integer", min: 0, max: MAX_INT },
      default: MAX_INT,
    },
  ],
};

/**
 * Keywords DISPLAY QMGR shows on distributed platforms that no command can set (set by crtmqm,
 * by the installation or licence, or fixed by the platform).
 */
export const QUEUE_MANAGER_READ_ONLY: string[] = [
  "ADVCAP",
  "ALTDATE",
  "ALTTIME",
  "AMQPCAP",
  "CMDLEVEL",
  "COMMANDQ",
  "CRDATE",
  "CRTIME",
  "DISTL",
  "MAXPRTY",
  "PLATFORM",
  "QMID",
  "QMNAME",
  "SPLCAP",
  "SYNCPT",
  "VERSION",
  "XRCAP",
];
