/**
 * What the MQI (webmq/ibmmq, adapters/mqi) needs of a queue manager beyond its public face:
 * a get that answers synchronously from memory (ibmmq's GetSync), and MQSUB's non-durable
 * subscriptions and retained-publication requests, which the publish/subscribe broker holds.
 *
 * The QueueManager facade keeps its kernel, resolver and features protected, and gains no
 * method for these: its class is in the core's up-front entry, which is at its size budget.
 * This module is loaded only by the MQI, so it reaches those parts by their names here, in
 * the manager's own layer, and nowhere else.
 */
import type { Kernel, UnitOfWork, Units } from "../kernel/index.js";
import type { Message } from "../message/message.js";
import { toMessage } from "../message/message-view.js";
import { MQError } from "../base/errors.js";
import type { ActiveSubscription } from "../features/pubsub/subscriptions.js";
import { ensureDurable, removeDurable } from "../features/pubsub/durable-subscription.js";
import type { QueueManager } from "./queue-manager.js";
import type { QueueResolver } from "./resolution.js";
import type { FeatureSet } from "./feature-set.js";
import { normalizeFilter } from "./options.js";

/** The protected parts of a QueueManager this module reads (see above for why). */
interface ManagerParts {
  readonly kernel: Kernel;
  readonly resolver: QueueResolver;
  readonly units: Units;
  readonly features: FeatureSet;
  checkOpen(): void;
}

const partsOf = (qm: QueueManager) => qm as unknown as ManagerParts;

export interface ImmediateGetOptions {
  messageId?: string;
  correlationId?: string;
  unitOfWork?: UnitOfWork;
  /** Whether to take the message found: when this says no, it stays where it was (MQRC_TRUNCATED_MSG_FAILED). */
  take?: (message: Message) => boolean;
}

/**
 * Takes the next message (or the one the ids select) if memory holds it, with no await:
 * `message` is the message, removed from the queue (or held by `unitOfWork`) when this
 * returns; `settled` resolves when what follows is done: a persistent message's delete
 * committed to the store (if that write fails the message is back on its queue, and
 * `settled` rejects with the reason); `options.take` may leave it in place. Null when the queue has no message now; "paged"
 * when the next message's body is paged out to the store, which cannot be read without waiting.
 */
export function getImmediately(
  qm: QueueManager,
  queueName: string,
  options: ImmediateGetOptions,
): { message: Message; taken: boolean; settled: Promise<unknown> } | null | "paged" {
  const parts = partsOf(qm);
  parts.checkOpen();
  const queue = parts.resolver.forGet(queueName);
  const unit = options.unitOfWork;
  if (unit !== undefined) parts.units.checkOwn(unit);
  const filter = normalizeFilter(options);
  const kernel = parts.kernel;
  const now = kernel.clock.now();
  const entry = kernel.takeInMemory(queue, filter, now);
  if (entry === undefined || entry.body === undefined) {
    if (entry !== undefined) kernel.putBack(queue, entry);
    return entry === undefined && !kernel.needsStore(queue, filter) ? null : "paged";
  }
  let message: Message;
  try {
    message = toMessage(entry.record, entry.body, now);
  } catch (error) {
    kernel.putBack(queue, entry);
    throw new MQError("MQRC_FORMAT_ERROR", `message ${entry.record.messageId} on ${queueName} cannot be read: ${String(error)}`, { cause: error });
  }
  if (options.take && !options.take(message)) {
    kernel.putBack(queue, entry);
    return { message, taken: false, settled: Promise.resolve() };
  }
  // Both run synchronously up to their first await, which with the body in memory is the
  // store's write of a persistent get's delete: the message is taken when they return.
  const settled = unit ? kernel.getUnderSyncpoint(queue, entry, unit, now) : kernel.completeGet(queue, entry, now);
  return { message, taken: true, settled };
}

/** A non-durable subscription (MQSO_NON_DURABLE): copies go to `queue` until the returned function is called. */
export async function addNonDurableSubscription(qm: QueueManager, subscription: ActiveSubscription): Promise<() => void> {
  const broker = await partsOf(qm).features.pubsub.broker.get();
  return broker.addNonDurable(subscription);
}

/** MQSUBRQ: the retained publication on `topic` put to `queue` again; resolves with how many were. */
export async function requestRetained(qm: QueueManager, topic: string, queue: string, durable: boolean): Promise<number> {
  const broker = await partsOf(qm).features.pubsub.broker.get();
  return broker.deliverRetainedTo(topic, queue, undefined, durable);
}

/** A durable subscription with a managed queue (MQSO_DURABLE | MQSO_MANAGED): made, or found; resolves with its queue. */
export function ensureManagedDurable(qm: QueueManager, name: string, topic: string, selector: string): Promise<string> {
  return ensureDurable(qm, name, topic, selector);
}

/** Removes a durable subscription and its managed queue's messages (MQCLOSE with MQCO_REMOVE_SUB). */
export function removeManagedDurable(qm: QueueManager, name: string): Promise<void> {
  return removeDurable(qm, name);
}
