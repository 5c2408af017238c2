/**
 * Feedback codes (MQFB_*) and the names of the reasons a dead-letter header can carry. An
 * MQDLH Reason, like an MQMD Feedback, holds either an MQFB_* value or an MQRC_* value, so
 * naming one means looking in both tables; the numbers are IBM's, so an administrator can
 * look any of them up unchanged.
 */
import { MQRC } from "../base/errors.js";

/** The feedback codes the product uses or a rules table may name. */
export const MQFB = {
  MQFB_NONE: 0,
  MQFB_SYSTEM_FIRST: 1,
  MQFB_QUIT: 256,
  MQFB_EXPIRATION: 258,
  MQFB_COA: 259,
  MQFB_COD: 260,
  MQFB_CHANNEL_COMPLETED: 262,
  MQFB_CHANNEL_FAIL_RETRY: 263,
  MQFB_CHANNEL_FAIL: 264,
  MQFB_APPL_CANNOT_BE_STARTED: 265,
  MQFB_TM_ERROR: 266,
  MQFB_APPL_TYPE_ERROR: 267,
  MQFB_STOPPED_BY_MSG_EXIT: 268,
  MQFB_ACTIVITY: 269,
  MQFB_XMIT_Q_MSG_ERROR: 271,
  MQFB_PAN: 275,
  MQFB_NAN: 276,
  MQFB_STOPPED_BY_CHAD_EXIT: 277,
  MQFB_STOPPED_BY_PUBSUB_EXIT: 279,
  MQFB_NOT_A_REPOSITORY_MSG: 280,
  MQFB_BIND_OPEN_CLUSRCVR_DEL: 281,
  MQFB_MAX_ACTIVITIES: 282,
  MQFB_NOT_FORWARDED: 283,
  MQFB_NOT_DELIVERED: 284,
  MQFB_UNSUPPORTED_FORWARDING: 285,
  MQFB_UNSUPPORTED_DELIVERY: 286,
  MQFB_DATA_LENGTH_ZERO: 291,
  MQFB_DATA_LENGTH_NEGATIVE: 292,
  MQFB_DATA_LENGTH_TOO_BIG: 293,
  MQFB_BUFFER_OVERFLOW: 294,
  MQFB_LENGTH_OFF_BY_ONE: 295,
  MQFB_IIH_ERROR: 296,
  MQFB_NOT_AUTHORIZED_FOR_IMS: 298,
  MQFB_IMS_ERROR: 300,
  MQFB_IMS_FIRST: 301,
  MQFB_IMS_LAST: 399,
  MQFB_SYSTEM_LAST: 65535,
  MQFB_APPL_FIRST: 65536,
  MQFB_APPL_LAST: 999_999_999,
} as const;

export type MQFeedbackName = keyof typeof MQFB;

// Range markers are left out of the reverse table: 301 is "the first IMS code", not a name for it.
const RANGE_MARKERS = new Set<string>([
  "MQFB_SYSTEM_FIRST",
  "MQFB_SYSTEM_LAST",
  "MQFB_IMS_FIRST",
  "MQFB_IMS_LAST",
  "MQFB_APPL_FIRST",
  "MQFB_APPL_LAST",
  "MQFB_NONE",
]);
const FEEDBACK_NAME_BY_CODE = new Map<number, string>(
  Object.entries(MQFB)
    .filter(([name]) => !RANGE_MARKERS.has(name))
    .map(([name, code]) => [code, name]),
);
const REASON_NAME_BY_CODE = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/**
 * The name of a dead-letter Reason or a Feedback value: its MQFB_ or MQRC_ name when either
 * table has it; an application's own code (MQFB_APPL_FIRST and up) as MQFB_APPL_FIRST+n, so
 * the name still says whose code it is; otherwise MQRC_<n>, as core/base/errors.ts names codes it
 * does not list.
 */
export function deadLetterReasonName(code: number): string {
  const name = FEEDBACK_NAME_BY_CODE.get(code) ?? REASON_NAME_BY_CODE.get(code);
  if (name !== undefined) return name;
  if (code >= MQFB.MQFB_IMS_FIRST && code <= MQFB.MQFB_IMS_LAST) return `MQFB_IMS_FIRST+${code - MQFB.MQFB_IMS_FIRST}`;
  if (code === MQFB.MQFB_APPL_FIRST) return "MQFB_APPL_FIRST";
  if (code > MQFB.MQFB_APPL_FIRST && code <= MQFB.MQFB_APPL_LAST) return `MQFB_APPL_FIRST+${code - MQFB.MQFB_APPL_FIRST}`;
  return `MQRC_${code}`;
}

/** The number an MQFB_ or MQRC_ name stands for, or undefined when neither table has it. */
export function reasonOrFeedbackCode(name: string): number | undefined {
  if (Object.hasOwn(MQFB, name)) return MQFB[name as MQFeedbackName];
  if (Object.hasOwn(MQRC, name)) return MQRC[name as keyof typeof MQRC];
  return undefined;
}
