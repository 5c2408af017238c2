/**
 * JMS durable subscriptions as MQ keeps them: a SUB object (named clientId:name, or name
 * without a client id) whose DEST is a permanent queue of its own,
 * SYSTEM.MANAGED.DURABLE.<hash of the name>, so copies wait there, in the store, while no
 * one is connected. Making it again with another topic or selector replaces it (JMS says
 * so); unsubscribing deletes it and its messages.
 */
import { MQError } from "../errors.js";
import { fnv1a64 } from "../hash.js";
import type { ObjectDefinition, ObjectType, Attributes } from "../objects.js";
import type { DefineOptions } from "../object-catalogue.js";

export interface DurableHost {
  object(type: ObjectType, name: string): ObjectDefinition | undefined;
  defineObject(type: ObjectType, name: string, attributes?: Attributes, options?: DefineOptions): Promise<ObjectDefinition>;
  deleteObject(type: ObjectType, name: string, options?: { purge?: boolean }): Promise<void>;
  hasQueue(name: string): boolean;
}

export function durableName(clientId: string | undefined, name: string): string {
  if (typeof name !== "string" || name === "") throw new MQError("MQRC_OPTIONS_ERROR", "a durable subscription needs a name");
  return clientId === undefined ? name : `${clientId}:${name}`;
}

/** The queue a durable subscription's copies wait on. */
export function durableQueueName(subscription: string): string {
  // Stable across restarts, so the subscription finds its queue again.
  return `SYSTEM.MANAGED.DURABLE.${fnv1a64(subscription)}`;
}

/** Makes (or finds, or replaces) a durable subscription; resolves with the queue to consume from. */
export async function ensureDurable(host: DurableHost, subscription: string, topic: string, selector: string): Promise<string> {
  const queue = durableQueueName(subscription);
  const existing = host.object("subscription", subscription);
  if (existing && (existing.attributes.topicString !== topic || (existing.attributes.selector ?? "") !== selector || existing.attributes.destination !== queue)) {
    await removeDurable(host, subscription);
  } else if (existing && host.hasQueue(queue)) return queue;
  if (!host.hasQueue(queue)) await host.defineObject("localQueue", queue, { maxDepth: 999_999_999, defaultPersistence: true });
  if (!host.object("subscription", subscription)) await host.defineObject("subscription", subscription, { topicString: topic, destination: queue, selector });
  return queue;
}

/** Deletes a durable subscription and the messages that waited for it. */
export async function removeDurable(host: DurableHost, subscription: string): Promise<void> {
  if (!host.object("subscription", subscription)) throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `there is no durable subscription ${subscription}`);
  await host.deleteObject("subscription", subscription);
  const queue = durableQueueName(subscription);
  if (host.hasQueue(queue)) await host.deleteObject("localQueue", queue, { purge: true });
}
