/**
 * Listeners at the edge: the worker names them in its configuration (MQ_LISTENERS) and
 * registers their handlers in code; each queue manager's Durable Object runs its listeners
 * (qm.listen) as soon as it opens, whether a request or an alarm woke it. While a listened
 * queue holds messages the object keeps an alarm set, so that after an eviction the alarm
 * wakes it again and the listener carries on with what is left: nothing waits for the next
 * request.
 *
 * MQ_LISTENERS is JSON (a string, or an array in wrangler.toml [vars]):
 *   [{ "queueManager": "QM1", "queue": "APP.ORDERS", "handler": "orders",
 *      "maxSessions": 4, "maxRetries": 5, "selector": "...", "redeliveryDelay": { "initial": 100 } }]
 */
import { parseConfigurationList } from "./configuration-list.js";
import type { ListenOptions, Listener, Message, QueueManager } from "../../core/index.js";

/** What a handler is given besides the message: its queue manager and the worker's bindings. */
export interface EdgeListenerContext<Env = unknown> {
  queueManager: QueueManager;
  env: Env;
}

export type EdgeMessageHandler<Env = unknown> = (message: Message, context: EdgeListenerContext<Env>) => unknown;

export interface ListenerConfiguration extends ListenOptions {
  queueManager: string;
  queue: string;
  /** The name a handler was registered under (registerListenerHandlers). */
  handler: string;
}

/** How often an object whose listened queues hold messages wakes itself, in case it was evicted. */
export const LISTENER_WAKE_MS = 30_000;

const handlers = new Map<string, EdgeMessageHandler<never>>();

/**
 * Registers handlers by name, for the listeners MQ_LISTENERS names. Call it at the top level of
 * the worker's entry module, so that every isolate (and so every Durable Object) has them.
 */
export function registerListenerHandlers<Env>(named: Record<string, EdgeMessageHandler<Env>>): void {
  for (const [name, handler] of Object.entries(named)) handlers.set(name, handler as EdgeMessageHandler<never>);
}

/** The listeners configured, checked; a configuration that is not usable stops with a clear error. */
export function parseListenerConfiguration(value: unknown): ListenerConfiguration[] {
  return parseConfigurationList("MQ_LISTENERS", value, "listeners", ["queueManager", "queue", "handler"]) as unknown as ListenerConfiguration[];
}

/** What an object runs for its queue manager: the listeners, and the alarm that outlives an eviction. */
export class EdgeListeners {
  readonly #listeners: Listener[] = [];
  #wake: { cancel(): void } | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly qm: QueueManager,
    env: unknown,
    configuration: ListenerConfiguration[],
    /** Tells of a listener that could not start or reports trouble (the object logs it). */
    report: (text: string) => void,
  ) {
    for (const config of configuration) {
      if (config.queueManager !== qm.name) continue;
      const handler = handlers.get(config.handler);
      if (!handler) {
        report(`listener on ${config.queue}: no handler is registered as ${JSON.stringify(config.handler)} (registerListenerHandlers)`);
        continue;
      }
      const { queueManager: _qm, queue, handler: _name, ...options } = config;
      try {
        const listener = qm.listen(queue, (message) => handler(message, { queueManager: qm, env: env as never }), options);
        for (const type of ["error", "poison", "dead-letter", "warning"] as const)
          listener.addEventListener(type, (event) => report(`listener on ${queue}: ${type}: ${event.detail}`));
        this.#listeners.push(listener);
      } catch (error) {
        report(`listener on ${queue} could not start: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.#keepAwake();
  }

  get listeners(): readonly Listener[] {
    return this.#listeners;
  }

  /**
   * While a listened queue holds messages, an alarm is due within LISTENER_WAKE_MS; with none
   * left, no alarm stays behind (new messages arrive by request, which wakes the object).
   */
  #keepAwake(): void {
    if (this.#listeners.length === 0) return;
    const listened = new Set(this.#listeners.map((l) => l.queue));
    this.#unsubscribe = this.qm.events.subscribe((event) => {
      if (!listened.has(event.queue)) return;
      if (event.type === "put" || ((event.type === "get" || event.type === "backout") && event.depth === 0)) this.#checkAwake();
    });
    this.#checkAwake();
  }

  #checkAwake(): void {
    const pending =
      !this.qm.closed &&
      this.#listeners.some((listener) => {
        try {
          return this.qm.queueStatus(listener.queue).depth > 0;
        } catch {
          return false;
        }
      });
    if (!pending) {
      this.#wake?.cancel();
      this.#wake = undefined;
    } else if (!this.#wake) {
      const timer = this.qm.clock.setTimer(LISTENER_WAKE_MS, () => {
        this.#wake = undefined;
        this.#checkAwake();
      });
      this.#wake = timer;
    }
  }

  async close(): Promise<void> {
    this.#unsubscribe?.();
    this.#wake?.cancel();
    for (const listener of this.#listeners) await listener.close();
  }
}
