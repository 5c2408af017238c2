/**
 * The JmsHost the JMS layer runs on (core/features/jms/host.ts): the queue manager's public
 * operations, with the publish/subscribe and managed-queue parts JMS needs that are not
 * the queue manager's public API.
 */
import type { DefinitionPort, XAResource } from "../../kernel/index.js";
import { MQError } from "../../base/errors.js";
import type { JmsHost, SharedSubscription } from "./host.js";
import { ConsumerSlots } from "./consumer-slots.js";
import type { LocalQueueAttributes } from "../../objects/attributes.js";
import type { Broker } from "../pubsub/broker.js";

/** What of the queue manager's public API JMS uses: QueueManager provides it. */
export type JmsManagerPart = Pick<JmsHost, "name" | "closed" | "clock" | "put" | "get" | "consume" | "beginUnitOfWork" | "publish" | "object" | "defineObject" | "deleteObject" | "hasQueue"> & {
  readonly xaResource: XAResource;
};

/** `queueAttributes`: a local queue's attributes, undefined when there is none (for MAXACTCONS and MAXBKPCONS). */
export function jmsHost(qm: JmsManagerPart, admin: DefinitionPort, broker: Broker, queueAttributes: (queue: string) => LocalQueueAttributes | undefined): JmsHost & { readonly xaResource: XAResource } {
  /** Durable subscriptions with an active JMS consumer, and shared ones (JMS 2.0) with their consumers. */
  const activeDurables = new Set<string>();
  const sharedConsumers = new Map<string, SharedSubscription>();
  /** JMS consumers per queue, within the queue's MAXACTCONS and MAXBKPCONS. */
  const consumerSlots = new ConsumerSlots((queue) => {
    const attributes = queueAttributes(queue);
    return { maxActive: Number(attributes?.maxActiveConsumers ?? -1), maxBackup: Number(attributes?.maxBackupConsumers ?? 0) };
  });
  return {
    get name() {
      return qm.name;
    },
    get closed() {
      return qm.closed;
    },
    get clock() {
      return qm.clock;
    },
    get xaResource() {
      return qm.xaResource;
    },
    consumerSlots,
    activeDurables,
    sharedConsumers,
    durableNoLocal: broker.durableNoLocal,
    put: (queue, message, options) => qm.put(queue, message, options),
    get: (queue, options) => qm.get(queue, options),
    consume: (queue, options) => qm.consume(queue, options),
    beginUnitOfWork: () => qm.beginUnitOfWork(),
    publish: (topic, message, options) => qm.publish(topic, message, options),
    object: (type, name) => qm.object(type, name),
    defineObject: (type, name, attributes, options) => qm.defineObject(type, name, attributes, options),
    deleteObject: (type, name, options) => qm.deleteObject(type, name, options),
    hasQueue: (name) => qm.hasQueue(name),
    addNonDurableSubscription: (subscription) => broker.addNonDurable(subscription),
    deliverRetainedTo: (topic, queue, selector, durable) => broker.deliverRetainedTo(topic, queue, selector, durable),
    createManagedQueue: () => {
      if (qm.closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${qm.name} is closed`);
      return admin.createManagedQueue();
    },
    dropManagedQueue: (name) => admin.dropDynamicQueue(name),
  };
}
