/**
 * A message: its body, its descriptor (the MQMD fields and JMS headers), and typed user
 * properties. Every type here is plain, structured-cloneable data, so a message crosses a
 * worker boundary or goes into a store unchanged.
 */
import { MQError } from "../base/errors.js";
import { type PropertiesInput, type Property, type StoredProperty } from "./properties.js";
import type { PropertyAccess } from "./message-properties.js";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** How the body is held: text (MQFMT_STRING), bytes (MQFMT_NONE) or a JSON document. */
export type BodyFormat = "text" | "bytes" | "json";
export type MessageBody = string | Uint8Array | JsonValue;

/** MQMD MsgType. */
export type MessageType = "datagram" | "request" | "reply" | "report";

/**
 * A message as a consumer receives it: plain data, plus JMS-style reads of its properties
 * (getProperty, propertyValues, ...) from its prototype.
 */
export interface Message extends PropertyAccess {
  /** 24 bytes as 48 lowercase hexadecimal characters. */
  messageId: string;
  /** 24 bytes as 48 hex characters; all zeros when none was set (MQCI_NONE). */
  correlationId: string;
  /**
   * The correlation id as the application wrote it, when it gave text rather than bytes (an
   * application-specific JMSCorrelationID, as IBM's REST API v3 takes one): `correlationId`
   * holds the text's UTF-8 bytes, zero-padded, and v3 answers the text back.
   */
  correlationIdText?: string;
  priority: number;
  persistent: boolean;
  /** Milliseconds the message had left to live when it was taken, or null for unlimited. */
  expiry: number | null;
  /** When it was put, in milliseconds since the epoch. */
  putTime: number;
  replyToQueue: string;
  replyToQueueManager: string;
  messageType: MessageType;
  /** The JMSType header; "" when none. */
  type: string;
  /** The MQMD Format: "MQSTR" for text and JSON, "" for bytes. */
  format: string;
  /** The media type the body was sent with, when the sender gave one (the HTTP facade does). */
  contentType?: string;
  /** How many times the message was delivered and backed out. */
  backoutCount: number;
  /** The user properties as a typed list, in the order they were set; getProperty and propertyValues read them by name. */
  properties: Property[];
  bodyFormat: BodyFormat;
  body: MessageBody;
  /** On a transmission queue: where the message is bound (MQXQH RemoteQName and RemoteQMgrName). */
  transmission?: Transmission;
  /** On a dead-letter queue: why it is there and where it was going (MQDLH). */
  deadLetterHeader?: DeadLetterHeader;
}

/**
 * IBM MQ's dead-letter header (MQDLH) as data: why a message is on the dead-letter queue and
 * where it was going. core/features/dead-letters/dead-letter-header.ts writes and reads its 172-byte form.
 */
export interface DeadLetterHeader {
  /** Why the message was dead-lettered: an MQRC_ or MQFB_ value. */
  reason: number;
  /** The MQRC_/MQFB_ name of `reason`; worked out from `reason` when encoding. */
  reasonName: string;
  /** Where the message was going. */
  destQueue: string;
  destQueueManager: string;
  /** When it was put on the dead-letter queue, in milliseconds since the epoch (kept to hundredths of a second). */
  putTime: number;
  /** The MQFMT of the data after the header (the original message's format). */
  format: string;
  /** Who put it on the dead-letter queue. */
  putApplName: string;
  /** The original message's numeric encoding; MQENC_NATIVE when left out. */
  encoding?: number;
  /** The original message's character set; 1208 (UTF-8) when left out. */
  codedCharSetId?: number;
  /** The kind of application that put it on the dead-letter queue; MQAT_QMGR when left out. */
  putApplType?: number;
}

export interface Transmission {
  remoteQueue: string;
  remoteQueueManager: string;
}

/** What a producer gives to put. Everything but the body has a default. */
/** A message without its body: what a browse of summaries, or a view before the body is read, holds. */
export type MessageSummary = Omit<Message, "body">;

export interface PutMessage {
  body: MessageBody | ArrayBuffer;
  /** Inferred when absent: a string is text, bytes are bytes, anything else is JSON. */
  bodyFormat?: BodyFormat;
  /** JMS delivery delay: the message is invisible for this many ms after it is put (committed). */
  deliveryDelay?: number;
  contentType?: string;
  correlationId?: string;
  /**
   * A correlation id given as text (at most 24 UTF-8 bytes): the message's correlationId is
   * the text's bytes, zero-padded, and the text is kept to be answered back. With
   * `correlationId` as well, the two must agree.
   */
  correlationIdText?: string;
  priority?: number;
  persistent?: boolean;
  /** Lifetime in milliseconds from the put; null or absent for unlimited. */
  expiry?: number | null;
  replyToQueue?: string;
  replyToQueueManager?: string;
  messageType?: MessageType;
  type?: string;
  properties?: PropertiesInput;
}

/** The stored form of a message's descriptor; the body travels beside it. JSON-safe. */
export interface MessageRecord {
  /** The manager-wide sequence number: the message's key in the store and its FIFO order. */
  seq: number;
  queue: string;
  messageId: string;
  correlationId: string;
  /** The correlation id as text, when the application gave it so (Message.correlationIdText). */
  correlationIdText?: string;
  priority: number;
  persistent: boolean;
  /** Absolute time of expiry, or null. */
  expiresAt: number | null;
  putTime: number;
  replyToQueue: string;
  replyToQueueManager: string;
  messageType: MessageType;
  type: string;
  contentType?: string;
  backoutCount: number;
  properties: StoredProperty[];
  bodyFormat: BodyFormat;
  /** Body size in bytes as counted against MAXMSGL. */
  bodySize: number;
  transmission?: Transmission;
  /**
   * Put in a unit of work that is prepared (two-phase commit) and not yet resolved: stored,
   * invisible, until the transaction with this xid commits or rolls back.
   */
  prepared?: string;
  /** With a delivery delay: the time (ms since the epoch) before which the message is not delivered. */
  deliverAt?: number;
  /** Put on a dead-letter queue with a dead-letter header (MQDLH). */
  deadLetter?: DeadLetterHeader;
  /** The MQMD Format of a message the queue manager made ("MQEVENT"); otherwise it follows bodyFormat. */
  format?: string;
}

/** A body as stored: text (JSON is kept as its text) or bytes. */
export type StoredBody = string | Uint8Array;

export const MESSAGE_ID_BYTES = 24;
/** MQCI_NONE / MQMI_NONE as hex. */
export const NO_ID = "0".repeat(MESSAGE_ID_BYTES * 2);
const HEX_ID = /^[0-9a-fA-F]{48}$/;

/** Accepts a 48-hex-character id (any case) and returns it in lowercase; throws otherwise. */
export function normalizeId(id: string, what: "message" | "correlation"): string {
  if (typeof id !== "string" || !HEX_ID.test(id)) {
    throw new MQError(
      what === "message" ? "MQRC_MSG_ID_ERROR" : "MQRC_CORREL_ID_ERROR",
      `a ${what} id is 24 bytes written as 48 hexadecimal characters; got ${JSON.stringify(String(id).slice(0, 60))}`,
    );
  }
  return id.toLowerCase();
}

/** Text made into a correlation id as IBM MQ does for application ids: UTF-8 bytes, zero-padded. */
export function correlationIdFromText(text: string): string {
  const bytes = utf8Encode(text);
  if (bytes.length > MESSAGE_ID_BYTES) {
    throw new MQError("MQRC_CORREL_ID_ERROR", `a correlation id holds at most 24 bytes; ${JSON.stringify(text)} has ${bytes.length}`);
  }
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex.padEnd(MESSAGE_ID_BYTES * 2, "0");
}

/** The correlation id's 48 hex digits, from the bytes given, the text given, or both when they agree. */
export function correlationIdOfPut(message: PutMessage): string {
  const bytes = message.correlationId === undefined ? undefined : normalizeId(message.correlationId, "correlation");
  const text = message.correlationIdText;
  if (text === undefined) return bytes ?? NO_ID;
  if (typeof text !== "string") throw new MQError("MQRC_CORREL_ID_ERROR", "correlationIdText must be a string");
  const fromText = correlationIdFromText(text);
  if (bytes !== undefined && bytes !== fromText) {
    throw new MQError("MQRC_CORREL_ID_ERROR", `correlationId ${bytes} is not the bytes of correlationIdText ${JSON.stringify(text)}`);
  }
  return fromText;
}

// TextEncoder and TextDecoder exist in every runtime the product targets (ES2022's lib does not declare them).
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };
declare const TextDecoder: { new (label?: string, options?: { fatal?: boolean }): { decode(bytes: Uint8Array): string } };
const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Decodes UTF-8, throwing MQRC_FORMAT_ERROR on bytes that are not UTF-8. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch (cause) {
    throw new MQError("MQRC_FORMAT_ERROR", "the body is not valid UTF-8 text", { cause });
  }
}

/** The UTF-8 length of `text`, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 2; // a surrogate pair is 4 UTF-8 bytes for 2 UTF-16 units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * Turns a producer's body into its stored form and format. A string of n UTF-16 units is
 * at most 3n UTF-8 bytes, so text well under the limit skips the byte count (a hot path).
 */
export function encodeBody(
  body: MessageBody | ArrayBuffer,
  format: BodyFormat | undefined,
  maxLength: number,
): { stored: StoredBody; format: BodyFormat; size: number } {
  const resolved = format ?? inferFormat(body);
  switch (resolved) {
    case "text": {
      if (typeof body !== "string") throw new MQError("MQRC_FORMAT_ERROR", "a text body must be a string");
      const size = body.length * 3 <= maxLength ? body.length : utf8Length(body);
      return { stored: body, format: "text", size };
    }
    case "bytes": {
      let bytes: Uint8Array;
      if (body instanceof Uint8Array) bytes = body.slice();
      else if (body instanceof ArrayBuffer) bytes = new Uint8Array(body.slice(0));
      else if (typeof body === "string") bytes = utf8Encode(body);
      else throw new MQError("MQRC_FORMAT_ERROR", "a bytes body must be a Uint8Array, an ArrayBuffer or a string");
      return { stored: bytes, format: "bytes", size: bytes.byteLength };
    }
    case "json": {
      let text: string | undefined;
      try {
        text = JSON.stringify(body);
      } catch (cause) {
        throw new MQError("MQRC_FORMAT_ERROR", "a JSON body must be serializable as JSON", { cause });
      }
      if (text === undefined) throw new MQError("MQRC_FORMAT_ERROR", "a JSON body must be a JSON value");
      return { stored: text, format: "json", size: text.length * 3 <= maxLength ? text.length : utf8Length(text) };
    }
    default:
      throw new MQError("MQRC_FORMAT_ERROR", `unknown body format ${JSON.stringify(resolved)}`);
  }
}

function inferFormat(body: unknown): BodyFormat {
  if (typeof body === "string") return "text";
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return "bytes";
  return "json";
}

/** The consumer's view of a stored body. */
export function decodeBody(stored: StoredBody, format: BodyFormat): MessageBody {
  switch (format) {
    case "text":
      return typeof stored === "string" ? stored : utf8Decode(stored);
    case "bytes":
      return typeof stored === "string" ? utf8Encode(stored) : stored.slice();
    case "json":
      try {
        return JSON.parse(typeof stored === "string" ? stored : utf8Decode(stored)) as JsonValue;
      } catch (cause) {
        if (cause instanceof MQError) throw cause;
        throw new MQError("MQRC_FORMAT_ERROR", "the JSON body is not valid JSON", { cause });
      }
  }
}

export function formatName(format: BodyFormat): string {
  return format === "bytes" ? "" : "MQSTR";
}

/**
 * Makes message ids in IBM MQ's shape: "AMQ " and the queue manager's name padded to 12
 * bytes, then 8 bytes that are the message's sequence number, unique for this manager
 * across restarts because the sequence never goes back.
 */
export function messageIdPrefix(queueManager: string): string {
  const head = "AMQ " + queueManager.slice(0, 12).padEnd(12, " ");
  let hex = "";
  for (let i = 0; i < 16; i++) hex += (head.charCodeAt(i) & 0xff).toString(16).padStart(2, "0");
  return hex;
}

/**
 * The id's last 8 bytes are the seq (incarnation * 2^20 + counter) as 16 hex digits, written
 * as 11 digits of incarnation and 5 of counter, so that only small numbers are formatted.
 */
export function messageIdBase(prefix: string, incarnation: number): string {
  return prefix + incarnation.toString(16).padStart(11, "0");
}

/** A message id from its incarnation's base and the 20-bit counter within the incarnation. */
export function messageIdFor(base: string, counter: number): string {
  return base + counter.toString(16).padStart(5, "0");
}
