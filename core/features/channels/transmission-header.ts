/**
 * MQXQH, the transmission-queue header: what IBM MQ puts in front of a message's data while it
 * waits on a transmission queue, so that the channel (and the queue manager at the other end)
 * knows where it is bound and what its original descriptor was. IBM's version 1, 428 bytes
 * (IBM MQ reference, "MQXQH - Transmission-queue header"):
 *
 *   offset size field            here
 *        0    4 StrucId          "XQH "
 *        4    4 Version          1 (MQXQH_VERSION_1)
 *        8   48 RemoteQName      remoteQueue
 *       56   48 RemoteQMgrName   remoteQueueManager
 *      104  324 MsgDesc          descriptor: the original message's MQMD version 1 (core/message/mqmd.ts)
 *      428      (the original message data)
 *
 * The header's integers (its own and its MQMD's) are in the encoding of whatever precedes it:
 * the transmission queue message's own descriptor, whose Format is MQFMT_XMIT_Q_HEADER
 * ("MQXMIT"). Both byte orders IBM writes are read and written: MQENC_NATIVE (546, x86,
 * little-endian, the default) and MQENC_NORMAL (273, big-endian: AIX, z/OS, IBM i). Character
 * fields are UTF-8 (CCSID 1208), blank-padded.
 *
 * The product keeps a transmission queue's messages as messages with `transmission` set (the
 * kernel stores RemoteQName and RemoteQMgrName beside the descriptor, not in the body), so a
 * get or browse of a transmission queue answers the message as it was put, with its
 * destination in `transmission`. `encodeTransmissionMessage` gives the bytes IBM's channel
 * would carry (MQXQH followed by the body) and `decodeTransmissionMessage` reads them back.
 */
import { MQError } from "../../base/errors.js";
import { MESSAGE_TYPE_CODES, MQFMT, MQPER } from "../../message/descriptor-codes.js";
import { FieldReader, FieldWriter, MQCCSI_UTF8, MQENC_NATIVE, MQENC_NORMAL, integersLittleEndian } from "../../message/header-fields.js";
import { utf8Decode, utf8Encode, type Message, type MessageType, type PutMessage, type Transmission } from "../../message/message.js";
import {
  MQEI_UNLIMITED,
  MQMD_DEFAULTS,
  MQMD_V1_LENGTH,
  readMessageDescriptorV1,
  writeMessageDescriptorV1,
  type MessageDescriptorV1,
} from "../../message/mqmd.js";

export const MQXQH_STRUC_ID = "XQH ";
export const MQXQH_VERSION_1 = 1;
export const MQXQH_LENGTH = 428;
/** The Format of a message on a transmission queue: its data begins with an MQXQH. */
export const MQFMT_XMIT_Q_HEADER = MQFMT.MQFMT_XMIT_Q_HEADER;
export { MQENC_NATIVE, MQENC_NORMAL } from "../../message/header-fields.js";
export type { MessageDescriptorV1 } from "../../message/mqmd.js";

export const MQXQH_FIELDS = {
  StrucId: { offset: 0, length: 4 },
  Version: { offset: 4, length: 4 },
  RemoteQName: { offset: 8, length: 48 },
  RemoteQMgrName: { offset: 56, length: 48 },
  MsgDesc: { offset: 104, length: MQMD_V1_LENGTH },
} as const;

export interface TransmissionHeader extends Transmission {
  /** The original message's descriptor. */
  descriptor: MessageDescriptorV1;
}

export interface DecodedTransmissionHeader extends TransmissionHeader {
  /** The encoding the header was read in (546 little-endian, 273 big-endian). */
  encoding: number;
  /** Bytes the header took: the original message data starts here. */
  headerLength: number;
}

export interface TransmissionEncoding {
  /** The encoding to write or read the header's integers in; when reading, left out, it is told from the Version field. */
  encoding?: number;
}

const STRUCTURE = "transmission header (MQXQH)";

/** The 428 bytes of `header`. Throws MQError when a field does not fit its place. */
export function encodeTransmissionHeader(header: TransmissionHeader, options: TransmissionEncoding = {}): Uint8Array {
  const littleEndian = integersLittleEndian(options.encoding ?? MQENC_NATIVE);
  const put = new FieldWriter(new Uint8Array(MQXQH_LENGTH), STRUCTURE, littleEndian);
  const f = MQXQH_FIELDS;
  put.text("StrucId", f.StrucId, MQXQH_STRUC_ID);
  put.integer("Version", f.Version, MQXQH_VERSION_1);
  put.text("RemoteQName", f.RemoteQName, header.remoteQueue, "MQRC_OBJECT_NAME_ERROR");
  put.text("RemoteQMgrName", f.RemoteQMgrName, header.remoteQueueManager, "MQRC_Q_MGR_NAME_ERROR");
  writeMessageDescriptorV1(put.bytes, f.MsgDesc.offset, header.descriptor, littleEndian);
  return put.bytes;
}

/**
 * Reads an MQXQH from the front of `bytes` (a transmission queue message's data). Throws
 * MQRC_FORMAT_ERROR when the bytes are not a version-1 transmission header in either byte order.
 */
export function decodeTransmissionHeader(bytes: Uint8Array, options: TransmissionEncoding = {}): DecodedTransmissionHeader {
  if (!(bytes instanceof Uint8Array)) throw new MQError("MQRC_FORMAT_ERROR", "a transmission header is read from bytes (a Uint8Array)");
  if (bytes.length < MQXQH_LENGTH) {
    throw new MQError("MQRC_FORMAT_ERROR", `a transmission header takes ${MQXQH_LENGTH} bytes; only ${bytes.length} are there`);
  }
  const f = MQXQH_FIELDS;
  const encoding = options.encoding ?? encodingOfVersion(bytes);
  const littleEndian = integersLittleEndian(encoding);
  const read = new FieldReader(bytes, STRUCTURE, littleEndian);
  const strucId = read.text("StrucId", f.StrucId);
  if (strucId !== MQXQH_STRUC_ID.trimEnd()) {
    throw new MQError("MQRC_FORMAT_ERROR", `a transmission header begins "${MQXQH_STRUC_ID}"; these bytes begin ${JSON.stringify(strucId)}`);
  }
  const version = read.integer(f.Version);
  if (version !== MQXQH_VERSION_1) {
    throw new MQError("MQRC_FORMAT_ERROR", `the transmission header's version is ${version} in encoding ${encoding}; only version ${MQXQH_VERSION_1} exists`);
  }
  return {
    remoteQueue: read.text("RemoteQName", f.RemoteQName),
    remoteQueueManager: read.text("RemoteQMgrName", f.RemoteQMgrName),
    descriptor: readMessageDescriptorV1(bytes, f.MsgDesc.offset, littleEndian),
    encoding,
    headerLength: MQXQH_LENGTH,
  };
}

/** Version 1 reads as 1 in exactly one byte order: that order is the header's encoding. */
function encodingOfVersion(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + MQXQH_FIELDS.Version.offset, 4);
  if (view.getInt32(0, true) === MQXQH_VERSION_1) return MQENC_NATIVE;
  if (view.getInt32(0, false) === MQXQH_VERSION_1) return MQENC_NORMAL;
  throw new MQError("MQRC_FORMAT_ERROR", `the transmission header's version is neither 1 little-endian nor 1 big-endian`);
}

/** The descriptor IBM's MQXQH would carry for `message` (its MQMD version 1 fields). */
export function descriptorOf(message: Omit<Message, "body">): MessageDescriptorV1 {
  return {
    ...MQMD_DEFAULTS,
    msgType: MESSAGE_TYPE_CODES[message.messageType],
    // Tenths of a second, rounded up so that a message never expires earlier for crossing.
    expiry: message.expiry === null ? MQEI_UNLIMITED : Math.max(1, Math.ceil(message.expiry / 100)),
    format: message.format,
    codedCharSetId: MQCCSI_UTF8,
    priority: message.priority,
    persistence: message.persistent ? MQPER.MQPER_PERSISTENT : MQPER.MQPER_NOT_PERSISTENT,
    messageId: message.messageId,
    correlationId: message.correlationId,
    backoutCount: message.backoutCount,
    replyToQueue: message.replyToQueue,
    replyToQueueManager: message.replyToQueueManager,
    putTime: message.putTime,
  };
}

/**
 * A message got or browsed from a transmission queue as IBM's channel carries it: the MQXQH
 * (its destination from `message.transmission`, its descriptor from the message) followed by
 * the body's bytes (text and JSON as UTF-8). MQRC_FORMAT_ERROR when the message has no destination.
 */
export function encodeTransmissionMessage(message: Message, options: TransmissionEncoding = {}): Uint8Array {
  const transmission = message.transmission;
  if (!transmission)
    throw new MQError("MQRC_FORMAT_ERROR", `message ${message.messageId} is not bound for another queue manager (it has no transmission header)`);
  const header = encodeTransmissionHeader({ ...transmission, descriptor: descriptorOf(message) }, options);
  const body = bodyBytes(message);
  const bytes = new Uint8Array(MQXQH_LENGTH + body.length);
  bytes.set(header);
  bytes.set(body, MQXQH_LENGTH);
  return bytes;
}

/** A transmission queue message's data split into its header and the original message data. */
export function decodeTransmissionMessage(bytes: Uint8Array, options: TransmissionEncoding = {}): { header: DecodedTransmissionHeader; body: Uint8Array } {
  const header = decodeTransmissionHeader(bytes, options);
  return { header, body: bytes.subarray(header.headerLength) };
}

const MESSAGE_TYPES = new Map<number, MessageType>(Object.entries(MESSAGE_TYPE_CODES).map(([name, code]) => [code, name as MessageType]));

/**
 * What the receiving end puts to the destination: the original message from its descriptor and
 * data (MQSTR data in CCSID 1208 as text, anything else as bytes). A descriptor this product
 * cannot put is refused with the reason a put would give (MQRC_MSG_TYPE_ERROR, MQRC_EXPIRY_ERROR,
 * MQRC_PERSISTENCE_ERROR). The message id, put time and backout count are the original's
 * context, which a put given MQPMO_PASS_ALL_CONTEXT keeps: they are in `descriptor`.
 */
export function putMessageOf(descriptor: MessageDescriptorV1, body: Uint8Array): PutMessage {
  const messageType = MESSAGE_TYPES.get(descriptor.msgType);
  if (!messageType) throw new MQError("MQRC_MSG_TYPE_ERROR", `the descriptor's MsgType ${descriptor.msgType} is none of MQMT_DATAGRAM, REQUEST, REPLY, REPORT`);
  if (descriptor.expiry !== MQEI_UNLIMITED && descriptor.expiry <= 0) {
    throw new MQError("MQRC_EXPIRY_ERROR", `the descriptor's Expiry ${descriptor.expiry} is neither a positive number of tenths nor MQEI_UNLIMITED`);
  }
  if (descriptor.persistence !== MQPER.MQPER_PERSISTENT && descriptor.persistence !== MQPER.MQPER_NOT_PERSISTENT) {
    throw new MQError("MQRC_PERSISTENCE_ERROR", `the descriptor's Persistence ${descriptor.persistence} is neither MQPER_PERSISTENT nor MQPER_NOT_PERSISTENT`);
  }
  const text = descriptor.format === "MQSTR" && descriptor.codedCharSetId === MQCCSI_UTF8 ? textOf(body) : undefined;
  const message: PutMessage = {
    body: text ?? body.slice(),
    bodyFormat: text === undefined ? "bytes" : "text",
    correlationId: descriptor.correlationId,
    priority: descriptor.priority,
    persistent: descriptor.persistence === MQPER.MQPER_PERSISTENT,
    expiry: descriptor.expiry === MQEI_UNLIMITED ? null : descriptor.expiry * 100,
    messageType,
  };
  if (descriptor.replyToQueue !== "") message.replyToQueue = descriptor.replyToQueue;
  if (descriptor.replyToQueueManager !== "") message.replyToQueueManager = descriptor.replyToQueueManager;
  return message;
}

function textOf(body: Uint8Array): string | undefined {
  try {
    return utf8Decode(body);
  } catch {
    return undefined; // not UTF-8 after all: kept as the bytes it is
  }
}

function bodyBytes(message: Message): Uint8Array {
  switch (message.bodyFormat) {
    case "bytes":
      return message.body as Uint8Array;
    case "text":
      return utf8Encode(message.body as string);
    default:
      return utf8Encode(JSON.stringify(message.body));
  }
}
