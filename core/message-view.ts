/** A stored message as a consumer sees it: the descriptor, its remaining expiry, the body decoded. */
import { decodeBody, formatName, type Message, type MessageRecord, type StoredBody } from "./message.js";
import type { MessageSummary } from "./manager-types.js";
import { loadProperties } from "./properties.js";

export function toSummary(record: MessageRecord, now: number): MessageSummary {
  const summary: MessageSummary = {
    messageId: record.messageId,
    correlationId: record.correlationId,
    priority: record.priority,
    persistent: record.persistent,
    expiry: record.expiresAt === null ? null : Math.max(0, record.expiresAt - now),
    putTime: record.putTime,
    replyToQueue: record.replyToQueue,
    replyToQueueManager: record.replyToQueueManager,
    messageType: record.messageType,
    type: record.type,
    format: record.format ?? formatName(record.bodyFormat),
    backoutCount: record.backoutCount,
    properties: record.properties.length === 0 ? [] : loadProperties(record.properties),
    bodyFormat: record.bodyFormat,
  };
  if (record.contentType !== undefined) summary.contentType = record.contentType;
  if (record.correlationIdText !== undefined) summary.correlationIdText = record.correlationIdText;
  if (record.transmission !== undefined) summary.transmission = { ...record.transmission };
  if (record.deadLetter !== undefined) summary.deadLetterHeader = { ...record.deadLetter };
  return summary;
}

export function toMessage(record: MessageRecord, body: StoredBody, now: number): Message {
  const message = toSummary(record, now) as Message;
  message.body = decodeBody(body, record.bodyFormat);
  return message;
}
