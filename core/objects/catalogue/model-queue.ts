/**
 * Attribute catalogue for model queues: MQSC DEFINE / ALTER / DISPLAY QMODEL (synonym QM).
 * A model queue is the template from which MQOPEN creates dynamic queues.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE QMODEL syntax diagram
 * ("common queue attributes", "local queue attributes", "model queue attr") and the
 * DefinitionType queue attribute. A model queue has the local-queue attributes except the
 * cluster ones (CLCHNAME, CLUSNL, CLUSTER, CLWLPRTY, CLWLRANK, CLWLUSEQ), DEFBIND and SCOPE, and
 * adds DEFTYPE. Those it shares are taken from LOCAL_QUEUE. DEFTYPE(PREDEFINED) is not valid for
 * a model queue; DEFTYPE(SHAREDYN) is z/OS only and is left out, as are QSGDISP, CFSTRUCT,
 * STGCLASS, INDXTYPE and CMDSCOPE.
 */
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";
import { LOCAL_QUEUE } from "./local-queue.js";

/** QLOCAL attributes a model queue does not have. */
const NOT_ON_MODEL = ["CLCHNAME", "CLUSNL", "CLUSTER", "CLWLPRTY", "CLWLRANK", "CLWLUSEQ", "DEFBIND", "SCOPE"];

const OWN: AttributeSpec[] = [
  {
    name: "definitionType",
    keyword: "DEFTYPE",
    type: { kind: "enum", values: { temporaryDynamic: "TEMPDYN", permanentDynamic: "PERMDYN" } },
    default: "temporaryDynamic",
  },
];

export const MODEL_QUEUE: ObjectTypeSpec = {
  mqscType: "QMODEL",
  synonyms: ["QM"],
  attributes: [...LOCAL_QUEUE.attributes.filter((a) => !NOT_ON_MODEL.includes(a.keyword)), ...OWN].sort((a, b) =>
    a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0,
  ),
};
