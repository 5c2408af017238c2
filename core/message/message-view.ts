/** A stored message as a consumer sees it: the descriptor, its remaining expiry, the body decoded. */
import { decodeBody, formatName, type Message, type MessageSummary, type MessageRecord, type StoredBody } from "./message.js";
import { MessagePropertyAccess } from "./message-properties.js";
import { loadProperties } from "./properties.js";

// The fields come from MessageSummary (declaration merging), so the class body declares none and
// each is an own, enumerable data property set in one order: a message clones as plain data.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
interface ReceivedMessageView extends MessageSummary {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class ReceivedMessageView extends MessagePropertyAccess {
  constructor(record: MessageRecord, now: number) {
    super();
    this.messageId = record.messageId;
    this.correlationId = record.correlationId;
    this.priority = record.priority;
    this.persistent = record.persistent;
    this.expiry = record.expiresAt === null ? null : Math.max(0, record.expiresAt - now);
    this.putTime = record.putTime;
    this.replyToQueue = record.replyToQueue;
    this.replyToQueueManager = record.replyToQueueManager;
    this.messageType = record.messageType;
    this.type = record.type;
    this.format = record.format ?? formatName(record.bodyFormat);
    this.backoutCount = record.backoutCount;
    this.properties = record.properties.length === 0 ? [] : loadProperties(record.properties);
    this.bodyFormat = record.bodyFormat;
    if (record.contentType !== undefined) this.contentType = record.contentType;
    if (record.correlationIdText !== undefined) this.correlationIdText = record.correlationIdText;
    if (record.transmission !== undefined) this.transmission = { ...record.transmission };
    if (record.deadLetter !== undefined) this.deadLetterHeader = { ...record.deadLetter };
  }
}

export function toSummary(record: MessageRecord, now: number): MessageSummary {
  return new ReceivedMessageView(record, now);
}

export function toMessage(record: MessageRecord, body: StoredBody, now: number): Message {
  const message = toSummary(record, now) as Message;
  message.body = decodeBody(body, record.bodyFormat);
  return message;
}
