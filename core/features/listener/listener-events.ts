/**
 * What a listener reports, as events (core has no DOM EventTarget, so a small typed one):
 * "error" (a handler, store or move failure: counted, the listener carries on), "poison" (a
 * message that reached its backout threshold or the listener's retries), "dead-letter" (a
 * message put on the dead-letter queue), "warning" (a configuration that would stall a
 * WebSphere listener port).
 */
export type ListenerEventType = "error" | "poison" | "dead-letter" | "warning";

export interface ListenerEvent {
  type: ListenerEventType;
  /** What happened, in words. */
  detail: string;
  queue: string;
  /** The message concerned, when there is one. */
  messageId?: string;
  backoutCount?: number;
  /** Where the message went: a backout queue, the dead-letter queue; none when it stayed. */
  movedTo?: string;
  /** The MQDLH reason of a dead-lettered message. */
  reason?: number;
  error?: unknown;
}

export type ListenerEventHandler = (event: ListenerEvent) => void;

export class ListenerEvents {
  readonly #handlers = new Map<ListenerEventType, Set<ListenerEventHandler>>();

  addEventListener(type: ListenerEventType, handler: ListenerEventHandler): void {
    let set = this.#handlers.get(type);
    if (!set) this.#handlers.set(type, (set = new Set()));
    set.add(handler);
  }

  removeEventListener(type: ListenerEventType, handler: ListenerEventHandler): void {
    this.#handlers.get(type)?.delete(handler);
  }

  /** Tells each handler; one that throws does not stop the others, nor the listener. */
  dispatch(event: ListenerEvent): void {
    for (const handler of this.#handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch {
        // A handler's own failure is the application's; the listener carries on.
      }
    }
  }
}
