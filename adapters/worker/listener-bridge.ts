/**
 * Listeners across a worker boundary: `qm.listen` run in the worker, next to the queue
 * manager, so each message's unit of work, its backout and its move to the backout or
 * dead-letter queue all happen there. The handler is either the page's (a comlink proxy:
 * each message crosses to the page as data, and what the page's function returns or throws
 * comes back) or a module's default export that the worker imports (no page round trip).
 *
 * An `UnprocessableMessageError` thrown in the page crosses recognisably (by name, with its
 * reason) and is thrown again in the worker as one, so the message goes to the dead-letter
 * queue as it would with a local handler; any other throw backs the message out.
 *
 * A listener whose handler is in a page can be leased to that page (a Web Lock, takeLease):
 * when the page goes away (closed, crashed, terminated) the worker is granted the lock, and
 * the listener closes. A message the page was handling then will never be answered: its
 * handler call is abandoned as a failure, so its unit of work rolls back and the message is
 * back on its queue with its backout count raised by one, as IBM MQ does when a connection
 * ends with a get uncommitted and as the JMS bridge does (jms-bridge.ts). The delivery
 * reached the page, and counting it keeps a message that kills every tab it reaches from
 * coming back for ever: BOTHRESH moves it aside like any other poison. Messages not yet handed
 * to the page go back as they were (the listener's own close).
 */
import * as Comlink from "comlink";
import { UnprocessableMessageError } from "../../core/index.js";
import type { ListenOptions, Listener, ListenerEvent, ListenerEventType, ListenerStats, Message, MessageHandler, QueueManager } from "../../core/index.js";

/** A listener event as it crosses: its error reduced to plain data. */
export interface BridgedListenerEvent extends Omit<ListenerEvent, "error"> {
  error?: { name: string; message: string; reason?: string | number };
}

/** What the page holds of a listener running in the worker. */
export interface ListenerFacade {
  /** processed, rolledBack, backedOut, deadLettered, discarded, errors. */
  stats(): Promise<ListenerStats>;
  /** Configuration warnings found when the listener started (also told as "warning" events). */
  warnings(): Promise<string[]>;
  /** True once closed: by close(), by the manager's close, or because the leasing page went away. */
  closed(): Promise<boolean>;
  /** Lets running handlers finish, then stops. */
  close(): Promise<void>;
  /**
   * Calls `handler` (pass it through Comlink.proxy) with each event of `type`; returns an id
   * for removeEventListener (a proxied function has no identity across the boundary).
   */
  addEventListener(type: ListenerEventType, handler: (event: BridgedListenerEvent) => unknown): Promise<number>;
  removeEventListener(id: number): Promise<void>;
}

/** A handler's module: its default export handles each message, in the worker. */
export interface HandlerModule {
  default: MessageHandler;
}

/**
 * In the worker: a listener on `queue` whose handler is the page's function `handler` (a
 * comlink proxy); closed when the lease `lease` (a Web Lock name) is released.
 */
export function bridgeListener(
  manager: QueueManager,
  queue: string,
  handler: Comlink.Remote<MessageHandler>,
  options: ListenOptions = {},
  lease?: string,
): ListenerFacade & Comlink.ProxyMarked {
  if (typeof handler !== "function") throw new TypeError("listen needs a handler: pass the page's function through Comlink.proxy(handler)");
  /** Handler calls waiting on the page, abandoned when the page goes away. */
  const waiting = new Set<(error: Error) => void>();
  let gone = false;
  const local: MessageHandler = (message) => {
    if (gone) return Promise.reject(pageGone());
    return new Promise<void>((resolve, reject) => {
      waiting.add(reject);
      handler(plainMessage(message))
        .then(
          () => resolve(),
          (error: unknown) => reject(reviveUnprocessable(error)),
        )
        .finally(() => waiting.delete(reject));
    });
  };
  const listener = manager.listen(queue, local, options);
  const release = () => {
    try {
      handler[Comlink.releaseProxy]();
    } catch {
      // Released already.
    }
  };
  const stopWatching =
    lease === undefined
      ? () => undefined
      : watchLease(lease, async () => {
          gone = true;
          // Closing first stops deliveries at once; the calls the page will never answer are then
          // abandoned, so that their units roll back and the close can complete.
          const closing = listener.close();
          for (const abandon of [...waiting]) abandon(pageGone());
          await closing;
        });
  return facade(
    listener,
    async () => {
      stopWatching();
      await listener.close();
      if (!gone) release();
    },
    () => gone,
  );
}

/**
 * In the worker: a listener on `queue` whose handler is the default export of the module at
 * `moduleUrl`, imported here, so messages are handled in the worker with no page round trip.
 * A relative URL is resolved against the worker's location. With `lease`, it closes when the
 * page that holds the lease goes away; without, it runs until closed or the manager closes.
 */
export async function bridgeModuleListener(
  manager: QueueManager,
  queue: string,
  moduleUrl: string,
  options: ListenOptions = {},
  lease?: string,
): Promise<ListenerFacade & Comlink.ProxyMarked> {
  const base = (globalThis as { location?: { href: string } }).location?.href;
  const url = base === undefined ? moduleUrl : new URL(moduleUrl, base).href;
  const module = (await import(/* @vite-ignore */ url)) as Partial<HandlerModule>;
  const handler = module.default;
  if (typeof handler !== "function") throw new TypeError(`module ${url} has no default export to handle messages (a function of the message)`);
  const listener = manager.listen(queue, handler, options);
  const stopWatching = lease === undefined ? () => undefined : watchLease(lease, () => listener.close());
  return facade(listener, async () => {
    stopWatching();
    await listener.close();
  });
}

/**
 * In the page: `handler` as a comlink proxy to pass to `remote.listen`. Only its completion
 * crosses back (what it returns need not be cloneable); what it throws crosses as a failure.
 */
export function proxyHandler(handler: (message: Message) => unknown): MessageHandler & Comlink.ProxyMarked {
  return Comlink.proxy(async (message: Message) => {
    await handler(message);
  });
}

// --- Internal helpers ---

function facade(listener: Listener, close: () => Promise<void>, pageGone: () => boolean = () => false): ListenerFacade & Comlink.ProxyMarked {
  const subscriptions = new Map<
    number,
    { type: ListenerEventType; forward: (event: ListenerEvent) => void; handler: Comlink.Remote<(event: BridgedListenerEvent) => unknown> }
  >();
  let ids = 0;
  const unsubscribe = (id: number) => {
    const subscription = subscriptions.get(id);
    if (!subscription) return;
    subscriptions.delete(id);
    listener.removeEventListener(subscription.type, subscription.forward);
    if (!pageGone()) subscription.handler[Comlink.releaseProxy]();
  };
  return Comlink.proxy({
    stats: async () => listener.stats,
    warnings: async () => [...listener.warnings],
    closed: async () => listener.closed,
    close: async () => {
      await close();
      for (const id of [...subscriptions.keys()]) unsubscribe(id);
    },
    addEventListener: async (type, handler) => {
      const h = handler as unknown as Comlink.Remote<(event: BridgedListenerEvent) => unknown>;
      const forward = (event: ListenerEvent) => {
        // Told, not awaited: a page that is gone never answers, and the listener does not wait.
        if (!pageGone()) void Promise.resolve(h(plainEvent(event))).catch(() => undefined);
      };
      listener.addEventListener(type, forward);
      subscriptions.set(++ids, { type, forward, handler: h });
      return ids;
    },
    removeEventListener: async (id) => unsubscribe(id),
  } satisfies ListenerFacade);
}

/**
 * Asks for the lease's lock, granted only once the page that holds it is gone; then runs
 * `gone`. Returns a function that withdraws the request (the listener closed first).
 */
function watchLease(lease: string, gone: () => Promise<void>): () => void {
  const withdrawn = new AbortController();
  void navigator.locks.request(lease, { signal: withdrawn.signal }, () => gone()).catch(() => undefined);
  return () => withdrawn.abort();
}

function pageGone(): Error {
  return Object.assign(new Error("the page went away while handling the message; its unit of work is rolled back and the message is back on its queue"), {
    name: "PageGoneError",
  });
}

/** A message as data (it is already; a copy guards against anything a store attached). */
function plainMessage(message: Message): Message {
  return { ...message };
}

/**
 * The page's UnprocessableMessageError arrives as an UnprocessableMessageError when both ends
 * loaded this adapter (its throw handler keeps it), or as an Error of that name when the page
 * proxied its handler with plain comlink: either way it is one again here.
 */
export function reviveUnprocessable(error: unknown): unknown {
  if (error instanceof UnprocessableMessageError) return error;
  if (error instanceof Error && error.name === "UnprocessableMessageError") {
    const reason = (error as { reason?: unknown }).reason;
    return new UnprocessableMessageError(error.message, { cause: error, ...(typeof reason === "number" ? { reason } : {}) });
  }
  return error;
}

function plainEvent(event: ListenerEvent): BridgedListenerEvent {
  const { error, ...rest } = event;
  if (error === undefined) return rest;
  if (error instanceof Error) {
    const reason = (error as { reason?: unknown }).reason;
    return { ...rest, error: { name: error.name, message: error.message, ...(typeof reason === "string" || typeof reason === "number" ? { reason } : {}) } };
  }
  return { ...rest, error: { name: "Error", message: String(error) } };
}
