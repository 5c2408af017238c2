/**
 * The browser's way of starting a triggered application (issue 10): a trigger monitor (core's
 * runmqtrm, qm.startTriggerMonitor) whose every APPLICID is the URL of a module, started as a
 * module Web Worker for each trigger message. The worker gets, through comlink, the trigger
 * message as an object (TriggerInfo) and a RemoteQueueManager for the page's queue manager,
 * served on a MessageChannel of its own; the worker's module calls runTriggeredApplication
 * (adapters/worker/triggered-application.ts). When the application resolves, the worker is
 * terminated.
 *
 * A worker whose module does not load, that raises an uncaught error, whose application
 * throws, or that has not ended after `timeoutMs` is terminated, reported to `onError` and
 * counted as failed in the monitor's stats; the monitor goes on.
 *
 * The queue manager a worker holds is its connection: `close()` from the worker only ends
 * that connection (the page's manager stays open); when the worker ends, a get still waiting
 * for it is ended (the message stays on its queue), and listeners and JMS connections it
 * opened are closed, their uncommitted work backed out.
 */
import * as Comlink from "comlink";
import type { QueueManager, TriggerApplication, TriggerInfo, TriggerMonitor, TriggerMonitorStats } from "../../core/index.js";
import { exposeQueueManager } from "../worker/index.js";
import type { TriggeredApplicationEntry } from "../worker/triggered-application.js";
import { WarmWorkers } from "./warm-workers.js";

export interface WorkerTriggerMonitorOptions {
  /** What a relative APPLICID is resolved against (default: this page's or worker's location). */
  baseUrl?: string | URL;
  /** Told of each trigger that did not start or whose worker failed (as core's monitor tells). */
  onError?: (error: unknown, trigger: TriggerInfo | undefined) => void;
  /** A worker not ended after this many milliseconds is terminated and reported (default 60 s). */
  timeoutMs?: number;
  /**
   * Keep one started worker, its module loaded, for each process and queue whose worker ran a
   * trigger to its end, so that the next trigger does not wait for the module to load
   * (warm-workers.ts; default true). Its module's top level then runs before the trigger that
   * uses it: set false when that must wait for a trigger.
   */
  warmWorkers?: boolean;
}

/** Why a triggered worker failed, besides its application throwing (which is reported as thrown). */
export type TriggeredWorkerFailure = "url" | "error" | "timeout";

/** A triggered worker that did not load, raised an uncaught error, or did not end in time. */
export class TriggeredWorkerError extends Error {
  override readonly name = "TriggeredWorkerError";
  constructor(
    message: string,
    readonly failure: TriggeredWorkerFailure,
    /** The module's URL (the APPLICID as resolved), when it was one. */
    readonly url: string | undefined,
  ) {
    super(message);
  }
}

export interface WorkerTriggerMonitor {
  /** { triggers, started, failed }, as core's trigger monitor counts them. */
  readonly stats: TriggerMonitorStats;
  /** Workers started and not yet ended. */
  readonly workers: number;
  readonly initiationQueue: string;
  /** Stops taking trigger messages, lets running workers end (or time out), closes the initiation queue. */
  close(): Promise<void>;
}

export const DEFAULT_TRIGGERED_WORKER_TIMEOUT_MS = 60_000;

/**
 * Starts a trigger monitor on `initiationQueue` of `qm` that starts each trigger's
 * application as a module Web Worker at the URL its process's APPLICID gives.
 */
export async function startWorkerTriggerMonitor(
  qm: QueueManager,
  initiationQueue: string,
  options: WorkerTriggerMonitorOptions = {},
): Promise<WorkerTriggerMonitor> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRIGGERED_WORKER_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`);
  const baseUrl = options.baseUrl === undefined ? (globalThis as { location?: { href: string } }).location?.href : String(options.baseUrl);
  const live = new Set<Worker>();
  const warm = options.warmWorkers === false ? undefined : new WarmWorkers();
  const application: TriggerApplication<QueueManager> = (trigger, manager) => runWorker(trigger, manager, baseUrl, timeoutMs, live, warm);
  const monitor = await qm.startTriggerMonitor(initiationQueue, {
    applications: everyApplicationIs(application),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return new WorkerMonitor(monitor, live, warm);
}

class WorkerMonitor implements WorkerTriggerMonitor {
  constructor(
    readonly monitor: TriggerMonitor<QueueManager>,
    readonly live: Set<Worker>,
    readonly warm: WarmWorkers | undefined,
  ) {}

  get stats(): TriggerMonitorStats {
    return this.monitor.stats;
  }

  get workers(): number {
    return this.live.size;
  }

  get initiationQueue(): string {
    return this.monitor.initiationQueue;
  }

  close(): Promise<void> {
    // Spares first: a worker that ends while the monitor closes starts none.
    this.warm?.close();
    return this.monitor.close();
  }
}

/**
 * Core's monitor looks an APPLICID up in its applications; here every APPLICID is one (a
 * module URL), all started the same way.
 */
function everyApplicationIs(application: TriggerApplication<QueueManager>): Record<string, TriggerApplication<QueueManager>> {
  return new Proxy({} as Record<string, TriggerApplication<QueueManager>>, {
    get: (_target, key) => (typeof key === "string" ? application : undefined),
    has: (_target, key) => typeof key === "string",
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === "string" ? { value: application, writable: false, enumerable: true, configurable: true } : undefined,
  });
}

async function runWorker(
  trigger: TriggerInfo,
  qm: QueueManager,
  baseUrl: string | undefined,
  timeoutMs: number,
  live: Set<Worker>,
  warm: WarmWorkers | undefined,
): Promise<void> {
  let url: string;
  try {
    url = new URL(trigger.applicationId, baseUrl).href;
  } catch {
    throw new TriggeredWorkerError(
      `process ${trigger.processName}'s APPLICID ${JSON.stringify(trigger.applicationId)} is not a module URL${baseUrl === undefined ? " (and there is no base URL to resolve it against)" : ""}`,
      "url",
      undefined,
    );
  }
  const name = `${trigger.processName} for ${trigger.queueName}`;
  const taken = warm ? warm.take(url, name) : { worker: new Worker(url, { type: "module", name }), warm: false };
  const worker = taken.worker;
  live.add(worker);
  // The spare was good: the next trigger gets one too, loading while this one runs.
  if (taken.warm) warm!.keepWarm(url, name);
  // A worker that did not load, raised an uncaught error or hung leaves no spare behind it.
  let workerFailed = false;
  const connection = connectionTo(qm);
  const channel = new MessageChannel();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    exposeQueueManager(connection.manager, channel.port1);
    const failed = new Promise<never>((_resolve, reject) => {
      worker.addEventListener("error", (event) => {
        // Handled here: not reported again as the page's own uncaught error.
        event.preventDefault();
        const message =
          event instanceof ErrorEvent && event.message ? `raised an uncaught error: ${event.message}` : "did not load (or its module failed to evaluate)";
        reject(new TriggeredWorkerError(`the worker for process ${trigger.processName} (${url}) ${message}`, "error", url));
      });
      worker.addEventListener("messageerror", () =>
        reject(new TriggeredWorkerError(`the worker for process ${trigger.processName} (${url}) sent a message that could not be read`, "error", url)),
      );
      timer = setTimeout(
        () =>
          reject(
            new TriggeredWorkerError(`the worker for process ${trigger.processName} (${url}) had not ended after ${timeoutMs} ms; terminated`, "timeout", url),
          ),
        timeoutMs,
      );
    });
    const entry = Comlink.wrap<TriggeredApplicationEntry>(worker);
    await Promise.race([entry.run(trigger, Comlink.transfer(channel.port2, [channel.port2])), failed]);
  } catch (error) {
    workerFailed = error instanceof TriggeredWorkerError;
    throw error;
  } finally {
    if (workerFailed) warm?.drop(url, name);
    else warm?.keepWarm(url, name);
    clearTimeout(timer);
    worker.terminate();
    live.delete(worker);
    channel.port1.close();
    connection.end();
  }
}

/**
 * The queue manager as a triggered worker's connection to it: its close ends only the
 * connection; ending it stops the gets still waiting for the worker and closes the listeners
 * and JMS connections it opened (not awaited: a handler in a terminated worker never answers).
 */
function connectionTo(qm: QueueManager): { manager: QueueManager; end(): void } {
  const ended = new AbortController();
  const opened = new Set<{ close(): Promise<unknown> }>();
  const keep = <T extends { close(): Promise<unknown> }>(closable: T): T => {
    if (ended.signal.aborted) void closable.close().catch(() => undefined);
    else opened.add(closable);
    return closable;
  };
  const own: Partial<Record<keyof QueueManager, unknown>> = {
    close: async () => undefined,
    get: (queue: string, getOptions: Parameters<QueueManager["get"]>[1] = {}) => qm.get(queue, { ...getOptions, signal: getOptions.signal ?? ended.signal }),
    listen: (...args: Parameters<QueueManager["listen"]>) => keep(qm.listen(...args)),
    createConnection: async (...args: Parameters<QueueManager["createConnection"]>) => keep(await qm.createConnection(...args)),
  };
  const manager = new Proxy(qm, {
    get(target, key, _receiver) {
      if (typeof key === "string" && Object.prototype.hasOwnProperty.call(own, key)) return own[key as keyof QueueManager];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    manager,
    end() {
      ended.abort();
      for (const closable of opened) void closable.close().catch(() => undefined);
      opened.clear();
    },
  };
}
