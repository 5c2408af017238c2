/**
 * JMS consumers of topics, each on a queue of its own subscription: non-durable (a temporary
 * managed queue, while the consumer is open), durable (a SUB object and a permanent managed
 * queue, kept while no one is connected), and JMS 2.0's shared ones, whose publications
 * spread over the consumers that share their name.
 */
import { MQError } from "../../base/errors.js";
import { compile as compileSelector, type Selector } from "../../selector/index.js";
import { durableName, ensureDurable, noLocalDescription, removeDurable } from "../pubsub/durable-subscription.js";
import type { MessageConsumer } from "./consumer.js";
import type { ConsumerOptions, Queue, Topic } from "./destinations.js";
import type { JmsHost, SharedSubscription } from "./host.js";

/** What these consumers need of their session. */
export interface TopicSessionParts {
  host: JmsHost;
  clientId(): string | undefined;
  connection(): object;
  consumerOn(queue: Queue, options: { prefetch?: number; selector?: Selector }, cleanup?: () => Promise<void>): MessageConsumer;
  reportError(error: unknown): void;
}

/** A non-durable subscriber: from now until it closes; given the retained publications it takes as it starts. */
export function nonDurableConsumer(parts: TopicSessionParts, topic: Topic, selector: Selector | undefined, options: ConsumerOptions): MessageConsumer {
  const { host } = parts;
  const queue = host.createManagedQueue();
  const unsubscribe = host.addNonDurableSubscription({
    topic: topic.topicName,
    queue,
    durable: false,
    connection: parts.connection(),
    ...(selector ? { selector } : {}),
    ...(options.noLocal ? { noLocalConnection: parts.connection() } : {}),
  });
  void host.deliverRetainedTo(topic.topicName, queue, selector, false).catch((error: unknown) => parts.reportError(error));
  return parts.consumerOn({ queueName: queue }, { prefetch: options.prefetch }, async () => {
    unsubscribe();
    await host.dropManagedQueue(queue);
  });
}

/**
 * A durable subscriber (clientId:name); another topic, selector or noLocal replaces the
 * subscription. With noLocal, publications of its client id are never added to it (JMS 2.0),
 * kept in the subscription's queue so a restart keeps it (durable-subscription.ts).
 */
export async function durableConsumer(parts: TopicSessionParts, topic: Topic, name: string, options: ConsumerOptions): Promise<MessageConsumer> {
  const { host } = parts;
  const subscription = durableName(parts.clientId(), name);
  if (host.activeDurables.has(subscription))
    throw new MQError("MQRC_OBJECT_IN_USE", `durable subscription ${subscription} already has an active consumer (JMS IllegalStateException)`);
  const selector = options.selector ?? "";
  if (selector !== "") compileSelector(selector);
  host.activeDurables.add(subscription);
  try {
    const clientId = parts.clientId();
    const queue = await ensureDurable(host.manager, subscription, topic.topicName, selector, noLocalDescription(options.noLocal === true, clientId));
    if (options.noLocal === true && clientId === undefined) host.durableNoLocal.set(subscription, parts.connection());
    else host.durableNoLocal.delete(subscription);
    return parts.consumerOn({ queueName: queue }, { prefetch: options.prefetch }, async () => void host.activeDurables.delete(subscription));
  } catch (error) {
    host.activeDurables.delete(subscription);
    throw error;
  }
}

/** A consumer of a shared non-durable subscription; the subscription ends with its last consumer. */
export function sharedConsumer(parts: TopicSessionParts, topic: Topic, name: string, options: ConsumerOptions): MessageConsumer {
  const { host } = parts;
  const key = `shared:${durableName(parts.clientId(), name)}`;
  let shared = host.sharedConsumers.get(key);
  if (!shared) {
    const selector = options.selector === undefined || options.selector === "" ? undefined : compileSelector(options.selector);
    const queue = host.createManagedQueue();
    const unsubscribe = host.addNonDurableSubscription({ topic: topic.topicName, queue, durable: false, ...(selector ? { selector } : {}) });
    void host.deliverRetainedTo(topic.topicName, queue, selector, false).catch((error: unknown) => parts.reportError(error));
    shared = {
      queue,
      consumers: 0,
      durable: false,
      end: async () => {
        unsubscribe();
        await host.dropManagedQueue(queue);
      },
    };
    host.sharedConsumers.set(key, shared);
  }
  return onShared(parts, key, shared, options.prefetch);
}

/** A consumer of a shared durable subscription. */
export async function sharedDurableConsumer(parts: TopicSessionParts, topic: Topic, name: string, options: ConsumerOptions): Promise<MessageConsumer> {
  const { host } = parts;
  const subscription = durableName(parts.clientId(), name);
  const selector = options.selector ?? "";
  if (selector !== "") compileSelector(selector);
  const key = `durable:${subscription}`;
  let shared = host.sharedConsumers.get(key);
  if (!shared) {
    const queue = await ensureDurable(host.manager, subscription, topic.topicName, selector);
    shared = host.sharedConsumers.get(key) ?? { queue, consumers: 0, durable: true };
    host.sharedConsumers.set(key, shared);
  }
  return onShared(parts, key, shared, options.prefetch);
}

/** Deletes a durable subscription and what waits for it; refused while it has a consumer. */
export async function unsubscribe(parts: TopicSessionParts, name: string): Promise<void> {
  const { host } = parts;
  const subscription = durableName(parts.clientId(), name);
  if (host.activeDurables.has(subscription) || host.sharedConsumers.has(`durable:${subscription}`)) {
    throw new MQError("MQRC_OBJECT_IN_USE", `durable subscription ${subscription} has an active consumer; close it first (JMS IllegalStateException)`);
  }
  await removeDurable(host.manager, subscription);
  host.durableNoLocal.delete(subscription);
}

function onShared(parts: TopicSessionParts, key: string, shared: SharedSubscription, prefetch: number | undefined): MessageConsumer {
  shared.consumers++;
  try {
    return parts.consumerOn({ queueName: shared.queue }, { prefetch }, async () => {
      if (--shared.consumers > 0) return;
      parts.host.sharedConsumers.delete(key);
      await shared.end?.();
    });
  } catch (error) {
    shared.consumers--;
    throw error;
  }
}
