/**
 * Attribute catalogue for namelists: MQSC DEFINE / ALTER / DISPLAY NAMELIST (synonym NL).
 * A namelist is a list of names, most often of clusters or queues.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE NAMELIST syntax diagram and
 * parameter descriptions. NLTYPE (NONE, QUEUE, CLUSTER, AUTHINFO) is valid only on z/OS and is
 * left out, as are QSGDISP and CMDSCOPE.
 */
import type { ObjectTypeSpec } from "./types.js";

export const NAMELIST: ObjectTypeSpec = {
  mqscType: "NAMELIST",
  synonyms: ["NL"],
  attributes: [
    {
      name: "description",
      keyword: "DESCR",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "names",
      keyword: "NAMES",
      type: { kind: "list", item: { kind: "name", maxLength: 48 }, maxItems: 256 },
      default: [],
    },
  ],
};
