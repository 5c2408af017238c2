/**
 * The work of a listener (listener.ts): each message handled in its own unit of work, poison
 * messages moved aside, held-aside messages tried again. Loaded when the first listener
 * starts, so that an application that never listens never downloads it.
 */
import { MQRC, describeError } from "../../base/errors.js";
import type { QueueConsumerHandle, UnitOfWork } from "../../kernel/index.js";
import type { Message } from "../../message/message.js";
import type { TimerHandle } from "../../base/clock.js";
import type { ListenerEvent } from "./listener-events.js";
import type { ListenerHost, ListenerStats, MessageHandler } from "./listener-types.js";
import { moveToDeadLetterQueue, moveToQueue, type MoveHost } from "../dead-letters/move-aside.js";
import { UnprocessableMessageError } from "./unprocessable.js";
import { redeliveryDelayFor, type ResolvedListenOptions } from "./listen-options.js";

/** A held-aside message's move is tried again this long after it failed. */
const PARKED_RETRY_MS = 60_000;

/** How the work tells its listener what happened: events, counted as errors unless `count` is false. */
export type ListenerReport = (event: Omit<ListenerEvent, "queue">, count?: boolean) => void;

export class ListenerWork {
  readonly #options: ResolvedListenOptions;
  readonly #consumer: QueueConsumerHandle;
  /** Handlers running now, so that close can wait for them. */
  readonly #running = new Set<Promise<void>>();
  /** Poison messages that could be moved nowhere: held in their units, out of the way, moves tried again later. */
  readonly #parked = new Map<UnitOfWork, { message: Message; timer: TimerHandle }>();
  readonly #move: MoveHost;
  /** Redelivery delays in progress, ended by close. */
  readonly #wakeSleepers = new Set<() => void>();

  constructor(
    private readonly host: ListenerHost,
    private readonly queue: string,
    private readonly handler: MessageHandler,
    options: ResolvedListenOptions,
    private readonly stats: ListenerStats,
    private readonly report: ListenerReport,
    private readonly isClosed: () => boolean,
  ) {
    this.#options = options;
    this.#move = {
      name: host.name,
      deadLetterQueue: () => host.attributes.deadLetterQueue,
      put: (target, message, putOptions) => host.put(target, message, putOptions),
      now: () => host.clock.now(),
      events: host.events,
    };
    this.#consumer = host.consume(queue, {
      credit: options.maxSessions,
      ...(options.selector === undefined ? {} : { selector: options.selector }),
      unitFor: () => host.beginUnitOfWork(),
      onMessage: (message, unit) => this.#track(this.#handle(message, unit!)),
      onError: (error, ended) =>
        this.report({
          type: "error",
          detail: ended ? `the queue ended its consumers: ${describeError(error)}` : `a message could not be taken: ${describeError(error)}`,
          error,
        }),
    });
  }

  /** Stops taking messages, lets running handlers finish, puts held-aside messages back as they were. */
  async close(): Promise<void> {
    this.#consumer.close();
    for (const wake of [...this.#wakeSleepers]) wake();
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
    for (const [unit, { timer }] of [...this.#parked]) {
      timer.cancel();
      this.#parked.delete(unit);
      if (unit.state === "active") await unit.rollback({ countBackout: false }).catch(() => undefined);
    }
  }

  #track(work: Promise<void>): void {
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work));
  }

  async #handle(message: Message, unit: UnitOfWork): Promise<void> {
    try {
      // A message taken as the listener closed goes back as it was.
      if (this.isClosed()) return void (await unit.rollback({ countBackout: false }));
      if (this.#isPoison(message)) {
        await this.#moveAside(message, unit, MQRC.MQRC_BACKOUT_THRESHOLD_REACHED, "poison");
        return;
      }
      const delay = redeliveryDelayFor(this.#options, message.backoutCount);
      if (delay > 0) await this.#sleep(delay);
      // Closed while it waited: it goes back as it was, unhandled.
      if (this.isClosed()) return void (await unit.rollback({ countBackout: false }));
      let failure: unknown;
      try {
        await this.handler(message);
      } catch (error) {
        failure = error ?? new Error("the handler threw");
      }
      if (failure instanceof UnprocessableMessageError) {
        if (this.#options.unprocessable === "discard") {
          await this.#commit(unit, message, () => this.stats.discarded++);
          this.report(
            {
              type: "dead-letter",
              detail: `message ${message.messageId} is unprocessable and was discarded: ${failure.message}`,
              messageId: message.messageId,
              reason: failure.reason,
            },
            false,
          );
          return;
        }
        await this.#moveAside(message, unit, failure.reason, failure.message);
        return;
      }
      if (failure !== undefined) {
        this.stats.rolledBack++;
        this.report({
          type: "error",
          detail: `the handler failed on message ${message.messageId}; it is backed out to be delivered again: ${describeError(failure)}`,
          messageId: message.messageId,
          backoutCount: message.backoutCount + 1,
          error: failure,
        });
        await unit
          .rollback()
          .catch((error: unknown) =>
            this.report({ type: "error", detail: `message ${message.messageId} could not be backed out: ${describeError(error)}`, error }),
          );
        return;
      }
      await this.#commit(unit, message, () => this.stats.processed++);
    } catch (error) {
      this.report({ type: "error", detail: `message ${message.messageId}: ${describeError(error)}`, messageId: message.messageId, error });
      if (unit.state === "active") await unit.rollback({ countBackout: false }).catch(() => undefined);
    } finally {
      // Settled, backed out or held aside: either way the listener takes the next message.
      this.#consumer.addCredit(1);
    }
  }

  #isPoison(message: Message): boolean {
    let threshold = 0;
    try {
      threshold = this.host.queueAttributes(this.queue).backoutThreshold;
    } catch {
      // The queue is gone: the get fails at commit, and is reported there.
    }
    return (threshold > 0 && message.backoutCount >= threshold) || message.backoutCount >= this.#options.maxRetries;
  }

  /**
   * Moves the message to BOQNAME, else to the dead-letter queue, in its unit of work; when
   * neither takes it, holds it aside (reported once) and tries again later. True when the
   * message is settled (moved, or the unit failed and went back).
   */
  async #moveAside(message: Message, unit: UnitOfWork, reason: number, why: string): Promise<boolean> {
    const poison = why === "poison";
    let boqFailure: unknown = "no backout queue";
    if (poison) {
      let boq = "";
      try {
        boq = this.host.queueAttributes(this.queue).backoutRequeueQueue;
      } catch {
        // The queue is gone; the dead-letter queue is tried.
      }
      boqFailure = boq === "" ? `queue ${this.queue} has no backout requeue queue (BOQNAME)` : await moveToQueue(this.#move, message, boq, unit, this.queue);
      if (boqFailure === undefined) {
        await this.#commit(unit, message, () => this.stats.backedOut++);
        if (unit.state === "committed")
          this.report(
            {
              type: "poison",
              detail: `message ${message.messageId} failed ${message.backoutCount} times and was moved to backout queue ${boq}`,
              messageId: message.messageId,
              backoutCount: message.backoutCount,
              movedTo: boq,
            },
            false,
          );
        return true;
      }
    }
    const dlqFailure = await moveToDeadLetterQueue(this.#move, message, this.queue, reason, unit);
    if (dlqFailure === undefined) {
      const deadLetterQueue = this.host.attributes.deadLetterQueue;
      await this.#commit(unit, message, () => this.stats.deadLettered++);
      if (unit.state === "committed") {
        const because = poison
          ? `failed ${message.backoutCount} times and could not go to a backout queue (${describeError(boqFailure)})`
          : `is unprocessable: ${why}`;
        this.report(
          {
            type: poison ? "poison" : "dead-letter",
            detail: `message ${message.messageId} ${because}; it was put on dead-letter queue ${deadLetterQueue}`,
            messageId: message.messageId,
            backoutCount: message.backoutCount,
            movedTo: deadLetterQueue,
            reason,
          },
          false,
        );
        if (poison)
          this.report(
            {
              type: "dead-letter",
              detail: `message ${message.messageId} was put on dead-letter queue ${deadLetterQueue}`,
              messageId: message.messageId,
              movedTo: deadLetterQueue,
              reason,
            },
            false,
          );
      }
      return true;
    }
    // Nowhere to go: the message stays on its queue, held aside in its unit so the listener
    // is not blocked by it; reported once, and the move is tried again later.
    if (!this.#parked.has(unit)) {
      this.stats.errors++;
      this.report(
        {
          type: "poison",
          detail: `message ${message.messageId} could be moved neither to a backout queue (${describeError(boqFailure)}) nor to the dead-letter queue (${describeError(dlqFailure)}); it stays on queue ${this.queue}, held aside, and the move is tried again every ${PARKED_RETRY_MS / 1000} s`,
          messageId: message.messageId,
          backoutCount: message.backoutCount,
          error: dlqFailure,
        },
        false,
      );
    }
    this.#parked.get(unit)?.timer.cancel();
    const timer = this.host.clock.setTimer(PARKED_RETRY_MS, () => {
      if (this.isClosed() || unit.state !== "active") return;
      this.#track(
        this.#moveAside(message, unit, reason, why).then((settled) => {
          if (settled) this.#parked.delete(unit);
        }),
      );
    });
    this.#parked.set(unit, { message, timer });
    return false;
  }

  /** Commits the unit and counts it; a commit the store refuses is backed out as it was (counted as an error). */
  async #commit(unit: UnitOfWork, message: Message, count: () => void): Promise<void> {
    try {
      await unit.commit();
      count();
    } catch (error) {
      this.report({
        type: "error",
        detail: `the unit of work of message ${message.messageId} could not be committed; the message is back on its queue as it was: ${describeError(error)}`,
        messageId: message.messageId,
        error,
      });
    }
  }

  /** Waits `ms` on the clock, or until the listener closes. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        timer.cancel();
        this.#wakeSleepers.delete(done);
        resolve();
      };
      const timer = this.host.clock.setTimer(ms, done);
      this.#wakeSleepers.add(done);
    });
  }
}
