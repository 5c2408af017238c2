/**
 * A QueueManager on this origin's IndexedDB opened in this very context, with no election:
 * what the owner of a database runs (shared/owner.ts), and what a context that is sure it is
 * alone may use. Two contexts that both open one database this way each believe they know
 * what is on its queues: use openBrowserQueueManager, which opens it once per origin.
 */
import { QueueManager, systemClock, type Clock } from "../../core/index.js";
import type { ChannelCredentials } from "../http/channels/credentials.js";
import { browserChannelConnector } from "./channels/connector.js";
import { keepChannels } from "./channels/keeper.js";
import { IndexedDBStore } from "./indexeddb-store.js";

export interface BrowserQueueManagerOptions {
  /** The queue manager's name; its IndexedDB database is named after it unless `databaseName` says otherwise. */
  name: string;
  databaseName?: string;
  clock?: Clock;
  /**
   * The credentials of its sending channels, by channel name: `{ token }` or `{ user,
   * password }` of the server's REST API (role MQWebChannel or MQWebAdmin). Given in code,
   * held in memory by the context that runs the manager: never in IndexedDB, never in a
   * DISPLAY.
   */
  channelCredentials?: ChannelCredentials;
}

/** The database a queue manager's options name: `databaseName`, else `webmq:<name>`. */
export function databaseNameOf(options: BrowserQueueManagerOptions): string {
  return options.databaseName ?? `webmq:${options.name}`;
}

/**
 * Opens (or creates) a queue manager kept in this origin's IndexedDB, in this context alone.
 * Its channels reach their partners over WebSocket (channels/connector.ts), and are kept
 * running by this context (channels/keeper.ts): those running when it was last open start
 * again now.
 */
export async function openLocalBrowserQueueManager(options: BrowserQueueManagerOptions): Promise<QueueManager> {
  const databaseName = databaseNameOf(options);
  const store = new IndexedDBStore({ databaseName });
  // Where there is no WebSocket (an old worker runtime, Node 20 in tests), channels stay RETRYING, as with no connector anywhere.
  const channelConnector = typeof WebSocket === "function" ? browserChannelConnector(options.channelCredentials ?? {}) : undefined;
  const qm = await QueueManager.open({ name: options.name, store, clock: options.clock ?? systemClock, channelConnector });
  await keepChannels(qm, databaseName, channelConnector);
  return qm;
}
