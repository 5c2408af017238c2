/**
 * MQMD version 1, IBM MQ's message descriptor, byte for byte: the 324 bytes a transmission
 * queue header (MQXQH) carries of the original message, and what any other header that embeds
 * a descriptor would write. Layout (IBM's "MQMD - Message descriptor", fields of version 1):
 *
 *   offset size field              offset size field
 *        0    4 StrucId "MD  "        100   48 ReplyToQ
 *        4    4 Version 1             148   48 ReplyToQMgr
 *        8    4 Report                196   12 UserIdentifier
 *       12    4 MsgType               208   32 AccountingToken (bytes)
 *       16    4 Expiry (tenths)       240   32 ApplIdentityData
 *       20    4 Feedback              272    4 PutApplType
 *       24    4 Encoding              276   28 PutApplName
 *       28    4 CodedCharSetId        304    8 PutDate  YYYYMMDD (UTC)
 *       32    8 Format                312    8 PutTime  HHMMSSTH (UTC)
 *       40    4 Priority              320    4 ApplOriginData
 *       44    4 Persistence           324      (end)
 *       48   24 MsgId (bytes)
 *       72   24 CorrelId (bytes)
 *       96    4 BackoutCount
 *
 * Integers are in the byte order of the encoding the structure is written in (that of whatever
 * precedes it); Encoding and CodedCharSetId inside it describe the message data, not the MQMD.
 */
import { MQError } from "../base/errors.js";
import { MQAT, MQMT, MQPER } from "./descriptor-codes.js";
import { FieldReader, FieldWriter, MQCCSI_UTF8, MQENC_NATIVE, type FieldSpec } from "./header-fields.js";

export const MQMD_STRUC_ID = "MD  ";
export const MQMD_VERSION_1 = 1;
export const MQMD_V1_LENGTH = 324;
/** MQEI_UNLIMITED: a message that never expires. */
export const MQEI_UNLIMITED = -1;

export const MQMD_V1_FIELDS = {
  StrucId: { offset: 0, length: 4 },
  Version: { offset: 4, length: 4 },
  Report: { offset: 8, length: 4 },
  MsgType: { offset: 12, length: 4 },
  Expiry: { offset: 16, length: 4 },
  Feedback: { offset: 20, length: 4 },
  Encoding: { offset: 24, length: 4 },
  CodedCharSetId: { offset: 28, length: 4 },
  Format: { offset: 32, length: 8 },
  Priority: { offset: 40, length: 4 },
  Persistence: { offset: 44, length: 4 },
  MsgId: { offset: 48, length: 24 },
  CorrelId: { offset: 72, length: 24 },
  BackoutCount: { offset: 96, length: 4 },
  ReplyToQ: { offset: 100, length: 48 },
  ReplyToQMgr: { offset: 148, length: 48 },
  UserIdentifier: { offset: 196, length: 12 },
  AccountingToken: { offset: 208, length: 32 },
  ApplIdentityData: { offset: 240, length: 32 },
  PutApplType: { offset: 272, length: 4 },
  PutApplName: { offset: 276, length: 28 },
  PutDate: { offset: 304, length: 8 },
  PutTime: { offset: 312, length: 8 },
  ApplOriginData: { offset: 320, length: 4 },
} as const satisfies Record<string, FieldSpec>;

/** An MQMD version 1 as data: IBM's numbers (MQRO, MQMT, MQFB, MQPER, MQAT), ids as hex, the put time in ms. */
export interface MessageDescriptorV1 {
  report: number;
  /** MQMT_* (8 datagram, 1 request, 2 reply, 4 report). */
  msgType: number;
  /** Tenths of a second left to live, or MQEI_UNLIMITED (-1). */
  expiry: number;
  feedback: number;
  /** Encoding and character set of the message data. */
  encoding: number;
  codedCharSetId: number;
  /** MQFMT name of the message data, without its blank padding ("MQSTR", "" for MQFMT_NONE). */
  format: string;
  priority: number;
  /** MQPER_* (0 not persistent, 1 persistent). */
  persistence: number;
  /** 24 bytes as 48 hexadecimal digits. */
  messageId: string;
  correlationId: string;
  backoutCount: number;
  replyToQueue: string;
  replyToQueueManager: string;
  userIdentifier: string;
  /** 32 bytes as 64 hexadecimal digits (MQACT_NONE is all zeros). */
  accountingToken: string;
  applIdentityData: string;
  putApplType: number;
  putApplName: string;
  /** PutDate and PutTime, in milliseconds since the epoch (kept to hundredths of a second). */
  putTime: number;
  applOriginData: string;
}

/** What a descriptor left out takes, as IBM's MQMD_DEFAULT has it but for the encoding and character set this product writes. */
export const MQMD_DEFAULTS: Omit<MessageDescriptorV1, "messageId" | "correlationId" | "putTime"> = {
  report: 0,
  msgType: MQMT.MQMT_DATAGRAM,
  expiry: MQEI_UNLIMITED,
  feedback: 0,
  encoding: MQENC_NATIVE,
  codedCharSetId: MQCCSI_UTF8,
  format: "",
  priority: 0,
  persistence: MQPER.MQPER_NOT_PERSISTENT,
  backoutCount: 0,
  replyToQueue: "",
  replyToQueueManager: "",
  userIdentifier: "",
  accountingToken: "0".repeat(64),
  applIdentityData: "",
  putApplType: MQAT.MQAT_NO_CONTEXT,
  putApplName: "",
  applOriginData: "",
};

type Field = keyof typeof MQMD_V1_FIELDS;
const F = MQMD_V1_FIELDS;
const INTEGERS = [
  ["Report", "report"],
  ["MsgType", "msgType"],
  ["Expiry", "expiry"],
  ["Feedback", "feedback"],
  ["Encoding", "encoding"],
  ["CodedCharSetId", "codedCharSetId"],
  ["Priority", "priority"],
  ["Persistence", "persistence"],
  ["BackoutCount", "backoutCount"],
  ["PutApplType", "putApplType"],
] as const satisfies readonly (readonly [Field, keyof MessageDescriptorV1])[];
const TEXTS = [
  ["Format", "format"],
  ["ReplyToQ", "replyToQueue"],
  ["ReplyToQMgr", "replyToQueueManager"],
  ["UserIdentifier", "userIdentifier"],
  ["ApplIdentityData", "applIdentityData"],
  ["PutApplName", "putApplName"],
  ["ApplOriginData", "applOriginData"],
] as const satisfies readonly (readonly [Field, keyof MessageDescriptorV1])[];
const BYTES = [
  ["MsgId", "messageId"],
  ["CorrelId", "correlationId"],
  ["AccountingToken", "accountingToken"],
] as const satisfies readonly (readonly [Field, keyof MessageDescriptorV1])[];

const STRUCTURE = "message descriptor (MQMD)";

/** Writes `descriptor` as an MQMD version 1 into `bytes` at `offset` (324 bytes), integers little-endian or not. */
export function writeMessageDescriptorV1(bytes: Uint8Array, offset: number, descriptor: MessageDescriptorV1, littleEndian: boolean): void {
  const put = new FieldWriter(bytes.subarray(offset, offset + MQMD_V1_LENGTH), STRUCTURE, littleEndian);
  if (put.bytes.length !== MQMD_V1_LENGTH) throw new MQError("MQRC_FORMAT_ERROR", `an MQMD takes ${MQMD_V1_LENGTH} bytes; ${put.bytes.length} are left`);
  put.text("StrucId", F.StrucId, MQMD_STRUC_ID);
  put.integer("Version", F.Version, MQMD_VERSION_1);
  for (const [field, key] of INTEGERS) put.integer(field, F[field], descriptor[key]);
  for (const [field, key] of TEXTS) put.text(field, F[field], descriptor[key]);
  for (const [field, key] of BYTES)
    put.hexBytes(
      field,
      F[field],
      descriptor[key],
      key === "messageId" ? "MQRC_MSG_ID_ERROR" : key === "correlationId" ? "MQRC_CORREL_ID_ERROR" : "MQRC_FORMAT_ERROR",
    );
  put.putDateTime(F.PutDate, F.PutTime, descriptor.putTime);
}

/** Reads an MQMD version 1 from `bytes` at `offset`; MQRC_FORMAT_ERROR when it is short, or not "MD  " version 1. */
export function readMessageDescriptorV1(bytes: Uint8Array, offset: number, littleEndian: boolean): MessageDescriptorV1 {
  if (bytes.length - offset < MQMD_V1_LENGTH) {
    throw new MQError("MQRC_FORMAT_ERROR", `an MQMD takes ${MQMD_V1_LENGTH} bytes; only ${Math.max(0, bytes.length - offset)} are there`);
  }
  const read = new FieldReader(bytes.subarray(offset, offset + MQMD_V1_LENGTH), STRUCTURE, littleEndian);
  const strucId = read.text("StrucId", F.StrucId);
  if (strucId !== MQMD_STRUC_ID.trimEnd())
    throw new MQError("MQRC_FORMAT_ERROR", `an MQMD begins "${MQMD_STRUC_ID}"; these bytes begin ${JSON.stringify(strucId)}`);
  const version = read.integer(F.Version);
  if (version !== MQMD_VERSION_1) throw new MQError("MQRC_FORMAT_ERROR", `an embedded MQMD is version ${MQMD_VERSION_1}; this one says ${version}`);
  const descriptor = {} as Record<keyof MessageDescriptorV1, string | number>;
  for (const [field, key] of INTEGERS) descriptor[key] = read.integer(F[field]);
  for (const [field, key] of TEXTS) descriptor[key] = read.text(field, F[field]);
  for (const [field, key] of BYTES) descriptor[key] = read.hexBytes(F[field]);
  descriptor.putTime = read.putDateTime(F.PutDate, F.PutTime);
  return descriptor as unknown as MessageDescriptorV1;
}
