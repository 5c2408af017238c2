/**
 * The subscriptions a publication is delivered to: the durable ones defined as SUB objects
 * (DEFINE SUB, or a JMS durable subscription, kept in the store with the other objects) and
 * the non-durable ones of JMS consumers, which live as long as their consumer. Each names
 * the queue its copies go to and may have a selector.
 */
import type { Selector } from "../../selector/index.js";

export interface ActiveSubscription {
  /** The subscription's full topic string, wildcards allowed. */
  topic: string;
  /** The queue the copies are put to. */
  queue: string;
  selector?: Selector;
  /** A JMS subscription with noLocal: not for publications of this connection. */
  noLocalConnection?: object;
  /** Copies for a non-durable subscription are put non-persistent (its queue is temporary). */
  durable: boolean;
  /** The SUB object's name, for a durable subscription. */
  name?: string;
  /** PUBPRTY: -3 the publication's priority (ASPUB, the default), -1 the queue's DEFPRTY (ASQDEF), or 0-9. */
  publishPriority?: number;
  /** A durable noLocal subscription: not for publications of the client this names (see durable-subscription.ts). */
  noLocalClient?: string;
  /** The subscriber's connection, for TPSTATUS ACTCONN. */
  connection?: object;
}

export class NonDurableSubscriptions {
  readonly #all = new Set<ActiveSubscription>();

  add(subscription: ActiveSubscription): () => void {
    this.#all.add(subscription);
    return () => void this.#all.delete(subscription);
  }

  list(): Iterable<ActiveSubscription> {
    return this.#all;
  }
}
