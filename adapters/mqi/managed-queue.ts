/**
 * The queue a managed non-durable subscription (MQSO_MANAGED without MQSO_DURABLE) is given: a
 * temporary dynamic SYSTEM.MANAGED.NDURABLE.* queue made from IBM's model, or from our default
 * model. Shared by the local binding (subscriptions.ts) and a client binding's server
 * (adapters/http/mqi-client/session.ts), which must not load a connection's code.
 */
import type { QueueManager } from "../../core/index.js";

const NON_DURABLE_MODELS = ["SYSTEM.NDURABLE.MODEL.QUEUE", "SYSTEM.DEFAULT.MODEL.QUEUE"];

export function openManagedNonDurable(qm: QueueManager, application: string) {
  const model = NON_DURABLE_MODELS.find((name) => qm.object("modelQueue", name) !== undefined) ?? NON_DURABLE_MODELS[1]!;
  return qm.open(model, { input: true, browse: true, dynamicQueueName: "SYSTEM.MANAGED.NDURABLE.*", application });
}
