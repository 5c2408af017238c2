/**
 * What runs on a queue manager on its behalf: listeners (core/features/listener/listener.ts), dead-letter
 * queue handlers (core/features/dead-letters/dead-letter-handler.ts) and trigger monitors
 * (core/features/triggers/trigger-monitor.ts). They are kept here so that the queue manager closes
 * them, letting what they run finish, before it closes its store.
 */
import type { Clock } from "../base/clock.js";
import { MQError } from "../base/errors.js";
import type { QueueHandle } from "../kernel/index.js";
import type { DeadLetterHandler, DeadLetterHandlerHost } from "../features/dead-letters/dead-letter-handler.js";
import type { DlqRulesTable } from "../features/dead-letters/dlq-rule-types.js";
import { Listener, type ListenerHost, type ListenOptions, type MessageHandler } from "../features/listener/listener.js";
import type { TriggerMonitor, TriggerMonitorOptions } from "../features/triggers/trigger-monitor.js";
import { LazyFeature } from "../base/lazy-feature.js";

export class Applications<Q extends ListenerHost & DeadLetterHandlerHost> {
  readonly #listeners = new Set<Listener>();
  readonly #deadLetterHandlers = new Set<DeadLetterHandler>();
  readonly #monitors = new Set<TriggerMonitor<Q>>();
  // runmqdlq and runmqtrm are loaded when first started: most applications start neither.
  readonly #deadLetterHandlerCode = new LazyFeature("the dead-letter handler", () => import("../features/dead-letters/dead-letter-handler.js"));
  readonly #triggerMonitorCode = new LazyFeature("the trigger monitor", () => import("../features/triggers/trigger-monitor.js"));

  constructor(
    private readonly qm: Q,
    private readonly clock: Clock,
  ) {}

  /** A listener on `queue`, the local queue a get of the listened name reads. */
  listen(queue: string, handler: MessageHandler, options: ListenOptions): Listener {
    const listener = new Listener(this.qm, queue, handler, options);
    this.#listeners.add(listener);
    return listener;
  }

  /** A dead-letter handler; `checkRunning` throws when the queue manager closed, or began closing, while its code loaded. */
  async deadLetterHandler(rules: string | DlqRulesTable, checkRunning: () => void): Promise<DeadLetterHandler> {
    const { DeadLetterHandler } = await this.#deadLetterHandlerCode.get();
    checkRunning();
    const handler = new DeadLetterHandler(this.qm, rules);
    this.#deadLetterHandlers.add(handler);
    void handler.ended.then(() => this.#deadLetterHandlers.delete(handler));
    return handler;
  }

  /** A trigger monitor on the initiation queue `open` opens for input (a handle DISPLAY QSTATUS shows); `checkRunning` as for a dead-letter handler. */
  async triggerMonitor(open: () => Promise<QueueHandle>, options: TriggerMonitorOptions<Q>, checkRunning: () => void): Promise<TriggerMonitor<Q>> {
    if (options === null || typeof options !== "object" || options.applications === null || typeof options.applications !== "object") {
      throw new MQError("MQRC_OPTIONS_ERROR", "a trigger monitor needs { applications: { [APPLICID]: async (trigger, qm) => ... } }");
    }
    const { TriggerMonitor } = await this.#triggerMonitorCode.get();
    checkRunning();
    const monitor = new TriggerMonitor<Q>(await open(), this.qm, options, this.clock);
    this.#monitors.add(monitor);
    return monitor;
  }

  /** Closes them all: trigger monitors and listeners let what they started finish. */
  async closeAll(): Promise<void> {
    for (const monitor of this.#monitors) await monitor.close().catch(() => undefined);
    for (const listener of this.#listeners) await listener.close().catch(() => undefined);
    for (const handler of [...this.#deadLetterHandlers]) await handler.close().catch(() => undefined);
  }
}
