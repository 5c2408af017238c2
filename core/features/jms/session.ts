/**
 * A JMS session over units of work. A transacted session keeps one unit of work for its
 * sends and receives until commit or rollback. The acknowledgement modes are policies over
 * units of work too:
 *
 * - auto: a receive takes the message outright; a listener's get commits when the listener
 *   returns and backs out (the message comes again, redelivered) when it throws;
 * - client: every receive joins the session's unit of work; acknowledge() commits it all;
 * - individual: each message has its own unit of work; acknowledge() commits that one;
 * - dups-ok: like client, committed by the session every DUPS_OK_BATCH messages and when it
 *   waits, so a crash may deliver a message again but never loses one;
 * - none (Sun MQ's NO_ACKNOWLEDGE): the message is removed as it is delivered.
 *
 * What is unacknowledged or uncommitted comes back, in its order and redelivered, when the
 * session recovers, rolls back or closes, and when the manager reopens after a crash (a get
 * is only removed from the store when its unit commits).
 */
import { MQError } from "../../base/errors.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { PutResult, QueueConsumerHandle, UnitOfWork } from "../../kernel/index.js";
import { compile as compileSelector, type Selector } from "../../selector/index.js";
import type { JmsHost } from "./host.js";
import { received } from "./received-message.js";
import { SessionUnits, type AcknowledgeMode } from "./session-units.js";
import type { StopSignal } from "./stop-signal.js";
import type { ConsumerSlot } from "./consumer-slots.js";
import { MessageConsumer, type Delivery } from "./consumer.js";
import { MessageProducer } from "./producer.js";
import { isTopic, type ConsumerOptions, type Destination, type Queue, type Topic } from "./destinations.js";
import { durableConsumer, nonDurableConsumer, sharedConsumer, sharedDurableConsumer, unsubscribe, type TopicSessionParts } from "./topic-consumers.js";

export { MessageConsumer } from "./consumer.js";
export { MessageProducer } from "./producer.js";
export type { ConsumerOptions, Destination, MessageListener, Queue, Topic } from "./destinations.js";

export type { AcknowledgeMode } from "./session-units.js";

export interface SessionOptions {
  transacted?: boolean;
  /** Ignored when transacted; "auto" by default. */
  acknowledgeMode?: AcknowledgeMode;
}

/** DUPS_OK acknowledges lazily, after this many messages (or when the session waits). */
export const DUPS_OK_BATCH = 10;

const ACKNOWLEDGE_MODES = new Set<AcknowledgeMode>(["auto", "client", "dups-ok", "individual", "none"]);

export class Session {
  readonly transacted: boolean;
  readonly acknowledgeMode: AcknowledgeMode;
  /** The session's units of work, as its mode says (session-units.ts). */
  readonly #units: SessionUnits;
  readonly #consumers = new Set<MessageConsumer>();
  /** The consumer whose receive or listener the session is serving (JMS: one at a time). */
  #delivering: MessageConsumer | undefined;
  /** The consumer that has the session's message listener. */
  #listening: MessageConsumer | undefined;
  #closing = false;
  #closed = false;

  /** An XA session's work goes into the transaction its xaResource has started, and no other. */
  readonly #xa: boolean;

  /** The connection's client id (durable subscription names) and identity (noLocal). */
  readonly clientId: string | undefined;
  readonly connection: object;

  constructor(
    protected readonly host: JmsHost,
    options: SessionOptions & { xa?: boolean; clientId?: string; connection?: object },
    private readonly onClose: (session: Session) => void,
    private readonly reportError: (error: unknown) => void,
  ) {
    this.#xa = options.xa === true;
    this.clientId = options.clientId;
    this.connection = options.connection ?? this;
    this.transacted = options.transacted === true || this.#xa;
    const mode = options.acknowledgeMode ?? "auto";
    if (!ACKNOWLEDGE_MODES.has(mode))
      throw new MQError("MQRC_OPTIONS_ERROR", `acknowledgeMode is one of auto, client, dups-ok, individual, none; got ${JSON.stringify(mode)}`);
    this.acknowledgeMode = mode;
    this.#units = new SessionUnits(
      this.transacted,
      mode,
      this.#xa,
      () => this.host.manager.beginUnitOfWork(),
      () => this.#checkOpen(),
      (queue, message, unitOfWork) => this.host.manager.put(queue, message, { unitOfWork }),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  createQueue(queueName: string): Queue {
    if (typeof queueName !== "string" || queueName === "") throw new MQError("MQRC_OBJECT_NAME_ERROR", "a queue needs a name");
    return { queueName };
  }

  createTopic(topicName: string): Topic {
    if (typeof topicName !== "string" || topicName === "") throw new MQError("MQRC_TOPIC_STRING_ERROR", "a topic needs a topic string");
    return { topicName };
  }

  /**
   * A durable subscriber: the subscription (clientId:name) keeps the topic's publications,
   * across restarts, while no one is connected. Another topic or selector replaces it.
   */
  createDurableConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): Promise<MessageConsumer> {
    this.#checkOpen();
    return durableConsumer(this.#topicParts, topic, name, options);
  }

  /** A consumer of a shared non-durable subscription (JMS 2.0): its publications spread over the consumers that share its name. */
  createSharedConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): MessageConsumer {
    this.#checkOpen();
    return sharedConsumer(this.#topicParts, topic, name, options);
  }

  /** A consumer of a shared durable subscription (JMS 2.0): kept while no one is connected, its messages spread over its consumers. */
  createSharedDurableConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): Promise<MessageConsumer> {
    this.#checkOpen();
    return sharedDurableConsumer(this.#topicParts, topic, name, options);
  }

  /** Deletes a durable subscription and what waits for it; refused while it has an active consumer. */
  async unsubscribe(name: string): Promise<void> {
    this.#checkOpen();
    await unsubscribe(this.#topicParts, name);
  }

  createProducer(destination?: Destination): MessageProducer {
    this.#checkOpen();
    return new MessageProducer(this, destination);
  }

  /**
   * A consumer of a queue, or of a topic (a non-durable subscription, from now until the
   * consumer closes; its copies wait on a temporary queue of its own).
   */
  createConsumer(destination: Destination, options: ConsumerOptions = {}): MessageConsumer {
    this.#checkOpen();
    if (this.#closing) throw new MQError("MQRC_HCONN_ERROR", "the session is closing");
    // Compiled once, before the consumer takes a place: a bad selector is refused here.
    const selector = options.selector === undefined || options.selector === "" ? undefined : compileSelector(options.selector);
    if (!isTopic(destination)) return this.#consumerOn(destination, { prefetch: options.prefetch, selector });
    return nonDurableConsumer(this.#topicParts, destination, selector, options);
  }

  /** What the topic consumers (topic-consumers.ts) need of the session. */
  get #topicParts(): TopicSessionParts {
    return {
      host: this.host,
      clientId: () => this.clientId,
      connection: () => this.connection,
      consumerOn: (queue, options, cleanup) => this.#consumerOn(queue, options, cleanup),
      reportError: (error) => this.reportError(error),
    };
  }

  #consumerOn(queue: Queue, options: { prefetch?: number; selector?: Selector }, cleanup?: () => Promise<void>): MessageConsumer {
    const prefetch = options.prefetch ?? 1;
    if (!Number.isInteger(prefetch) || prefetch < 1)
      throw new MQError("MQRC_OPTIONS_ERROR", `prefetch is a whole number, 1 or more; got ${JSON.stringify(prefetch)}`);
    const slot = this.host.consumerSlots.join(queue.queueName);
    const consumer = new MessageConsumer(this, queue, prefetch, slot, this.host.manager.clock, options.selector, cleanup);
    this.#consumers.add(consumer);
    return consumer;
  }

  /** Commits the transaction's sends and receives as one store batch. */
  async commit(): Promise<void> {
    this.#checkOpen();
    if (!this.transacted) throw notTransacted("commit");
    if (this.#xa) throw inXaTransaction("commit");
    const unit = this.#units.shared;
    this.#units.shared = undefined;
    if (unit) await unit.commit();
  }

  /** Undoes the transaction: its sends are gone, its receives come back redelivered. */
  async rollback(): Promise<void> {
    this.#checkOpen();
    if (!this.transacted) throw notTransacted("rollback");
    if (this.#xa) throw inXaTransaction("rollback");
    const unit = this.#units.shared;
    this.#units.shared = undefined;
    if (unit) await unit.rollback();
  }

  /** Non-transacted: every unacknowledged message comes back, redelivered, in its order. */
  async recover(): Promise<void> {
    this.#checkOpen();
    if (this.transacted) throw new MQError("MQRC_OPTIONS_ERROR", "recover is for a non-transacted session; a transacted one rolls back");
    await this.#units.backOutUnacknowledged();
  }

  /** Stops the session's consumers, rolls back its transaction, and recovers what is unacknowledged. */
  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    await this.closeConsumers();
    this.#closed = true;
    // dups-ok: what was delivered is acknowledged, lazily but for good; the rest comes back.
    if (this.acknowledgeMode === "dups-ok" && !this.transacted && this.#units.dupsOkCount > 0) await this.#units.acknowledgeBatch().catch(() => undefined);
    await this.#units.backOutUnacknowledged();
    this.onClose(this);
  }

  // --- Used by producers and consumers ---

  /** @internal */
  async send(queue: string, message: PutMessage): Promise<PutResult> {
    this.#checkOpen();
    return this.host.manager.put(queue, message, this.transacted ? { unitOfWork: this.#units.transaction() } : {});
  }

  /** @internal A publication: in a transacted session, part of its transaction. */
  async publish(topic: string, message: PutMessage): Promise<{ subscriptions: number }> {
    this.#checkOpen();
    return this.host.manager.publish(topic, message, {
      connection: this.connection,
      ...(this.clientId !== undefined ? { clientId: this.clientId } : {}),
      ...(this.transacted ? { unitOfWork: this.#units.transaction() } : {}),
    });
  }

  /**
   * @internal One delivery: waits up to `wait` ms for a message on `queue`, taken as the
   * session's mode says. `forListener` makes an auto or dups-ok get its own unit of work,
   * settled by `settleListener` once the listener has run.
   */
  async deliver(consumer: MessageConsumer, queue: string, wait: number, signal: StopSignal, forListener: boolean): Promise<Delivery | null> {
    this.#checkOpen();
    if ((this.#delivering !== undefined && this.#delivering !== consumer) || (this.#listening !== undefined && this.#listening !== consumer)) {
      throw new MQError(
        "MQRC_OBJECT_IN_USE",
        "this session is delivering to another consumer; a JMS session delivers to one receive or listener at a time (use a session per consumer)",
      );
    }
    this.#delivering = consumer;
    try {
      const lazy = this.acknowledgeMode === "dups-ok" && !this.transacted;
      let unit: UnitOfWork | undefined;
      let message: Message | null = null;
      for (;;) {
        unit = this.#units.unitFor(forListener);
        try {
          if (lazy && wait !== 0 && this.#units.dupsOkCount > 0) {
            message = await this.host.manager.get(queue, { unitOfWork: unit, selector: consumer.selector });
            if (message === null) {
              // dups-ok: what the session holds is acknowledged before it waits for more.
              await this.#units.acknowledgeBatch();
              unit = this.#units.unitFor(forListener);
            }
          }
          message ??= await this.host.manager.get(queue, { wait, signal, unitOfWork: unit, selector: consumer.selector });
          break;
        } catch (error) {
          // The unit the get waited in ended meanwhile (an acknowledge, a commit, a recover):
          // the message went back to its place, so it is taken again in the session's next unit.
          const ended = error instanceof MQError && error.reason === "MQRC_UOW_NOT_AVAILABLE" && unit !== undefined && unit.state !== "active";
          if (unit && this.#units.individual.has(unit)) this.#units.individual.delete(unit);
          if (!ended || this.#closed || signal.aborted) throw error;
        }
      }
      if (message === null) {
        if (unit && this.#units.individual.has(unit)) this.#units.individual.delete(unit);
        return null;
      }
      const acknowledge = this.#units.acknowledgerFor(unit);
      if (!this.transacted && this.acknowledgeMode === "dups-ok" && !forListener && ++this.#units.dupsOkCount >= DUPS_OK_BATCH)
        await this.#units.acknowledgeBatch();
      return { message: received(message, acknowledge, this.#units.backerOutFor(unit)), unit: forListener ? unit : undefined };
    } finally {
      this.#delivering = undefined;
    }
  }

  /**
   * @internal How many messages a listener may hold taken ahead of it: its prefetch where each
   * message has a unit of work of its own (auto, individual), so that one taken ahead and
   * never handed over can go back alone; one elsewhere.
   */
  prefetchFor(prefetch: number): number {
    return this.listenerGetsOwnUnits ? prefetch : 1;
  }

  /** @internal Whether each message a listener gets has a unit of work of its own (auto, individual). */
  get listenerGetsOwnUnits(): boolean {
    return !this.transacted && (this.acknowledgeMode === "auto" || this.acknowledgeMode === "individual");
  }

  /** @internal A message taken ahead for a listener that stopped before handing it over goes back as it was (SessionUnits.giveBack). */
  giveBack(unit: UnitOfWork | undefined, messageId?: string): Promise<void> {
    return this.#units.giveBack(unit, messageId);
  }

  /**
   * @internal Pushes the queue's messages to a listener, up to `credit` at a time, each taken
   * as the session's mode says (SessionUnits.unitFor) and wrapped as JMS hands it over.
   */
  attachListener(
    consumer: MessageConsumer,
    queue: string,
    credit: number,
    sink: { push(delivery: Delivery): boolean; failed(error: unknown, ended: boolean): void },
  ): QueueConsumerHandle {
    this.#checkOpen();
    // NONE removes a message as it is delivered: taken in a unit of its own, committed once the
    // listener has it, so that one pushed as the listener stops goes back rather than being lost.
    const none = !this.transacted && this.acknowledgeMode === "none";
    return this.host.manager.consume(queue, {
      credit,
      selector: consumer.selector,
      unitFor: () => (none ? this.host.manager.beginUnitOfWork() : this.#units.unitFor(true)),
      onMessage: (message, unit) => {
        const held = none ? undefined : unit;
        const delivery: Delivery = { message: received(message, this.#units.acknowledgerFor(held), this.#units.backerOutFor(held)), unit };
        this.markTakenAhead(unit, true);
        // A listener that stopped meanwhile does not take it: it goes back as it was.
        if (!sink.push(delivery)) void this.giveBack(unit, message.messageId).catch((error: unknown) => this.reportError(error));
      },
      onError: (error, ended) => sink.failed(error, ended),
    });
  }

  /**
   * @internal A pushed message is handed to the listener now. NONE removes it here, as it is
   * delivered (its unit commits), so that one never handed over went back instead.
   */
  async handOver(delivery: Delivery): Promise<void> {
    this.markTakenAhead(delivery.unit, false);
    if (!this.transacted && this.acknowledgeMode === "none" && delivery.unit) {
      const unit = delivery.unit;
      delivery.unit = undefined;
      if (unit.state === "active") await unit.commit();
    }
  }

  /** @internal A listener has nothing to handle: dups-ok acknowledges what it holds before it waits. */
  async listenerIdle(): Promise<void> {
    if (!this.transacted && this.acknowledgeMode === "dups-ok" && this.#units.dupsOkCount > 0) await this.#units.acknowledgeBatch();
  }

  /** @internal A message is held for a listener, ahead of it (false once handed over). */
  markTakenAhead(unit: UnitOfWork | undefined, ahead: boolean): void {
    if (!unit) return;
    if (ahead) this.#units.takenAhead.add(unit);
    else this.#units.takenAhead.delete(unit);
  }

  /** @internal After a listener ran: auto and dups-ok commit its get when it returned, and back it out when it threw. */
  async settleListener(unit: UnitOfWork | undefined, threw: boolean): Promise<void> {
    if (this.transacted || unit === undefined) return;
    if (this.acknowledgeMode === "auto") {
      await (threw ? unit.rollback() : unit.commit());
    } else if (this.acknowledgeMode === "dups-ok") {
      if (threw) await this.#units.backOutUnacknowledged();
      else if (++this.#units.dupsOkCount >= DUPS_OK_BATCH) await this.#units.acknowledgeBatch();
    }
  }

  /** @internal */
  consumerClosed(consumer: MessageConsumer, slot: ConsumerSlot): void {
    this.#consumers.delete(consumer);
    if (this.#listening === consumer) this.#listening = undefined;
    this.host.consumerSlots.leave(slot);
  }

  /** Closes the session's consumers, those made while closing too: their waits end, their listeners finish. */
  protected async closeConsumers(): Promise<void> {
    while (this.#consumers.size > 0) for (const consumer of [...this.#consumers]) await consumer.close();
  }

  /**
   * @internal A session runs one message listener (JMS runs a session's listeners one at a
   * time; this one takes one per session): another consumer's is refused.
   */
  claimListener(consumer: MessageConsumer, listening: boolean): void {
    if (!listening) {
      if (this.#listening === consumer) this.#listening = undefined;
      return;
    }
    if (this.#listening !== undefined && this.#listening !== consumer) {
      throw new MQError("MQRC_OBJECT_IN_USE", "this session already has a message listener on another consumer; use a session per listener");
    }
    this.#listening = consumer;
  }

  /** @internal */
  reportListenerError(error: unknown): void {
    this.reportError(error);
  }

  // --- Internal helpers ---

  #checkOpen(): void {
    if (this.#closed) throw new MQError("MQRC_HCONN_ERROR", "the session is closed");
    if (this.host.manager.closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.host.manager.name} is closed`);
  }

  /** @internal The XA resource associates a transaction with the session, or none. */
  bindTransaction(unit: UnitOfWork | undefined): void {
    this.#units.shared = unit;
  }
}

function inXaTransaction(what: string): MQError {
  return new MQError(
    "MQRC_OPTIONS_ERROR",
    `${what} is not for an XA session: its transactions end through its xaResource (JMS TransactionInProgressException)`,
  );
}

function notTransacted(what: string): MQError {
  return new MQError("MQRC_OPTIONS_ERROR", `${what} is for a transacted session; this one acknowledges messages instead`);
}
