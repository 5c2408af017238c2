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
  },
  {
    name: "description",
    keyword: "DESCR",
    type: { kind: "string", maxLength: 64 },
    default: "",
  },
  {
    name: "type",
    keyword: "TYPE",
    type: { kind: "enum", values: { local: "LOCAL" } },
    default: "local",
  },
  {
    name: "cluster",
    keyword: "CLUSTER",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "clusterRoute",
    keyword: "CLROUTE",
    type: { kind: "enum", values: { direct: "DIRECT", topicHost: "TOPICHOST" } },
    default: "direct",
  },
  {
    name: "communicationInformation",
    keyword: "COMMINFO",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "custom",
    keyword: "CUSTOM",
    type: { kind: "string", maxLength: 128 },
    default: "",
  },
  {
    name: "defaultPutResponse",
    keyword: "DEFPRESP",
    type: { kind: "enum", values: { asParent: "ASPARENT", sync: "SYNC", async: "ASYNC" } },
    default: "asParent",
  },
  {
    name: "defaultPriority",
    keyword: "DEFPRTY",
    type: { kind: "integer", min: 0, max: 9, words: { ASPARENT: -2 } },
    default: -2,
  },
  {
    name: "defaultPersistence",
    keyword: "DEFPSIST",
    type: asParentYesNo,
    default: "asParent",
  },
  {
    name: "durableSubscriptions",
    keyword: "DURSUB",
    type: asParentYesNo,
    default: "asParent",
  },
  {
    name: "multicast",
    keyword: "MCAST",
    type: { kind: "enum", values: { asParent: "ASPARENT", enabled: "ENABLED", disabled: "DISABLED", only: "ONLY" } },
    default: "asParent",
  },
  {
    name: "durableModelQueue",
    keyword: "MDURMDL",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "nonDurableModelQueue",
    keyword: "MNDURMDL",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "nonPersistentMessageDelivery",
    keyword: "NPMSGDLV",
    type: messageDelivery,
    default: "asParent",
  },
  {
    name: "persistentMessageDelivery",
    keyword: "PMSGDLV",
    type: messageDelivery,
    default: "asParent",
  },
  {
    name: "proxySubscriptions",
    keyword: "PROXYSUB",
    type: { kind: "enum", values: { firstUse: "FIRSTUSE", force: "FORCE" } },
    default: "firstUse",
  },
  {
    name: "publish",
    keyword: "PUB",
    type: asParentEnabled,
    default: "asParent",
  },
  {
    name: "publicationScope",
    keyword: "PUBSCOPE",
    type: asParentScope,
    default: "asParent",
  },
  {
    name: "subscribe",
    keyword: "SUB",
    type: asParentEnabled,
    default: "asParent",
  },
  {
    name: "subscriptionScope",
    keyword: "SUBSCOPE",
    type: asParentScope,
    default: "asParent",
  },
  {
    name: "useDeadLetterQueue",
    keyword: "USEDLQ",
    type: asParentYesNo,
    default: "asParent",
  },
  {
    name: "wildcardOperation",
    keyword: "WILDCARD",
    type: { kind: "enum", values: { passThrough: "PASSTHRU", block: "BLOCK" } },
    default: "passThrough",
  },
  {
    name: "capExpiry",
    keyword: "CAPEXPRY",
    type: { kind: "integer", min: 1, max: 999999999, words: { NOLIMIT: -1, ASPARENT: -2 } },
    default: -2,
  },
];

export const TOPIC: ObjectTypeSpec = {
  mqscType: "TOPIC",
  synonyms: [],
  attributes,
};
