/**
 * Channel event messages (SYSTEM.ADMIN.CHANNEL.EVENT) in IBM's PCF layout, as IBM MQ's "Channel
 * Started", "Channel Stopped" and "Channel Stopped By User" event pages give them: an MQCFH
 * (Type MQCFT_EVENT, Command 46 MQCMD_CHANNEL_EVENT, CompCode MQCC_WARNING, the event's reason)
 * and its parameters, MQENC_NATIVE little-endian as the depth events (performance-event-pcf.ts)
 * and blank-padded names at IBM's full field lengths:
 *
 *   Channel Started (MQRC_CHANNEL_STARTED 2282): QMgrName, ChannelName, XmitQName (sending
 *     channels only), ConnectionName.
 *   Channel Stopped (MQRC_CHANNEL_STOPPED 2283): QMgrName, ReasonQualifier (MQRQ_CHANNEL_STOPPED_OK 7,
 *     _ERROR 8, _RETRY 9, _DISABLED 10), ChannelName, ErrorIdentifier, AuxErrorDataInt1 and 2,
 *     AuxErrorDataStr1 to 3, XmitQName (sending channels only), ConnectionName.
 *   Channel Stopped By User (MQRC_CHANNEL_STOPPED_BY_USER 2279): QMgrName, ReasonQualifier
 *     (MQRQ_CHANNEL_STOPPED_DISABLED), ChannelName.
 *
 * Here ErrorIdentifier is the MQ reason code the channel ended with (0 when none) and
 * AuxErrorDataStr1 its name (IBM puts an AMQ message's number and inserts there); the other
 * auxiliary fields are 0 and blank. A reader goes by parameter identifier, not offset, and
 * passes over parameters it does not know, as IBM says event readers must.
 */
import { MQError, reasonName } from "../../base/errors.js";
import { utf8Decode, utf8Encode } from "../../message/message.js";
import {
  MQCA_Q_MGR_NAME,
  MQCC_WARNING,
  MQCFC_LAST,
  MQCFH_STRUC_LENGTH,
  MQCFH_VERSION_1,
  MQCFIN_STRUC_LENGTH,
  MQCFST_STRUC_LENGTH_FIXED,
  MQCFT_EVENT,
  MQCFT_INTEGER,
  MQCFT_STRING,
  MQ_Q_MGR_NAME_LENGTH,
  MQ_Q_NAME_LENGTH,
} from "./performance-event-pcf.js";

export const CHANNEL_EVENT_QUEUE = "SYSTEM.ADMIN.CHANNEL.EVENT";
export const MQCMD_CHANNEL_EVENT = 46;
export const MQRC_CHANNEL_STOPPED_BY_USER = 2279;
export const MQRC_CHANNEL_STARTED = 2282;
export const MQRC_CHANNEL_STOPPED = 2283;
export const MQIACF_ERROR_IDENTIFIER = 1013;
export const MQIACF_REASON_QUALIFIER = 1020;
export const MQIACF_AUX_ERROR_DATA_INT_1 = 1070;
export const MQIACF_AUX_ERROR_DATA_INT_2 = 1071;
export const MQCACF_AUX_ERROR_DATA_STR_1 = 3026;
export const MQCACF_AUX_ERROR_DATA_STR_2 = 3027;
export const MQCACF_AUX_ERROR_DATA_STR_3 = 3028;
export const MQCACH_CHANNEL_NAME = 3501;
export const MQCACH_XMIT_Q_NAME = 3505;
export const MQCACH_CONNECTION_NAME = 3506;
export const MQ_CHANNEL_NAME_LENGTH = 20;
export const MQ_CONN_NAME_LENGTH = 264;

/** IBM's reason qualifiers of a Channel Stopped event. */
export const CHANNEL_STOPPED_QUALIFIERS = { ok: 7, error: 8, retry: 9, disabled: 10 } as const;
export type ChannelStoppedQualifier = keyof typeof CHANNEL_STOPPED_QUALIFIERS;

const EVENT_REASONS = { started: MQRC_CHANNEL_STARTED, stopped: MQRC_CHANNEL_STOPPED, stoppedByUser: MQRC_CHANNEL_STOPPED_BY_USER } as const;

/** A channel event as data. */
export interface ChannelEvent {
  event: keyof typeof EVENT_REASONS;
  queueManager: string;
  channel: string;
  /** Stopped and stopped by user: why (stopped by user is always `disabled`). */
  qualifier?: ChannelStoppedQualifier;
  /** Sending channels (SDR, SVR): their transmission queue. */
  transmissionQueue?: string;
  /** Started and stopped: the definition's CONNAME. */
  connectionName?: string;
  /** Stopped: the MQ reason the channel ended with (ErrorIdentifier), 0 when none, and its name (AuxErrorDataStr1). */
  errorIdentifier?: number;
  errorText?: string;
}

type Parameter = { id: number; int: number } | { id: number; text: string; length: number };

/** The PCF bytes of a channel event. */
export function encodeChannelEvent(event: ChannelEvent, codedCharSetId = 819): Uint8Array {
  const parameters: Parameter[] = [{ id: MQCA_Q_MGR_NAME, text: event.queueManager, length: MQ_Q_MGR_NAME_LENGTH }];
  if (event.event !== "started") parameters.push({ id: MQIACF_REASON_QUALIFIER, int: CHANNEL_STOPPED_QUALIFIERS[event.qualifier ?? "disabled"] });
  parameters.push({ id: MQCACH_CHANNEL_NAME, text: event.channel, length: MQ_CHANNEL_NAME_LENGTH });
  if (event.event === "stopped") {
    parameters.push(
      { id: MQIACF_ERROR_IDENTIFIER, int: event.errorIdentifier ?? 0 },
      { id: MQIACF_AUX_ERROR_DATA_INT_1, int: 0 },
      { id: MQIACF_AUX_ERROR_DATA_INT_2, int: 0 },
      { id: MQCACF_AUX_ERROR_DATA_STR_1, text: (event.errorText ?? "").slice(0, MQ_Q_NAME_LENGTH), length: MQ_Q_NAME_LENGTH },
      { id: MQCACF_AUX_ERROR_DATA_STR_2, text: "", length: MQ_Q_NAME_LENGTH },
      { id: MQCACF_AUX_ERROR_DATA_STR_3, text: "", length: MQ_Q_NAME_LENGTH },
    );
  }
  if (event.event !== "stoppedByUser") {
    if (event.transmissionQueue) parameters.push({ id: MQCACH_XMIT_Q_NAME, text: event.transmissionQueue, length: MQ_Q_NAME_LENGTH });
    parameters.push({ id: MQCACH_CONNECTION_NAME, text: event.connectionName ?? "", length: MQ_CONN_NAME_LENGTH });
  }
  const size = (p: Parameter) => ("int" in p ? MQCFIN_STRUC_LENGTH : MQCFST_STRUC_LENGTH_FIXED + p.length);
  const bytes = new Uint8Array(parameters.reduce((total, p) => total + size(p), MQCFH_STRUC_LENGTH));
  const view = new DataView(bytes.buffer);
  const ints = (offset: number, values: number[]) => values.forEach((value, i) => view.setInt32(offset + 4 * i, value, true));
  ints(0, [MQCFT_EVENT, MQCFH_STRUC_LENGTH, MQCFH_VERSION_1, MQCMD_CHANNEL_EVENT, 1, MQCFC_LAST, MQCC_WARNING, EVENT_REASONS[event.event], parameters.length]);
  let offset = MQCFH_STRUC_LENGTH;
  for (const p of parameters) {
    if ("int" in p) ints(offset, [MQCFT_INTEGER, MQCFIN_STRUC_LENGTH, p.id, p.int]);
    else {
      const encoded = utf8Encode(p.text);
      if (encoded.length > p.length)
        throw new MQError("MQRC_OBJECT_NAME_ERROR", `a channel event's field holds ${p.length} bytes; ${JSON.stringify(p.text)} takes ${encoded.length}`);
      ints(offset, [MQCFT_STRING, size(p), p.id, codedCharSetId, p.length]);
      bytes.fill(0x20, offset + MQCFST_STRUC_LENGTH_FIXED, offset + size(p));
      bytes.set(encoded, offset + MQCFST_STRUC_LENGTH_FIXED);
    }
    offset += size(p);
  }
  return bytes;
}

/** Reads a channel event's PCF bytes (a message from SYSTEM.ADMIN.CHANNEL.EVENT); MQRC_FORMAT_ERROR when they are not one. */
export function decodeChannelEvent(bytes: Uint8Array): ChannelEvent {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int = (offset: number) => {
    if (offset + 4 > bytes.length) throw formatError(`it ends at byte ${bytes.length}, inside a structure`);
    return view.getInt32(offset, true);
  };
  if (int(0) !== MQCFT_EVENT || int(4) !== MQCFH_STRUC_LENGTH) throw formatError("it does not begin with a little-endian event MQCFH");
  if (int(12) !== MQCMD_CHANNEL_EVENT) throw formatError(`its MQCFH Command is ${int(12)}, not MQCMD_CHANNEL_EVENT (46)`);
  const reason = int(28);
  const event = (Object.keys(EVENT_REASONS) as ChannelEvent["event"][]).find((name) => EVENT_REASONS[name] === reason);
  if (!event) throw formatError(`its reason ${reason} (${reasonName(reason)}) is not a channel started or stopped event`);
  const strings = new Map<number, string>();
  const integers = new Map<number, number>();
  let offset = MQCFH_STRUC_LENGTH;
  for (let i = 0, count = int(32); i < count; i++) {
    const [type, length, id] = [int(offset), int(offset + 4), int(offset + 8)];
    if (length < 12 || length % 4 !== 0 || offset + length > bytes.length) throw formatError(`parameter ${i + 1} has a StrucLength of ${length}`);
    if (type === MQCFT_INTEGER) integers.set(id, int(offset + 12));
    else if (type === MQCFT_STRING) {
      const stringLength = int(offset + 16);
      if (stringLength < 0 || MQCFST_STRUC_LENGTH_FIXED + stringLength > length) throw formatError(`parameter ${i + 1} has a StringLength of ${stringLength}`);
      strings.set(id, utf8Decode(bytes.subarray(offset + MQCFST_STRUC_LENGTH_FIXED, offset + MQCFST_STRUC_LENGTH_FIXED + stringLength)).trimEnd());
    }
    offset += length;
  }
  const qualifier = integers.get(MQIACF_REASON_QUALIFIER);
  const decoded: ChannelEvent = { event, queueManager: strings.get(MQCA_Q_MGR_NAME) ?? "", channel: strings.get(MQCACH_CHANNEL_NAME) ?? "" };
  if (qualifier !== undefined)
    decoded.qualifier = (Object.keys(CHANNEL_STOPPED_QUALIFIERS) as ChannelStoppedQualifier[]).find((q) => CHANNEL_STOPPED_QUALIFIERS[q] === qualifier);
  if (strings.has(MQCACH_XMIT_Q_NAME)) decoded.transmissionQueue = strings.get(MQCACH_XMIT_Q_NAME)!;
  if (strings.has(MQCACH_CONNECTION_NAME)) decoded.connectionName = strings.get(MQCACH_CONNECTION_NAME)!;
  if (integers.has(MQIACF_ERROR_IDENTIFIER)) decoded.errorIdentifier = integers.get(MQIACF_ERROR_IDENTIFIER)!;
  if (strings.has(MQCACF_AUX_ERROR_DATA_STR_1)) decoded.errorText = strings.get(MQCACF_AUX_ERROR_DATA_STR_1)!;
  return decoded;
}

function formatError(problem: string): MQError {
  return new MQError("MQRC_FORMAT_ERROR", `these bytes are not a channel event message: ${problem}`);
}
