/**
 * The consumers of one queue: waiting gets, JMS consumers and listeners. Each has credit,
 * how many more messages it takes now (a waiting get 1, a listener its prefetch less what it
 * holds), and each message goes to one consumer. They are served in turn: one that has just
 * been given a message goes to the back, so messages spread over consumers with credit, and
 * one that gives its credit back sooner (a faster listener) is given more.
 */
import type { Entry } from "./lane.js";
import type { MessageFilter } from "./message-filter.js";

export interface QueueConsumer {
  readonly filter: MessageFilter | undefined;
  /** How many more messages it takes now. */
  credit: number;
  /** A waiting get: gone from the queue's consumers once it has its message. */
  readonly once: boolean;
  /** Shown in IPPROCS: a consumer that no handle open for input already counts. */
  readonly counted: boolean;
  /** Given a message already taken (locked) for it; its credit has been spent. */
  deliver(entry: Entry): void;
  /** The queue ends its consumers: the queue manager closes, a dynamic queue is deleted. */
  fail(error: unknown): void;
}

export class QueueConsumers {
  #list: QueueConsumer[] = [];

  get size(): number {
    return this.#list.length;
  }

  add(consumer: QueueConsumer): void {
    this.#list.push(consumer);
  }

  /** Removes a consumer; false when it was not there (already served or removed). */
  remove(consumer: QueueConsumer): boolean {
    const index = this.#list.indexOf(consumer);
    if (index < 0) return false;
    this.#list.splice(index, 1);
    return true;
  }

  has(consumer: QueueConsumer): boolean {
    return this.#list.includes(consumer);
  }

  /** The consumers with credit, in the order they are served. */
  ready(): QueueConsumer[] {
    return this.#list.filter((c) => c.credit > 0);
  }

  /** Hands a taken message to a consumer: spends its credit and sends it to the back (or away, for a get). */
  handOver(consumer: QueueConsumer, entry: Entry): void {
    consumer.credit--;
    this.remove(consumer);
    if (!consumer.once || consumer.credit > 0) this.#list.push(consumer);
    consumer.deliver(entry);
  }

  /** How many consumers show in IPPROCS. */
  countedCount(): number {
    let n = 0;
    for (const c of this.#list) if (c.counted) n++;
    return n;
  }

  /** Ends every consumer with `error`. */
  failAll(error: unknown): void {
    for (const consumer of this.#list.splice(0)) consumer.fail(error);
  }
}
