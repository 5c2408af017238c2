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
  },
  {
    name: "topicObject",
    keyword: "TOPICOBJ",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "destination",
    keyword: "DEST",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "destinationQueueManager",
    keyword: "DESTQMGR",
    type: { kind: "name" },
    default: "",
  },
  {
    name: "destinationCorrelId",
    keyword: "DESTCORL",
    type: { kind: "string", maxLength: 48 },
    default: "",
  },
  {
    name: "destinationClass",
    keyword: "DESTCLAS",
    type: { kind: "enum", values: { provided: "PROVIDED", managed: "MANAGED" } },
    default: "provided",
  },
  {
    name: "expiry",
    keyword: "EXPIRY",
    type: { kind: "integer", min: 0, max: 999999999, words: { UNLIMITED: -1 } },
    default: -1,
  },
  {
    name: "publishSubscribeProperties",
    keyword: "PSPROP",
    type: { kind: "enum", values: { none: "NONE", compat: "COMPAT", rfh2: "RFH2", messageProperties: "MSGPROP" } },
    default: "messageProperties",
  },
  {
    name: "publishAccountingToken",
    keyword: "PUBACCT",
    type: { kind: "string", maxLength: 64 },
    default: "",
  },
  {
    name: "publishApplicationId",
    keyword: "PUBAPPID",
    type: { kind: "string", maxLength: 32 },
    default: "",
  },
  {
    name: "publishPriority",
    keyword: "PUBPRTY",
    type: { kind: "integer", min: 0, max: 9, words: { ASPUB: -3, ASQDEF: -1 } },
    default: -3,
  },
  {
    name: "requestOnly",
    keyword: "REQONLY",
    type: { kind: "boolean", true: "YES", false: "NO" },
    default: false,
  },
  {
    name: "selector",
    keyword: "SELECTOR",
    type: { kind: "string", maxLength: 10240 },
    default: "",
  },
  {
    name: "subscriptionLevel",
    keyword: "SUBLEVEL",
    type: { kind: "integer", min: 1, max: 9 },
    default: 1,
  },
  {
    name: "subscriptionScope",
    keyword: "SUBSCOPE",
    type: { kind: "enum", values: { all: "ALL", qmgr: "QMGR" } },
    default: "all",
  },
  {
    name: "subscriptionUser",
    keyword: "SUBUSER",
    type: { kind: "string", maxLength: 12 },
    default: "",
  },
  {
    name: "userData",
    keyword: "USERDATA",
    type: { kind: "string", maxLength: 10240 },
    default: "",
  },
  {
    name: "variableUser",
    keyword: "VARUSER",
    type: { kind: "enum", values: { any: "ANY", fixed: "FIXED" } },
    default: "any",
  },
  {
    name: "wildcardSchema",
    keyword: "WSCHEMA",
    type: { kind: "enum", values: { topic: "TOPIC", character: "CHAR" } },
    default: "topic",
  },
];

export const SUBSCRIPTION: ObjectTypeSpec = {
  mqscType: "SUB",
  synonyms: ["SUBSCRIPTION"],
  attributes,
};
