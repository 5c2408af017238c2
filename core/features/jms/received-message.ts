/** A message as a JMS consumer receives it: the message, JMS's redelivery fields, acknowledge() and backOut(). */
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
  /**
   * INDIVIDUAL only (a negative acknowledgement, as STOMP's NACK): this message's get is backed
   * out, so it comes again with its backout count one higher; with `moveTo`, it is put on that
   * queue (a backout queue) in the same unit of work as its get, which then commits, so it is
   * moved once or not at all. Other modes: MQRC_OPTIONS_ERROR (their messages come back by
   * recover or rollback).
   */
  backOut(moveTo?: string): Promise<void>;
}

export function received(message: Message, acknowledge: () => Promise<void>, backOut: (message: Message, moveTo?: string) => Promise<void>): ReceivedMessage {
  return Object.assign(message, {
    redelivered: message.backoutCount > 0,
    deliveryCount: message.backoutCount + 1,
    acknowledge,
    backOut: (moveTo?: string) => backOut(message, moveTo),
  });
}
