/**
 * The JmsHost the JMS layer runs on (core/features/jms/host.ts): the queue manager itself, for
 * its public operations, with the publish/subscribe and managed-queue parts JMS needs that are
 * not the queue manager's public API.
 */
import type { DefinitionPort } from "../../kernel/index.js";
import { MQError } from "../../base/errors.js";
import type { JmsHost, JmsManager, SharedSubscription } from "./host.js";
import { ConsumerSlots } from "./consumer-slots.js";
import type { LocalQueueAttributes } from "../../objects/attributes.js";
import type { Broker } from "../pubsub/broker.js";

/** What of the queue manager's public API JMS uses: QueueManager provides it. */
export type JmsManagerPart = JmsManager;

/** `queueAttributes`: a local queue's attributes, undefined when there is none (for MAXACTCONS and MAXBKPCONS). */
export function jmsHost(
  qm: JmsManagerPart,
  admin: DefinitionPort,
  broker: Broker,
  queueAttributes: (queue: string) => LocalQueueAttributes | undefined,
): JmsHost {
  /** Durable subscriptions with an active JMS consumer, and shared ones (JMS 2.0) with their consumers. */
  const activeDurables = new Set<string>();
  const sharedConsumers = new Map<string, SharedSubscription>();
  /** JMS consumers per queue, within the queue's MAXACTCONS and MAXBKPCONS. */
  const consumerSlots = new ConsumerSlots((queue) => {
    const attributes = queueAttributes(queue);
    return { maxActive: Number(attributes?.maxActiveConsumers ?? -1), maxBackup: Number(attributes?.maxBackupConsumers ?? 0) };
  });
  return {
    manager: qm,
    consumerSlots,
    activeDurables,
    sharedConsumers,
    durableNoLocal: broker.durableNoLocal,
    addNonDurableSubscription: (subscription) => broker.addNonDurable(subscription),
    deliverRetainedTo: (topic, queue, selector, durable) => broker.deliverRetainedTo(topic, queue, selector, durable),
    createManagedQueue: () => {
      if (qm.closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${qm.name} is closed`);
      return admin.createManagedQueue();
    },
    dropManagedQueue: (name) => admin.dropDynamicQueue(name),
  };
}
