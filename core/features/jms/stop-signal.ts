/**
 * An AbortSignal of our own (core has no DOM types): a consumer's signal, fired when it
 * closes, ends the receive or listener wait it is passed to.
 */
import type { AbortSignalLike } from "../../kernel/index.js";

export class StopSignal implements AbortSignalLike {
  #aborted = false;
  #listeners = new Set<() => void>();

  get aborted(): boolean {
    return this.#aborted;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    this.#listeners.delete(listener);
  }

  stop(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    for (const listener of [...this.#listeners]) listener();
    this.#listeners.clear();
  }
}
