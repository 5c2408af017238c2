/**
 * A STOMP SEND frame as an MQ message, and an MQ message as a MESSAGE frame's headers and
 * body, as ActiveMQ and RabbitMQ map STOMP onto JMS: `persistent`, `priority`, `expires`
 * (absolute, ms since the epoch, as ActiveMQ), `correlation-id`, `reply-to`, `content-type`;
 * every other header is a user property (a string), and every user property comes back as a
 * header. The body's bytes are kept: a text content type is stored as text (UTF-8), anything
 * else as bytes.
 */
import { MQError, type Message, type PutMessage } from "../../../core/index.js";
import { header, type StompFrame } from "./frame.js";

/** Headers that are STOMP's own, never user properties. */
const PROTOCOL_HEADERS = new Set([
  "destination",
  "content-length",
  "content-type",
  "receipt",
  "transaction",
  "persistent",
  "priority",
  "expires",
  "correlation-id",
  "reply-to",
  "message-id",
  "subscription",
  "ack",
  "redelivered",
  "timestamp",
  "JMSXDeliveryCount",
]);

const HEX_ID = /^[0-9a-fA-F]{48}$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** Whether a content type says the body is text: text/*, JSON, XML, or a charset named. */
function isTextType(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return type.startsWith("text/") || type.includes("json") || type.includes("xml") || type.includes("charset=");
}

/**
 * The message a SEND frame puts; `replyTo` is its reply-to header resolved to a queue name.
 * `cameAsText`: the frame came in a WebSocket text message, so without a content-type its
 * body is text (as stompjs sends a string body); one from a binary message is bytes.
 */
export function messageFromSend(frame: StompFrame, replyTo: string | undefined, now: number, cameAsText: boolean): PutMessage {
  const contentType = header(frame, "content-type");
  let body: string | Uint8Array = frame.body;
  if (contentType !== undefined ? isTextType(contentType) : cameAsText) {
    try {
      body = utf8.decode(frame.body);
    } catch {
      // Not UTF-8 after all: kept as the bytes that came.
    }
  }
  const message: PutMessage = { body, bodyFormat: typeof body === "string" ? "text" : "bytes" };
  if (contentType !== undefined) message.contentType = contentType;
  const persistent = header(frame, "persistent");
  if (persistent !== undefined) message.persistent = persistent === "true";
  const priority = header(frame, "priority");
  if (priority !== undefined) {
    if (!/^\d$/.test(priority)) throw new MQError("MQRC_PRIORITY_ERROR", `priority is 0 to 9; got ${JSON.stringify(priority.slice(0, 20))}`);
    message.priority = Number(priority);
  }
  const expires = header(frame, "expires");
  if (expires !== undefined && expires !== "0") {
    if (!/^\d{1,15}$/.test(expires))
      throw new MQError("MQRC_EXPIRY_ERROR", `expires is a time in milliseconds since the epoch; got ${JSON.stringify(expires.slice(0, 20))}`);
    message.expiry = Math.max(1, Number(expires) - now);
  }
  const correlationId = header(frame, "correlation-id");
  if (correlationId !== undefined && correlationId !== "") {
    if (HEX_ID.test(correlationId)) message.correlationId = correlationId.toLowerCase();
    else message.correlationIdText = correlationId;
  }
  if (replyTo !== undefined) message.replyToQueue = replyTo;
  const properties: Record<string, string> = {};
  for (const [name, value] of frame.headers) {
    if (PROTOCOL_HEADERS.has(name) || name in properties) continue;
    properties[name] = value;
  }
  if (Object.keys(properties).length > 0) message.properties = properties;
  return message;
}

/** The body's bytes, and whether it is text (sent as a WebSocket text message). */
export function bodyBytes(message: Message): { bytes: Uint8Array; text: boolean } {
  const body = message.body;
  if (body instanceof Uint8Array) return { bytes: body, text: false };
  if (typeof body === "string") return { bytes: encoder.encode(body), text: true };
  return { bytes: encoder.encode(JSON.stringify(body)), text: true };
}

/** A MESSAGE frame's headers for `message`, after the subscription's own (destination, subscription, ack). */
export function messageHeaders(message: Message, replyTo: (queue: string) => string): [string, string][] {
  const headers: [string, string][] = [
    ["message-id", message.messageId],
    ["redelivered", String(message.backoutCount > 0)],
    ["JMSXDeliveryCount", String(message.backoutCount + 1)],
    ["persistent", String(message.persistent)],
    ["priority", String(message.priority)],
    ["timestamp", String(message.putTime)],
  ];
  if (message.expiry !== null) headers.push(["expires", String(message.putTime + message.expiry)]);
  if (message.correlationIdText !== undefined) headers.push(["correlation-id", message.correlationIdText]);
  else if (/[^0]/.test(message.correlationId)) headers.push(["correlation-id", message.correlationId]);
  if (message.replyToQueue.trim() !== "") headers.push(["reply-to", replyTo(message.replyToQueue.trim())]);
  const contentType =
    message.contentType ?? (message.bodyFormat === "json" ? "application/json" : message.bodyFormat === "text" ? "text/plain;charset=utf-8" : undefined);
  if (contentType !== undefined) headers.push(["content-type", contentType]);
  for (const property of message.properties) {
    if (PROTOCOL_HEADERS.has(property.name)) continue;
    headers.push([property.name, property.value === null ? "" : String(property.value)]);
  }
  return headers;
}
