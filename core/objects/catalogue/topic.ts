/**
 * Attribute catalogue: TOPIC (DEFINE/ALTER/DISPLAY TOPIC), IBM MQ 9.x on distributed platforms.
 * z/OS-only parameters (QSGDISP, CMDSCOPE) and command options (LIKE, REPLACE) are left out;
 * display-only fields (ALTDATE, ALTTIME, CLSTATE) are not definable attributes.
 *
 * Source: IBM Documentation, "DEFINE TOPIC" (syntax diagram and parameter descriptions) and the
 * PCF "Change, Copy, and Create Topic" page for the numeric values behind ASPARENT-style keywords
 * (MQPRI_PRIORITY_AS_PARENT = -2, MQCEX_AS_PARENT = -2, MQCEX_NOLIMIT = -1).
 * Most topic attributes default to ASPARENT: the value is inherited from the closest parent
 * administrative topic object in the topic tree (ultimately SYSTEM.BASE.TOPIC).
 */
import type { AttributeSpec, AttributeType, ObjectTypeSpec } from "./types.js";

const asParentYesNo: AttributeType = { kind: "enum", values: { asParent: "ASPARENT", no: "NO", yes: "YES" } };
const asParentEnabled: AttributeType = {
  kind: "enum",
  values: { asParent: "ASPARENT", enabled: "ENABLED", disabled: "DISABLED" },
};
const asParentScope: AttributeType = { kind: "enum", values: { asParent: "ASPARENT", qmgr: "QMGR", all: "ALL" } };
const messageDelivery: AttributeType = {
  kind: "enum",
  values: { asParent: "ASPARENT", all: "ALL", allAvailable: "ALLAVAIL", allDurable: "ALLDUR" },
};

const attributes: AttributeSpec[] = [
  {
    name: "topicString",
    keyword: "TOPICSTR",
    type: { kind: "string", maxLength: 10240 },
    default: "",
    help: "The topic string this topic object represents. Required on DEFINE; cannot be altered.",
  },
  {
    name: "description",
    keyword: "DESCR",
    type: { kind: "string", maxLength: 64 },
    default: "",
    help: "Plain-text comment describing the topic object.",
  },
  {
    name: "type",
    keyword: "TYPE",
    type: { kind: "enum", values: { local: "LOCAL" } },
    default: "local",
    help: "Topic object type; DEFINE only creates LOCAL topics (cluster topics are LOCAL topics with CLUSTER set).",
  },
  {
    name: "cluster",
    keyword: "CLUSTER",
    type: { kind: "name" },
    default: "",
    help: "Cluster the topic belongs to; blank means the topic is not shared in a cluster (inherited otherwise).",
  },
  {
    name: "clusterRoute",
    keyword: "CLROUTE",
    type: { kind: "enum", values: { direct: "DIRECT", topicHost: "TOPICHOST" } },
    default: "direct",
    help: "Routing behaviour of publications between queue managers in a cluster.",
  },
  {
    name: "communicationInformation",
    keyword: "COMMINFO",
    type: { kind: "name" },
    default: "",
    help: "Name of the multicast communication information object for the topic; blank uses SYSTEM.DEFAULT.COMMINFO.MULTICAST.",
  },
  {
    name: "custom",
    keyword: "CUSTOM",
    type: { kind: "string", maxLength: 128 },
    default: "",
    help: "Custom attribute for new features, as keyword(value) pairs separated by spaces.",
  },
  {
    name: "defaultPutResponse",
    keyword: "DEFPRESP",
    type: { kind: "enum", values: { asParent: "ASPARENT", sync: "SYNC", async: "ASYNC" } },
    default: "asParent",
    help: "Put response type used when applications specify MQPMO_RESPONSE_AS_DEF.",
  },
  {
    name: "defaultPriority",
    keyword: "DEFPRTY",
    type: { kind: "integer", min: 0, max: 9, words: { ASPARENT: -2 } },
    default: -2,
    help: "Default priority of messages published to the topic (ASPARENT = -2).",
  },
  {
    name: "defaultPersistence",
    keyword: "DEFPSIST",
    type: asParentYesNo,
    default: "asParent",
    help: "Default persistence of messages published to the topic.",
  },
  {
    name: "durableSubscriptions",
    keyword: "DURSUB",
    type: asParentYesNo,
    default: "asParent",
    help: "Whether applications may make durable subscriptions on this topic.",
  },
  {
    name: "multicast",
    keyword: "MCAST",
    type: { kind: "enum", values: { asParent: "ASPARENT", enabled: "ENABLED", disabled: "DISABLED", only: "ONLY" } },
    default: "asParent",
    help: "Whether multicast is allowable in the topic tree.",
  },
  {
    name: "durableModelQueue",
    keyword: "MDURMDL",
    type: { kind: "name" },
    default: "",
    help: "Model queue for durable managed subscriptions; blank inherits from the parent.",
  },
  {
    name: "nonDurableModelQueue",
    keyword: "MNDURMDL",
    type: { kind: "name" },
    default: "",
    help: "Model queue for non-durable managed subscriptions; blank inherits from the parent.",
  },
  {
    name: "nonPersistentMessageDelivery",
    keyword: "NPMSGDLV",
    type: messageDelivery,
    default: "asParent",
    help: "Delivery mechanism for non-persistent publications when a subscriber cannot receive them.",
  },
  {
    name: "persistentMessageDelivery",
    keyword: "PMSGDLV",
    type: messageDelivery,
    default: "asParent",
    help: "Delivery mechanism for persistent publications when a subscriber cannot receive them.",
  },
  {
    name: "proxySubscriptions",
    keyword: "PROXYSUB",
    type: { kind: "enum", values: { firstUse: "FIRSTUSE", force: "FORCE" } },
    default: "firstUse",
    help: "When proxy subscriptions are sent to neighbouring queue managers for this topic.",
  },
  {
    name: "publish",
    keyword: "PUB",
    type: asParentEnabled,
    default: "asParent",
    help: "Whether messages can be published to the topic.",
  },
  {
    name: "publicationScope",
    keyword: "PUBSCOPE",
    type: asParentScope,
    default: "asParent",
    help: "Whether publications are propagated to queue managers in a hierarchy or cluster (ALL) or kept local (QMGR).",
  },
  {
    name: "subscribe",
    keyword: "SUB",
    type: asParentEnabled,
    default: "asParent",
    help: "Whether applications may subscribe to the topic.",
  },
  {
    name: "subscriptionScope",
    keyword: "SUBSCOPE",
    type: asParentScope,
    default: "asParent",
    help: "Whether subscriptions are propagated to other queue managers (ALL) or kept local (QMGR).",
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: asParentYesNo,
    default: "asParent",
    help: "Whether the dead-letter queue is used when publications cannot be delivered to a subscriber queue.",
  },
  {
    name: "wildcardOperation",
    keyword: "WILDCARD",
    type: { kind: "enum", values: { passThrough: "PASSTHRU", block: "BLOCK" } },
    default: "passThrough",
    help: "Behaviour of wildcard subscriptions that match this topic.",
  },
  {
    name: "capExpiry",
    keyword: "CAPEXPRY",
    type: { kind: "integer", min: 1, max: 999999999, words: { NOLIMIT: -1, ASPARENT: -2 } },
    default: -2,
    help: "Maximum expiry, in tenths of a second, of messages published to the topic (NOLIMIT = -1, ASPARENT = -2).",
  },
];

export const TOPIC: ObjectTypeSpec = {
  mqscType: "TOPIC",
  synonyms: [],
  attributes,
};
