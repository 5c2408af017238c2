/**
 * Queue depth events (core/features/events/depth-events.ts) built on the queue manager's parts: from
 * committed puts and gets on the kernel's events, refused puts from the put's queueFull.
 * Loaded when PERFMEV is enabled (feature.ts).
 */
import { DepthEvents } from "./depth-events.js";
import type { FeatureParts } from "../feature.js";

export function createDepthEvents(parts: FeatureParts): DepthEvents {
  const queues = parts.kernel.queues;
  return new DepthEvents({
    name: parts.name,
    events: parts.kernel.events,
    queueManagerAttributes: parts.attributes,
    queueAttributes: (queue) => queues.get(queue)?.attributes,
    switchEvents: (queue, switches) => parts.admin.setByQueueManager(queue, switches),
    put: parts.put,
    now: () => parts.clock.now(),
  });
}
