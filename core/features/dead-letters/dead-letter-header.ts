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
import { MQError } from "../../base/errors.js";
import { type DeadLetterHeader } from "../../message/message.js";
import { MQAT, MQFMT } from "../../message/descriptor-codes.js";
import { deadLetterReasonName } from "../../message/feedback-codes.js";
import { FieldReader, FieldWriter, MQCCSI_UTF8, MQENC_NATIVE } from "../../message/header-fields.js";

export const MQDLH_STRUC_ID = "DLH ";
export const MQDLH_VERSION_1 = 1;
export const MQDLH_LENGTH = 172;
export const MQFMT_DEAD_LETTER_HEADER = MQFMT.MQFMT_DEAD_LETTER_HEADER;
export { MQCCSI_UTF8, MQENC_NATIVE, putDateAndTime, putTimeFrom } from "../../message/header-fields.js";

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

const STRUCTURE = "dead-letter header";
const LITTLE_ENDIAN = true;

/** The 172 bytes of `header`. Throws MQError when a field does not fit its place. */
export function encodeDeadLetterHeader(header: DeadLetterHeader): Uint8Array {
  const put = new FieldWriter(new Uint8Array(MQDLH_LENGTH), STRUCTURE, LITTLE_ENDIAN);
  const f = MQDLH_FIELDS;
  put.text("StrucId", f.StrucId, MQDLH_STRUC_ID);
  put.integer("Version", f.Version, MQDLH_VERSION_1);
  put.integer("Reason", f.Reason, header.reason);
  put.text("DestQName", f.DestQName, header.destQueue, "MQRC_OBJECT_NAME_ERROR");
  put.text("DestQMgrName", f.DestQMgrName, header.destQueueManager, "MQRC_Q_MGR_NAME_ERROR");
  put.integer("Encoding", f.Encoding, header.encoding ?? MQENC_NATIVE);
  put.integer("CodedCharSetId", f.CodedCharSetId, header.codedCharSetId ?? MQCCSI_UTF8);
  put.text("Format", f.Format, header.format);
  put.integer("PutApplType", f.PutApplType, header.putApplType ?? MQAT.MQAT_QMGR);
  put.text("PutApplName", f.PutApplName, header.putApplName);
  put.putDateTime(f.PutDate, f.PutTime, header.putTime);
  return put.bytes;
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
  const read = new FieldReader(bytes, STRUCTURE, LITTLE_ENDIAN);
  const integer = (field: FieldName) => read.integer(MQDLH_FIELDS[field]);
  const text = (field: FieldName) => read.text(field, MQDLH_FIELDS[field]);

  const strucId = text("StrucId");
  if (strucId !== MQDLH_STRUC_ID.trimEnd()) {
    throw new MQError("MQRC_FORMAT_ERROR", `a dead-letter header begins "${MQDLH_STRUC_ID}"; these bytes begin ${JSON.stringify(strucId)}`);
  }
  const version = integer("Version");
  if (version !== MQDLH_VERSION_1) {
    // A big-endian writer (MQENC_INTEGER_NORMAL, e.g. AIX or z/OS) puts version 1 as 00 00 00 01.
    const bigEndian = new FieldReader(bytes, STRUCTURE, false).integer(MQDLH_FIELDS.Version) === MQDLH_VERSION_1;
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
    putTime: read.putDateTime(MQDLH_FIELDS.PutDate, MQDLH_FIELDS.PutTime),
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
