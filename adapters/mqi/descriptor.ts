/** MQMD fields to and from our messages. */
import type { Message, MessageType, PutMessage, PutResult } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { MQMD } from "./structures.js";

const TYPES: Record<number, MessageType> = { [N.MQMT_REQUEST]: "request", [N.MQMT_REPLY]: "reply", [N.MQMT_REPORT]: "report", [N.MQMT_DATAGRAM]: "datagram" };
const TYPE_NUMBERS: Record<MessageType, number> = { request: N.MQMT_REQUEST, reply: N.MQMT_REPLY, report: N.MQMT_REPORT, datagram: N.MQMT_DATAGRAM };

export function isZero(bytes: Uint8Array | null | undefined): boolean {
  return bytes == null || bytes.every((b) => b === 0);
}

export function hexOf(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex").padEnd(48, "0").slice(0, 48);
}

export function bytesOf(hex: string): Buffer {
  return Buffer.from(hex, "hex");
}

function randomId(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return hexOf(bytes);
}

/** What a put gives the queue manager: the message, and the MsgId and Format it keeps as given. */
export function messageFromMD(md: MQMD, options: number, data: Buffer): { message: PutMessage; messageId?: string; format?: string } {
  const text = md.Format === N.MQFMT_STRING;
  const message: PutMessage = text ? { body: data.toString("utf8"), bodyFormat: "text" } : { body: new Uint8Array(data), bodyFormat: "bytes" };
  if (md.Priority !== N.MQPRI_PRIORITY_AS_Q_DEF) message.priority = md.Priority;
  if (md.Persistence === N.MQPER_PERSISTENT) message.persistent = true;
  else if (md.Persistence === N.MQPER_NOT_PERSISTENT) message.persistent = false;
  if (md.Expiry !== N.MQEI_UNLIMITED) message.expiry = md.Expiry * 100;
  if (md.ReplyToQ) message.replyToQueue = md.ReplyToQ.trim();
  if (md.ReplyToQMgr) message.replyToQueueManager = md.ReplyToQMgr.trim();
  const type = TYPES[md.MsgType];
  if (type !== undefined) message.messageType = type;
  if (options & N.MQPMO_NEW_CORREL_ID) message.correlationId = randomId();
  else if (!isZero(md.CorrelId)) message.correlationId = hexOf(md.CorrelId);
  const result: { message: PutMessage; messageId?: string; format?: string } = { message };
  if (!(options & N.MQPMO_NEW_MSG_ID) && !isZero(md.MsgId)) result.messageId = hexOf(md.MsgId);
  if (!text && md.Format) result.format = md.Format;
  return result;
}

/** MQ's PutDate and PutTime (GMT): YYYYMMDD and HHMMSSTH. */
export function putDateTime(time: number): { PutDate: string; PutTime: string } {
  const iso = new Date(time).toISOString(); // 2026-05-22T13:19:04.123Z
  return { PutDate: iso.slice(0, 10).replaceAll("-", ""), PutTime: iso.slice(11, 19).replaceAll(":", "") + iso.slice(20, 22) };
}

/** The output fields of a put's MQMD. */
export function putOutput(md: MQMD, result: PutResult, putApplName: string): void {
  md.MsgId = bytesOf(result.messageId);
  md.CorrelId = bytesOf(result.correlationId);
  md.Priority = result.priority;
  md.Persistence = result.persistent ? N.MQPER_PERSISTENT : N.MQPER_NOT_PERSISTENT;
  Object.assign(md, putDateTime(result.putTime));
  md.PutApplName = putApplName;
}

/** A got or browsed message's MQMD, and its data as a Buffer. */
export function fillMD(md: MQMD, message: Message): Buffer {
  md.MsgId = bytesOf(message.messageId);
  md.CorrelId = bytesOf(message.correlationId);
  md.Priority = message.priority;
  md.Persistence = message.persistent ? N.MQPER_PERSISTENT : N.MQPER_NOT_PERSISTENT;
  md.Expiry = message.expiry === null ? N.MQEI_UNLIMITED : Math.max(1, Math.ceil(message.expiry / 100));
  md.ReplyToQ = message.replyToQueue;
  md.ReplyToQMgr = message.replyToQueueManager;
  md.MsgType = TYPE_NUMBERS[message.messageType];
  md.BackoutCount = message.backoutCount;
  Object.assign(md, putDateTime(message.putTime));
  md.CodedCharSetId = 1208;
  const body = message.body;
  if (body instanceof Uint8Array) {
    md.Format = message.format.trim() === "" ? N.MQFMT_NONE : message.format;
    return Buffer.from(body);
  }
  md.Format = N.MQFMT_STRING;
  return Buffer.from(typeof body === "string" ? body : JSON.stringify(body), "utf8");
}

/** A put's data as bytes: a string's UTF-8 (and MQFMT_STRING in the MQMD, as `ibmmq` sets it), none as empty. */
export function putData(md: MQMD, data: Buffer | string | null | undefined): Buffer {
  if (typeof data === "string") {
    md.Format = N.MQFMT_STRING;
    return Buffer.from(data, "utf8");
  }
  if (data == null) return Buffer.alloc(0);
  if (!(data instanceof Uint8Array)) throw new TypeError("Parameter must be of type Buffer");
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
