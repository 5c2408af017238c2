/**
 * The "Offline and back" tutorial's queue manager in this tab (IndexedDB, like an offline app's)
 * and the link its channel goes over, which the page can cut. Its sending channel dials the
 * server over WebSocket as any browser queue manager's does (adapters/browser/channels); the
 * link in between adds the two things a tutorial needs to show on demand, without waiting for
 * the real network to fail: a switch that makes the page work as if it were offline (every dial
 * refused, the open connection dropped), and a cut of the connection in the middle of the next
 * batch, after the batch has been sent and before the server's confirmation is read, the moment
 * a real dropped connection leaves a batch in doubt. The channel's own code does the rest: it
 * retries, and at its next start settles the batch with the server, so nothing is lost or doubled.
 */
import { MQError, QueueManager, systemClock } from "../../core/index.js";
import type { ChannelConnector, ChannelFrame, ChannelTransport } from "../../core/features/channels/index.js";
import type { ChannelCredentials } from "../../adapters/browser/index.js";
import { IndexedDBStore } from "../../adapters/browser/index.js";
import { browserChannelConnector } from "../../adapters/browser/channels/connector.js";
import { keepChannels } from "../../adapters/browser/channels/keeper.js";

export interface ChannelLink {
  /** True while the page works as if it were offline. */
  readonly offline: boolean;
  setOffline(offline: boolean): void;
  /** Drops the open connection now, as a network loss does. */
  drop(why: "offline" | "mid-batch"): void;
  /** Drops the connection once the next batch has been sent, before the server's confirmation is read. */
  cutNextBatch(): void;
  /** True from cutNextBatch until the cut has happened. */
  readonly cutPending: boolean;
  /** Called when a connection is dropped by the switch or a cut. */
  onCut?: (why: "offline" | "mid-batch") => void;
}

/** `inner` behind a link the page controls. */
export function switchableLink(inner: ChannelConnector): { connector: ChannelConnector; link: ChannelLink } {
  const open = new Set<ChannelTransport>();
  let offline = false;
  let cutPending = false;
  const link: ChannelLink = {
    get offline() {
      return offline;
    },
    get cutPending() {
      return cutPending;
    },
    setOffline(now) {
      offline = now;
      if (now) dropAll("offline");
    },
    cutNextBatch() {
      cutPending = true;
    },
    drop: (why) => dropAll(why),
  };
  function dropAll(why: "offline" | "mid-batch"): void {
    const dropped = open.size > 0;
    for (const transport of [...open]) transport.close();
    if (dropped) link.onCut?.(why);
  }
  const connector: ChannelConnector = {
    async connect(channel, connectionName, from) {
      // What the browser answers when it is offline: the partner cannot be reached, so the channel retries.
      if (offline) throw new MQError("MQRC_CONNECTION_BROKEN", `channel ${channel}: this page is offline, ${connectionName} cannot be reached`);
      const transport = await inner.connect(channel, connectionName, from);
      const linked: ChannelTransport = {
        async send(frame: ChannelFrame) {
          await transport.send(frame);
          if (frame.type === "endBatch" && cutPending) {
            cutPending = false;
            dropAll("mid-batch");
          }
        },
        next: () => transport.next(),
        close() {
          open.delete(linked);
          transport.close();
        },
      };
      open.add(linked);
      return linked;
    },
  };
  return { connector, link };
}

export interface OfflineQueueManager {
  qm: QueueManager;
  link: ChannelLink;
}

/**
 * Opens the tutorial's queue manager `name` on IndexedDB, as openLocalBrowserQueueManager does
 * (its channels kept: started again at once when the browser comes back online), with its
 * channel's connector behind the page's link. `credentials` are read at each dial, so the
 * tutorial may fill in the server's token later.
 */
export async function openOfflineQueueManager(name: string, databaseName: string, credentials: ChannelCredentials): Promise<OfflineQueueManager> {
  const { connector, link } = switchableLink(browserChannelConnector(credentials));
  const qm = await QueueManager.open({ name, store: new IndexedDBStore({ databaseName }), clock: systemClock, channelConnector: connector });
  await keepChannels(qm, databaseName);
  return { qm, link };
}
