/**
 * Channel frames as bytes, for transports that cross a wire (a WebSocket, an HTTP body): one
 * frame is one binary message, `u32 header length (big-endian) | header | body`, where the
 * header is the frame as UTF-8 JSON and the body is a message's bytes, when it has bytes. No
 * base64 (a third larger, and a copy): a bytes body travels as it is.
 *
 * Everything decoded is checked, as anything from outside must be: a frame the partner could
 * not have meant (not a frame, an unknown type, a field of the wrong kind, a message whose ids,
 * priority or properties are out of range, a body that does not match its format) is
 * MQRC_FORMAT_ERROR (2110) with what was wrong, never a TypeError deeper in the agent. A frame
 * type added to transport.ts needs its check in FRAME_CHECKS; an unknown type is refused.
 */
import { MQError } from "../../base/errors.js";
import { utf8Decode, utf8Encode } from "../../message/message.js";
import { loadProperties, storeProperties, type StoredProperty } from "../../message/properties.js";
import { storedPropertyProblem } from "../../store/record-check.js";
import type { ChannelFrame, WireMessage } from "./transport.js";

/**
 * The two frames that open a connection over a wire, before any agent's `start`: the sender's
 * `auth` (the channel it runs, its queue manager and its credentials: a browser's WebSocket
 * cannot set an Authorization header, so they travel in-band, as the first frame) and the
 * receiving end's `accepted` (naming the queue manager that runs the channel). Not channel
 * frames: `decodeChannelFrame` refuses them, so neither agent ever sees one.
 */
export type HandshakeFrame =
  { type: "auth"; channel: string; from: string; token?: string; user?: string; password?: string } | { type: "accepted"; queueManager: string };

/** Any frame the wire carries: a channel frame, or one of the handshake's. */
export type WireFrame = ChannelFrame | HandshakeFrame;

const HEADER_LENGTH_BYTES = 4;
const HEX_ID = /^[0-9a-f]{48}$/;
const MESSAGE_TYPES = new Set(["datagram", "request", "reply", "report"]);

/** A frame as one binary message. */
export function encodeChannelFrame(frame: WireFrame): Uint8Array {
  let body: Uint8Array | undefined;
  let header: unknown = frame;
  if (frame.type === "message" || frame.type === "fastMessage") {
    const { body: messageBody, properties, ...rest } = frame.message;
    const bytes = messageBody instanceof Uint8Array;
    if (bytes) body = messageBody;
    header = { ...frame, message: { ...rest, properties: storeProperties(properties), ...(bytes ? { bodyBytes: true } : { body: messageBody }) } };
  }
  const headerBytes = utf8Encode(JSON.stringify(header));
  const out = new Uint8Array(HEADER_LENGTH_BYTES + headerBytes.byteLength + (body?.byteLength ?? 0));
  new DataView(out.buffer).setUint32(0, headerBytes.byteLength, false);
  out.set(headerBytes, HEADER_LENGTH_BYTES);
  if (body) out.set(body, HEADER_LENGTH_BYTES + headerBytes.byteLength);
  return out;
}

/** The channel frame a binary message holds; MQRC_FORMAT_ERROR when it holds none (a handshake frame included). */
export function decodeChannelFrame(data: Uint8Array | ArrayBuffer): ChannelFrame {
  const frame = decodeWireFrame(data);
  if (frame.type === "auth" || frame.type === "accepted") refuse(`${frame.type} opens a connection; it cannot come once the channel runs`);
  return frame;
}

/** The frame a binary message holds, handshake frames included; MQRC_FORMAT_ERROR when it holds none. */
export function decodeWireFrame(data: Uint8Array | ArrayBuffer): WireFrame {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength < HEADER_LENGTH_BYTES) refuse(`${bytes.byteLength} bytes are too few for a frame`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, false);
  if (headerLength > bytes.byteLength - HEADER_LENGTH_BYTES)
    refuse(`its header says ${headerLength} bytes, and ${bytes.byteLength - HEADER_LENGTH_BYTES} follow`);
  let header: unknown;
  try {
    header = JSON.parse(utf8Decode(bytes.subarray(HEADER_LENGTH_BYTES, HEADER_LENGTH_BYTES + headerLength)));
  } catch {
    refuse("its header is not UTF-8 JSON");
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) refuse("its header is not an object");
  const type = (header as { type?: unknown }).type;
  const check = typeof type === "string" && Object.hasOwn(FRAME_CHECKS, type) ? FRAME_CHECKS[type as WireFrame["type"]] : undefined;
  if (!check) refuse(`its type ${JSON.stringify(type)} is not a channel frame's`);
  const rest = bytes.subarray(HEADER_LENGTH_BYTES + headerLength);
  const problem = check(header as Record<string, unknown>, rest);
  if (problem !== undefined) refuse(`${type}: ${problem}`);
  if (type === "message" || type === "fastMessage") {
    const frame = header as { message: Record<string, unknown> };
    const { bodyBytes, ...message } = frame.message;
    frame.message = { ...message, properties: loadProperties(message.properties as StoredProperty[]), body: bodyBytes === true ? rest.slice() : message.body };
  }
  return header as WireFrame;
}

type Fields = Record<string, unknown>;
type Check = (frame: Fields, rest: Uint8Array) => string | undefined;

const isCount = (value: unknown) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown) => typeof value === "string";

/** The first field of `frame` that is not of its kind, named. */
function fieldsProblem(frame: Fields, kinds: Record<string, (value: unknown) => boolean>): string | undefined {
  for (const [name, ok] of Object.entries(kinds)) if (!ok(frame[name])) return `${name} ${JSON.stringify(frame[name]) ?? "absent"} is not what it must be`;
  return undefined;
}

const noBody =
  (check: Check): Check =>
  (frame, rest) =>
    rest.byteLength > 0 ? `${rest.byteLength} bytes follow a frame that carries none` : check(frame, rest);

const isOptionalText = (value: unknown) => value === undefined || isText(value);
const isOptionalCount = (value: unknown) => value === undefined || isCount(value);

export const FRAME_CHECKS: Record<WireFrame["type"], Check> = {
  start: noBody((f) => fieldsProblem(f, { channel: isText, from: isText, sequenceWrap: isCount, heartbeatInterval: isOptionalCount })),
  status: noBody((f) => fieldsProblem(f, { lastSeq: isCount, lastLuwid: isText, heartbeatInterval: isOptionalCount })),
  message: (f, rest) => fieldsProblem(f, { seq: isCount }) ?? wireMessageProblem(f.message, rest),
  fastMessage: (f, rest) => fieldsProblem(f, { seq: isCount }) ?? wireMessageProblem(f.message, rest),
  endBatch: noBody((f) => fieldsProblem(f, { luwid: isText, firstSeq: isCount, lastSeq: isCount, count: isCount })),
  confirm: noBody((f) => fieldsProblem(f, { luwid: isText, lastSeq: isCount })),
  error: noBody((f) => fieldsProblem(f, { reason: (v) => isText(v) && /^MQRC_[A-Z0-9_]+$/.test(v as string), text: isText })),
  auth: noBody(
    (f) =>
      fieldsProblem(f, { channel: (v) => isText(v) && v !== "", from: isText, token: isOptionalText, user: isOptionalText, password: isOptionalText }) ??
      (f.token !== undefined && f.user !== undefined ? "it gives both a token and a user" : undefined) ??
      (f.user !== undefined && f.password === undefined ? "it gives a user and no password" : undefined),
  ),
  accepted: noBody((f) => fieldsProblem(f, { queueManager: isText })),
  request: noBody((f) => fieldsProblem(f, { channel: isText, from: isText })),
  ping: noBody((f) => fieldsProblem(f, { channel: isText, from: isText, data: isText })),
  pingReply: noBody((f) => fieldsProblem(f, { data: isText })),
  reset: noBody((f) => fieldsProblem(f, { seq: isCount })),
  close: noBody((f) => fieldsProblem(f, { text: isText })),
  heartbeat: noBody(() => undefined),
  heartbeatReply: noBody(() => undefined),
};

/** What is wrong with a message as a frame's header carries it (before its body and properties are restored). */
function wireMessageProblem(value: unknown, rest: Uint8Array): string | undefined {
  if (value === null || typeof value !== "object") return "it carries no message";
  const m = value as Fields & Partial<Record<keyof WireMessage, unknown>>;
  const to = m.to as Fields | null | undefined;
  if (to === null || typeof to !== "object" || !isText(to.remoteQueue) || !isText(to.remoteQueueManager)) return "the message says not where it goes";
  const problem = fieldsProblem(m, {
    messageId: (v) => isText(v) && HEX_ID.test(v as string),
    correlationId: (v) => isText(v) && HEX_ID.test(v as string),
    correlationIdText: (v) => v === undefined || isText(v),
    priority: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 9,
    persistent: (v) => typeof v === "boolean",
    expiry: (v) => v === null || (typeof v === "number" && v >= 0),
    putTime: (v) => typeof v === "number" && Number.isFinite(v),
    replyToQueue: isText,
    replyToQueueManager: isText,
    messageType: (v) => MESSAGE_TYPES.has(v as string),
    type: isText,
    format: isText,
    contentType: (v) => v === undefined || isText(v),
    properties: Array.isArray,
    bodyFormat: (v) => v === "text" || v === "bytes" || v === "json",
  });
  if (problem !== undefined) return `the message's ${problem}`;
  for (const property of m.properties as unknown[]) {
    const propertyProblem = storedPropertyProblem(property);
    if (propertyProblem !== undefined) return `a property ${propertyProblem}`;
  }
  const bytes = (m as Fields).bodyBytes === true;
  if (m.bodyFormat === "bytes" && !bytes) return "a bytes message carries no bytes";
  if (m.bodyFormat !== "bytes" && bytes) return `a ${String(m.bodyFormat)} message carries bytes`;
  if (!bytes && rest.byteLength > 0) return `${rest.byteLength} bytes follow a message whose body is in its header`;
  if (m.bodyFormat === "text" && !isText(m.body)) return "a text message's body is not text";
  if (m.bodyFormat === "json" && m.body === undefined) return "a JSON message has no body";
  return undefined;
}

function refuse(problem: string): never {
  throw new MQError("MQRC_FORMAT_ERROR", `a channel frame that cannot be read: ${problem}`);
}
