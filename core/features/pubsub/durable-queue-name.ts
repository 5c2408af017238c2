import { fnv1a64 } from "../../base/hash.js";

/** The queue a durable subscription's copies wait on. */
export function durableQueueName(subscription: string): string {
  // Stable across restarts, so the subscription finds its queue again.
  return `SYSTEM.MANAGED.DURABLE.${fnv1a64(subscription)}`;
}
