/**
 * The JmsHost the JMS layer runs on (core/jms/host.ts): the queue manager's public
 * operations, with the publish/subscribe and managed-queue parts JMS needs that are not
 * the queue manager's public API.
 */
import { MQError } from "../errors.js";
import type { JmsHost, SharedSubscription } from "../jms/host.js";
import type { ConsumerSlots } from "../jms/consumer-slots.js";
import type { Broker } from "../pubsub/broker.js";
import type { XAResource } from "../uow/xa-resource.js";
import type { ObjectAdmin } from "./object-admin.js";

/** What of the queue manager's public API JMS uses: QueueManager provides it. */
export type JmsManagerPart = Pick<JmsHost, "name" | "closed" | "clock" | "put" | "get" | "consume" | "beginUnitOfWork" | "publish" | "object" | "defineObject" | "deleteObject" | "hasQueue" | "consumerSlots"> & {
  readonly xaResource: XAResource;
};

export function jmsHost(qm: JmsManagerPart, admin: ObjectAdmin, broker: Broker): JmsHost & { readonly xaResource: XAResource } {
  /** Durable subscriptions with an active JMS consumer, and shared ones (JMS 2.0) with their consumers. */
  const activeDurables = new Set<string>();
  const sharedConsumers = new Map<string, SharedSubscription>();
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
    get consumerSlots(): ConsumerSlots {
      return qm.consumerSlots;
    },
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
