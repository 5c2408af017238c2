/**
 * A QueueManager that lives in a Web Worker (or any MessagePort peer), used from a page
 * through comlink. Only plain data crosses: messages, attributes, statuses; a browse
 * cursor crosses as a proxy. MQError crosses with its reason code and name intact, so the
 * page can branch on `error.reason` as it would with a local manager; so does
 * UnprocessableMessageError with its reason. A listener runs in the worker with its handler
 * in the page or in a module the worker imports (listener-bridge.ts).
 */
import * as Comlink from "comlink";
import { MQError, UnprocessableMessageError, withPropertyAccess, type Property, type QueueManager, type SerializedMQError } from "../../core/index.js";
import type { BrowseCursor, ConnectionOptions, ListenOptions, Message, MessageHandler } from "../../core/index.js";
import { bridgeConnection, holdLease, type ConnectionFacade } from "./jms-bridge.js";
import { bridgeListener, bridgeModuleListener, proxyHandler, type ListenerFacade } from "./listener-bridge.js";

export { holdLease, takeLease } from "./jms-bridge.js";
export type { BridgedMessage, ConnectionFacade, SessionFacade } from "./jms-bridge.js";
export { proxyHandler } from "./listener-bridge.js";
export type { BridgedListenerEvent, HandlerModule, ListenerFacade } from "./listener-bridge.js";

/** What a page can call on a remote queue manager (all of it async across the boundary). */
export type RemoteQueueManager = Comlink.Remote<QueueManagerFacade>;

/** The part of QueueManager that crosses the boundary, with browse returning a proxy. */
export interface QueueManagerFacade {
  name(): Promise<string>;
  put: QueueManager["put"];
  get: QueueManager["get"];
  list: QueueManager["list"];
  browse(...args: Parameters<QueueManager["browse"]>): Promise<BrowseCursor & Comlink.ProxyMarked>;
  queueNames(): Promise<string[]>;
  queueAttributes(...args: Parameters<QueueManager["queueAttributes"]>): Promise<ReturnType<QueueManager["queueAttributes"]>>;
  queueStatus(...args: Parameters<QueueManager["queueStatus"]>): Promise<ReturnType<QueueManager["queueStatus"]>>;
  attributes(): Promise<QueueManager["attributes"]>;
  defineQueue: QueueManager["defineQueue"];
  alterQueue: QueueManager["alterQueue"];
  deleteQueue: QueueManager["deleteQueue"];
  clearQueue: QueueManager["clearQueue"];
  alterQueueManager: QueueManager["alterQueueManager"];
  defineObject: QueueManager["defineObject"];
  alterObject: QueueManager["alterObject"];
  deleteObject: QueueManager["deleteObject"];
  objects(...args: Parameters<QueueManager["objects"]>): Promise<ReturnType<QueueManager["objects"]>>;
  mqsc: QueueManager["mqsc"];
  /**
   * A JMS connection, as a proxy. `lease` names a Web Lock the caller holds while it lives
   * (takeLease): when it is released, the connection closes and what it held comes back.
   */
  createConnection(options?: ConnectionOptions, lease?: string): Promise<ConnectionFacade & Comlink.ProxyMarked>;
  /**
   * A listener (qm.listen) run in the worker, whose handler is the page's function: pass it
   * through Comlink.proxy (or proxyHandler). Units of work, backouts and moves to the backout
   * and dead-letter queues happen in the worker; an UnprocessableMessageError thrown in the
   * page is one in the worker too. `lease` names a Web Lock the page holds (takeLease): when
   * it is released the listener closes, and a message the page was handling goes back to its
   * queue, its backout count raised (listener-bridge.ts).
   */
  listen(queue: string, handler: MessageHandler & Comlink.ProxyMarked, options?: ListenOptions, lease?: string): Promise<ListenerFacade & Comlink.ProxyMarked>;
  /**
   * A listener run in the worker whose handler is the default export of the module at
   * `moduleUrl` (absolute, or relative to the worker's location), imported by the worker: no
   * page round trip. With `lease`, it closes when the page that holds the lease goes away.
   */
  listenWithModule(queue: string, moduleUrl: string, options?: ListenOptions, lease?: string): Promise<ListenerFacade & Comlink.ProxyMarked>;
  close: QueueManager["close"];
}

installErrorHandler();
installMessageHandler();

/**
 * In the worker: serves the manager to whoever holds the other end of `endpoint` (default:
 * the worker's own scope). Pass the promise of a manager still opening: the worker then
 * listens at once, so no call the page makes early is lost, and calls wait for the open.
 * `more` adds calls of the server's own to the facade (the shared manager's confirmed gets).
 */
export function exposeQueueManager(
  manager: QueueManager | Promise<QueueManager>,
  endpoint: Comlink.Endpoint = self as unknown as Comlink.Endpoint,
  more: object = {},
): void {
  const ready = Promise.resolve(manager);
  const facade: QueueManagerFacade = {
    name: async () => (await ready).name,
    put: async (queue, message) => (await ready).put(queue, message),
    get: async (queue, options) => (await ready).get(queue, options),
    list: async (queue, options) => (await ready).list(queue, options),
    browse: async (queue, options) => Comlink.proxy((await ready).browse(queue, options)),
    queueNames: async () => (await ready).queueNames(),
    queueAttributes: async (name) => (await ready).queueAttributes(name),
    queueStatus: async (name) => (await ready).queueStatus(name),
    attributes: async () => (await ready).attributes,
    defineQueue: async (name, attributes, options) => (await ready).defineQueue(name, attributes, options),
    alterQueue: async (name, attributes) => (await ready).alterQueue(name, attributes),
    deleteQueue: async (name, options) => (await ready).deleteQueue(name, options),
    clearQueue: async (name) => (await ready).clearQueue(name),
    alterQueueManager: async (attributes) => (await ready).alterQueueManager(attributes),
    defineObject: async (type, name, attributes, options) => (await ready).defineObject(type, name, attributes, options),
    alterObject: async (type, name, attributes) => (await ready).alterObject(type, name, attributes),
    deleteObject: async (type, name, options) => (await ready).deleteObject(type, name, options),
    objects: async (types) => (await ready).objects(types),
    mqsc: async (script) => (await ready).mqsc(script),
    createConnection: async (options, lease) => bridgeConnection(await ready, options, lease),
    listen: async (queue, handler, options, lease) => bridgeListener(await ready, queue, handler as unknown as Comlink.Remote<MessageHandler>, options, lease),
    listenWithModule: async (queue, moduleUrl, options, lease) => bridgeModuleListener(await ready, queue, moduleUrl, options, lease),
    close: async () => (await ready).close(),
  };
  Comlink.expose({ ...more, ...facade }, endpoint);
}

/** In the page: the queue manager served at the other end of `endpoint` (a Worker, a MessagePort). */
export function wrapQueueManager(endpoint: Comlink.Endpoint): RemoteQueueManager {
  return Comlink.wrap<QueueManagerFacade>(endpoint);
}

/**
 * In the page: a JMS connection to the remote queue manager, leased to this page, so that
 * when the page goes away what the connection held comes back to the queues.
 */
export async function connectRemote(remote: RemoteQueueManager, options: ConnectionOptions = {}): Promise<Comlink.Remote<ConnectionFacade>> {
  const lease = await holdLease();
  return endsLease(await remote.createConnection(options, lease.name).catch(releasing(lease)), lease);
}

/**
 * In the page: a listener in the worker whose handler is `handler`, here in the page, leased
 * to this page, so that when the page goes away the listener closes and the message it was
 * handling goes back to its queue.
 */
export async function listenRemote(
  remote: RemoteQueueManager,
  queue: string,
  handler: (message: Message) => unknown,
  options: ListenOptions = {},
): Promise<Comlink.Remote<ListenerFacade>> {
  const lease = await holdLease();
  return endsLease(await remote.listen(queue, proxyHandler(handler), options, lease.name).catch(releasing(lease)), lease);
}

// --- Internal helpers ---

type Lease = Awaited<ReturnType<typeof holdLease>>;

/**
 * The remote connection or listener, whose close() also ends the page's lease on it: neither
 * the page's Web Lock nor the worker's request for it outlives what it leased.
 */
function endsLease<T extends { close(): unknown }>(remote: Comlink.Remote<T>, lease: Lease): Comlink.Remote<T> {
  const close = async () => {
    try {
      return await (remote as unknown as { close(): Promise<void> }).close();
    } finally {
      lease.release();
    }
  };
  return new Proxy(remote, { get: (target, property) => (property === "close" ? close : Reflect.get(target, property)) });
}

/** Releases `lease` when the call it went with failed, and passes the failure on. */
function releasing(lease: Lease): (error: unknown) => never {
  return (error) => {
    lease.release();
    throw error;
  };
}

interface SerializedThrow {
  mqError?: SerializedMQError;
  unprocessable?: { message: string; reason: number; stack?: string };
  error?: { name: string; message: string; stack?: string };
  other?: unknown;
}

/**
 * comlink's own "throw" handler keeps only an Error's name, message and stack; this one
 * keeps an MQError whole. Both ends install it when they load this module.
 */
function installErrorHandler(): void {
  const original = Comlink.transferHandlers.get("throw")!;
  Comlink.transferHandlers.set("throw", {
    // comlink marks thrown values with a private symbol; its own handler knows how to spot them.
    canHandle: (value: unknown): value is { value: unknown } => original.canHandle(value),
    serialize({ value }: { value: unknown }): [SerializedThrow, Transferable[]] {
      if (value instanceof MQError) return [{ mqError: value.toJSON() }, []];
      // A handler's "never retry this one": known by name too, so a copy of the class from
      // another bundle crosses as well.
      if (value instanceof Error && value.name === "UnprocessableMessageError") {
        const reason = (value as { reason?: unknown }).reason;
        return [
          {
            unprocessable: {
              message: value.message,
              reason: typeof reason === "number" ? reason : new UnprocessableMessageError("").reason,
              stack: value.stack,
            },
          },
          [],
        ];
      }
      if (value instanceof Error) return [{ error: { name: value.name, message: value.message, stack: value.stack } }, []];
      return [{ other: value }, []];
    },
    deserialize(serialized: SerializedThrow): never {
      if (serialized.mqError) throw MQError.fromJSON(serialized.mqError);
      if (serialized.unprocessable) {
        const { message, reason, stack } = serialized.unprocessable;
        throw Object.assign(new UnprocessableMessageError(message, { reason }), stack === undefined ? {} : { stack });
      }
      if (serialized.error) throw Object.assign(new Error(serialized.error.message), serialized.error);
      throw serialized.other;
    },
  } as Comlink.TransferHandler<unknown, SerializedThrow>);
}

/** What crosses for a message: its data; the other end gives it back its property reads. */
interface MessageData {
  messageId: string;
  properties: Property[];
}

function isMessageData(value: unknown): value is MessageData {
  return (
    typeof value === "object" && value !== null && typeof (value as MessageData).messageId === "string" && Array.isArray((value as MessageData).properties)
  );
}

/**
 * A message crosses as plain data (structured clone keeps own fields, not a prototype); this
 * handler gives it back getProperty, propertyValues and the rest on the other side, for a
 * message returned (get, a browse's next, a JMS receive), a list of them (list), or one passed
 * to a page's listener handler. Both ends install it when they load this module.
 */
function installMessageHandler(): void {
  Comlink.transferHandlers.set("webmq-message", {
    canHandle: (value: unknown): value is MessageData | MessageData[] =>
      isMessageData(value) || (Array.isArray(value) && value.length > 0 && value.every(isMessageData)),
    serialize: (value: MessageData | MessageData[]): [MessageData | MessageData[], Transferable[]] => [
      Array.isArray(value) ? value.map((m) => ({ ...m })) : { ...value },
      [],
    ],
    deserialize: (value: MessageData | MessageData[]) => (Array.isArray(value) ? value.map((m) => withPropertyAccess(m)) : withPropertyAccess(value)),
  } as Comlink.TransferHandler<MessageData | MessageData[], MessageData | MessageData[]>);
}
