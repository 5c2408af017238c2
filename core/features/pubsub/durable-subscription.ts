/**
 * JMS durable subscriptions as MQ keeps them: a SUB object (named clientId:name, or name
 * without a client id) whose DEST is a permanent queue of its own,
 * SYSTEM.MANAGED.DURABLE.<hash of the name>, so copies wait there, in the store, while no
 * one is connected. Making it again with another topic, selector or noLocal replaces it (JMS
 * says so); unsubscribing deletes it and its messages.
 *
 * noLocal (JMS 2.0): publications made by a connection with the subscription's client id are
 * not added to it, whether or not its subscriber is connected. IBM's SUB object has no
 * attribute for it, so the subscription's queue keeps it in its DESCR, with the client id
 * hashed: it survives a restart with the queue. Without a client id, noLocal means the
 * connection that made the consumer, which only memory can hold (Broker.durableNoLocal).
 */
import { MQError } from "../../base/errors.js";
import { fnv1a64 } from "../../base/hash.js";
import { durableQueueName } from "./durable-queue-name.js";
import type { ObjectDefinition, ObjectType, Attributes } from "../../objects/definitions.js";
import type { DefineOptions } from "../../objects/registry.js";

export interface DurableHost {
  object(type: ObjectType, name: string): ObjectDefinition | undefined;
  defineObject(type: ObjectType, name: string, attributes?: Attributes, options?: DefineOptions): Promise<ObjectDefinition>;
  deleteObject(type: ObjectType, name: string, options?: { purge?: boolean }): Promise<void>;
  hasQueue(name: string): boolean;
}

export { durableQueueName };

export function durableName(clientId: string | undefined, name: string): string {
  if (typeof name !== "string" || name === "") throw new MQError("MQRC_OPTIONS_ERROR", "a durable subscription needs a name");
  return clientId === undefined ? name : `${clientId}:${name}`;
}

const NO_LOCAL = "JMS durable subscription, noLocal";

/** The DESCR of a durable subscription's queue: blank, or noLocal and the hash of its client id. */
export function noLocalDescription(noLocal: boolean, clientId: string | undefined): string {
  if (!noLocal) return "";
  return clientId === undefined ? NO_LOCAL : `${NO_LOCAL} ${fnv1a64(clientId)}`;
}

/** From a queue's DESCR: undefined when not noLocal, else the client id's hash ("" without one). */
export function noLocalClientOf(description: string): string | undefined {
  if (!description.startsWith(NO_LOCAL)) return undefined;
  return description.slice(NO_LOCAL.length).trim();
}

/** Whether a publisher's client id is the one a noLocalClientOf hash names. */
export function isClient(hash: string, clientId: string | undefined): boolean {
  return hash !== "" && clientId !== undefined && fnv1a64(clientId) === hash;
}

/** Makes (or finds, or replaces) a durable subscription; resolves with the queue to consume from. */
export async function ensureDurable(host: DurableHost, subscription: string, topic: string, selector: string, noLocal = ""): Promise<string> {
  const queue = durableQueueName(subscription);
  const existing = host.object("subscription", subscription);
  const description = String(host.object("localQueue", queue)?.attributes.description ?? "");
  if (
    existing &&
    (existing.attributes.topicString !== topic ||
      (existing.attributes.selector ?? "") !== selector ||
      existing.attributes.destination !== queue ||
      description !== noLocal)
  ) {
    await removeDurable(host, subscription);
  } else if (existing && host.hasQueue(queue)) return queue;
  if (!host.hasQueue(queue)) await host.defineObject("localQueue", queue, { maxDepth: 999_999_999, defaultPersistence: true, description: noLocal });
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
