/**
 * The browser adapter: a QueueManager whose persistent messages live in IndexedDB, for the
 * pages and workers of an offline app. openBrowserQueueManager opens the origin's one manager
 * for a database, shared by every tab and worker (shared/); openLocalBrowserQueueManager opens
 * one in this context alone.
 */
import { openSharedQueueManager, type SharedBrowserQueueManagerOptions } from "./shared/open.js";
import type { SharedQueueManager } from "./shared/shared-queue-manager.js";

export { IndexedDBStore, createIndexedDBStore, DRIVER_NAME } from "./indexeddb-store.js";
export type { IndexedDBStoreOptions } from "./indexeddb-store.js";
export { openLocalBrowserQueueManager, databaseNameOf } from "./local.js";
export type { BrowserQueueManagerOptions } from "./local.js";
export type { ChannelCredential, ChannelCredentials } from "../http/channels/credentials.js";
export { SharedQueueManager } from "./shared/shared-queue-manager.js";
export type { SharedBrowseCursor, SharedRole } from "./shared/shared-queue-manager.js";
export type { SharedBrowserQueueManagerOptions } from "./shared/open.js";
export { SharedConnection, SharedSession } from "./shared/shared-jms.js";
export { SharedListener } from "./shared/shared-listener.js";
export type { ChangeNotice } from "./shared/protocol.js";
export type { OwnerStatus } from "./shared/owner-link.js";
export { askForPersistentStorage } from "./persistent-storage.js";
export { startWorkerTriggerMonitor, TriggeredWorkerError, DEFAULT_TRIGGERED_WORKER_TIMEOUT_MS } from "./trigger-worker.js";
export type { WorkerTriggerMonitor, WorkerTriggerMonitorOptions, TriggeredWorkerFailure } from "./trigger-worker.js";
export { runTriggeredApplication } from "../worker/triggered-application.js";
export type { TriggeredApplication, TriggeredApplicationEntry } from "../worker/triggered-application.js";

/**
 * Opens the origin's one queue manager for its IndexedDB database, shared by every tab and
 * worker that opens it: one of them (a SharedWorker where the browser has it) runs it, and
 * the others talk to it. The same calls either way, all async.
 */
export function openBrowserQueueManager(options: SharedBrowserQueueManagerOptions): Promise<SharedQueueManager> {
  return openSharedQueueManager(options);
}
