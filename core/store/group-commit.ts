/**
 * Group commit: batches that arrive while the store is busy (or in the same tick) are
 * committed together in one store transaction. Each caller's promise settles only when the
 * transaction that held its batch has completed. When a shared transaction fails, each of
 * its batches is tried again alone, so a failure rejects exactly the callers whose own
 * batch cannot be committed. Every store gets this once, here, rather than each
 * adapter writing its own.
 */
import type { Store, StoreOp } from "./store.js";

interface Waiting {
  ops: StoreOp[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  #waiting: Waiting[] = [];
  #running = false;
  #drained: Promise<void> = Promise.resolve();
  #signalDrained: () => void = () => undefined;

  constructor(private readonly store: Store) {}

  commit(ops: StoreOp[]): Promise<void> {
    if (this.store.groupCommit === false && !this.#running) return this.store.commit(ops);
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ ops, resolve, reject });
      if (!this.#running) {
        this.#running = true;
        this.#drained = new Promise((resolve) => (this.#signalDrained = resolve));
        // Wait one microtask so that puts issued together in this tick share a transaction.
        void Promise.resolve().then(() => this.#drain());
      }
    });
  }

  /** Resolves once every batch handed in so far has settled. */
  async idle(): Promise<void> {
    while (this.#running || this.#waiting.length > 0) await this.#drained;
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      const group = this.#waiting;
      this.#waiting = [];
      const ops = group.length === 1 ? group[0]!.ops : group.flatMap((w) => w.ops);
      try {
        await this.store.commit(ops);
        for (const w of group) w.resolve();
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        // One caller's bad batch must not fail the others': commit each on its own, in order.
        else for (const w of group) await this.store.commit(w.ops).then(w.resolve, w.reject);
      }
    }
    this.#running = false;
    this.#signalDrained();
  }
}
