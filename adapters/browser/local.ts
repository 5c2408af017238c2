/**
 * A QueueManager on this origin's IndexedDB opened in this very context, with no election:
 * what the owner of a database runs (shared/owner.ts), and what a context that is sure it is
 * alone may use. Two contexts that both open one database this way each believe they know
 * what is on its queues: use openBrowserQueueManager, which opens it once per origin.
 */
import { QueueManager, systemClock, type Clock } from "../../core/index.js";
import { IndexedDBStore } from "./indexeddb-store.js";

export interface BrowserQueueManagerOptions {
  /** The queue manager's name; its IndexedDB database is named after it unless `databaseName` says otherwise. */
  name: string;
  databaseName?: string;
  clock?: Clock;
}

/** The database a queue manager's options name: `databaseName`, else `webmq:<name>`. */
export function databaseNameOf(options: BrowserQueueManagerOptions): string {
  return options.databaseName ?? `webmq:${options.name}`;
}

/** Opens (or creates) a queue manager kept in this origin's IndexedDB, in this context alone. */
export function openLocalBrowserQueueManager(options: BrowserQueueManagerOptions): Promise<QueueManager> {
  const store = new IndexedDBStore({ databaseName: databaseNameOf(options) });
  return QueueManager.open({ name: options.name, store, clock: options.clock ?? systemClock });
}
