/**
 * A Clock whose timers ride on the Durable Object's alarm: one alarm, set for the earliest
 * timer, so that a waiting get ends on time even though the object keeps no timer of the
 * runtime's. The object's alarm() handler calls fire().
 */
import type { Clock, TimerHandle } from "../../core/index.js";

interface AlarmTimer {
  due: number;
  callback: () => void;
}

export class AlarmClock implements Clock {
  readonly #storage: DurableObjectStorage;
  readonly #timers = new Set<AlarmTimer>();
  #scheduledFor: number | null = null;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
  }

  now(): number {
    return Date.now();
  }

  setTimer(delayMs: number, callback: () => void): TimerHandle {
    const timer: AlarmTimer = { due: this.now() + Math.max(0, delayMs), callback };
    this.#timers.add(timer);
    this.#schedule();
    return {
      cancel: () => {
        if (this.#timers.delete(timer)) this.#schedule();
      },
    };
  }

  /** Runs every timer that is due, then sets the alarm for the next one. */
  fire(): void {
    this.#scheduledFor = null;
    const now = this.now();
    const due = [...this.#timers].filter((t) => t.due <= now).sort((a, b) => a.due - b.due);
    for (const timer of due) {
      this.#timers.delete(timer);
      timer.callback();
    }
    this.#schedule();
  }

  #schedule(): void {
    let earliest: number | null = null;
    for (const t of this.#timers) if (earliest === null || t.due < earliest) earliest = t.due;
    if (earliest === this.#scheduledFor) return;
    this.#scheduledFor = earliest;
    if (earliest === null) void this.#storage.deleteAlarm();
    else void this.#storage.setAlarm(earliest);
  }
}
