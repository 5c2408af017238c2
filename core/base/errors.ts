/**
 * MQError: every failure the product reports carries an IBM MQ reason code (MQRC), its
 * name, and a sentence a person can act on. The codes are IBM's numbers, so an
 * administrator can look them up in IBM's documentation unchanged.
 */

/** The reason codes the product raises, by IBM's names. */
export const MQRC = {
  MQRC_NONE: 0,
  MQRC_ALIAS_BASE_Q_TYPE_ERROR: 2001,
  MQRC_BACKED_OUT: 2003,
  MQRC_BUFFER_LENGTH_ERROR: 2005,
  MQRC_DATA_LENGTH_ERROR: 2010,
  MQRC_EXPIRY_ERROR: 2013,
  MQRC_GET_INHIBITED: 2016,
  MQRC_MSG_TYPE_ERROR: 2029,
  MQRC_MSG_TOO_BIG_FOR_Q: 2030,
  MQRC_MSG_TOO_BIG_FOR_Q_MGR: 2031,
  MQRC_NO_MSG_AVAILABLE: 2033,
  MQRC_NOT_AUTHORIZED: 2035,
  MQRC_OBJECT_IN_USE: 2042,
  MQRC_OBJECT_TYPE_ERROR: 2043,
  MQRC_OPTION_NOT_VALID_FOR_TYPE: 2045,
  MQRC_NOT_OPEN_FOR_BROWSE: 2036,
  MQRC_NOT_OPEN_FOR_INPUT: 2037,
  MQRC_NOT_OPEN_FOR_OUTPUT: 2039,
  MQRC_PERSISTENT_NOT_ALLOWED: 2048,
  MQRC_UNKNOWN_ALIAS_BASE_Q: 2082,
  MQRC_OPTIONS_ERROR: 2046,
  MQRC_PERSISTENCE_ERROR: 2047,
  MQRC_PRIORITY_ERROR: 2050,
  MQRC_PUT_INHIBITED: 2051,
  MQRC_Q_DELETED: 2052,
  MQRC_Q_FULL: 2053,
  MQRC_Q_NOT_EMPTY: 2055,
  MQRC_Q_TYPE_ERROR: 2057,
  MQRC_Q_MGR_NAME_ERROR: 2058,
  MQRC_Q_MGR_NOT_AVAILABLE: 2059,
  MQRC_UNKNOWN_OBJECT_NAME: 2085,
  MQRC_SELECTOR_SYNTAX_ERROR: 2459,
  MQRC_OBJECT_ALREADY_EXISTS: 2100,
  MQRC_OBJECT_DAMAGED: 2101,
  MQRC_RESOURCE_PROBLEM: 2102,
  MQRC_MSG_ID_ERROR: 2206,
  MQRC_CORREL_ID_ERROR: 2207,
  MQRC_OBJECT_NAME_ERROR: 2152,
  MQRC_Q_MGR_STOPPING: 2162,
  MQRC_UNEXPECTED_ERROR: 2195,
  MQRC_UNKNOWN_XMIT_Q: 2196,
  // Where a put bound for another queue manager finds no way there (name resolution, manager/resolution.ts).
  MQRC_XMIT_Q_TYPE_ERROR: 2091,
  MQRC_XMIT_Q_USAGE_ERROR: 2092,
  MQRC_REMOTE_Q_NAME_ERROR: 2184,
  MQRC_UNKNOWN_DEF_XMIT_Q: 2197,
  MQRC_DEF_XMIT_Q_TYPE_ERROR: 2198,
  MQRC_DEF_XMIT_Q_USAGE_ERROR: 2199,
  MQRC_FORMAT_ERROR: 2110,
  MQRC_STORAGE_MEDIUM_FULL: 2192,
  MQRC_PROPERTY_NAME_ERROR: 2442,
  MQRC_PROPERTY_TYPE_ERROR: 2473,
  MQRC_PROPERTY_VALUE_TOO_BIG: 2469,
  MQRC_WAIT_INTERVAL_ERROR: 2090,
  MQRC_CONNECTION_BROKEN: 2009,
  // A put or commit whose connection broke before it answered: whether it happened is not known.
  MQRC_CALL_INTERRUPTED: 2549,
  MQRC_HCONN_ERROR: 2018,
  MQRC_HOBJ_ERROR: 2019,
  MQRC_FUNCTION_NOT_SUPPORTED: 2298,
  MQRC_STORAGE_NOT_AVAILABLE: 2071,
  MQRC_UOW_NOT_AVAILABLE: 2255,
  MQRC_TOPIC_STRING_ERROR: 2425,
  MQRC_NO_SUBSCRIPTION: 2428,
  MQRC_UNKNOWN_REMOTE_Q_MGR: 2087,
  // Channels (core/features/channels): a partner's channel stopped by its operator, or not there to run.
  MQRC_CHANNEL_STOPPED_BY_USER: 2279,
  MQRC_CHANNEL_NOT_AVAILABLE: 2537,
  // Trigger messages (core/triggers): an MQTMC2 or MQTM whose identifier, version or length is wrong.
  MQRC_TMC_ERROR: 2191,
  MQRC_TM_ERROR: 2265,
  // Reasons that appear only in a dead-letter header (MQDLH Reason) or a report's Feedback:
  // the JMS poison-message cases, when a message cannot go to its backout queue.
  MQRC_BACKOUT_THRESHOLD_REACHED: 2362,
  MQRC_MSG_NOT_MATCHED: 2363,
  MQRC_JMS_FORMAT_ERROR: 2364,
  // Reasons that appear only in performance event messages (core/features/events/depth-events.ts).
  MQRC_Q_DEPTH_HIGH: 2224,
  MQRC_Q_DEPTH_LOW: 2225,
} as const;

export type MQReasonName = keyof typeof MQRC;

const NAME_BY_CODE = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/** The IBM name of a reason code, or MQRC_<code> for one no table lists. */
export function reasonName(code: number): string {
  return NAME_BY_CODE.get(code) ?? `MQRC_${code}`;
}

/** Adds names for more reason codes (the MQRCCF_ command codes that core/mqsc knows). */
export function registerReasonNames(names: Record<string, number>): void {
  for (const [name, code] of Object.entries(names)) if (!NAME_BY_CODE.has(code)) NAME_BY_CODE.set(code, name);
}

/** MQCC_WARNING (1) or MQCC_FAILED (2), as MQ's completion codes. */
export const MQCC_OK = 0;
export const MQCC_WARNING = 1;
export const MQCC_FAILED = 2;

export class MQError extends Error {
  override readonly name = "MQError";
  /** The MQRC number, e.g. 2085. */
  readonly reasonCode: number;
  /** The MQRC name, e.g. "MQRC_UNKNOWN_OBJECT_NAME". */
  readonly reason: string;
  readonly completionCode: number;

  constructor(reason: MQReasonName, message: string, options?: { cause?: unknown; completionCode?: number }) {
    super(`${reason} (${MQRC[reason]}): ${message}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.reasonCode = MQRC[reason];
    this.reason = reason;
    this.completionCode = options?.completionCode ?? MQCC_FAILED;
  }

  /** A plain, structured-cloneable copy: what crosses a worker boundary or an HTTP response. */
  toJSON(): SerializedMQError {
    return { name: "MQError", reason: this.reason, reasonCode: this.reasonCode, completionCode: this.completionCode, message: this.message };
  }

  /** Rebuilds an MQError from its serialized form (the inverse of toJSON). */
  static fromJSON(data: SerializedMQError): MQError {
    const known = data.reason in MQRC ? (data.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR";
    const error = new MQError(known, "", { completionCode: data.completionCode });
    error.message = data.message;
    return error;
  }
}

export interface SerializedMQError {
  name: "MQError";
  reason: string;
  reasonCode: number;
  completionCode: number;
  message: string;
}

export function isMQError(value: unknown): value is MQError {
  return value instanceof MQError;
}

/** An error in words for a report: an MQError with its reason name, anything else by its message. */
export function describeError(error: unknown): string {
  if (error instanceof MQError) return `${error.reason}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
