/**
 * The timeline in every tab of the playground: the queue managers whose events it shows run in
 * one tab only (the one that runs PLAYGROUND, where the tutorials run too), so that tab relays
 * each event to the others on a BroadcastChannel, and the others show what it relays. Why not
 * the shared manager's change feed: it carries depths for the queue table, coalesced per turn;
 * the timeline needs every event of every message, and of RELIABLE and SHOP too, which are not
 * shared managers at all.
 */
import type { QueueEvent } from "../../core/index.js";

const CHANNEL = "webmq-playground-timeline";

interface RelayedEvent {
  t: "timeline";
  queueManager: string;
  event: QueueEvent;
}

/** In the tab that runs the queue managers: relays each event of `qm` from now on; returns the function that stops it. */
export function relayEvents(qm: { name: string; events: { subscribe(listener: (event: QueueEvent) => void): () => void } }): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  const unsubscribe = qm.events.subscribe((event) => {
    try {
      channel.postMessage({ t: "timeline", queueManager: qm.name, event } satisfies RelayedEvent);
    } catch {
      // closed: the relay is stopping
    }
  });
  return () => {
    unsubscribe();
    channel.close();
  };
}

/** In any other tab: calls `show` with each relayed event; returns the function that stops it. */
export function watchRelayedEvents(show: (queueManager: string, event: QueueEvent) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<RelayedEvent>) => {
    const data = message.data;
    if (data?.t === "timeline" && typeof data.queueManager === "string" && typeof data.event?.type === "string") show(data.queueManager, data.event);
  };
  return () => channel.close();
}
