/**
 * What the JMS layer needs of a queue manager, declared here so that core/jms depends on no
 * manager: puts and gets, with or without a unit of work, and a unit of work to begin.
 */
import type { PutMessage } from "../../message/message.js";
import type { MessagingPort, PublishOptions, XAResource } from "../../kernel/index.js";
import type { ActiveSubscription } from "../pubsub/subscriptions.js";
import type { DurableHost } from "../pubsub/durable-subscription.js";
import type { Selector } from "../../selector/index.js";
import type { Clock } from "../../base/clock.js";
import type { ConsumerSlots } from "./consumer-slots.js";

/** The queue manager's own operations JMS calls, on the manager as they are (QueueManager has them all). */
export interface JmsManager extends DurableHost, Pick<MessagingPort, "put" | "get" | "consume" | "beginUnitOfWork"> {
  readonly name: string;
  readonly closed: boolean;
  /** Time for a backup consumer's receive, which waits to become active. */
  readonly clock: Clock;
  readonly xaResource: XAResource;
  publish(topic: string, message: PutMessage, options?: PublishOptions): Promise<{ subscriptions: number }>;
}

/** What the JMS layer runs on: its queue manager, and the publish/subscribe and consumer bookkeeping JMS keeps beside it. */
export interface JmsHost {
  readonly manager: JmsManager;
  addNonDurableSubscription(subscription: ActiveSubscription): () => void;
  createManagedQueue(): string;
  deliverRetainedTo(topic: string, queue: string, selector: Selector | undefined, durable: boolean): Promise<number>;
  dropManagedQueue(name: string): Promise<void>;
  /** The durable subscriptions that have an active consumer (JMS: one at a time, unless shared). */
  readonly activeDurables: Set<string>;
  /** Durable noLocal subscriptions without a client id, and the connection whose publications each refuses. */
  readonly durableNoLocal: Map<string, object>;
  /** Consumers of shared subscriptions by name: a durable one cannot be unsubscribed while it has any. */
  readonly sharedConsumers: Map<string, SharedSubscription>;
  /** The queues' limits on active and backup consumers. */
  readonly consumerSlots: ConsumerSlots;
}

/** The client ids of the open connections of one queue manager (JMS: one connection per client id). */
/** A shared subscription (JMS 2.0): one queue whose messages spread over its consumers. */
export interface SharedSubscription {
  queue: string;
  consumers: number;
  durable: boolean;
  /** Ends a non-durable one when its last consumer closes. */
  end?: () => Promise<void>;
}

export interface ClientIdRegistry {
  claim(clientId: string): boolean;
  release(clientId: string): void;
  /** The connection has closed: the manager need not close it. */
  closed(connection: object): void;
}
