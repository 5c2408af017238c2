/**
 * Moving a message aside in the unit of work that got it, so the get and the move commit
 * together: to the queue's backout requeue queue (BOQNAME), or to the queue manager's
 * dead-letter queue (DEADQ) with a dead-letter header. A put that fails (queue full, put
 * inhibited, unknown) is refused before it is staged, so the unit stays whole and the next
 * place can be tried.
 */
import { MQError } from "../../base/errors.js";
import type { MessagingPort, MessageContext, QueueEvents, UnitOfWork } from "../../kernel/index.js";
import type { DeadLetterHeader, Message, PutMessage } from "../../message/message.js";
import { deadLetterReasonName } from "../../message/feedback-codes.js";

/** What moving a message aside needs of the queue manager. */
export interface MoveHost extends Pick<MessagingPort, "put"> {
  readonly name: string;
  /** The queue manager's DEADQ. */
  deadLetterQueue(): string;
  now(): number;
  /** Where a move is told (a "moved" event), so that one can follow a message to where it went. */
  readonly events?: Pick<QueueEvents, "emit">;
}

/** Tells the move as it is staged: the put on `to` commits with the get from `from`, or neither does. */
function tellMoved(host: MoveHost, message: Message, from: string, to: string, toMessageId: string, reason: string): void {
  host.events?.emit({ type: "moved", queue: from, messageId: message.messageId, to, toMessageId, reason });
}

/** What of a message a copy of it keeps: its body, descriptor and properties. */
export type CopiedFields = Pick<
  Message,
  | "body"
  | "bodyFormat"
  | "priority"
  | "persistent"
  | "correlationId"
  | "correlationIdText"
  | "messageType"
  | "type"
  | "replyToQueue"
  | "replyToQueueManager"
  | "properties"
  | "expiry"
  | "contentType"
>;

/**
 * The message as it is put again elsewhere (a backout or dead-letter queue, a channel's
 * partner): its body, descriptor and properties; a new message id.
 */
export function copyOf(message: CopiedFields): PutMessage {
  const copy: PutMessage = {
    body: message.body,
    bodyFormat: message.bodyFormat,
    priority: message.priority,
    persistent: message.persistent,
    correlationId: message.correlationId,
    messageType: message.messageType,
    type: message.type,
    replyToQueue: message.replyToQueue,
    replyToQueueManager: message.replyToQueueManager,
    properties: message.properties,
    // What it had left to live; one that ran out as it moved gets a moment, not forever.
    expiry: message.expiry === null ? null : Math.max(1, message.expiry),
  };
  if (message.contentType !== undefined) copy.contentType = message.contentType;
  if (message.correlationIdText !== undefined) copy.correlationIdText = message.correlationIdText;
  return copy;
}

function contextOf(message: Message, deadLetter?: DeadLetterHeader): MessageContext {
  const context: MessageContext = { putTime: message.putTime, backoutCount: message.backoutCount };
  if (deadLetter) context.deadLetter = deadLetter;
  return context;
}

/** Puts the message on a backout queue in the unit; the failure when it cannot. */
export async function moveToQueue(host: MoveHost, message: Message, queue: string, unit: UnitOfWork, from = ""): Promise<unknown> {
  try {
    const { messageId } = await host.put(queue, copyOf(message), { unitOfWork: unit, context: contextOf(message) });
    tellMoved(host, message, from, queue, messageId, "backout queue");
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Puts the message on the dead-letter queue in the unit, with a header that says why; the failure when it cannot. */
export async function moveToDeadLetterQueue(
  host: MoveHost,
  message: Message,
  from: string,
  reason: number,
  unit: UnitOfWork,
  putApplName = "webmq listener",
): Promise<unknown> {
  const deadLetterQueue = host.deadLetterQueue();
  if (deadLetterQueue === "") return new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue manager ${host.name} has no dead-letter queue (DEADQ is blank)`);
  const header: DeadLetterHeader = {
    reason,
    reasonName: deadLetterReasonName(reason),
    destQueue: from,
    destQueueManager: host.name,
    putTime: host.now(),
    format: message.format,
    putApplName: putApplName.slice(0, 28),
  };
  try {
    const { messageId } = await host.put(deadLetterQueue, copyOf(message), { unitOfWork: unit, context: contextOf(message, header) });
    tellMoved(host, message, from, deadLetterQueue, messageId, header.reasonName);
    return undefined;
  } catch (error) {
    return error;
  }
}
