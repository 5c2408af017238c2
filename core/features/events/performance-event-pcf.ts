/**
 * A queue depth event message's data in IBM's programmable command format (PCF), so that
 * IBM's tools and monitoring code read what this product puts on SYSTEM.ADMIN.PERFM.EVENT.
 * IBM MQ's "Event message format", "Event message MQCFH (PCF header)", "MQCFIN - Integer
 * parameter", "MQCFST - String parameter" and the "Queue Depth High", "Queue Depth Low" and
 * "Queue Full" event descriptions give the layout; the MQMD Format of such a message is
 * MQFMT_EVENT ("MQEVENT").
 *
 *   offset size  structure  field                      here
 *        0   36  MQCFH      Type 7 (MQCFT_EVENT), StrucLength 36, Version 1,
 *                           Command 45 (MQCMD_PERFM_EVENT), MsgSeqNumber 1,
 *                           Control 1 (MQCFC_LAST), CompCode 1 (MQCC_WARNING),
 *                           Reason, ParameterCount 6
 *       36   68  MQCFST     QMgrName (MQCA_Q_MGR_NAME 2015)           queueManager
 *      104   68  MQCFST     QName (MQCA_BASE_OBJECT_NAME 2002)        queue
 *      172   16  MQCFIN     TimeSinceReset (MQIA_TIME_SINCE_RESET 35) timeSinceReset
 *      188   16  MQCFIN     HighQDepth (MQIA_HIGH_Q_DEPTH 36)         highQDepth
 *      204   16  MQCFIN     MsgEnqCount (MQIA_MSG_ENQ_COUNT 37)       msgEnqCount
 *      220   16  MQCFIN     MsgDeqCount (MQIA_MSG_DEQ_COUNT 38)       msgDeqCount
 *      236
 *
 * An MQCFST is Type 4, StrucLength, Parameter, CodedCharSetId, StringLength, then the string;
 * an MQCFIN is Type 3, StrucLength 16, Parameter, Value. Names are written at their full
 * MQ_Q_MGR_NAME_LENGTH and MQ_Q_NAME_LENGTH (48), blank-padded, as a queue manager writes
 * them. Integers are MQENC_NATIVE as on x86 (546: little-endian), what the dead-letter header
 * writes too. The decoder goes by parameter identifiers, not offsets: IBM says event
 * parameters come in no defined order, and a reader must skip those it does not know.
 */
import { MQError, MQRC, reasonName } from "../../base/errors.js";
import { utf8Decode, utf8Encode } from "../../message/message.js";

export const MQFMT_EVENT = "MQEVENT";
export const MQCFT_INTEGER = 3;
export const MQCFT_STRING = 4;
export const MQCFT_EVENT = 7;
export const MQCFH_STRUC_LENGTH = 36;
export const MQCFH_VERSION_1 = 1;
export const MQCMD_PERFM_EVENT = 45;
export const MQCFC_LAST = 1;
export const MQCC_WARNING = 1;
export const MQCFIN_STRUC_LENGTH = 16;
export const MQCFST_STRUC_LENGTH_FIXED = 20;
export const MQ_Q_MGR_NAME_LENGTH = 48;
export const MQ_Q_NAME_LENGTH = 48;

export const MQCA_BASE_OBJECT_NAME = 2002;
export const MQCA_Q_MGR_NAME = 2015;
export const MQIA_TIME_SINCE_RESET = 35;
export const MQIA_HIGH_Q_DEPTH = 36;
export const MQIA_MSG_ENQ_COUNT = 37;
export const MQIA_MSG_DEQ_COUNT = 38;

/** The queue depth events, by IBM's event names, and the reason each carries in its MQCFH. */
export const DEPTH_EVENT_REASONS = {
  "Queue Depth High": MQRC.MQRC_Q_DEPTH_HIGH,
  "Queue Depth Low": MQRC.MQRC_Q_DEPTH_LOW,
  "Queue Full": MQRC.MQRC_Q_FULL,
} as const;

export type DepthEventType = keyof typeof DEPTH_EVENT_REASONS;

/** A queue depth event as data. The figures are those since the queue's statistics were last reset. */
export interface DepthEvent {
  eventType: DepthEventType;
  /** MQRC_Q_DEPTH_HIGH (2224), MQRC_Q_DEPTH_LOW (2225) or MQRC_Q_FULL (2053). */
  reason: number;
  reasonName: string;
  queueManager: string;
  /** The local queue the event is about (BaseObjectName). */
  queue: string;
  /** Seconds since the statistics were reset. */
  timeSinceReset: number;
  /** The most messages on the queue since then. */
  highQDepth: number;
  /** Messages put since then. */
  msgEnqCount: number;
  /** Messages got since then. */
  msgDeqCount: number;
}

/** Where each field of the event as this product writes it lies; IBM's readers go by parameter id instead. */
export const DEPTH_EVENT_LAYOUT = {
  header: 0,
  queueManager: MQCFH_STRUC_LENGTH,
  queue: MQCFH_STRUC_LENGTH + MQCFST_STRUC_LENGTH_FIXED + MQ_Q_MGR_NAME_LENGTH,
  timeSinceReset: 172,
  highQDepth: 188,
  msgEnqCount: 204,
  msgDeqCount: 220,
  length: 236,
} as const;

const INTEGERS = [
  ["timeSinceReset", MQIA_TIME_SINCE_RESET],
  ["highQDepth", MQIA_HIGH_Q_DEPTH],
  ["msgEnqCount", MQIA_MSG_ENQ_COUNT],
  ["msgDeqCount", MQIA_MSG_DEQ_COUNT],
] as const;

const LITTLE_ENDIAN = true;
const BLANK = 0x20;
/** The characters of names are in the queue manager's CCSID; 819 is IBM's default on Linux. */
const DEFAULT_CCSID = 819;

/** The PCF bytes of a depth event (MQCFH and six parameters, 236 bytes). */
export function encodeDepthEvent(event: Omit<DepthEvent, "reason" | "reasonName">, codedCharSetId = DEFAULT_CCSID): Uint8Array {
  const bytes = new Uint8Array(DEPTH_EVENT_LAYOUT.length);
  const view = new DataView(bytes.buffer);
  const int = (offset: number, value: number) => view.setInt32(offset, value, LITTLE_ENDIAN);
  const header = [
    MQCFT_EVENT,
    MQCFH_STRUC_LENGTH,
    MQCFH_VERSION_1,
    MQCMD_PERFM_EVENT,
    1,
    MQCFC_LAST,
    MQCC_WARNING,
    DEPTH_EVENT_REASONS[event.eventType],
    2 + INTEGERS.length,
  ];
  header.forEach((value, i) => int(4 * i, value));
  const string = (offset: number, parameter: number, text: string, length: number) => {
    const encoded = utf8Encode(text);
    if (encoded.length > length)
      throw new MQError("MQRC_OBJECT_NAME_ERROR", `an event's name field holds ${length} bytes; ${JSON.stringify(text)} takes ${encoded.length}`);
    [MQCFT_STRING, MQCFST_STRUC_LENGTH_FIXED + length, parameter, codedCharSetId, length].forEach((value, i) => int(offset + 4 * i, value));
    bytes.fill(BLANK, offset + MQCFST_STRUC_LENGTH_FIXED, offset + MQCFST_STRUC_LENGTH_FIXED + length);
    bytes.set(encoded, offset + MQCFST_STRUC_LENGTH_FIXED);
  };
  string(DEPTH_EVENT_LAYOUT.queueManager, MQCA_Q_MGR_NAME, event.queueManager, MQ_Q_MGR_NAME_LENGTH);
  string(DEPTH_EVENT_LAYOUT.queue, MQCA_BASE_OBJECT_NAME, event.queue, MQ_Q_NAME_LENGTH);
  for (const [field, parameter] of INTEGERS) {
    const offset = DEPTH_EVENT_LAYOUT[field];
    [MQCFT_INTEGER, MQCFIN_STRUC_LENGTH, parameter, clampToMqLong(event[field])].forEach((value, i) => int(offset + 4 * i, value));
  }
  return bytes;
}

/**
 * Reads a performance event's PCF bytes (a message from SYSTEM.ADMIN.PERFM.EVENT) into a
 * depth event. MQRC_FORMAT_ERROR when they are not a queue depth event in little-endian PCF.
 */
export function decodeEvent(bytes: Uint8Array): DepthEvent {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int = (offset: number) => {
    if (offset + 4 > bytes.length) throw formatError(`it ends at byte ${bytes.length}, inside a structure`);
    return view.getInt32(offset, LITTLE_ENDIAN);
  };
  if (int(0) !== MQCFT_EVENT) {
    throw formatError(
      view.byteLength >= 4 && view.getInt32(0, false) === MQCFT_EVENT
        ? "its integers are big-endian; this product reads MQENC_NATIVE (546, little-endian) events"
        : `its MQCFH Type is ${int(0)}, not MQCFT_EVENT (7)`,
    );
  }
  if (int(4) !== MQCFH_STRUC_LENGTH) throw formatError(`its MQCFH StrucLength is ${int(4)}, not 36`);
  if (int(12) !== MQCMD_PERFM_EVENT) throw formatError(`its MQCFH Command is ${int(12)}, not MQCMD_PERFM_EVENT (45)`);
  const reason = int(28);
  const eventType = (Object.keys(DEPTH_EVENT_REASONS) as DepthEventType[]).find((type) => DEPTH_EVENT_REASONS[type] === reason);
  if (eventType === undefined) throw formatError(`its reason ${reason} (${reasonName(reason)}) is not a queue depth event`);

  const strings = new Map<number, string>();
  const integers = new Map<number, number>();
  let offset = MQCFH_STRUC_LENGTH;
  for (let i = 0, count = int(32); i < count; i++) {
    const [type, length, parameter] = [int(offset), int(offset + 4), int(offset + 8)];
    if (length < 12 || length % 4 !== 0 || offset + length > bytes.length) throw formatError(`parameter ${i + 1} has a StrucLength of ${length}`);
    if (type === MQCFT_INTEGER) integers.set(parameter, int(offset + 12));
    else if (type === MQCFT_STRING) {
      const stringLength = int(offset + 16);
      if (stringLength < 0 || MQCFST_STRUC_LENGTH_FIXED + stringLength > length) throw formatError(`parameter ${i + 1} has a StringLength of ${stringLength}`);
      strings.set(parameter, trimBlanks(bytes.subarray(offset + MQCFST_STRUC_LENGTH_FIXED, offset + MQCFST_STRUC_LENGTH_FIXED + stringLength)));
    }
    offset += length;
  }
  const string = (parameter: number, name: string) => strings.get(parameter) ?? missing(name);
  const integer = (parameter: number, name: string) => integers.get(parameter) ?? missing(name);
  return {
    eventType,
    reason,
    reasonName: reasonName(reason),
    queueManager: string(MQCA_Q_MGR_NAME, "QMgrName"),
    queue: string(MQCA_BASE_OBJECT_NAME, "QName"),
    timeSinceReset: integer(MQIA_TIME_SINCE_RESET, "TimeSinceReset"),
    highQDepth: integer(MQIA_HIGH_Q_DEPTH, "HighQDepth"),
    msgEnqCount: integer(MQIA_MSG_ENQ_COUNT, "MsgEnqCount"),
    msgDeqCount: integer(MQIA_MSG_DEQ_COUNT, "MsgDeqCount"),
  };
}

// --- Internal helpers ---

/** An MQLONG holds at most 2^31 - 1; a counter past it reads as the largest, as z/OS caps its counts. */
function clampToMqLong(value: number): number {
  return Math.max(0, Math.min(0x7fff_ffff, Math.floor(value)));
}

/** A string parameter without its blank (or NUL) padding. */
function trimBlanks(field: Uint8Array): string {
  let end = field.length;
  while (end > 0 && (field[end - 1] === BLANK || field[end - 1] === 0)) end--;
  try {
    return utf8Decode(field.subarray(0, end));
  } catch (cause) {
    throw new MQError("MQRC_FORMAT_ERROR", "a string parameter of the event is not text", { cause });
  }
}

function formatError(problem: string): MQError {
  return new MQError("MQRC_FORMAT_ERROR", `these bytes are not a queue depth event message: ${problem}`);
}

function missing(name: string): never {
  throw formatError(`it has no ${name} parameter`);
}
