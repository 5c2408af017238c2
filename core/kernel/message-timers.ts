/**
 * Messages whose time matters: a delayed message becomes deliverable at its time, and expired
 * messages leave their queue when their time comes, not only when a get passes them. A sweep
 * runs at the earliest expiry of a message in memory, on the injected clock (at the edge, the
 * Durable Object's alarm); messages in the store only are swept as pages bring them in.
 */
import type { Clock, TimerHandle } from "../base/clock.js";
import { EntryState, type Entry } from "./lane.js";
import type { DelayHooks, LocalQueue } from "./local-queue.js";

/** An expiring message that could not be swept (held, or its move failed) is looked at again after this long. */
export const SWEEP_RETRY_MS = 60_000;

/** What the timers need of the kernel. */
export interface TimersHost {
  readonly clock: Clock;
  /** Set as the queue manager closes: no timer is started then. */
  closed(): boolean;
  queue(name: string): LocalQueue | undefined;
  queues(): Iterable<LocalQueue>;
  /** Hands a queue's available messages to its consumers. */
  serve(queue: LocalQueue): void;
  discardExpired(queue: LocalQueue, expired: Entry[]): void;
  refill(queue: LocalQueue, priority: number): Promise<void>;
}

export class MessageTimers {
  /** Delivery delays: when each delayed message in memory becomes deliverable. */
  readonly #deliveryTimers = new Set<TimerHandle>();
  /** Expired messages whose move to the dead-letter queue failed, and when it is tried again. */
  readonly #expiryMoveRetry = new WeakMap<Entry, number>();
  /** The next sweep for expired messages: at the earliest expiry of a message in memory. */
  #sweep: { due: number; timer: TimerHandle } | undefined;
  /** What each queue tells of its messages' times. */
  readonly hooks: DelayHooks = { now: () => this.host.clock.now(), delayed: (entry) => this.#scheduleDelivery(entry), expiring: (at) => this.#sweepAt(at) };

  constructor(private readonly host: TimersHost) {}

  /** Whether an expired message may be moved to the dead-letter queue now (not waiting after a failed move). */
  moveDue(entry: Entry, now: number): boolean {
    return (this.#expiryMoveRetry.get(entry) ?? 0) <= now;
  }

  /** An expired message whose move to the dead-letter queue failed: left alone until the sweep `ms` from now. */
  retryExpiryMove(entry: Entry, ms = SWEEP_RETRY_MS): void {
    const at = this.host.clock.now() + ms;
    this.#expiryMoveRetry.set(entry, at);
    this.#sweepAt(at);
  }

  /** Removes every expired message in memory now; the next sweep is set for the next expiry. */
  sweepExpired(): void {
    const now = this.host.clock.now();
    let next = Infinity;
    for (const queue of this.host.queues()) {
      let expired: Entry[] | undefined;
      for (const entry of queue.entries()) {
        const at = entry.record.expiresAt;
        if (at === null || entry.state === EntryState.Gone) continue;
        // One held by a unit of work or waiting for its delivery time is looked at again later.
        if (entry.state !== EntryState.Available) next = Math.min(next, Math.max(at, now + SWEEP_RETRY_MS));
        else if (at <= now) (expired ??= []).push(entry);
        else next = Math.min(next, at);
      }
      if (!expired) continue;
      this.host.discardExpired(queue, expired);
      // A lane emptied by the sweep pages in what is behind it, so the sweep reaches messages
      // that are in the store only (each page loaded tells its expiries, and so on).
      for (let p = 0; p < 10; p++) if (queue.lanes[p]!.available === 0 && queue.lanes[p]!.paged > 0) void this.host.refill(queue, p).catch(() => undefined);
    }
    if (next !== Infinity) this.#sweepAt(next);
  }

  cancel(): void {
    for (const timer of this.#deliveryTimers) timer.cancel();
    this.#deliveryTimers.clear();
    this.#sweep?.timer.cancel();
    this.#sweep = undefined;
  }

  /** A delayed message becomes deliverable at its time, on the injected clock. */
  #scheduleDelivery(entry: Entry): void {
    // A commit or page still landing as the manager closes: what it delays waits for the next open.
    if (this.host.closed()) return;
    const { clock } = this.host;
    const timer = clock.setTimer(entry.record.deliverAt! - clock.now(), () => {
      this.#deliveryTimers.delete(timer);
      const queue = this.host.queue(entry.record.queue);
      if (!queue || entry.state !== EntryState.Delayed) return;
      queue.makeAvailable(entry);
      if (queue.consumers.size > 0) this.host.serve(queue);
    });
    this.#deliveryTimers.add(timer);
  }

  #sweepAt(at: number): void {
    if (this.host.closed() || (this.#sweep && this.#sweep.due <= at)) return;
    this.#sweep?.timer.cancel();
    const timer = this.host.clock.setTimer(at - this.host.clock.now(), () => {
      this.#sweep = undefined;
      this.sweepExpired();
    });
    this.#sweep = { due: at, timer };
  }
}
