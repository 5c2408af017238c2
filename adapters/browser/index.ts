/**
 * The browser adapter: a QueueManager whose persistent messages live in IndexedDB, for a
 * page or a Web Worker that must work offline.
 */
import { QueueManager, systemClock, type Clock } from "../../core/index.js";
import { IndexedDBStore } from "./indexeddb-store.js";

export { IndexedDBStore, createIndexedDBStore, DRIVER_NAME } from "./indexeddb-store.js";
export type { IndexedDBStoreOptions } from "./indexeddb-store.js";
export { startWorkerTriggerMonitor, TriggeredWorkerError, DEFAULT_TRIGGERED_WORKER_TIMEOUT_MS } from "./trigger-worker.js";
export type { WorkerTriggerMonitor, WorkerTriggerMonitorOptions, TriggeredWorkerFailure } from "./trigger-worker.js";
export { runTriggeredApplication } from "../worker/triggered-application.js";
export type { TriggeredApplication, TriggeredApplicationEntry } from "../worker/triggered-application.js";

export interface BrowserQueueManagerOptions {
  /** The queue manager's name; its IndexedDB database is named after it unless `databaseName` says otherwise. */
  name: string;
  databaseName?: string;
  clock?: Clock;
}

/** Opens (or creates) a queue manager kept in this origin's IndexedDB. */
export function openBrowserQueueManager(options: BrowserQueueManagerOptions): Promise<QueueManager> {
  const store = new IndexedDBStore({ databaseName: options.databaseName ?? `webmq:${options.name}` });
  return QueueManager.open({ name: options.name, store, clock: options.clock ?? systemClock });
}
