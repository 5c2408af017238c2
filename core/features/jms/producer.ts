/** A JMS producer: puts on a queue, or publishes on a topic, through its session. */
import { MQError } from "../../base/errors.js";
import type { PutMessage } from "../../message/message.js";
import type { PutResult } from "../../kernel/index.js";
import { isTopic, type Destination } from "./destinations.js";

/** What a producer needs of its session. */
export interface ProducerSession {
  send(queue: string, message: PutMessage): Promise<PutResult>;
  publish(topic: string, message: PutMessage): Promise<{ subscriptions: number }>;
}

/** Sends messages, to its destination or to the one each send names. */
export class MessageProducer {
  constructor(
    private readonly session: ProducerSession,
    readonly destination: Destination | undefined,
  ) {}

  /** Puts the message on a queue, or publishes it on a topic; in a transacted session it is visible when the session commits. */
  send(message: PutMessage, destination: Destination | undefined = this.destination): Promise<PutResult | { subscriptions: number }> {
    if (!destination) throw new MQError("MQRC_OBJECT_NAME_ERROR", "this producer has no destination: name one in send");
    return isTopic(destination) ? this.session.publish(destination.topicName, message) : this.session.send(destination.queueName, message);
  }
}
