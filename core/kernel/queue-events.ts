/**
 * What happened to queues and their messages, told in the order it happened: a put that became
 * visible, a get that removed a message, a get that was backed out (each with the depth after
 * it, told after the commit, in commit order), and a change in how many have the queue open for
 * input. Also, for whoever follows single messages (the playground's timeline): a put held by a
 * unit of work ("held", then "put" at its commit or "backout" at its backout), a message delivered in a unit
 * not yet committed ("taken", then "get" or "backout"), one that expired and was discarded, and,
 * from the features loaded on first use, a message moved to a backout or dead-letter queue, a
 * trigger message written, a message sent over a channel. Features that react to messages
 * (triggers, backout queues, depth events, subscriptions) subscribe here rather than living
 * inside the manager. A subscriber runs synchronously; what it throws is its own trouble and
 * never undoes or stops the commit. A subscriber that wants only some kinds tests `type`.
 */

/** The kinds the kernel tells of one message, each with the same fields (see MessageEvent). */
export type MessageEventType = "put" | "get" | "backout" | "held" | "taken" | "expired";

/**
 * What the kernel tells of one message. `depth` is the queue's CURDEPTH after the event;
 * `backoutCount` the message's. A "backout" is a unit's work undone: a got message back on its
 * queue (its backoutCount raised, unless it went back unseen, taken ahead for a consumer), or a
 * held put gone (one told "held" before).
 */
export interface MessageEvent {
  type: MessageEventType;
  queue: string;
  messageId: string;
  persistent: boolean;
  priority: number;
  backoutCount: number;
  depth: number;
}

/** `openInputCount` is the queue's IPPROCS (handles open for input and waiting gets). */
export type QueueEvent =
  | MessageEvent
  | { type: "input"; queue: string; openInputCount: number }
  /** Moved aside in the unit that got it (told as the move is staged; the put on `to` commits with the get): `reason` is "backout queue" or the dead-letter reason's name. */
  | { type: "moved"; queue: string; messageId: string; to: string; toMessageId: string; reason: string }
  /** A trigger message for `queue` written on `initiationQueue` (its id `messageId`), for `process`. */
  | { type: "triggered"; queue: string; initiationQueue: string; messageId: string; process: string }
  /** Sent over `channel` from transmission queue `queue`, its batch confirmed by the partner. */
  | { type: "sent"; queue: string; messageId: string; channel: string };

export type QueueEventListener = (event: QueueEvent) => void;

/** The event bus as a queue manager shows it (`qm.events`): applications subscribe. */
export interface QueueEventFeed {
  /** Calls `listener` with every event from now on; returns the function that stops it. */
  subscribe(listener: QueueEventListener): () => void;
  /**
   * @internal For what runs on the manager and moves messages itself (a listener's moves aside,
   * which call it through the manager): every subscriber believes what is told here, so an
   * application must not tell anything. Not part of the public API; it may change.
   */
  emit(event: QueueEvent): void;
}

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
