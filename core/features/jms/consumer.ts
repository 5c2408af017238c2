/**
 * A JMS consumer of one queue: receive and receiveNoWait, or a message listener with prefetch,
 * within its queue's consumer limits (a backup waits to become active). Its session decides
 * how each message is taken and acknowledged.
 */
import { MQError } from "../../base/errors.js";
import type { Clock } from "../../base/clock.js";
import type { Selector } from "../../selector/index.js";
import type { UnitOfWork, QueueConsumerHandle } from "../../kernel/index.js";
import type { ConsumerSlot } from "./consumer-slots.js";
import type { MessageListener, Queue } from "./destinations.js";
import type { ReceivedMessage } from "./received-message.js";
import { StopSignal } from "./stop-signal.js";
import { Inbox } from "./inbox.js";

/** One message handed over: for a listener, with the unit of work it was taken in. */
export interface Delivery {
  message: ReceivedMessage;
  unit?: UnitOfWork;
}

/** What a consumer needs of its session (Session provides it). */
export interface ConsumerSession {
  readonly closed: boolean;
  readonly listenerGetsOwnUnits: boolean;
  deliver(consumer: MessageConsumer, queue: string, wait: number, signal: StopSignal, forListener: boolean): Promise<Delivery | null>;
  prefetchFor(prefetch: number): number;
  attachListener(
    consumer: MessageConsumer,
    queue: string,
    credit: number,
    sink: { push(delivery: Delivery): boolean; failed(error: unknown, ended: boolean): void },
  ): QueueConsumerHandle;
  listenerIdle(): Promise<void>;
  giveBack(unit: UnitOfWork | undefined, messageId?: string): Promise<void>;
  markTakenAhead(unit: UnitOfWork | undefined, ahead: boolean): void;
  handOver(delivery: Delivery): Promise<void>;
  settleListener(unit: UnitOfWork | undefined, threw: boolean): Promise<void>;
  claimListener(consumer: MessageConsumer, listening: boolean): void;
  consumerClosed(consumer: MessageConsumer, slot: ConsumerSlot): void;
  reportListenerError(error: unknown): void;
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
    private readonly session: ConsumerSession,
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

  /**
   * The listener's loop: the queue pushes messages to it up to its prefetch (core/dispatch),
   * each taken as the session's mode says; one is handed to the listener at a time, and its
   * credit comes back once the listener has settled it, so more are pushed.
   */
  async #listen(stop: StopSignal): Promise<void> {
    if (!this.slot.active && !(await this.#becomeActive(Infinity, stop))) return;
    const credit = this.session.prefetchFor(this.prefetch);
    const inbox = new Inbox<Delivery>();
    let ended: { error: unknown } | undefined;
    const sink = {
      push: (delivery: Delivery) => inbox.push(delivery),
      failed: (error: unknown, queueEnded: boolean) => {
        if (!queueEnded) return this.session.reportListenerError(error);
        ended = { error };
        inbox.wake();
      },
    };
    let attached: QueueConsumerHandle | undefined;
    let failures = 0;
    try {
      while (this.#listener && !this.#closed && !stop.aborted) {
        if (!attached || attached.closed) {
          try {
            attached = this.session.attachListener(this, this.destination.queueName, credit, sink);
          } catch (error) {
            if (this.#closed || stop.aborted || this.session.closed) return;
            // A queue out of reach for a while (GET(DISABLED), unknown): report it, wait, try again.
            this.session.reportListenerError(error);
            await this.#pause(Math.min(30_000, 1000 * 2 ** Math.min(failures++, 5)), stop);
            continue;
          }
        }
        const delivery = inbox.shift();
        if (!delivery) {
          if (ended) {
            // The queue ended its consumers (deleted, or the manager is closing).
            const { error } = ended;
            ended = undefined;
            attached.close();
            if (this.#closed || stop.aborted || this.session.closed) return;
            this.session.reportListenerError(error);
            await this.#pause(Math.min(30_000, 1000 * 2 ** Math.min(failures++, 5)), stop);
            continue;
          }
          await this.session.listenerIdle().catch((error: unknown) => this.session.reportListenerError(error));
          await inbox.wait(stop);
          continue;
        }
        // The listener a message is taken for is the one it is handed to, even if it is removed
        // while the message is handed over (no await since the loop checked it).
        const listener = this.#listener!;
        // One given back meanwhile (the session recovered or closed) is not the listener's now.
        if (delivery.unit !== undefined && delivery.unit.state !== "active") {
          this.session.markTakenAhead(delivery.unit, false);
          attached.addCredit(1);
          continue;
        }
        try {
          await this.session.handOver(delivery);
        } catch (error) {
          // NONE's removal could not be committed: the message went back, to come again.
          this.session.reportListenerError(error);
          attached.addCredit(1);
          continue;
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
          // and backout queues are the listener container's, qm.listen).
          await this.#pause(Math.min(1000, 10 * 2 ** Math.min(failures++, 7)), stop);
        } else failures = 0;
        attached.addCredit(1);
      }
    } finally {
      attached?.close();
      for (const held of inbox.close())
        await this.session.giveBack(held.unit, held.message.messageId).catch((error: unknown) => this.session.reportListenerError(error));
    }
  }
}
