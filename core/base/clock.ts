/**
 * Time comes from an injected Clock so that core never touches a runtime's timers: the
 * edge's Clock rides on Durable Object alarms, the browser's and node's on setTimeout, and
 * tests drive a ManualClock by hand.
 */

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Calls `callback` once, `delayMs` from now, unless cancelled first. */
  setTimer(delayMs: number, callback: () => void): TimerHandle;
}

// The one place in core that touches the host's timers (the portability test allows it).
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;

/**
 * The longest delay setTimeout takes (2^31-1 ms, about 24.8 days): a longer one fires at once
 * in every runtime (Node warns TimeoutOverflowWarning), so a message expiring or delivered in a
 * month would be looked at every millisecond. Longer delays are waited for in steps.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The host's wall clock and setTimeout, present in every runtime the product targets. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(delayMs, callback) {
    if (delayMs <= MAX_TIMER_DELAY_MS) {
      const handle = setTimeout(callback, Math.max(0, delayMs));
      return { cancel: () => clearTimeout(handle) };
    }
    const due = Date.now() + delayMs;
    let handle: unknown;
    const arm = () => {
      const left = due - Date.now();
      handle = left > MAX_TIMER_DELAY_MS ? setTimeout(arm, MAX_TIMER_DELAY_MS) : setTimeout(callback, Math.max(0, left));
    };
    arm();
    return { cancel: () => clearTimeout(handle) };
  },
};

interface ManualTimer {
  due: number;
  order: number;
  callback: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to: for tests of expiry, waits and intervals. */
export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  #timers: ManualTimer[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(delayMs: number, callback: () => void): TimerHandle {
    const timer: ManualTimer = { due: this.#now + Math.max(0, delayMs), order: this.#order++, callback, cancelled: false };
    this.#timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }

  /** Moves time forward, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((t) => !t.cancelled && t.due <= target).sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!next) break;
      this.#now = Math.max(this.#now, next.due);
      next.cancelled = true;
      next.callback();
    }
    this.#timers = this.#timers.filter((t) => !t.cancelled);
    this.#now = target;
  }

  /** Timers not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.#timers.filter((t) => !t.cancelled).length;
  }
}
