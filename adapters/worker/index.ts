/**
 * A QueueManager that lives in a Web Worker (or any MessagePort peer), used from a page
 * through comlink. Only plain data crosses: messages, attributes, statuses; a browse
 * cursor crosses as a proxy. MQError crosses with its reason code and name intact, so the
 * page can branch on `error.reason` as it would with a local manager.
 */
import * as Comlink from "comlink";
import { MQError, type QueueManager, type SerializedMQError } from "../../core/index.js";
import type { BrowseCursor, ConnectionOptions } from "../../core/index.js";
import { bridgeConnection, takeLease, type ConnectionFacade } from "./jms-bridge.js";

export { takeLease } from "./jms-bridge.js";
export type { BridgedMessage, ConnectionFacade, SessionFacade } from "./jms-bridge.js";

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
  close: QueueManager["close"];
}

installErrorHandler();

/**
 * In the worker: serves the manager to whoever holds the other end of `endpoint` (default:
 * the worker's own scope). Pass the promise of a manager still opening: the worker then
 * listens at once, so no call the page makes early is lost, and calls wait for the open.
 */
export function exposeQueueManager(manager: QueueManager | Promise<QueueManager>, endpoint: Comlink.Endpoint = self as unknown as Comlink.Endpoint): void {
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
    close: async () => (await ready).close(),
  };
  Comlink.expose(facade, endpoint);
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
  return remote.createConnection(options, await takeLease());
}

// --- Internal helpers ---

interface SerializedThrow {
  mqError?: SerializedMQError;
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
      if (value instanceof Error) return [{ error: { name: value.name, message: value.message, stack: value.stack } }, []];
      return [{ other: value }, []];
    },
    deserialize(serialized: SerializedThrow): never {
      if (serialized.mqError) throw MQError.fromJSON(serialized.mqError);
      if (serialized.error) throw Object.assign(new Error(serialized.error.message), serialized.error);
      throw serialized.other;
    },
  } as Comlink.TransferHandler<unknown, SerializedThrow>);
}
