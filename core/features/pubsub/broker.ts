/**
 * The publish/subscribe side of a queue manager: which subscriptions a publication goes to
 * (SUB objects with a destination, and the non-durable ones of JMS consumers), the copies put
 * in one unit of work, retained publications, and the figures DISPLAY SBSTATUS and TPSTATUS
 * show, which live in memory since the queue manager opened. It reaches the manager only
 * through BrokerHost.
 */
import { MQError } from "../../base/errors.js";
import type { MessagingPort, PublishOptions, SubscriptionStatus } from "../../kernel/index.js";
import type { PutMessage } from "../../message/message.js";
import type { ObjectDefinition } from "../../objects/definitions.js";
import { compile as compileSelector, type Selector } from "../../selector/index.js";
import { publicationFields } from "./publication-fields.js";
import { isClient, noLocalClientOf } from "./durable-subscription.js";
import { Publishers } from "./publishers.js";
import { deliverRetained, ensureRetainedQueue, retainedTopics, stageRetained, type RetainedHost } from "./retained.js";
import { subscriptionId } from "./subscription-id.js";
import { NonDurableSubscriptions, type ActiveSubscription } from "./subscriptions.js";
import { checkTopicString, joinTopic, matchesTopic } from "./topic-string.js";
import { TopicObjects } from "./topic-tree.js";
import { topicStatus, type TopicNodeStatus, type TopicSubscriptionStatus } from "./topic-status.js";

export interface BrokerHost extends RetainedHost, Pick<MessagingPort, "beginUnitOfWork"> {
  now(): number;
  /** The SUB objects, and one by name. */
  subscriptions(): Iterable<ObjectDefinition>;
  subscription(name: string): ObjectDefinition | undefined;
  /** A TOPIC object's TOPICSTR. */
  topicString(topicObject: string): string | undefined;
  /** The TOPIC objects. */
  topics(): Iterable<ObjectDefinition>;
  /** A local queue's DESCR (a durable subscription's queue says whether it is noLocal). */
  queueDescription(queue: string): string | undefined;
}

const PRIORITY_AS_PUBLISHED = -3;
const PRIORITY_AS_QUEUE_DEFAULT = -1;

export class Broker {
  readonly #nonDurable = new NonDurableSubscriptions();
  readonly #selectors = new Map<string, Selector>();
  /** Publications given to each durable subscription since the manager opened, and when the last was. */
  readonly #counts = new Map<string, { messages: number; last: number }>();
  /** The same for non-durable subscriptions, with when each was made and its SUBID. */
  readonly #nonDurableFigures = new WeakMap<ActiveSubscription, { messages: number; last: number; created: number; id: string }>();
  #nonDurableCount = 0;
  /** Who published on each topic (TPSTATUS TYPE(PUB)). */
  readonly #publishers = new Publishers();
  /** Durable noLocal subscriptions made without a client id: the connection whose publications they refuse. */
  readonly durableNoLocal = new Map<string, object>();

  constructor(private readonly host: BrokerHost) {}

  /** See QueueManager.publish. */
  async publish(topic: string, message: PutMessage, options: PublishOptions): Promise<{ subscriptions: number }> {
    checkTopicString(topic);
    if (message === null || typeof message !== "object") throw new MQError("MQRC_FORMAT_ERROR", "a message must be an object with a body");
    const fields = publicationFields(message, this.host.now());
    const targets = this.#subscriptionsOn(topic).filter((s) => !this.#isOwn(s, options) && (!s.selector || s.selector.matches(fields)));
    if (options.retain) await ensureRetainedQueue(this.host);
    const own = options.unitOfWork === undefined;
    const unit = options.unitOfWork ?? this.host.beginUnitOfWork();
    let published: number | undefined;
    try {
      for (const target of targets) {
        const priority = target.publishPriority ?? PRIORITY_AS_PUBLISHED;
        // ASPUB: a publication that names no priority has its topic's DEFPRTY, as MQ resolves it.
        if (priority === PRIORITY_AS_PUBLISHED && message.priority === undefined)
          published ??= Number(new TopicObjects(this.host.topics()).resolve(topic, "defaultPriority"));
        const copy = copyFor(message, priority === PRIORITY_AS_PUBLISHED ? (message.priority ?? published) : priority);
        await this.host.put(target.queue, target.durable ? copy : { ...copy, persistent: false }, { unitOfWork: unit });
      }
      if (options.retain) await stageRetained(this.host, topic, message, unit);
    } catch (error) {
      // All or none: the copies made so far go with the publication (in the caller's unit, the caller rolls back).
      if (own) await unit.rollback({ countBackout: false });
      throw error;
    }
    if (own) await unit.commit();
    const now = this.host.now();
    this.#publishers.published(topic, options.connection, now);
    for (const target of targets) {
      const figures = target.name === undefined ? this.#nonDurableFigures.get(target) : (this.#counts.get(target.name) ?? { messages: 0, last: 0 });
      if (!figures) continue;
      figures.messages++;
      figures.last = now;
      if (target.name !== undefined) this.#counts.set(target.name, figures);
    }
    return { subscriptions: targets.length };
  }

  /** Gives a new subscription a copy of each retained publication it takes, in one unit of work; how many. */
  async deliverRetainedTo(topic: string, queue: string, selector: Selector | undefined, durable: boolean): Promise<number> {
    const unit = this.host.beginUnitOfWork();
    try {
      const delivered = await deliverRetained(this.host, topic, queue, selector, durable, unit);
      await unit.commit();
      return delivered;
    } catch (error) {
      await unit.rollback({ countBackout: false });
      throw error;
    }
  }

  /** A new SUB object with a destination is given the retained publications on its topic. */
  async subscriptionDefined(definition: ObjectDefinition): Promise<void> {
    const destination = String(definition.attributes.destination ?? "");
    if (destination === "" || !this.host.hasQueue(destination)) return;
    await this.deliverRetainedTo(this.subscriptionTopic(definition), destination, this.#selectorOfDefinition(definition), true).catch(() => 0);
  }

  /** A non-durable subscription (a JMS consumer on a topic): until the returned function is called. */
  addNonDurable(subscription: ActiveSubscription): () => void {
    this.#nonDurableFigures.set(subscription, {
      messages: 0,
      last: 0,
      created: this.host.now(),
      id: subscriptionId(`non-durable:${++this.#nonDurableCount}:${this.host.now()}`),
    });
    return this.#nonDurable.add(subscription);
  }

  /** DISPLAY TPSTATUS: the topic nodes `pattern` selects, with their figures; `since` as for status. */
  async topicStatus(pattern: string, since: number): Promise<TopicNodeStatus[]> {
    const subscriptions: { topic: string; status: TopicSubscriptionStatus }[] = [];
    for (const definition of this.host.subscriptions()) {
      const status = this.status(definition.name, since)!;
      subscriptions.push({
        topic: status.topic,
        status: {
          name: definition.name,
          id: subscriptionId(definition.name),
          user: String(definition.attributes.subscriptionUser ?? ""),
          durable: true,
          type: status.type,
          resumedAt: status.resumedAt,
          messages: status.messages,
          lastMessageTime: status.lastMessageTime,
          connectionId: "0".repeat(48),
        },
      });
    }
    for (const subscription of this.#nonDurable.list()) {
      const figures = this.#nonDurableFigures.get(subscription)!;
      subscriptions.push({
        topic: subscription.topic,
        status: {
          id: figures.id,
          user: "",
          durable: false,
          type: "API",
          resumedAt: figures.created,
          messages: figures.messages,
          lastMessageTime: figures.messages > 0 ? figures.last : null,
          connectionId: subscription.connection ? this.#publishers.connectionId(subscription.connection) : "0".repeat(48),
        },
      });
    }
    return topicStatus(pattern, {
      topicObjects: new TopicObjects(this.host.topics()),
      subscriptions,
      retainedTopics: await retainedTopics(this.host),
      publishers: this.#publishers,
    });
  }

  /** A subscription's figures for DISPLAY SBSTATUS; `since` stands for when nothing else says. */
  status(name: string, since: number): SubscriptionStatus | undefined {
    const definition = this.host.subscription(name);
    if (!definition) return undefined;
    const figures = this.#counts.get(name);
    return {
      name,
      topic: this.subscriptionTopic(definition),
      messages: figures?.messages ?? 0,
      lastMessageTime: figures ? figures.last : null,
      resumedAt: definition.alteredAt ?? definition.createdAt ?? since,
      type:
        String(definition.attributes.destination ?? "").startsWith("SYSTEM.MANAGED.DURABLE.") && definition.attributes.destinationClass !== "managed"
          ? "API"
          : "ADMIN",
    };
  }

  /** A SUB object's full topic string: its topic object's TOPICSTR joined with its own. */
  subscriptionTopic(definition: ObjectDefinition): string {
    const a = definition.attributes;
    const objectTopic = typeof a.topicObject === "string" && a.topicObject !== "" ? (this.host.topicString(a.topicObject) ?? "") : "";
    return joinTopic(objectTopic, String(a.topicString ?? ""));
  }

  /** The subscriptions a publication on `topic` goes to. */
  #subscriptionsOn(topic: string): ActiveSubscription[] {
    const found: ActiveSubscription[] = [];
    for (const definition of this.host.subscriptions()) {
      const full = this.subscriptionTopic(definition);
      if (definition.attributes.destination === "" || !matchesTopic(full, topic)) continue;
      const queue = String(definition.attributes.destination);
      const noLocalClient = queue.startsWith("SYSTEM.MANAGED.DURABLE.") ? noLocalClientOf(this.host.queueDescription(queue) ?? "") : undefined;
      found.push({
        topic: full,
        queue,
        durable: true,
        name: definition.name,
        selector: this.#selectorOfDefinition(definition),
        publishPriority: Number(definition.attributes.publishPriority ?? PRIORITY_AS_PUBLISHED),
        ...(noLocalClient !== undefined ? { noLocalClient } : {}),
      });
    }
    for (const subscription of this.#nonDurable.list()) if (matchesTopic(subscription.topic, topic)) found.push(subscription);
    return found;
  }

  /** Whether a publication is its subscriber's own, which a noLocal subscription does not take. */
  #isOwn(subscription: ActiveSubscription, options: PublishOptions): boolean {
    if (subscription.noLocalConnection !== undefined && subscription.noLocalConnection === options.connection) return true;
    if (subscription.noLocalClient === undefined) return false;
    if (isClient(subscription.noLocalClient, options.clientId)) return true;
    return subscription.name !== undefined && options.connection !== undefined && this.durableNoLocal.get(subscription.name) === options.connection;
  }

  /** A SUB object's selector, compiled once per text. */
  #selectorOfDefinition(definition: ObjectDefinition): Selector | undefined {
    const text = String(definition.attributes.selector ?? "");
    if (text === "") return undefined;
    let selector = this.#selectors.get(text);
    if (!selector) this.#selectors.set(text, (selector = compileSelector(text)));
    return selector;
  }
}

// --- Internal helpers ---

/** The copy a subscription is given, at `priority` (undefined: the destination queue's DEFPRTY, ASQDEF). */
function copyFor(message: PutMessage, priority: number | undefined): PutMessage {
  if (priority === PRIORITY_AS_QUEUE_DEFAULT || priority === undefined) {
    const { priority: _published, ...rest } = message;
    return rest;
  }
  return priority === message.priority ? message : { ...message, priority };
}
