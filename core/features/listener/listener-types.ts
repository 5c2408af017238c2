/** What a listener (listener.ts) and its work (listener-work.ts) share: the host, the figures, the handler. */
import type { MessagingPort, QueueEvents } from "../../kernel/index.js";
import type { Message } from "../../message/message.js";
import type { Clock } from "../../base/clock.js";

export type MessageHandler = (message: Message) => unknown;

export interface ListenerStats {
  /** Handled: the handler returned and the get was committed. */
  processed: number;
  /** The handler threw: the get was backed out, to be delivered again. */
  rolledBack: number;
  /** Moved to the queue's backout requeue queue (BOQNAME). */
  backedOut: number;
  /** Put on the dead-letter queue: poison with nowhere else to go, or unprocessable. */
  deadLettered: number;
  /** Unprocessable and discarded, as the listener's options say. */
  discarded: number;
  /** Handler, store and move failures. */
  errors: number;
}

/** What the listener needs of a queue manager. */
export interface ListenerHost extends Pick<MessagingPort, "consume" | "beginUnitOfWork" | "put"> {
  readonly name: string;
  readonly clock: Clock;
  readonly closed: boolean;
  queueAttributes(queue: string): { backoutThreshold: number; backoutRequeueQueue: string };
  readonly attributes: { deadLetterQueue: string };
  /** Where the listener tells a message it moves aside. */
  readonly events: Pick<QueueEvents, "emit">;
}
