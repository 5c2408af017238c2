/**
 * The features that live on the kernel's events: publish/subscribe (core/pubsub), queue depth
 * events (core/features/events/depth-events.ts) and triggering (core/triggers). Each is loaded the
 * first time the queue manager has a use for it (lazy-feature.ts), and each keeps one rule
 * that lets synchronous paths skip it while it is not loaded:
 * - the broker is loaded while any subscription exists (at open, at DEFINE SUB) and at the
 *   first publish or JMS connection;
 * - depth events are loaded while the queue manager's PERFMEV is enabled;
 * - triggering is loaded once any local queue has TRIGGER on.
 */
import type { LocalQueueAttributes, QueueManagerAttributes } from "../objects/attributes.js";
import type { ObjectDefinition } from "../objects/definitions.js";
import type { Broker } from "../features/pubsub/broker.js";
import type { DepthEvents } from "../features/events/depth-events.js";
import type { Triggering } from "../features/triggers/triggering.js";
import type { EventFeatureParts } from "../features/events/event-feature-parts.js";
import { LazyFeature } from "../base/lazy-feature.js";

export class EventFeatures {
  readonly broker: LazyFeature<Broker>;
  readonly #depthEvents: LazyFeature<DepthEvents>;
  readonly #triggering: LazyFeature<Triggering>;
  #closed = false;

  constructor(private readonly parts: EventFeatureParts) {
    this.broker = new LazyFeature("publish/subscribe", () => import("../features/pubsub/install.js").then(({ createBroker }) => createBroker(parts)));
    this.#depthEvents = new LazyFeature("queue depth events", () => import("../features/events/install.js").then(({ createDepthEvents }) => createDepthEvents(parts)));
    this.#triggering = new LazyFeature("triggering", () => import("../features/triggers/install.js").then(({ createTriggering }) => createTriggering(parts)));
  }

  /** After open: whatever the restored objects and attributes already use. */
  async restored(): Promise<void> {
    const { objects, kernel } = this.parts;
    const loads: Promise<unknown>[] = [this.queueManagerAltered()];
    if (objects.ofKind("subscription")[Symbol.iterator]().next().done === false) loads.push(this.broker.get());
    if ([...kernel.queues.values()].some((queue) => queue.attributes.trigger === true)) loads.push(this.#triggering.get().then((triggering) => this.#closed || triggering.refresh()));
    await Promise.all(loads);
  }

  /**
   * What a definition needs loaded before it is committed (ObjectAdmin's prepare), so that the
   * rules above hold from the moment it is in effect: publish/subscribe for a subscription,
   * triggering for a local queue with TRIGGER on. Undefined when that is loaded already.
   */
  prepare(definition: ObjectDefinition): Promise<unknown> | undefined {
    if (definition.type === "subscription") return this.broker.loaded ? undefined : this.broker.get();
    if (definition.type === "localQueue" && definition.attributes.trigger === true) return this.#triggering.loaded ? undefined : this.#triggering.get();
    return undefined;
  }

  /** What the queue manager's attributes need loaded before they are committed: depth events while PERFMEV is enabled. */
  prepareQueueManager(attributes: QueueManagerAttributes): Promise<unknown> | undefined {
    return attributes.performanceEvent === true && !this.#depthEvents.loaded ? this.#depthEvents.get() : undefined;
  }

  /** PERFMEV may have changed: depth events follow it (loaded when it is enabled). */
  async queueManagerAltered(): Promise<void> {
    if (this.parts.attributes().performanceEvent === true) (await this.#depthEvents.get()).update();
    else this.#depthEvents.loaded?.update();
  }

  /** A put refused with MQRC_Q_FULL: a Queue Full event when depth events are on. */
  queueFull(queue: string, depth: number): void {
    this.#depthEvents.loaded?.queueFull(queue, depth);
  }

  /** A local queue defined or altered; resolves once triggering has seen it (loaded if TRIGGER is on). */
  queueAltered(name: string, before: LocalQueueAttributes | undefined, after: LocalQueueAttributes): Promise<void> | undefined {
    const triggering = this.#triggering.loaded;
    if (triggering) return void triggering.queueAltered(name, before, after);
    if (after.trigger !== true) return undefined;
    return this.#triggering.get().then((loaded) => {
      if (!this.#closed) loaded.queueAltered(name, before, after);
    });
  }

  queueDeleted(name: string): void {
    this.#triggering.loaded?.queueDeleted(name);
  }

  close(): void {
    this.#closed = true;
    this.#triggering.loaded?.close();
  }
}
