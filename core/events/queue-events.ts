/**
 * What happened to queues, told after it is committed and in commit order: a put that became
 * visible, a get that removed a message, a get that was backed out. Features that react to
 * messages (triggers, backout queues, depth events, subscriptions) subscribe here rather than
 * living inside the manager. A subscriber runs synchronously after the commit; what it throws
 * is its own trouble and never undoes or stops the commit.
 */

export type QueueEvent =
  | { type: "put"; queue: string; messageId: string; persistent: boolean }
  | { type: "get"; queue: string; messageId: string; persistent: boolean }
  | { type: "backout"; queue: string; messageId: string; backoutCount: number };

export type QueueEventListener = (event: QueueEvent) => void;

export class QueueEvents {
  #listeners: QueueEventListener[] = [];

  /** Calls `listener` with every event from now on; returns the function that stops it. */
  subscribe(listener: QueueEventListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  get hasListeners(): boolean {
    return this.#listeners.length > 0;
  }

  emit(event: QueueEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A subscriber's failure is not the commit's.
      }
    }
  }
}
