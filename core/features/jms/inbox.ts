/**
 * Messages pushed to a listener and not yet handed to it (its prefetch), with a wait for the
 * next one. Once closed, what is pushed is refused, so the pusher gives it back.
 */
import type { StopSignal } from "./stop-signal.js";

export class Inbox<T> {
  readonly #items: T[] = [];
  #wake: (() => void) | undefined;
  #closed = false;

  get size(): number {
    return this.#items.length;
  }

  /** Adds an item; false when the inbox is closed. */
  push(item: T): boolean {
    if (this.#closed) return false;
    this.#items.push(item);
    this.wake();
    return true;
  }

  shift(): T | undefined {
    return this.#items.shift();
  }

  /** Ends a wait in progress (something other than an item happened). */
  wake(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Resolves when an item is pushed, wake() is called, or `stop` fires. */
  wait(stop: StopSignal): Promise<void> {
    if (this.#items.length > 0 || stop.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        stop.removeEventListener("abort", done);
        if (this.#wake === done) this.#wake = undefined;
        resolve();
      };
      this.#wake = done;
      stop.addEventListener("abort", done);
    });
  }

  /** Refuses what comes from now on; returns what was waiting. */
  close(): T[] {
    this.#closed = true;
    this.wake();
    return this.#items.splice(0);
  }
}
