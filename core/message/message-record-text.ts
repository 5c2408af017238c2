/**
 * A message record as text, for stores that keep records as text (the Durable Object's
 * SQLite rows). It is JSON, written field by field and without the fields that hold their
 * defaults: JSON.stringify of the whole record was the largest CPU cost of a persistent put
 * at the edge (1.1-1.3 µs of a put+get pair of ~10 µs), and the rows shrink from about 380
 * to 210 bytes. Text written by JSON.stringify of a whole record (older rows) reads the same.
 */
import { NO_ID, type MessageRecord } from "./message.js";

export function recordToText(r: MessageRecord): string {
  // Ids are 48 hex digits (normalizeId), so they need no escaping; every other string goes
  // through JSON.stringify, and a number that is not finite is written as JSON.stringify would.
  let text =
    `{"seq":${num(r.seq)},"queue":${quoted(r.queue)},"messageId":"${r.messageId}","priority":${num(r.priority)},"persistent":${r.persistent === true}` +
    `,"putTime":${num(r.putTime)},"messageType":${quoted(r.messageType)},"bodyFormat":${quoted(r.bodyFormat)},"bodySize":${num(r.bodySize)}`;
  if (r.correlationId !== NO_ID) text += `,"correlationId":"${r.correlationId}"`;
  if (r.correlationIdText !== undefined) text += `,"correlationIdText":${JSON.stringify(r.correlationIdText)}`;
  if (r.expiresAt !== null) text += `,"expiresAt":${num(r.expiresAt)}`;
  if (r.replyToQueue !== "") text += `,"replyToQueue":${JSON.stringify(r.replyToQueue)}`;
  if (r.replyToQueueManager !== "") text += `,"replyToQueueManager":${JSON.stringify(r.replyToQueueManager)}`;
  if (r.type !== "") text += `,"type":${JSON.stringify(r.type)}`;
  if (r.contentType !== undefined) text += `,"contentType":${JSON.stringify(r.contentType)}`;
  if (r.backoutCount !== 0) text += `,"backoutCount":${num(r.backoutCount)}`;
  if (r.properties.length > 0) text += `,"properties":${JSON.stringify(r.properties)}`;
  if (r.transmission !== undefined) text += `,"transmission":${JSON.stringify(r.transmission)}`;
  if (r.prepared !== undefined) text += `,"prepared":${JSON.stringify(r.prepared)}`;
  if (r.deliverAt !== undefined) text += `,"deliverAt":${num(r.deliverAt)}`;
  if (r.deadLetter !== undefined) text += `,"deadLetter":${JSON.stringify(r.deadLetter)}`;
  if (r.format !== undefined) text += `,"format":${JSON.stringify(r.format)}`;
  return text + "}";
}

/** The record a text holds, with its defaults filled in. Throws when the text is not JSON. */
export function recordFromText(text: string): MessageRecord {
  const parsed = JSON.parse(text) as Partial<MessageRecord> | null;
  if (parsed === null || typeof parsed !== "object") return parsed as unknown as MessageRecord;
  parsed.correlationId ??= NO_ID;
  if (!("expiresAt" in parsed)) parsed.expiresAt = null;
  parsed.replyToQueue ??= "";
  parsed.replyToQueueManager ??= "";
  parsed.type ??= "";
  parsed.backoutCount ??= 0;
  parsed.properties ??= [];
  return parsed as MessageRecord;
}

/**
 * The queue's name, the message type and the body format repeat from record to record: each
 * quoted once, not per record. JSON.stringify of the three was two thirds of this function's
 * time (430 -> 140 ns a record in node; our JavaScript is 6.4 µs of an edge put+get pair,
 * bench/README.md). Up to QUOTED_KEPT strings are kept; any others are quoted each time.
 */
const quotedStrings = new Map<string, string>();
const QUOTED_KEPT = 1_000;

function quoted(value: string): string {
  let text = quotedStrings.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (typeof value === "string" && value.length <= 64 && quotedStrings.size < QUOTED_KEPT) quotedStrings.set(value, text);
  }
  return text;
}

function num(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}
