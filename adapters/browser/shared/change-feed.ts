/**
 * Changes seen at once in every context: the owner tells, on the database's changes channel,
 * which queues' depths changed and whether objects were defined, altered or deleted, after
 * the commit. Notices are coalesced per turn of the owner's event loop, so a burst of a
 * thousand puts is a handful of messages, each with the latest depths.
 */
import type { QueueManager } from "../../../core/index.js";
import { changesChannelName, type ChangeNotice } from "./protocol.js";

/** In the owner: broadcasts the manager's committed changes. */
export function broadcastChanges(manager: QueueManager, databaseName: string, owner: string): { objectsChanged(): void; stop(): void } {
  const channel = new BroadcastChannel(changesChannelName(databaseName));
  let pending: ChangeNotice | undefined;
  const notice = () => {
    if (!pending) {
      pending = { t: "changed", owner, depths: {}, objects: false };
      setTimeout(flush, 0);
    }
    return pending;
  };
  const flush = () => {
    if (!pending) return;
    const sent = pending;
    pending = undefined;
    try {
      channel.postMessage(sent);
    } catch {
      // Closed: the owner is stopping.
    }
  };
  const unsubscribe = manager.events.subscribe((event) => {
    // Kinds without a depth (input, moves, triggers, channel sends) change none.
    if (!("depth" in event)) return;
    notice().depths[event.queue] = event.depth;
  });
  return {
    objectsChanged: () => void (notice().objects = true),
    stop() {
      unsubscribe();
      flush();
      channel.close();
    },
  };
}

/** In any context: calls `listener` with each change the owner tells; returns the function that stops it. */
export function watchChanges(databaseName: string, listener: (notice: ChangeNotice) => void): () => void {
  const channel = new BroadcastChannel(changesChannelName(databaseName));
  channel.onmessage = (event: MessageEvent<ChangeNotice>) => {
    if (event.data?.t === "changed") listener(event.data);
  };
  return () => channel.close();
}
