/**
 * Attribute catalogue for process definitions: MQSC DEFINE / ALTER / DISPLAY PROCESS
 * (synonym PRO). A process definition names the application a trigger monitor starts.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE PROCESS syntax diagram and
 * parameter descriptions, and the MQ Explorer process-definition properties. Defaults are those
 * of SYSTEM.DEFAULT.PROCESS on AIX and Linux. z/OS-only attributes (QSGDISP, CMDSCOPE) are
 * left out.
 *
 * APPLTYPE: MQ also accepts an integer there (0-65535 for system-defined types, 65536-999999999
 * for user-defined ones). The catalogue models APPLTYPE as an enum of IBM's keywords only; an
 * integer application type is not representable here.
 */
import type { ObjectTypeSpec } from "./types.js";

export const PROCESS: ObjectTypeSpec = {
  mqscType: "PROCESS",
  synonyms: ["PRO"],
  attributes: [
    {
      name: "applicationId",
      keyword: "APPLICID",
      type: { kind: "string", maxLength: 256 },
      default: "",
    },
    {
      name: "applicationType",
      keyword: "APPLTYPE",
      type: {
        kind: "enum",
        values: {
          cics: "CICS",
          default: "DEF",
          dos: "DOS",
          ims: "IMS",
          mvs: "MVS",
          nsk: "NSK",
          os2: "OS2",
          os400: "OS400",
          unix: "UNIX",
          windows: "WINDOWS",
          windowsNt: "WINDOWSNT",
          wlm: "WLM",
        },
      },
      default: "unix",
    },
    {
      name: "description",
      keyword: "DESCR",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
    {
      name: "environmentData",
      keyword: "ENVRDATA",
      type: { kind: "string", maxLength: 128 },
      default: "",
    },
    {
      name: "userData",
      keyword: "USERDATA",
      type: { kind: "string", maxLength: 128 },
      default: "",
    },
  ],
};
