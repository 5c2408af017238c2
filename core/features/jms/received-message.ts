/** A message as a JMS consumer receives it: the message, JMS's redelivery fields, and acknowledge(). */
import type { Message } from "../../message/message.js";

export interface ReceivedMessage extends Message {
  /** JMSRedelivered: it was delivered before and not acknowledged (its backout count is above 0). */
  readonly redelivered: boolean;
  /** JMSXDeliveryCount: the backout count + 1. */
  readonly deliveryCount: number;
  /**
   * CLIENT: acknowledges every message the session has consumed so far; INDIVIDUAL: this one
   * only; other modes: nothing to do.
   */
  acknowledge(): Promise<void>;
}

export function received(message: Message, acknowledge: () => Promise<void>): ReceivedMessage {
  return Object.assign(message, {
    redelivered: message.backoutCount > 0,
    deliveryCount: message.backoutCount + 1,
    acknowledge,
  });
}
