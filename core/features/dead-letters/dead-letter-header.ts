/**
 * MQDLH, the dead-letter header: the 172 bytes IBM MQ puts in front of a message's data when
 * the message goes to the dead-letter queue instead of its destination, so whoever reads the
 * dead-letter queue (an operator, a rules-table handler) knows why and where it was going.
 *
 * The byte layout is IBM's version 1, field for field:
 *
 *   offset size field           here
 *        0    4 StrucId         "DLH "
 *        4    4 Version         1 (MQDLH_VERSION_1)
 *        8    4 Reason          reason
 *       12   48 DestQName       destQueue
 *       60   48 DestQMgrName    destQueueManager
 *      108    4 Encoding        encoding       (of the data after the header)
 *      112    4 CodedCharSetId  codedCharSetId (of the data after the header)
 *      116    8 Format          format         (of the data after the header)
 *      124    4 PutApplType     putApplType
 *      128   28 PutApplName     putApplName
 *      156    8 PutDate         YYYYMMDD  \ putTime, in UTC (MQ's put times are GMT)
 *      164    8 PutTime         HHMMSSTH  /
 *      172      (message data)
 *
 * Byte order and character set: an MQDLH carries no encoding of its own; its integers and
 * characters are in the Encoding and CodedCharSetId of whatever precedes it (the MQMD). This
 * product always writes MQENC_NATIVE as x86 IBM MQ does (546: integers little-endian) and
 * character fields in UTF-8 (CCSID 1208), blank-padded with spaces as MQCHAR fields are, so
 * a message dead-lettered here reads correctly in IBM's tools given an MQMD that says
 * Encoding 546 and CodedCharSetId 1208.
 */
import { MQError, type MQReasonName } from "../../base/errors.js";
import { utf8Decode, utf8Encode, type DeadLetterHeader } from "../../message/message.js";
import { MQAT, MQFMT } from "../../message/descriptor-codes.js";
import { deadLetterReasonName } from "../../message/feedback-codes.js";

export const MQDLH_STRUC_ID = "DLH ";
export const MQDLH_VERSION_1 = 1;
export const MQDLH_LENGTH = 172;
export const MQFMT_DEAD_LETTER_HEADER = MQFMT.MQFMT_DEAD_LETTER_HEADER;
/** x86 native encoding: integers, packed decimals and floats all reversed (little-endian). */
export const MQENC_NATIVE = 546;
/** UTF-8. */
export const MQCCSI_UTF8 = 1208;

export type { DeadLetterHeader } from "../../message/message.js";

export interface DecodedDeadLetterHeader extends DeadLetterHeader {
  encoding: number;
  codedCharSetId: number;
  putApplType: number;
  /** Bytes the header took: the original message data starts here. */
  headerLength: number;
}

/** Where each field sits and how long it is (IBM's MQDLH version 1). */
export const MQDLH_FIELDS = {
  StrucId: { offset: 0, length: 4 },
  Version: { offset: 4, length: 4 },
  Reason: { offset: 8, length: 4 },
  DestQName: { offset: 12, length: 48 },
  DestQMgrName: { offset: 60, length: 48 },
  Encoding: { offset: 108, length: 4 },
  CodedCharSetId: { offset: 112, length: 4 },
  Format: { offset: 116, length: 8 },
  PutApplType: { offset: 124, length: 4 },
  PutApplName: { offset: 128, length: 28 },
  PutDate: { offset: 156, length: 8 },
  PutTime: { offset: 164, length: 8 },
} as const;

type FieldName = keyof typeof MQDLH_FIELDS;

const BLANK = 0x20;
const LITTLE_ENDIAN = true;

/** The 172 bytes of `header`. Throws MQError when a field does not fit its place. */
export function encodeDeadLetterHeader(header: DeadLetterHeader): Uint8Array {
  const bytes = new Uint8Array(MQDLH_LENGTH).fill(BLANK);
  const view = new DataView(bytes.buffer);
  const putInteger = (field: FieldName, value: number) => {
    if (!Number.isInteger(value) || value < -0x8000_0000 || value > 0x7fff_ffff) {
      throw new MQError("MQRC_FORMAT_ERROR", `the dead-letter header's ${field} must be a 32-bit integer; ${value} is not`);
    }
    view.setInt32(MQDLH_FIELDS[field].offset, value, LITTLE_ENDIAN);
  };
  const putText = (field: FieldName, text: string, reason: MQReasonName) => {
    const encoded = utf8Encode(text);
    const { offset, length } = MQDLH_FIELDS[field];
    if (encoded.length > length) {
      throw new MQError(reason, `the dead-letter header's ${field} holds ${length} bytes; ${JSON.stringify(text)} takes ${encoded.length}`);
    }
    bytes.set(encoded, offset); // the rest of the field stays blank
  };

  putText("StrucId", MQDLH_STRUC_ID, "MQRC_FORMAT_ERROR");
  putInteger("Version", MQDLH_VERSION_1);
  putInteger("Reason", header.reason);
  putText("DestQName", header.destQueue, "MQRC_OBJECT_NAME_ERROR");
  putText("DestQMgrName", header.destQueueManager, "MQRC_Q_MGR_NAME_ERROR");
  putInteger("Encoding", header.encoding ?? MQENC_NATIVE);
  putInteger("CodedCharSetId", header.codedCharSetId ?? MQCCSI_UTF8);
  putText("Format", header.format, "MQRC_FORMAT_ERROR");
  putInteger("PutApplType", header.putApplType ?? MQAT.MQAT_QMGR);
  putText("PutApplName", header.putApplName, "MQRC_FORMAT_ERROR");
  const { date, time } = putDateAndTime(header.putTime);
  putText("PutDate", date, "MQRC_FORMAT_ERROR");
  putText("PutTime", time, "MQRC_FORMAT_ERROR");
  return bytes;
}

/**
 * Reads an MQDLH from the front of `bytes` (a dead-lettered message's data). The original
 * message data follows at `headerLength`. Throws MQRC_FORMAT_ERROR when the bytes are not a
 * version-1 dead-letter header written the way this product writes them.
 */
export function decodeDeadLetterHeader(bytes: Uint8Array): DecodedDeadLetterHeader {
  if (bytes.length < MQDLH_LENGTH) {
    throw new MQError("MQRC_FORMAT_ERROR", `a dead-letter header takes ${MQDLH_LENGTH} bytes; only ${bytes.length} are there`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const integer = (field: FieldName) => view.getInt32(MQDLH_FIELDS[field].offset, LITTLE_ENDIAN);
  const text = (field: FieldName) => readText(bytes, field);

  const strucId = text("StrucId");
  if (strucId !== MQDLH_STRUC_ID.trimEnd()) {
    throw new MQError("MQRC_FORMAT_ERROR", `a dead-letter header begins "${MQDLH_STRUC_ID}"; these bytes begin ${JSON.stringify(strucId)}`);
  }
  const version = integer("Version");
  if (version !== MQDLH_VERSION_1) {
    // A big-endian writer (MQENC_INTEGER_NORMAL, e.g. AIX or z/OS) puts version 1 as 00 00 00 01.
    const bigEndian = view.getInt32(MQDLH_FIELDS.Version.offset, false) === MQDLH_VERSION_1;
    throw new MQError(
      "MQRC_FORMAT_ERROR",
      bigEndian
        ? "the dead-letter header's integers are big-endian (MQENC_INTEGER_NORMAL); this product reads MQENC_NATIVE (546, little-endian) headers"
        : `the dead-letter header's version is ${version}; only version ${MQDLH_VERSION_1} exists`,
    );
  }
  const reason = integer("Reason");
  return {
    reason,
    reasonName: deadLetterReasonName(reason),
    destQueue: text("DestQName"),
    destQueueManager: text("DestQMgrName"),
    putTime: putTimeFrom(text("PutDate"), text("PutTime")),
    format: text("Format"),
    putApplName: text("PutApplName"),
    encoding: integer("Encoding"),
    codedCharSetId: integer("CodedCharSetId"),
    putApplType: integer("PutApplType"),
    headerLength: MQDLH_LENGTH,
  };
}

/** A dead-lettered message's data split into its header and the original message data. */
export function splitDeadLetterMessage(bytes: Uint8Array): { header: DecodedDeadLetterHeader; body: Uint8Array } {
  const header = decodeDeadLetterHeader(bytes);
  return { header, body: bytes.subarray(header.headerLength) };
}

/** A character field without its blank padding (and NUL padding, which some C writers leave). */
function readText(bytes: Uint8Array, field: FieldName): string {
  const { offset, length } = MQDLH_FIELDS[field];
  let end = offset + length;
  while (end > offset && (bytes[end - 1] === BLANK || bytes[end - 1] === 0)) end--;
  try {
    return utf8Decode(bytes.subarray(offset, end));
  } catch (cause) {
    throw new MQError("MQRC_FORMAT_ERROR", `the dead-letter header's ${field} is not UTF-8 text`, { cause });
  }
}

/** PutDate (YYYYMMDD) and PutTime (HHMMSSTH: tenths and hundredths of a second), in UTC. */
export function putDateAndTime(millisecondsSinceEpoch: number): { date: string; time: string } {
  const when = new Date(millisecondsSinceEpoch);
  const year = when.getUTCFullYear();
  if (Number.isNaN(when.getTime()) || year < 0 || year > 9999) {
    throw new MQError("MQRC_FORMAT_ERROR", `a put time must fall in the years 0000 to 9999 to be written as YYYYMMDD; ${millisecondsSinceEpoch} does not`);
  }
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${String(year).padStart(4, "0")}${two(when.getUTCMonth() + 1)}${two(when.getUTCDate())}`,
    time: `${two(when.getUTCHours())}${two(when.getUTCMinutes())}${two(when.getUTCSeconds())}${two(Math.floor(when.getUTCMilliseconds() / 10))}`,
  };
}

/** The instant PutDate and PutTime name, in milliseconds since the epoch; MQRC_FORMAT_ERROR when they name none. */
export function putTimeFrom(date: string, time: string): number {
  const dateMatch = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) {
    throw new MQError(
      "MQRC_FORMAT_ERROR",
      `the dead-letter header's PutDate and PutTime must be YYYYMMDD and HHMMSSTH digits; they are ${JSON.stringify(date)} and ${JSON.stringify(time)}`,
    );
  }
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds, hundredths] = timeMatch.slice(1).map(Number) as [number, number, number, number];
  const when = new Date(0);
  when.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  when.setUTCHours(hours, minutes, seconds, hundredths * 10);
  // Date rolls 20240230 over to 1 March; a date that does not read back as written is not a date.
  if (when.getUTCFullYear() !== year || when.getUTCMonth() !== month - 1 || when.getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 59) {
    throw new MQError("MQRC_FORMAT_ERROR", `the dead-letter header's PutDate ${date} and PutTime ${time} name no moment`);
  }
  return when.getTime();
}
