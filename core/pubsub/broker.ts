/**
 * The publish/subscribe side of a queue manager: which subscriptions a publication goes to
 * (SUB objects with a destination, and the non-durable ones of JMS consumers), the copies put
 * in one unit of work, retained publications, and the figures DISPLAY SBSTATUS shows. It
 * reaches the manager only through BrokerHost.
 */
import { MQError } from "../errors.js";
import type { PutMessage } from "../message.js";
import type { PublishOptions, SubscriptionStatus } from "../manager-types.js";
import type { ObjectDefinition } from "../objects.js";
import { compile as compileSelector, type Selector } from "../selector/index.js";
import type { UnitOfWork } from "../uow/unit-of-work.js";
import { publicationFields } from "./publication-fields.js";
import { deliverRetained, ensureRetainedQueue, stageRetained, type RetainedHost } from "./retained.js";
import { NonDurableSubscriptions, type ActiveSubscription } from "./subscriptions.js";
import { checkTopicString, joinTopic, matchesTopic } from "./topic-string.js";

export interface BrokerHost extends RetainedHost {
  beginUnitOfWork(): UnitOfWork;
  now(): number;
  /** The SUB objects, and one by name. */
  subscriptions(): Iterable<ObjectDefinition>;
  subscription(name: string): ObjectDefinition | undefined;
  /** A TOPIC object's TOPICSTR. */
  topicString(topicObject: string): string | undefined;
}

export class Broker {
  readonly #nonDurable = new NonDurableSubscriptions();
  readonly #selectors = new Map<string, Selector>();
  /** Publications given to each durable subscription since the manager opened, and when the last was. */
  readonly #counts = new Map<string, { messages: number; last: number }>();

  constructor(private readonly host: BrokerHost) {}

  /** See QueueManager.publish. */
  async publish(topic: string, message: PutMessage, options: PublishOptions): Promise<{ subscriptions: number }> {
    checkTopicString(topic);
    if (message === null || typeof message !== "object") throw new MQError("MQRC_FORMAT_ERROR", "a message must be an object with a body");
    const fields = publicationFields(message, this.host.now());
    const targets = this.#subscriptionsOn(topic).filter((s) => (s.noLocalConnection === undefined || s.noLocalConnection !== options.connection) && (!s.selector || s.selector.matches(fields)));
    if (options.retain) await ensureRetainedQueue(this.host);
    const own = options.unitOfWork === undefined;
    const unit = options.unitOfWork ?? this.host.beginUnitOfWork();
    try {
      for (const target of targets) await this.host.put(target.queue, target.durable ? message : { ...message, persistent: false }, { unitOfWork: unit });
      if (options.retain) await stageRetained(this.host, topic, message, unit);
    } catch (error) {
      // All or none: the copies made so far go with the publication (in the caller's unit, the caller rolls back).
      if (own) await unit.rollback({ countBackout: false });
      throw error;
    }
    if (own) await unit.commit();
    const now = this.host.now();
    for (const target of targets) {
      if (target.name === undefined) continue;
      const figures = this.#counts.get(target.name) ?? { messages: 0, last: 0 };
      figures.messages++;
      figures.last = now;
      this.#counts.set(target.name, figures);
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
    return this.#nonDurable.add(subscription);
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
      type: String(definition.attributes.destination ?? "").startsWith("SYSTEM.MANAGED.DURABLE.") && definition.attributes.destinationClass !== "managed" ? "API" : "ADMIN",
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
      found.push({ topic: full, queue: String(definition.attributes.destination), durable: true, name: definition.name, selector: this.#selectorOfDefinition(definition) });
    }
    for (const subscription of this.#nonDurable.list()) if (matchesTopic(subscription.topic, topic)) found.push(subscription);
    return found;
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
