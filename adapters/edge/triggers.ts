/**
 * Triggering at the edge: the worker names its trigger monitors in configuration
 * (MQ_TRIGGER_MONITORS) and registers the applications they start in code, by APPLICID
 * (registerTriggerHandlers). Each queue manager's Durable Object runs core's trigger monitor
 * (qm.startTriggerMonitor, IBM's runmqtrm) on every initiation queue configured for it, from
 * the moment it opens, whether a request or an alarm woke it. Each application a trigger
 * message starts runs inside the object's lifetime: its promise is handed to ctx.waitUntil.
 * A failing or unregistered application is reported and counted; the monitor goes on.
 *
 * Surviving eviction: while an initiation queue, or a queue it serves (TRIGGER, INITQ naming
 * it), holds messages, the object keeps an alarm due within TRIGGER_WAKE_MS. An evicted object
 * is woken by it, reopens its queue manager and its monitors, and the monitors carry on: a
 * (persistent) trigger message left on the initiation queue is taken then, and a queue that
 * still qualifies is triggered anew, since core's rules fire "initq-opened" for conditions
 * already met when a monitor opens the initiation queue. When the alarm finds the object still
 * in memory and a served queue still holding messages with nothing started for it (its
 * application failed, or its trigger could not be made), it retries: the monitors on that
 * initiation queue reopen it, which asks core's rules again. With no work left, no alarm stays.
 *
 * TRIGINT is measured on the object's clock (AlarmClock.now). The time of each queue's last
 * trigger is kept in memory, so after an eviction FIRST fires as on a fresh queue manager.
 *
 * MQ_TRIGGER_MONITORS is JSON (a string, or an array in wrangler.toml [vars]):
 *   [{ "queueManager": "QM1", "initiationQueue": "APP.INITQ" }]
 */
import { parseConfigurationList } from "./configuration-list.js";
import type { QueueManager, TriggerApplication, TriggerInfo, TriggerMonitor, TriggerMonitorStats } from "../../core/index.js";

/** What an application is given besides the trigger message: its queue manager and the worker's bindings. */
export interface EdgeTriggerContext<Env = unknown> {
  queueManager: QueueManager;
  env: Env;
}

/** An application a trigger message starts, registered under the APPLICID of the process that names it. */
export type EdgeTriggerHandler<Env = unknown> = (trigger: TriggerInfo, context: EdgeTriggerContext<Env>) => unknown;

export interface TriggerMonitorConfiguration {
  queueManager: string;
  initiationQueue: string;
}

/** How often an object with triggered work left wakes itself, in case it was evicted; and when it retries. */
export const TRIGGER_WAKE_MS = 30_000;
/** The longest pause between tries to start a monitor whose initiation queue could not be opened. */
export const TRIGGER_START_RETRY_MAX_MS = 300_000;

const handlers = new Map<string, EdgeTriggerHandler<never>>();

/**
 * Registers applications by APPLICID, for the trigger monitors MQ_TRIGGER_MONITORS names. Call
 * it at the top level of the worker's entry module, so that every isolate (and so every
 * Durable Object) has them.
 */
export function registerTriggerHandlers<Env>(named: Record<string, EdgeTriggerHandler<Env>>): void {
  for (const [name, handler] of Object.entries(named)) handlers.set(name, handler as EdgeTriggerHandler<never>);
}

/** The trigger monitors configured, checked; a configuration that is not usable stops with a clear error. */
export function parseTriggerMonitorConfiguration(value: unknown): TriggerMonitorConfiguration[] {
  return parseConfigurationList("MQ_TRIGGER_MONITORS", value, "trigger monitors", ["queueManager", "initiationQueue"]).map((entry) => ({
    queueManager: entry.queueManager as string,
    initiationQueue: entry.initiationQueue as string,
  }));
}

/** The monitors' figures, summed over every monitor this object ran (a retry reopens a monitor). */
export interface EdgeTriggerStats extends TriggerMonitorStats {
  /** Times the alarm found work left with nothing started for it and asked the rules again. */
  retries: number;
  /** Applications started and not yet finished. */
  running: number;
}

interface Slot {
  initiationQueue: string;
  monitor: TriggerMonitor<QueueManager> | undefined;
  /** Failed tries to start it, for the pause before the next. */
  startFailures: number;
  startTimer: { cancel(): void } | undefined;
}

/** What an object runs for its queue manager: the trigger monitors, and the alarm that outlives an eviction. */
export class EdgeTriggerMonitors {
  readonly #slots: Slot[] = [];
  readonly #initiationQueues = new Set<string>();
  /** Figures of monitors already closed (by a retry), added to the running ones'. */
  readonly #closedStats: TriggerMonitorStats = { triggers: 0, started: 0, failed: 0 };
  readonly #applications: Record<string, TriggerApplication<QueueManager>>;
  #retries = 0;
  #running = 0;
  #wake: { cancel(): void } | undefined;
  #unsubscribe: (() => void) | undefined;
  #closed = false;

  /** Starts the monitors `configuration` names for this queue manager; one that cannot start is reported and tried again. */
  static async start(
    qm: QueueManager,
    env: unknown,
    configuration: TriggerMonitorConfiguration[],
    waitUntil: (promise: Promise<unknown>) => void,
    report: (text: string) => void,
  ): Promise<EdgeTriggerMonitors> {
    const monitors = new EdgeTriggerMonitors(qm, env, configuration, waitUntil, report);
    for (const slot of monitors.#slots) await monitors.#startSlot(slot);
    monitors.#keepAwake();
    return monitors;
  }

  private constructor(
    private readonly qm: QueueManager,
    private readonly env: unknown,
    configuration: TriggerMonitorConfiguration[],
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    /** Tells of a monitor that could not start, and of each application that failed or was not registered. */
    private readonly report: (text: string) => void,
  ) {
    for (const config of configuration) {
      if (config.queueManager !== qm.name) continue;
      this.#slots.push({ initiationQueue: config.initiationQueue, monitor: undefined, startFailures: 0, startTimer: undefined });
      this.#initiationQueues.add(config.initiationQueue);
    }
    // The registry is read when a trigger message comes, so a handler registered after the
    // object opened is found too; core's monitor asks for the APPLICID as an own property.
    const application = (name: string) => {
      const handler = handlers.get(name);
      return handler ? this.#wrap(handler) : undefined;
    };
    this.#applications = new Proxy(Object.create(null) as Record<string, TriggerApplication<QueueManager>>, {
      get: (_target, key) => (typeof key === "string" ? application(key) : undefined),
      has: (_target, key) => typeof key === "string" && handlers.has(key),
      getOwnPropertyDescriptor: (_target, key) => {
        const value = typeof key === "string" ? application(key) : undefined;
        return value ? { value, writable: false, enumerable: true, configurable: true } : undefined;
      },
      ownKeys: () => [...handlers.keys()],
    });
  }

  /** The monitors running now, one per configured initiation queue (absent while one cannot start). */
  get monitors(): readonly TriggerMonitor<QueueManager>[] {
    return this.#slots.flatMap((slot) => (slot.monitor ? [slot.monitor] : []));
  }

  get initiationQueues(): readonly string[] {
    return [...this.#initiationQueues];
  }

  get stats(): EdgeTriggerStats {
    const total = { ...this.#closedStats, retries: this.#retries, running: this.#running };
    for (const monitor of this.monitors) {
      const s = monitor.stats;
      total.triggers += s.triggers;
      total.started += s.started;
      total.failed += s.failed;
    }
    return total;
  }

  /** An application run inside the object's lifetime: its promise goes to waitUntil, its end re-checks the alarm. */
  #wrap(handler: EdgeTriggerHandler<never>): TriggerApplication<QueueManager> {
    return (trigger, qm) => {
      this.#running++;
      const done = (async () => handler(trigger, { queueManager: qm, env: this.env as never }))();
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      void settled.then(() => {
        this.#running--;
        this.#checkAwake();
      });
      this.waitUntil(settled);
      // The monitor reports and counts a failure (onError below).
      return done;
    };
  }

  async #startSlot(slot: Slot): Promise<void> {
    if (this.#closed || this.qm.closed) return;
    try {
      slot.monitor = await this.qm.startTriggerMonitor(slot.initiationQueue, {
        applications: this.#applications,
        onError: (error, trigger) => {
          const what = trigger ? `application ${JSON.stringify(trigger.applicationId)} for queue ${trigger.queueName}` : "initiation queue";
          this.report(`trigger monitor on ${slot.initiationQueue}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
        },
      });
      slot.startFailures = 0;
    } catch (error) {
      // The initiation queue may not be defined yet: tried again on the alarm, less often each time.
      const delay = Math.min(TRIGGER_START_RETRY_MAX_MS, 1000 * 2 ** Math.min(slot.startFailures++, 16));
      this.report(
        `trigger monitor on ${slot.initiationQueue} could not start (tried again in ${Math.round(delay / 1000)} s): ${error instanceof Error ? error.message : String(error)}`,
      );
      slot.startTimer = this.qm.clock.setTimer(delay, () => {
        slot.startTimer = undefined;
        void this.#startSlot(slot).then(() => this.#checkAwake());
      });
    }
  }

  /** The local queues with TRIGGER on whose INITQ is one of this object's initiation queues. */
  #servedQueues(): string[] {
    const out: string[] = [];
    for (const name of this.qm.queueNames()) if (this.#serves(name)) out.push(name);
    return out;
  }

  #serves(queue: string): boolean {
    try {
      const a = this.qm.queueAttributes(queue);
      return a.trigger === true && this.#initiationQueues.has(String(a.initiationQueue ?? "").trim());
    } catch {
      return false;
    }
  }

  #depth(queue: string): number {
    try {
      return this.qm.queueStatus(queue).depth;
    } catch {
      return 0;
    }
  }

  /**
   * While an initiation queue or a queue it serves holds messages, an alarm is due within
   * TRIGGER_WAKE_MS; with none left, no alarm stays behind (new messages arrive by request,
   * which wakes the object).
   */
  #keepAwake(): void {
    if (this.#slots.length === 0) return;
    this.#unsubscribe = this.qm.events.subscribe((event) => {
      // Only what can change the answer: a put while no alarm is set, a queue emptied while one is.
      if (event.type === "put" ? this.#wake !== undefined : !("depth" in event) || event.depth > 0 || this.#wake === undefined) return;
      if (this.#initiationQueues.has(event.queue) || this.#serves(event.queue)) this.#checkAwake();
    });
    this.#checkAwake();
  }

  #pending(): boolean {
    if (this.#closed || this.qm.closed) return false;
    for (const queue of this.#initiationQueues) if (this.#depth(queue) > 0) return true;
    return this.#servedQueues().some((queue) => this.#depth(queue) > 0);
  }

  #checkAwake(): void {
    if (this.#slots.length === 0) return;
    if (!this.#pending()) {
      this.#wake?.cancel();
      this.#wake = undefined;
    } else if (!this.#wake) {
      this.#wake = this.qm.clock.setTimer(TRIGGER_WAKE_MS, () => {
        this.#wake = undefined;
        void this.wake();
      });
    }
  }

  /**
   * What the alarm does when it finds the object in memory (an evicted one does the same by
   * reopening): for each initiation queue that is empty, with no application of this object
   * running, whose served queues hold messages that no application has open for input, the
   * monitors on it reopen it, so that core's rules make a trigger message for each queue that
   * still qualifies. Resolves with how many initiation queues were retried.
   */
  async wake(): Promise<number> {
    let retried = 0;
    if (!this.#closed && !this.qm.closed && this.#running === 0) {
      const served = this.#servedQueues();
      for (const initiationQueue of this.#initiationQueues) {
        if (this.#depth(initiationQueue) > 0) continue;
        const slots = this.#slots.filter((slot) => slot.initiationQueue === initiationQueue && slot.monitor);
        if (slots.length === 0) continue;
        const waiting = served.some((queue) => {
          if (String(this.qm.queueAttributes(queue).initiationQueue ?? "").trim() !== initiationQueue) return false;
          const status = this.qm.queueStatus(queue);
          return status.depth > 0 && status.openInputCount === 0 && this.qm.queueAttributes(queue).getEnabled;
        });
        if (!waiting) continue;
        // Every monitor on it closes first, so that the reopening is the first input again ("initq-opened").
        for (const slot of slots) {
          const monitor = slot.monitor!;
          slot.monitor = undefined;
          await monitor.close();
          const s = monitor.stats;
          this.#closedStats.triggers += s.triggers;
          this.#closedStats.started += s.started;
          this.#closedStats.failed += s.failed;
        }
        for (const slot of slots) await this.#startSlot(slot);
        this.#retries++;
        retried++;
      }
    }
    this.#checkAwake();
    return retried;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe?.();
    this.#wake?.cancel();
    this.#wake = undefined;
    for (const slot of this.#slots) {
      slot.startTimer?.cancel();
      await slot.monitor?.close();
    }
  }
}
