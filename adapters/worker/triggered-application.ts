/**
 * The worker's side of a triggered application (issue 10, browser): a Web Worker that a
 * trigger monitor started (startWorkerTriggerMonitor, adapters/browser/trigger-worker.ts)
 * because its module's URL is a process's APPLICID. The module calls
 * `runTriggeredApplication(app)` at its top level; the monitor then hands `app` the trigger
 * message as an object and a handle to the queue manager (a RemoteQueueManager over a
 * MessagePort), and terminates the worker once `app` resolves. As the seed advises, the
 * application drains the queue with a wait interval and ends:
 *
 * ```ts
 * runTriggeredApplication(async (trigger, qm) => {
 *   for (let m = await qm.get(trigger.queueName, { wait: 1000 }); m; m = await qm.get(trigger.queueName, { wait: 1000 })) {
 *     await qm.put("APP.REPLY", { body: `done: ${m.body}`, correlationId: m.messageId });
 *   }
 * });
 * ```
 *
 * What `app` throws reaches the monitor (an MQError with its reason), which reports it and
 * counts it as failed.
 */
/// <reference lib="webworker" />
import * as Comlink from "comlink";
import type { TriggerInfo } from "../../core/index.js";
import { wrapQueueManager, type RemoteQueueManager } from "./index.js";

export type { TriggerInfo } from "../../core/index.js";

/** An application a trigger starts in a Web Worker: the trigger message, and the queue manager. */
export type TriggeredApplication = (trigger: TriggerInfo, qm: RemoteQueueManager) => unknown;

/** What the worker exposes to the monitor (through comlink, on the worker itself). */
export interface TriggeredApplicationEntry {
  /** Runs the application once with `trigger`, its queue manager served on `port`; resolves when it ends. */
  run(trigger: TriggerInfo, port: MessagePort): Promise<void>;
}

/**
 * In the worker: makes `application` the one this worker runs when a trigger monitor starts
 * it. Call it once, at the module's top level (messages from the monitor wait until the
 * module has run, so none is lost).
 */
export function runTriggeredApplication(application: TriggeredApplication, scope: Comlink.Endpoint = self as unknown as Comlink.Endpoint): void {
  if (typeof application !== "function") throw new TypeError("runTriggeredApplication needs the application: async (trigger, qm) => ...");
  let started = false;
  const entry: TriggeredApplicationEntry = {
    async run(trigger, port) {
      if (started) throw new Error("this worker has run its triggered application already; a trigger starts a worker of its own");
      started = true;
      const qm = wrapQueueManager(port);
      try {
        // Only the completion crosses back: what the application returns need not be cloneable.
        await application(trigger, qm);
      } finally {
        port.close();
      }
    },
  };
  Comlink.expose(entry, scope);
}
