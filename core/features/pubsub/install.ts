/** Publish/subscribe (core/pubsub) built on the queue manager's parts; loaded on first use (feature.ts). */
import { Broker } from "./broker.js";
import type { FeatureParts } from "../feature.js";

export function createBroker(parts: FeatureParts): Broker {
  const { objects, clock } = parts;
  const queues = parts.kernel.queues;
  return new Broker({
    put: parts.put,
    get: parts.get,
    browse: parts.browse,
    hasQueue: (queue) => queues.has(queue),
    defineQueue: parts.defineQueue,
    beginUnitOfWork: parts.beginUnitOfWork,
    now: () => clock.now(),
    subscriptions: () => objects.ofKind("subscription"),
    subscription: (subscription) => objects.get("subscription", subscription),
    topicString: (topic) => {
      const topicString = objects.get("topic", topic)?.attributes.topicString;
      return topicString === undefined ? undefined : String(topicString);
    },
    topics: () => objects.ofKind("topic"),
    queueDescription: (queue) => queues.get(queue)?.attributes.description,
  });
}
