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
import { MQError } from "../errors.js";
import type { Message, PutMessage } from "../message.js";
import type { PutResult } from "../manager-types.js";
import type { UnitOfWork } from "../uow/unit-of-work.js";
import type { JmsHost, SharedSubscription } from "./host.js";
import { received, type ReceivedMessage } from "./received-message.js";
import { StopSignal } from "./stop-signal.js";
import type { ConsumerSlot } from "./consumer-slots.js";
import { compile as compileSelector, type Selector } from "../selector/index.js";
import { durableName, ensureDurable, removeDurable } from "../pubsub/durable-subscription.js";
import type { Clock } from "../clock.js";

export type AcknowledgeMode = "auto" | "client" | "dups-ok" | "individual" | "none";

export interface SessionOptions {
  transacted?: boolean;
  /** Ignored when transacted; "auto" by default. */
  acknowledgeMode?: AcknowledgeMode;
}

/** A JMS Queue: a destination by name. */
export interface Queue {
  readonly queueName: string;
}

/** A JMS Topic: an MQ topic string, e.g. "price/fruit/apples". */
export interface Topic {
  readonly topicName: string;
}

export type Destination = Queue | Topic;

function isTopic(destination: Destination): destination is Topic {
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

/** DUPS_OK acknowledges lazily, after this many messages (or when the session waits). */
export const DUPS_OK_BATCH = 10;

const ACKNOWLEDGE_MODES = new Set<AcknowledgeMode>(["auto", "client", "dups-ok", "individual", "none"]);

export class Session {
  readonly transacted: boolean;
  readonly acknowledgeMode: AcknowledgeMode;
  /** Transacted: the transaction; client and dups-ok: the unacknowledged gets. */
  #unit: UnitOfWork | undefined;
  #dupsOkCount = 0;
  /** Individual: each unacknowledged message's own unit of work. */
  readonly #individual = new Set<UnitOfWork>();
  /** Units of messages taken ahead for a listener and not yet handed to it (prefetched). */
  readonly #takenAhead = new Set<UnitOfWork>();
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
    if (!ACKNOWLEDGE_MODES.has(mode)) throw new MQError("MQRC_OPTIONS_ERROR", `acknowledgeMode is one of auto, client, dups-ok, individual, none; got ${JSON.stringify(mode)}`);
    this.acknowledgeMode = mode;
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
  async createDurableConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): Promise<MessageConsumer> {
    this.#checkOpen();
    const subscription = durableName(this.clientId, name);
    if (this.host.activeDurables.has(subscription)) throw new MQError("MQRC_OBJECT_IN_USE", `durable subscription ${subscription} already has an active consumer (JMS IllegalStateException)`);
    const selector = options.selector ?? "";
    if (selector !== "") compileSelector(selector);
    this.host.activeDurables.add(subscription);
    try {
      const queue = await ensureDurable(this.host, subscription, topic.topicName, selector);
      return this.#consumerOn({ queueName: queue }, { prefetch: options.prefetch }, async () => void this.host.activeDurables.delete(subscription));
    } catch (error) {
      this.host.activeDurables.delete(subscription);
      throw error;
    }
  }

  /**
   * A consumer of a shared non-durable subscription (JMS 2.0): the consumers that share its
   * name share its publications, each going to one of them; it ends with its last consumer.
   */
  createSharedConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): MessageConsumer {
    this.#checkOpen();
    const key = `shared:${durableName(this.clientId, name)}`;
    let shared = this.host.sharedConsumers.get(key);
    if (!shared) {
      const selector = options.selector === undefined || options.selector === "" ? undefined : compileSelector(options.selector);
      const queue = this.host.createManagedQueue();
      const unsubscribe = this.host.addNonDurableSubscription({ topic: topic.topicName, queue, durable: false, ...(selector ? { selector } : {}) });
      void this.host.deliverRetainedTo(topic.topicName, queue, selector, false).catch((error: unknown) => this.reportError(error));
      shared = { queue, consumers: 0, durable: false, end: async () => {
        unsubscribe();
        await this.host.dropManagedQueue(queue);
      } };
      this.host.sharedConsumers.set(key, shared);
    }
    return this.#sharedConsumer(key, shared, options.prefetch);
  }

  /** A consumer of a shared durable subscription (JMS 2.0): kept while no one is connected, its messages spread over its consumers. */
  async createSharedDurableConsumer(topic: Topic, name: string, options: ConsumerOptions = {}): Promise<MessageConsumer> {
    this.#checkOpen();
    const subscription = durableName(this.clientId, name);
    const selector = options.selector ?? "";
    if (selector !== "") compileSelector(selector);
    const key = `durable:${subscription}`;
    let shared = this.host.sharedConsumers.get(key);
    if (!shared) {
      const queue = await ensureDurable(this.host, subscription, topic.topicName, selector);
      shared = this.host.sharedConsumers.get(key) ?? { queue, consumers: 0, durable: true };
      this.host.sharedConsumers.set(key, shared);
    }
    return this.#sharedConsumer(key, shared, options.prefetch);
  }

  #sharedConsumer(key: string, shared: SharedSubscription, prefetch: number | undefined): MessageConsumer {
    shared.consumers++;
    try {
      return this.#consumerOn({ queueName: shared.queue }, { prefetch }, async () => {
        if (--shared.consumers > 0) return;
        this.host.sharedConsumers.delete(key);
        await shared.end?.();
      });
    } catch (error) {
      shared.consumers--;
      throw error;
    }
  }

  /** Deletes a durable subscription and what waits for it; refused while it has an active consumer. */
  async unsubscribe(name: string): Promise<void> {
    this.#checkOpen();
    const subscription = durableName(this.clientId, name);
    if (this.host.activeDurables.has(subscription) || this.host.sharedConsumers.has(`durable:${subscription}`)) {
      throw new MQError("MQRC_OBJECT_IN_USE", `durable subscription ${subscription} has an active consumer; close it first (JMS IllegalStateException)`);
    }
    await removeDurable(this.host, subscription);
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
    const queue = this.host.createManagedQueue();
    const unsubscribe = this.host.addNonDurableSubscription({
      topic: destination.topicName,
      queue,
      durable: false,
      ...(selector ? { selector } : {}),
      ...(options.noLocal ? { noLocalConnection: this.connection } : {}),
    });
    // Given the retained publications it takes, as it starts.
    void this.host.deliverRetainedTo(destination.topicName, queue, selector, false).catch((error: unknown) => this.reportError(error));
    return this.#consumerOn({ queueName: queue }, { prefetch: options.prefetch }, async () => {
      unsubscribe();
      await this.host.dropManagedQueue(queue);
    });
  }

  #consumerOn(queue: Queue, options: { prefetch?: number; selector?: Selector }, cleanup?: () => Promise<void>): MessageConsumer {
    const prefetch = options.prefetch ?? 1;
    if (!Number.isInteger(prefetch) || prefetch < 1) throw new MQError("MQRC_OPTIONS_ERROR", `prefetch is a whole number, 1 or more; got ${JSON.stringify(prefetch)}`);
    const slot = this.host.consumerSlots.join(queue.queueName);
    const consumer = new MessageConsumer(this, queue, prefetch, slot, this.host.clock, options.selector, cleanup);
    this.#consumers.add(consumer);
    return consumer;
  }

  /** Commits the transaction's sends and receives as one store batch. */
  async commit(): Promise<void> {
    this.#checkOpen();
    if (!this.transacted) throw notTransacted("commit");
    if (this.#xa) throw inXaTransaction("commit");
    const unit = this.#unit;
    this.#unit = undefined;
    if (unit) await unit.commit();
  }

  /** Undoes the transaction: its sends are gone, its receives come back redelivered. */
  async rollback(): Promise<void> {
    this.#checkOpen();
    if (!this.transacted) throw notTransacted("rollback");
    if (this.#xa) throw inXaTransaction("rollback");
    const unit = this.#unit;
    this.#unit = undefined;
    if (unit) await unit.rollback();
  }

  /** Non-transacted: every unacknowledged message comes back, redelivered, in its order. */
  async recover(): Promise<void> {
    this.#checkOpen();
    if (this.transacted) throw new MQError("MQRC_OPTIONS_ERROR", "recover is for a non-transacted session; a transacted one rolls back");
    await this.#backOutUnacknowledged();
  }

  /** Stops the session's consumers, rolls back its transaction, and recovers what is unacknowledged. */
  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    await this.closeConsumers();
    this.#closed = true;
    // dups-ok: what was delivered is acknowledged, lazily but for good; the rest comes back.
    if (this.acknowledgeMode === "dups-ok" && !this.transacted && this.#dupsOkCount > 0) await this.#acknowledgeBatch().catch(() => undefined);
    await this.#backOutUnacknowledged();
    this.onClose(this);
  }

  // --- Used by producers and consumers ---

  /** @internal */
  async send(queue: string, message: PutMessage): Promise<PutResult> {
    this.#checkOpen();
    return this.host.put(queue, message, this.transacted ? { unitOfWork: this.#transaction() } : {});
  }

  /** @internal A publication: in a transacted session, part of its transaction. */
  async publish(topic: string, message: PutMessage): Promise<{ subscriptions: number }> {
    this.#checkOpen();
    return this.host.publish(topic, message, { connection: this.connection, ...(this.transacted ? { unitOfWork: this.#transaction() } : {}) });
  }

  /**
   * @internal One delivery: waits up to `wait` ms for a message on `queue`, taken as the
   * session's mode says. `forListener` makes an auto or dups-ok get its own unit of work,
   * settled by `settleListener` once the listener has run.
   */
  async deliver(consumer: MessageConsumer, queue: string, wait: number, signal: StopSignal, forListener: boolean): Promise<{ message: ReceivedMessage; unit?: UnitOfWork } | null> {
    this.#checkOpen();
    if (this.#delivering !== undefined && this.#delivering !== consumer) {
      throw new MQError("MQRC_OBJECT_IN_USE", "this session is delivering to another consumer; a JMS session delivers to one receive or listener at a time (use a session per consumer)");
    }
    this.#delivering = consumer;
    try {
      const lazy = this.acknowledgeMode === "dups-ok" && !this.transacted;
      let unit: UnitOfWork | undefined;
      let message: Message | null = null;
      for (;;) {
        unit = this.#unitFor(forListener);
        try {
          if (lazy && wait !== 0 && this.#dupsOkCount > 0) {
            message = await this.host.get(queue, { unitOfWork: unit, selector: consumer.selector });
            if (message === null) {
              // dups-ok: what the session holds is acknowledged before it waits for more.
              await this.#acknowledgeBatch();
              unit = this.#unitFor(forListener);
            }
          }
          message ??= await this.host.get(queue, { wait, signal, unitOfWork: unit, selector: consumer.selector });
          break;
        } catch (error) {
          // The unit the get waited in ended meanwhile (an acknowledge, a commit, a recover):
          // the message went back to its place, so it is taken again in the session's next unit.
          const ended = error instanceof MQError && error.reason === "MQRC_UOW_NOT_AVAILABLE" && unit !== undefined && unit.state !== "active";
          if (unit && this.#individual.has(unit)) this.#individual.delete(unit);
          if (!ended || this.#closed || signal.aborted) throw error;
        }
      }
      if (message === null) {
        if (unit && this.#individual.has(unit)) this.#individual.delete(unit);
        return null;
      }
      const acknowledge = this.#acknowledgerFor(unit);
      if (!this.transacted && this.acknowledgeMode === "dups-ok" && !forListener && ++this.#dupsOkCount >= DUPS_OK_BATCH) await this.#acknowledgeBatch();
      return { message: received(message, acknowledge), unit: forListener ? unit : undefined };
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

  /** @internal A message taken ahead for a listener that stopped before handing it over goes back as it was. */
  async giveBack(unit: UnitOfWork | undefined): Promise<void> {
    if (!unit) return;
    this.#takenAhead.delete(unit);
    this.#individual.delete(unit);
    if (unit.state === "active") await unit.rollback({ countBackout: false });
  }

  /** @internal A message is held for a listener, ahead of it (false once handed over). */
  markTakenAhead(unit: UnitOfWork | undefined, ahead: boolean): void {
    if (!unit) return;
    if (ahead) this.#takenAhead.add(unit);
    else this.#takenAhead.delete(unit);
  }

  /** @internal After a listener ran: auto and dups-ok commit its get when it returned, and back it out when it threw. */
  async settleListener(unit: UnitOfWork | undefined, threw: boolean): Promise<void> {
    if (this.transacted || unit === undefined) return;
    if (this.acknowledgeMode === "auto") {
      await (threw ? unit.rollback() : unit.commit());
    } else if (this.acknowledgeMode === "dups-ok") {
      if (threw) await this.#backOutUnacknowledged();
      else if (++this.#dupsOkCount >= DUPS_OK_BATCH) await this.#acknowledgeBatch();
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
    if (this.host.closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.host.name} is closed`);
  }

  #transaction(): UnitOfWork {
    if (this.#xa) {
      if (!this.#unit) throw new MQError("MQRC_UOW_NOT_AVAILABLE", "this XA session has no transaction: start one with xaResource.start(xid) (XAER_PROTO)");
      return this.#unit;
    }
    this.#unit ??= this.host.beginUnitOfWork();
    return this.#unit;
  }

  /** @internal The XA resource associates a transaction with the session, or none. */
  bindTransaction(unit: UnitOfWork | undefined): void {
    this.#unit = unit;
  }

  /** The unit of work a get is taken in, or undefined for a get that removes the message at once. */
  #unitFor(forListener: boolean): UnitOfWork | undefined {
    if (this.transacted) return this.#transaction();
    switch (this.acknowledgeMode) {
      case "none":
        return undefined;
      case "auto":
        return forListener ? this.host.beginUnitOfWork() : undefined;
      case "client":
      case "dups-ok":
        this.#unit ??= this.host.beginUnitOfWork();
        return this.#unit;
      case "individual": {
        const unit = this.host.beginUnitOfWork();
        this.#individual.add(unit);
        return unit;
      }
    }
  }

  #acknowledgerFor(unit: UnitOfWork | undefined): () => Promise<void> {
    if (this.transacted) return async () => undefined;
    if (this.acknowledgeMode === "client") {
      return async () => {
        this.#checkOpen();
        const pending = this.#unit;
        this.#unit = undefined;
        if (pending && pending.state === "active") await pending.commit();
      };
    }
    if (this.acknowledgeMode === "individual" && unit) {
      return async () => {
        this.#checkOpen();
        if (!this.#individual.delete(unit) || unit.state !== "active") return;
        await unit.commit();
      };
    }
    return async () => undefined;
  }

  async #acknowledgeBatch(): Promise<void> {
    const pending = this.#unit;
    this.#unit = undefined;
    this.#dupsOkCount = 0;
    if (pending && pending.state === "active") await pending.commit();
  }

  async #backOutUnacknowledged(): Promise<void> {
    // Messages taken ahead and never handed over go back as they were, without a backout.
    for (const unit of [...this.#takenAhead]) await this.giveBack(unit);
    const units = [...this.#individual];
    this.#individual.clear();
    if (this.#unit) units.push(this.#unit);
    this.#unit = undefined;
    this.#dupsOkCount = 0;
    for (const unit of units) if (unit.state === "active") await unit.rollback();
  }
}

/** Sends messages, to its destination or to the one each send names. */
export class MessageProducer {
  constructor(
    private readonly session: Session,
    readonly destination: Destination | undefined,
  ) {}

  /** Puts the message on a queue, or publishes it on a topic; in a transacted session it is visible when the session commits. */
  send(message: PutMessage, destination: Destination | undefined = this.destination): Promise<PutResult | { subscriptions: number }> {
    if (!destination) throw new MQError("MQRC_OBJECT_NAME_ERROR", "this producer has no destination: name one in send");
    return isTopic(destination) ? this.session.publish(destination.topicName, message) : this.session.send(destination.queueName, message);
  }
}

/** Receives messages from one queue: by receive, or pushed to a listener. */
export class MessageConsumer {
  readonly #stop = new StopSignal();
  #listener: MessageListener | undefined;
  #listening: Promise<void> | undefined;
  /** Ends the listener's wait when the listener is removed (or the consumer closes). */
  #listenStop: StopSignal | undefined;
  /** A receive in progress, which close waits for before giving up the consumer's place. */
  #receiving: Promise<unknown> | undefined;
  #closed = false;

  constructor(
    private readonly session: Session,
    readonly destination: Queue,
    readonly prefetch: number,
    private readonly slot: ConsumerSlot,
    private readonly clock: Clock,
    /** The consumer's message selector, compiled once. */
    readonly selector: Selector | undefined = undefined,
    /** What closing the consumer ends besides: its subscription, its temporary queue. */
    private readonly cleanup?: () => Promise<void>,
  ) {}

  /** Whether the consumer receives now, or waits as a backup (MAXACTCONS) to take over. */
  get active(): boolean {
    return this.slot.active;
  }

  /** The next message, waiting up to `timeout` ms (0 or absent: until one comes); null when none came or the consumer closed. */
  receive(timeout?: number): Promise<ReceivedMessage | null> {
    return this.#track(async () => {
      this.#checkReceive();
      let wait = timeout === undefined || timeout === 0 ? Infinity : timeout;
      if (!this.slot.active) {
        const started = this.clock.now();
        if (!(await this.#becomeActive(wait, this.#stop))) return null;
        wait = Math.max(0, wait - (this.clock.now() - started));
      }
      return (await this.session.deliver(this, this.destination.queueName, wait, this.#stop, false))?.message ?? null;
    });
  }

  /** The next message if one is there now; null otherwise (and always null for a backup consumer). */
  receiveNoWait(): Promise<ReceivedMessage | null> {
    return this.#track(async () => {
      this.#checkReceive();
      if (!this.slot.active) return null;
      return (await this.session.deliver(this, this.destination.queueName, 0, this.#stop, false))?.message ?? null;
    });
  }

  /**
   * Pushes each message to `listener`, one at a time. In auto and dups-ok modes a listener
   * that returns acknowledges its message; one that throws gets it again, redelivered. A
   * session has one listener: another consumer's is refused. `null` removes it: a message
   * already taken for it is still handed to it.
   */
  setMessageListener(listener: MessageListener | null): void {
    if (this.#closed) throw new MQError("MQRC_HCONN_ERROR", "the consumer is closed");
    this.session.claimListener(this, listener !== null);
    this.#listener = listener ?? undefined;
    if (!this.#listener) {
      this.#listenStop?.stop();
      return;
    }
    if (!this.#listening) {
      const stop = (this.#listenStop = new StopSignal());
      this.#listening = this.#listen(stop).finally(() => (this.#listening = undefined));
    }
  }

  /** Ends a waiting receive (it returns null) and the listener, after the message it is handling. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listener = undefined;
    this.#stop.stop();
    this.#listenStop?.stop();
    await this.#listening;
    await this.#receiving?.catch(() => undefined);
    this.session.consumerClosed(this, this.slot);
    await this.cleanup?.().catch((error: unknown) => this.session.reportListenerError(error));
  }

  #track<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.#receiving = running;
    return running;
  }

  #checkReceive(): void {
    if (this.#closed) throw new MQError("MQRC_HCONN_ERROR", "the consumer is closed");
    if (this.#listener) throw new MQError("MQRC_OBJECT_IN_USE", "this consumer has a message listener; receive is for consumers without one");
  }

  /** Waits up to `wait` ms for a backup consumer to become active; false if it did not (or `stop` fired). */
  #becomeActive(wait: number, stop: StopSignal): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = wait === Infinity ? undefined : this.clock.setTimer(wait, () => settle(false));
      const stopped = () => settle(false);
      const settle = (active: boolean) => {
        timer?.cancel();
        stop.removeEventListener("abort", stopped);
        resolve(active && !stop.aborted && !this.#closed);
      };
      if (stop.aborted) return settle(false);
      stop.addEventListener("abort", stopped);
      void this.slot.activated.then(() => settle(true));
    });
  }

  /** Waits `ms` on the clock, or until `stop` fires. */
  #pause(ms: number, stop: StopSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        timer.cancel();
        stop.removeEventListener("abort", done);
        resolve();
      };
      const timer = this.clock.setTimer(ms, done);
      stop.addEventListener("abort", done);
    });
  }

  async #listen(stop: StopSignal): Promise<void> {
    if (!this.slot.active && !(await this.#becomeActive(Infinity, stop))) return;
    const ahead = this.session.prefetchFor(this.prefetch);
    /** Messages taken ahead of the listener (prefetched), held for it and invisible to others. */
    const buffer: Delivery[] = [];
    let failures = 0;
    try {
      while (this.#listener && !this.#closed && !stop.aborted) {
        // The listener a message is taken for is the one it is handed to, even if it is removed meanwhile.
        const listener = this.#listener;
        let delivery = buffer.shift();
        // One given back meanwhile (the session recovered or closed) is not the listener's now.
        if (delivery && delivery.unit?.state !== "active") continue;
        this.session.markTakenAhead(delivery?.unit, false);
        if (!delivery) {
          try {
            delivery = (await this.session.deliver(this, this.destination.queueName, Infinity, stop, true)) ?? undefined;
          } catch (error) {
            if (this.#closed || stop.aborted || this.session.closed) return;
            // A queue put out of reach for a while (GET(DISABLED), a store that failed): report it, wait, try again.
            this.session.reportListenerError(error);
            await this.#pause(Math.min(30_000, 1000 * 2 ** Math.min(failures++, 5)), stop);
            continue;
          }
          if (!delivery) continue;
        }
        // Topped up to the prefetch with what is there now, without waiting.
        while (buffer.length + 1 < ahead && !this.#closed && !stop.aborted) {
          const more = await this.session.deliver(this, this.destination.queueName, 0, stop, true).catch(() => null);
          if (!more) break;
          this.session.markTakenAhead(more.unit, true);
          buffer.push(more);
        }
        let threw = false;
        try {
          await listener(delivery.message);
        } catch (error) {
          threw = true;
          this.session.reportListenerError(error);
        }
        try {
          await this.session.settleListener(delivery.unit, threw);
        } catch (error) {
          this.session.reportListenerError(error);
        }
        if (threw) {
          // Not at once: a message that fails every time must not hold the thread (BOTHRESH
          // and backout queues are for the listener container of the poison-message issue).
          await this.#pause(Math.min(1000, 10 * 2 ** Math.min(failures++, 7)), stop);
        } else failures = 0;
      }
    } finally {
      for (const held of buffer.splice(0)) await this.session.giveBack(held.unit).catch((error: unknown) => this.session.reportListenerError(error));
    }
  }
}

type Delivery = NonNullable<Awaited<ReturnType<Session["deliver"]>>>;

function inXaTransaction(what: string): MQError {
  return new MQError("MQRC_OPTIONS_ERROR", `${what} is not for an XA session: its transactions end through its xaResource (JMS TransactionInProgressException)`);
}

function notTransacted(what: string): MQError {
  return new MQError("MQRC_OPTIONS_ERROR", `${what} is for a transacted session; this one acknowledges messages instead`);
}
