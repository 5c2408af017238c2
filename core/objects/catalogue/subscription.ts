/**
 * Attribute catalogue: SUB (DEFINE/ALTER/DISPLAY SUB), IBM MQ 9.x on distributed platforms.
 * z/OS-only parameters (CMDSCOPE) and command options (LIKE, REPLACE, SUBID as a selector) are left
 * out; display-only fields (SUBID, DURABLE, SUBTYPE, CRDATE, CRTIME, ALTDATE, ALTTIME) are not
 * definable attributes.
 *
 * Source: IBM Documentation, "DEFINE SUB" (syntax diagram and parameter descriptions) and the PCF
 * "Change, Copy, and Create Subscription" page for the numeric values behind keywords
 * (MQEI_UNLIMITED = -1, MQPRI_PRIORITY_AS_PUBLISHED = -3, MQPRI_PRIORITY_AS_Q_DEF = -1).
 */
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";

const attributes: AttributeSpec[] = [
  {
    name: "topicString",
    keyword: "TOPICSTR",
    type: { kind: "string", maxLength: 10240 },
    default: "",
    help: "Resolved topic string the subscription is for; combined with TOPICOBJ's topic string if both are given.",
  },
  {
    name: "topicObject",
    keyword: "TOPICOBJ",
    type: { kind: "name" },
    default: "",
    help: "Name of a topic object whose topic string is used (as the prefix of TOPICSTR, if given).",
  },
  {
    name: "destination",
    keyword: "DEST",
    type: { kind: "name" },
    default: "",
    help: "Queue that publications for this subscription are put to. Required unless DESTCLAS(MANAGED).",
  },
  {
    name: "destinationQueueManager",
    keyword: "DESTQMGR",
    type: { kind: "name" },
    default: "",
    help: "Queue manager of the destination queue; blank means the local queue manager.",
  },
  {
    name: "destinationCorrelId",
    keyword: "DESTCORL",
    type: { kind: "string", maxLength: 48 },
    default: "",
    help: "Correlation identifier (hexadecimal) placed on messages sent to this subscription's destination.",
  },
  {
    name: "destinationClass",
    keyword: "DESTCLAS",
    type: { kind: "enum", values: { provided: "PROVIDED", managed: "MANAGED" } },
    default: "provided",
    help: "Whether the destination is a queue you provide (PROVIDED) or one the queue manager manages (MANAGED).",
  },
  {
    name: "expiry",
    keyword: "EXPIRY",
    type: { kind: "integer", min: 0, max: 999999999, words: { UNLIMITED: -1 } },
    default: -1,
    help: "Time to live of the subscription from its creation, in tenths of a second (UNLIMITED = -1).",
  },
  {
    name: "publishSubscribeProperties",
    keyword: "PSPROP",
    type: { kind: "enum", values: { none: "NONE", compat: "COMPAT", rfh2: "RFH2", messageProperties: "MSGPROP" } },
    default: "messageProperties",
    help: "How publish/subscribe related message properties are added to messages sent to the subscription.",
  },
  {
    name: "publishAccountingToken",
    keyword: "PUBACCT",
    type: { kind: "string", maxLength: 64 },
    default: "",
    help: "Accounting token (hexadecimal) passed in the message descriptor of publications to this subscription.",
  },
  {
    name: "publishApplicationId",
    keyword: "PUBAPPID",
    type: { kind: "string", maxLength: 32 },
    default: "",
    help: "Identity data passed in the message descriptor of publications to this subscription.",
  },
  {
    name: "publishPriority",
    keyword: "PUBPRTY",
    type: { kind: "integer", min: 0, max: 9, words: { ASPUB: -3, ASQDEF: -1 } },
    default: -3,
    help: "Priority of messages sent to this subscription: ASPUB (as published, -3), ASQDEF (destination queue default, -1) or 0-9.",
  },
  {
    name: "requestOnly",
    keyword: "REQONLY",
    type: { kind: "boolean", true: "YES", false: "NO" },
    default: false,
    help: "Whether the subscriber receives publications only on request (MQSUBRQ) rather than as they are published.",
  },
  {
    name: "selector",
    keyword: "SELECTOR",
    type: { kind: "string", maxLength: 10240 },
    default: "",
    help: "SQL92 selector applied to messages published on the topic. Cannot be altered.",
  },
  {
    name: "subscriptionLevel",
    keyword: "SUBLEVEL",
    type: { kind: "integer", min: 1, max: 9 },
    default: 1,
    help: "Level in the subscription interception hierarchy; 1 for normal subscriptions. Cannot be altered.",
  },
  {
    name: "subscriptionScope",
    keyword: "SUBSCOPE",
    type: { kind: "enum", values: { all: "ALL", qmgr: "QMGR" } },
    default: "all",
    help: "Whether the subscription is forwarded to other queue managers (ALL) or kept local (QMGR). Cannot be altered.",
  },
  {
    name: "subscriptionUser",
    keyword: "SUBUSER",
    type: { kind: "string", maxLength: 12 },
    default: "",
    help: "User ID that owns the subscription and is used for authority checks on the destination; defaults to the creator.",
  },
  {
    name: "userData",
    keyword: "USERDATA",
    type: { kind: "string", maxLength: 10240 },
    default: "",
    help: "User data associated with the subscription, passed as the MQSubUserData property of publications.",
  },
  {
    name: "variableUser",
    keyword: "VARUSER",
    type: { kind: "enum", values: { any: "ANY", fixed: "FIXED" } },
    default: "any",
    help: "Whether user IDs other than the creator can connect to and take over the subscription.",
  },
  {
    name: "wildcardSchema",
    keyword: "WSCHEMA",
    type: { kind: "enum", values: { topic: "TOPIC", character: "CHAR" } },
    default: "topic",
    help: "How wildcard characters in TOPICSTR are interpreted: topic-level (TOPIC) or character (CHAR). Cannot be altered.",
  },
];

export const SUBSCRIPTION: ObjectTypeSpec = {
  mqscType: "SUB",
  synonyms: ["SUBSCRIPTION"],
  attributes,
};
