/**
 * The features that live on the kernel's events, built for the facade: publish/subscribe
 * (core/pubsub), queue depth events (core/events/depth-events.ts) and triggering
 * (core/triggers). Each reaches the manager only through the functions given here.
 */
import type { QueueManagerAttributes } from "../attributes.js";
import type { BrowseCursor } from "../browse.js";
import type { Clock } from "../clock.js";
import { DepthEvents } from "../events/depth-events.js";
import type { Kernel } from "../kernel/kernel.js";
import type { BrowseOptions, GetOptions, PutOptions, PutResult } from "../manager-types.js";
import type { Message, PutMessage } from "../message.js";
import type { LocalQueueAttributes } from "../attributes.js";
import type { ObjectCatalogue } from "../object-catalogue.js";
import { PROCESS as PROCESS_DEFINITION } from "../objects/catalogue/process-definition.js";
import { Broker } from "../pubsub/broker.js";
import { Triggering } from "../triggers/triggering.js";
import type { UnitOfWork } from "../uow/unit-of-work.js";
import type { ObjectAdmin } from "./object-admin.js";

export interface EventFeatureParts {
  name: string;
  clock: Clock;
  kernel: Kernel;
  objects: ObjectCatalogue;
  admin: ObjectAdmin;
  attributes(): QueueManagerAttributes;
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  browse(queue: string, options?: BrowseOptions): BrowseCursor;
  defineQueue(queue: string, attributes: Partial<LocalQueueAttributes>): Promise<void>;
  beginUnitOfWork(): UnitOfWork;
}

const APPLICATION_TYPES = PROCESS_DEFINITION.attributes.find((a) => a.name === "applicationType")!.type;

export function eventFeatures(parts: EventFeatureParts): { broker: Broker; depthEvents: DepthEvents; triggering: Triggering } {
  const { kernel, objects, admin, clock } = parts;
  const queues = kernel.queues;
  const broker = new Broker({
    put: parts.put,
    get: parts.get,
    browse: parts.browse,
    hasQueue: (queue) => queues.has(queue),
    defineQueue: parts.defineQueue,
    beginUnitOfWork: parts.beginUnitOfWork,
    now: () => clock.now(),
    subscriptions: () => objects.ofKind("subscription"),
    subscription: (subscription) => objects.get("subscription", subscription),
    topicString: (topic) => {
      const topicString = objects.get("topic", topic)?.attributes.topicString;
      return topicString === undefined ? undefined : String(topicString);
    },
    topics: () => objects.ofKind("topic"),
    queueDescription: (queue) => queues.get(queue)?.attributes.description,
  });
  // Queue depth events: committed puts and gets from the kernel's events, refused puts from the put's queueFull.
  const depthEvents = new DepthEvents({
    name: parts.name,
    events: kernel.events,
    queueManagerAttributes: parts.attributes,
    queueAttributes: (queue) => queues.get(queue)?.attributes,
    switchEvents: (queue, switches) => admin.setByQueueManager(queue, switches),
    put: parts.put,
    now: () => clock.now(),
  });
  // Triggering: committed puts and input opened and closed from the kernel's events, ALTER from the admin.
  const triggering = new Triggering({
    clock,
    events: kernel.events,
    queue: (queue) => queues.get(queue),
    queueNames: () => queues.keys(),
    openInputCount: (queue) => queue.openInputCount + queue.consumers.countedCount(),
    triggerInterval: () => Number(parts.attributes().triggerInterval ?? 999_999_999),
    processDefinition: (name) => objects.get("process", name),
    applicationTypeKeyword: (value) => (APPLICATION_TYPES.kind === "enum" ? (APPLICATION_TYPES.values[String(value)] ?? String(value)) : String(value)),
    put: parts.put,
    disableTrigger: (queue) => admin.setByQueueManager(queue, { trigger: false }),
  });
  return { broker, depthEvents, triggering };
}
