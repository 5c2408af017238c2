/**
 * Each queue event in words a newcomer reads (no internal names): what happened to the message
 * and where. A message's "delivery count" is its backout count plus one, as JMS counts it.
 */
import type { QueueEvent } from "../../core/index.js";

/** `wasHeld`: the message was a put held by a transaction, so a backout undoes it. */
export function describeEvent(event: QueueEvent, wasHeld = false): string | undefined {
  switch (event.type) {
    case "put":
      return `put on ${event.queue}${event.persistent ? " (persistent: kept across a restart)" : " (not persistent)"}`;
    case "held":
      return `put on ${event.queue}, held by a transaction: no one sees it until it commits`;
    case "taken":
      return `delivered from ${event.queue} (delivery count ${event.backoutCount + 1}), not yet acknowledged or committed`;
    case "get":
      return `acknowledged: removed from ${event.queue}`;
    case "backout":
      if (wasHeld) return `rolled back: the transaction's put is undone, never seen on ${event.queue}`;
      return `backed out: back on ${event.queue}${event.backoutCount > 0 ? `, to be delivered again (backed out ${event.backoutCount} time${event.backoutCount === 1 ? "" : "s"} so far)` : ", as it was"}`;
    case "expired":
      return `expired on ${event.queue} and was discarded`;
    case "moved":
      return event.reason === "backout queue"
        ? `moved to the backout queue ${event.to} (it failed too often)`
        : `moved to the dead-letter queue ${event.to} (${event.reason})`;
    case "triggered":
      return `trigger message written on ${event.initiationQueue} to start ${event.process || "an application"} for ${event.queue}`;
    case "sent":
      return `sent over channel ${event.channel}: the other queue manager has it now`;
    default:
      return undefined;
  }
}
