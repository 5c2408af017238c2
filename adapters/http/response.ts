/**
 * Building responses from messages: the ibm-mq-md-* headers and body of a get or browse,
 * the 201 of a put, and the JSON summaries of a message list.
 */
import type { Message, MessageSummary, UnitOfWork } from "../../core/index.js";
import { utf8Encode } from "../../core/internal.js";
import { committingBody } from "./committing-body.js";
import { BYTES_MEDIA_TYPE } from "./body.js";
import { formatCorrelationId, formatId, type ApiVersion } from "./ids.js";
import { HEADER } from "./headers.js";
import { formatUserProperties, userPropertyJson } from "./user-properties.js";

const UNLIMITED = "unlimited";
const TEXT_MEDIA_TYPE = "text/plain;charset=utf-8";

/** 201 Created, no body, the new message's id. */
export function createdResponse(version: ApiVersion, messageId: string): Response {
  return new Response(null, { status: 201, headers: { [HEADER.messageId]: formatId(version, messageId) } });
}

/** 204 No Content: no message matched (after the wait, if any). */
export function noMessageResponse(): Response {
  return new Response(null, { status: 204 });
}

/** 200 with the message's body, typed as it was put, and its descriptor as headers. */
export function messageResponse(version: ApiVersion, message: Message): Response {
  return new Response(bodyOf(message), { status: 200, headers: messageHeaders(version, message) });
}

/**
 * The 200 of a destructive get taken in `unit`: the get commits once the body has been
 * handed over, and backs out if it never is (see committing-body.ts).
 */
export function gotMessageResponse(
  version: ApiVersion,
  message: Message,
  unit: UnitOfWork,
  idleTimeout: number,
  clientGone?: AbortSignal,
  handoverTimeout?: number,
): Response {
  const body = bodyOf(message);
  const bytes = typeof body === "string" ? utf8Encode(body) : body;
  return new Response(committingBody(bytes, unit, idleTimeout, clientGone, handoverTimeout), { status: 200, headers: messageHeaders(version, message) });
}

function messageHeaders(version: ApiVersion, message: Message): Headers {
  const headers = new Headers(descriptorHeaders(version, message));
  headers.set("content-type", contentTypeOf(message));
  return headers;
}

function descriptorHeaders(version: ApiVersion, message: MessageSummary): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.messageId]: formatId(version, message.messageId),
    [HEADER.correlationId]: formatCorrelationId(version, message),
    [HEADER.expiry]: message.expiry === null ? UNLIMITED : String(message.expiry),
    [HEADER.persistence]: persistenceName(message.persistent),
  };
  const replyTo = replyToOf(message);
  if (replyTo !== undefined) headers[HEADER.replyTo] = replyTo;
  if (version === "v3") {
    headers[HEADER.priority] = String(message.priority);
    const properties = formatUserProperties(message.properties);
    if (properties !== undefined) headers[HEADER.userProperties] = properties;
  }
  return headers;
}

/**
 * Every text message is MQSTR, which has no media type: IBM's mqweb answers each one, in every
 * API version, as text/plain;charset=utf-8, whatever the Content-Type it was put with (the
 * media type a POST gives only says the body is text). A client that parses by Content-Type
 * (axios and JSON) then gets the text it sent. Bytes (ours) are application/octet-stream.
 */
function contentTypeOf(message: Message): string {
  return message.bodyFormat === "bytes" ? BYTES_MEDIA_TYPE : TEXT_MEDIA_TYPE;
}

function bodyOf(message: Message): string | Uint8Array<ArrayBuffer> {
  switch (message.bodyFormat) {
    case "bytes":
      // core hands each consumer its own copy, backed by a plain ArrayBuffer.
      return message.body as Uint8Array<ArrayBuffer>;
    case "json":
      return JSON.stringify(message.body);
    case "text":
      return message.body as string;
  }
}

// --- Message list ---

/** One message's summary in a message list (no body). */
export function messageSummaryJson(version: ApiVersion, message: MessageSummary): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    messageId: formatId(version, message.messageId),
    correlationId: formatCorrelationId(version, message),
    format: message.format,
    persistence: persistenceName(message.persistent),
    putDateTime: new Date(message.putTime).toISOString(),
    expiry: message.expiry === null ? UNLIMITED : message.expiry,
  };
  const replyTo = replyToOf(message);
  if (replyTo !== undefined) summary.replyTo = replyTo;
  if (version === "v3") {
    summary.priority = message.priority;
    if (message.properties.length > 0) summary.userProperties = message.properties.map(userPropertyJson);
  }
  return summary;
}

// --- Internal helpers ---

function persistenceName(persistent: boolean): string {
  return persistent ? "persistent" : "nonPersistent";
}

/** `queue@qmgr` as ibm-mq-md-replyTo writes it, or undefined when the message has none. */
function replyToOf(message: MessageSummary): string | undefined {
  if (message.replyToQueue === "") return undefined;
  return message.replyToQueueManager === "" ? message.replyToQueue : `${message.replyToQueue}@${message.replyToQueueManager}`;
}
