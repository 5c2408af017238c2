/**
 * One STOMP subscription: a JMS session of its own with one consumer and a message listener
 * that writes MESSAGE frames. `ack: auto` is JMS auto-acknowledge (the get commits once the
 * frame is handed to the socket); `client` and `client-individual` are JMS individual
 * acknowledgement, each message in a unit of work of its own, so that STOMP's cumulative
 * `client` ACK can settle exactly the messages up to the one named and no later ones.
 *
 * `prefetch-count` bounds the messages held unacknowledged: the listener does not return
 * (so no more are taken) while that many wait for an ACK. NACK backs a message out (its
 * backout count goes up, it comes again); one that has reached its queue's BOTHRESH is moved
 * to BOQNAME in the unit of its get instead, as IBM MQ's JMS client requeues a poison message.
 */
import { randomHex } from "./random-hex.js";
import type { MessageConsumer, QueueManager, ReceivedMessage, Session } from "../../../core/index.js";

export type AckMode = "auto" | "client" | "client-individual";

export interface SubscriptionSink {
  /** Writes one MESSAGE frame for `message`, with its ack id (client modes). */
  deliver(subscription: StompSubscription, message: ReceivedMessage, ackId: string | undefined): Promise<void>;
  failed(subscription: StompSubscription, error: unknown): void;
}

export class StompSubscription {
  /** Unacknowledged messages by ack id, in the order delivered. */
  readonly #pending = new Map<string, ReceivedMessage>();
  #waitingForRoom: (() => void) | undefined;
  #nextAck = 0;
  /**
   * Ack ids differ from any this subscription had in a process before (a connection rebuilt
   * after an eviction): an ACK the client sends for a message delivered before must not settle
   * another one delivered since.
   */
  #ackPrefix: string | undefined;
  #closed = false;

  constructor(
    readonly id: string,
    readonly destination: string,
    readonly ackMode: AckMode,
    private readonly prefetch: number,
    private readonly session: Session,
    private readonly consumer: MessageConsumer,
    private readonly qm: QueueManager,
    private readonly sink: SubscriptionSink,
  ) {}

  /** The queue the consumer takes from (a topic subscription's own queue). */
  get queueName(): string {
    return this.consumer.destination.queueName;
  }

  start(): void {
    this.consumer.setMessageListener((message) => this.#onMessage(message));
  }

  async #onMessage(message: ReceivedMessage): Promise<void> {
    if (this.#closed) throw new Error("the subscription has ended");
    if (this.ackMode === "auto") {
      // The get commits when this returns: once the socket has taken the frame and has room again.
      await this.sink.deliver(this, message, undefined);
      return;
    }
    // A message backed out BOTHRESH times already (a client that left with it, say) is moved aside, not delivered again.
    if (await this.#movedAside(message, 0)) return;
    this.#ackPrefix ??= `${this.id}-${randomHex()}`;
    const ackId = `${this.#ackPrefix}-${++this.#nextAck}`;
    this.#pending.set(ackId, message);
    await this.sink.deliver(this, message, ackId);
    while (this.#pending.size >= this.prefetch && !this.#closed) await new Promise<void>((resolve) => (this.#waitingForRoom = resolve));
  }

  /** Whether `ackId` is one of this subscription's unacknowledged messages. */
  holds(ackId: string): boolean {
    return this.#pending.has(ackId);
  }

  /** ACK: `client` settles every message up to and including `ackId`; `client-individual` that one. */
  async acknowledge(ackId: string): Promise<void> {
    for (const message of this.#take(ackId)) await message.acknowledge();
    this.#room();
  }

  /** NACK: backs the messages out (as ACK chooses them), or moves a poison one to its backout queue. */
  async reject(ackId: string): Promise<void> {
    for (const message of this.#take(ackId)) if (!(await this.#movedAside(message, 1))) await message.backOut();
    this.#room();
  }

  /**
   * Moves `message` to BOQNAME when its backout count, plus the backout about to happen, has
   * reached its queue's BOTHRESH; false when there is no threshold or backout queue, or the
   * move was refused (then it is backed out, as IBM's JMS does when BOQNAME cannot take it).
   */
  async #movedAside(message: ReceivedMessage, backingOut: number): Promise<boolean> {
    let threshold = 0;
    let backoutQueue = "";
    try {
      const attributes = this.qm.queueAttributes(this.queueName);
      threshold = attributes.backoutThreshold;
      backoutQueue = attributes.backoutRequeueQueue.trim();
    } catch {
      return false;
    }
    if (threshold === 0 || backoutQueue === "" || message.backoutCount + backingOut < threshold) return false;
    try {
      await message.backOut(backoutQueue);
      return true;
    } catch {
      return false;
    }
  }

  #take(ackId: string): ReceivedMessage[] {
    const message = this.#pending.get(ackId);
    if (message === undefined) return [];
    if (this.ackMode === "client-individual") {
      this.#pending.delete(ackId);
      return [message];
    }
    const taken: ReceivedMessage[] = [];
    for (const [id, held] of this.#pending) {
      this.#pending.delete(id);
      taken.push(held);
      if (id === ackId) break;
    }
    return taken;
  }

  #room(): void {
    const wake = this.#waitingForRoom;
    this.#waitingForRoom = undefined;
    wake?.();
  }

  /** Ends the subscription: what is unacknowledged comes back, redelivered (the session closes). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#room();
    this.#pending.clear();
    await this.session.close();
  }
}
