/** What a JMS session names: queues and topics, and what a consumer of one takes. */
import type { ReceivedMessage } from "./received-message.js";

/** A JMS Queue: a destination by name. */
export interface Queue {
  readonly queueName: string;
}

/** A JMS Topic: an MQ topic string, e.g. "price/fruit/apples". */
export interface Topic {
  readonly topicName: string;
}

export type Destination = Queue | Topic;

export function isTopic(destination: Destination): destination is Topic {
  return typeof (destination as Topic).topicName === "string";
}

export interface ConsumerOptions {
  /** On a topic: not the publications of this consumer's own connection. */
  noLocal?: boolean;
  /** A JMS message selector: the consumer receives only the messages it selects. Checked here (2459). */
  selector?: string;
  /** How many messages the consumer may hold unacknowledged ahead of its listener (default 1). */
  prefetch?: number;
}

export type MessageListener = (message: ReceivedMessage) => void | Promise<void>;
