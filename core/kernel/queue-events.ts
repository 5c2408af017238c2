/**
 * What happened to queues, told after it is committed and in commit order: a put that became
 * visible, a get that removed a message, a get that was backed out (each with the depth
 * after it), and a change in how many have the queue open for input. Features that react to
 * messages (triggers, backout queues, depth events, subscriptions) subscribe here rather than
 * living inside the manager. A subscriber runs synchronously after the commit; what it throws
 * is its own trouble and never undoes or stops the commit.
 */

/** `depth` is the queue's CURDEPTH after the event; `openInputCount` its IPPROCS (handles open for input and waiting gets). */
export type QueueEvent =
  | { type: "put"; queue: string; messageId: string; persistent: boolean; priority: number; depth: number }
  | { type: "get"; queue: string; messageId: string; persistent: boolean; depth: number }
  | { type: "backout"; queue: string; messageId: string; backoutCount: number; depth: number }
  | { type: "input"; queue: string; openInputCount: number };

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
