/**
 * Attribute catalogue for alias queues: MQSC DEFINE / ALTER / DISPLAY QALIAS (synonym QA).
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE QALIAS syntax diagram
 * ("common queue attrs" and "alias queue attrs") and the "DEFINE queues" parameter
 * descriptions. The attributes an alias shares with a local queue (same keyword, range and
 * default) come from LOCAL_QUEUE; TARGET and TARGTYPE are the alias's own. TARGQ is the keyword
 * older releases used for TARGET and is still accepted as its synonym. z/OS-only attributes
 * (QSGDISP, CMDSCOPE) are left out.
 */
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";
import { withLocalQueueAttributes } from "./local-queue.js";

/** Shared with QLOCAL: same keyword, type, default and help. */
const SHARED = [
  "CAPEXPRY",
  "CLUSNL",
  "CLUSTER",
  "CLWLPRTY",
  "CLWLRANK",
  "CUSTOM",
  "DEFBIND",
  "DEFPRESP",
  "DEFPRTY",
  "DEFPSIST",
  "DEFREADA",
  "DESCR",
  "GET",
  "PROPCTL",
  "PUT",
  "SCOPE",
];

const OWN: AttributeSpec[] = [
  {
    name: "target",
    keyword: "TARGET",
    synonyms: ["TARGQ"],
    type: { kind: "name" },
    default: "",
  },
  {
    name: "targetType",
    keyword: "TARGTYPE",
    type: { kind: "enum", values: { queue: "QUEUE", topic: "TOPIC" } },
    default: "queue",
  },
];

export const ALIAS_QUEUE: ObjectTypeSpec = {
  mqscType: "QALIAS",
  synonyms: ["QA"],
  attributes: withLocalQueueAttributes("QALIAS", SHARED, OWN),
};
