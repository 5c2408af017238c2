/**
 * What a put checks, and the record it stores: every field of a PutMessage can be wrong, and
 * each is refused with its own MQ reason before anything changes.
 */
import { type LocalQueueAttributes, checkObjectName } from "../objects/attributes.js";
import { MQError } from "../base/errors.js";
import { correlationIdOfPut, encodeBody, type MessageRecord, type PutMessage } from "../message/message.js";
import { storeProperties, toProperties } from "../message/properties.js";
import { LocalQueue, type ResolvedPut } from "./local-queue.js";
import { EntryState, type Entry } from "./lane.js";
import type { PutOptions } from "./messaging-types.js";
import type { MessageMemory } from "./message-memory.js";
import type { SeqIds } from "./seq-ids.js";

const MESSAGE_TYPES = new Set(["datagram", "request", "reply", "report"]);

/** What every put of one queue manager shares: made once, not per put. */
export interface PutContext {
  readonly queueManager: string;
  /** The queue manager's MAXMSGL (kept up to date by ALTER QMGR). */
  maxMessageLength: number;
  readonly memory: MessageMemory;
  readonly seqs: SeqIds;
  /** Told of each put refused because the queue is full, before it is refused (Queue Full events). */
  queueFull?: (queue: LocalQueue) => void;
}

export type { ResolvedPut };
/** A local queue by its own name, or where another name resolved to. */
export type PutTarget = LocalQueue | ResolvedPut;

/** What of a put's options shapes its record: the context kept, and the room its unit of work makes. */
export type PutRecordOptions = Pick<PutOptions, "context" | "makingRoom" | "makingRoomBytes">;

/**
 * Checks a put to `target` and builds its record. DEFPRTY and DEFPSIST are those of the first
 * definition on the way (an alias's, a remote queue's); `options.makingRoom` (and its bytes) are
 * the messages the put's unit of work removes to make room (LIMITBHV RMOLDEST, RMLOWPRI),
 * counted in depth until it commits. Takes the caller's options as they are: no allocation.
 */
export function buildPutRecord(context: PutContext, now: number, target: PutTarget, message: PutMessage, options: PutRecordOptions): Entry {
  const local = target instanceof LocalQueue;
  const queue = local ? target : target.queue;
  const defaults = local ? target.attributes : target.defaults;
  const transmission = local ? undefined : target.transmission;
  const kept = options.context;
  const makingRoom = options.makingRoom ?? 0;
  const makingRoomBytes = options.makingRoomBytes ?? 0;
  const attributes = queue.attributes;
  if (!attributes.putEnabled) throw new MQError("MQRC_PUT_INHIBITED", `queue ${queue.name} is PUT(DISABLED)`);
  if (message === null || typeof message !== "object") throw new MQError("MQRC_FORMAT_ERROR", "a message must be an object with a body");
  const { memory } = context;
  // No message may be larger than the memory the manager may hold messages in, whatever MAXMSGL says.
  const qmgrMax = Math.min(context.maxMessageLength, memory.limitBytes);
  const maxLength = Math.min(attributes.maxMessageLength, qmgrMax);
  const { stored, format, size } = encodeBody(message.body, message.bodyFormat, maxLength);
  if (size > maxLength) {
    throw size > qmgrMax
      ? new MQError(
          "MQRC_MSG_TOO_BIG_FOR_Q_MGR",
          `the message is ${size} bytes; queue manager ${context.queueManager} takes at most ${qmgrMax} (${qmgrMax < context.maxMessageLength ? "the memory it may hold messages in" : "MAXMSGL"})`,
        )
      : new MQError("MQRC_MSG_TOO_BIG_FOR_Q", `the message is ${size} bytes; queue ${queue.name} takes at most ${attributes.maxMessageLength} (MAXMSGL)`);
  }
  if (queue.depth - makingRoom >= attributes.maxDepth) {
    context.queueFull?.(queue);
    throw new MQError("MQRC_Q_FULL", `queue ${queue.name} holds its maximum of ${attributes.maxDepth} messages (MAXDEPTH)`);
  }
  const maxBytes = queue.maxBytes;
  if (maxBytes >= 0 && queue.bytes - makingRoomBytes + size > maxBytes) {
    context.queueFull?.(queue);
    throw new MQError(
      "MQRC_Q_FULL",
      `queue ${queue.name} holds ${queue.bytes} bytes of messages, and this one (${size} bytes) would pass its MAXBYTES(${maxBytes})`,
    );
  }
  const priority = message.priority ?? defaults.defaultPriority;
  if (!Number.isInteger(priority) || priority < 0 || priority > 9) {
    throw new MQError("MQRC_PRIORITY_ERROR", `priority must be an integer from 0 to 9; got ${JSON.stringify(priority)}`);
  }
  const persistent = message.persistent ?? defaults.defaultPersistence;
  if (typeof persistent !== "boolean") throw new MQError("MQRC_PERSISTENCE_ERROR", "persistent must be true or false");
  if (!persistent && !memory.fits(size)) {
    throw new MQError(
      "MQRC_STORAGE_NOT_AVAILABLE",
      `queue manager ${context.queueManager} holds ${memory.used} bytes of non-persistent messages, and this one (${size} bytes) would pass its limit of ${memory.limitBytes}; get messages off its queues, or put this one persistent, which is kept in the store`,
    );
  }
  if (persistent && queue.dynamic === "temporary") {
    throw new MQError("MQRC_PERSISTENT_NOT_ALLOWED", `queue ${queue.name} is a temporary dynamic queue, which holds only non-persistent messages`);
  }
  const expiry = message.expiry ?? null;
  if (expiry !== null && (!Number.isInteger(expiry) || expiry <= 0)) {
    throw new MQError("MQRC_EXPIRY_ERROR", `expiry is a positive whole number of milliseconds, or null for unlimited; got ${JSON.stringify(expiry)}`);
  }
  const correlationId = correlationIdOfPut(message);
  const properties = message.properties === undefined ? [] : storeProperties(toProperties(message.properties));
  const delay = message.deliveryDelay ?? 0;
  if (!Number.isSafeInteger(delay) || delay < 0)
    throw new MQError("MQRC_OPTIONS_ERROR", `deliveryDelay is a whole number of milliseconds, 0 or more; got ${JSON.stringify(delay)}`);
  const messageType = message.messageType ?? "datagram";
  if (!MESSAGE_TYPES.has(messageType))
    throw new MQError("MQRC_MSG_TYPE_ERROR", `messageType is one of datagram, request, reply, report; got ${JSON.stringify(messageType)}`);
  if (message.type !== undefined && typeof message.type !== "string") throw new MQError("MQRC_FORMAT_ERROR", "type (JMSType) must be a string");
  const replyToQueue = optionalName(message.replyToQueue, "reply-to queue");
  const replyToQueueManager = optionalName(message.replyToQueueManager, "reply-to queue manager");

  const { seqs } = context;
  const counter = seqs.takeCounter();
  const record: MessageRecord = {
    seq: seqs.seqOfCounter(counter),
    queue: queue.name,
    messageId: seqs.idOfCounter(counter),
    correlationId,
    priority,
    persistent,
    expiresAt: expiry === null ? null : now + expiry,
    putTime: now,
    replyToQueue,
    replyToQueueManager: replyToQueue !== "" && replyToQueueManager === "" ? context.queueManager : replyToQueueManager,
    messageType,
    type: message.type ?? "",
    backoutCount: 0,
    properties,
    bodyFormat: format,
    bodySize: size,
  };
  if (message.contentType !== undefined) record.contentType = String(message.contentType);
  if (message.correlationIdText !== undefined) record.correlationIdText = message.correlationIdText;
  if (delay > 0) record.deliverAt = now + delay;
  if (transmission) record.transmission = transmission;
  if (kept) {
    // A message moved by the queue manager keeps its context (MQPMO_PASS_ALL_CONTEXT).
    if (kept.messageId !== undefined) record.messageId = kept.messageId;
    if (kept.putTime !== undefined) record.putTime = kept.putTime;
    if (kept.backoutCount !== undefined) record.backoutCount = kept.backoutCount;
    if (kept.deadLetter !== undefined) record.deadLetter = { ...kept.deadLetter };
    if (kept.format !== undefined) record.format = kept.format;
  }
  // The entry the queue will hold: one object for the record and its body, made once.
  return { record, body: stored, state: EntryState.Pending };
}

function optionalName(value: unknown, what: string): string {
  if (value === undefined || value === "") return "";
  return checkObjectName(value, what);
}
