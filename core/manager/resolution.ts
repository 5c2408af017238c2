/**
 * Where a name leads: a put to an alias goes to its target (with the alias's PUT and
 * defaults), a put to a remote queue goes onto its transmission queue with the destination,
 * and a get or browse reads the local queue an alias resolves to. MQ's reason codes for
 * every way a name can lead nowhere.
 */
import { checkObjectName, type QueueManagerAttributes } from "../objects/attributes.js";
import { MQError } from "../base/errors.js";
import type { ObjectCatalogue } from "../objects/registry.js";
import { describeType, type Attributes, type ObjectDefinition } from "../objects/definitions.js";
import { LocalQueue, type PutTarget, type ResolvedPut } from "../kernel/index.js";
import type { PutMessage } from "../message/message.js";
import { LazyFeature } from "../base/lazy-feature.js";
import type { RemoteRouting, RoutingHost } from "./routing-host.js";

export class QueueResolver {
  constructor(
    private readonly objects: ObjectCatalogue,
    private readonly queues: ReadonlyMap<string, LocalQueue>,
    private readonly queueManagerName: () => string,
    private readonly queueManagerAttributes: () => QueueManagerAttributes,
  ) {
    this.#routingHost = { objects, queues, queueManagerName, queueManagerAttributes, forPut: (name, queueManager) => this.forPut(name, queueManager) };
  }

  localQueue(name: string): LocalQueue {
    const queue = this.queues.get(name);
    if (queue) return queue;
    checkObjectName(name);
    const other = this.objects.get("queue", name);
    if (other) throw new MQError("MQRC_OBJECT_TYPE_ERROR", `${name} is a ${describeType(other.type)}, not a local queue`);
    throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue ${name} is not defined on queue manager ${this.queueManagerName()}`);
  }

  queueDefinition(name: string): ObjectDefinition {
    const definition = this.objects.get("queue", name);
    if (definition) return definition;
    checkObjectName(name);
    throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue ${name} is not defined on queue manager ${this.queueManagerName()}`);
  }

  /**
   * The code that resolves names toward other queue managers (remote queues, queue-manager
   * aliases, transmission queues, reply-to aliases), loaded on first use: a put that is not to
   * a local queue by its own name, or that names a reply-to queue, loads it first
   * (`loadRoutingFor`), so an application that only puts and gets locally never downloads it.
   */
  static readonly routing = new LazyFeature<RemoteRouting>("remote queues and queue-manager aliases", () => import("./remote-routing.js"));

  /** Loads the routing code when a put of `message` to `name` (at `queueManager`) may need it; undefined when loaded or not needed. */
  loadRoutingFor(name: string, queueManager: string | undefined, message: PutMessage | undefined): Promise<unknown> | undefined {
    const routing = QueueResolver.routing.loaded;
    // A name defined nowhere here may be a cluster queue the cluster must be asked about first.
    if (routing) return routing.prepare(this.#routingHost, name, queueManager);
    if (!this.isOtherQueueManager(queueManager) && this.queues.has(name) && !message?.replyToQueue) return undefined;
    return QueueResolver.routing.get();
  }

  readonly #routingHost: RoutingHost;

  #routing(): RemoteRouting {
    const loaded = QueueResolver.routing.loaded;
    if (!loaded) throw new MQError("MQRC_RESOURCE_PROBLEM", "the remote routing is not loaded yet");
    return loaded;
  }

  /** A reply-to queue alias (remote-routing.ts); the message as it is until a put naming a reply-to queue has loaded that code. */
  replyTo(message: PutMessage): PutMessage {
    const routing = QueueResolver.routing.loaded;
    return routing ? routing.replyTo(this.#routingHost, message) : message;
  }

  /** Whether an ObjectQMgrName names another queue manager than this one (blank is this one). */
  isOtherQueueManager(queueManager: string | undefined): queueManager is string {
    return queueManager !== undefined && queueManager !== "" && queueManager !== this.queueManagerName();
  }

  /**
   * Where a put to `name` goes: a local queue, an alias's target (the alias's PUT and
   * defaults apply), or for a remote queue its transmission queue, the message carrying
   * its destination as MQ's transmission header does. With `queueManager` (MQOD
   * ObjectQMgrName) naming another queue manager, `name` is the queue there and is not
   * looked up here: IBM's name resolution resolves the queue manager name first.
   */
  forPut(name: string, queueManager?: string, message?: PutMessage): PutTarget {
    if (this.isOtherQueueManager(queueManager)) return this.#routing().otherQueueManager(this.#routingHost, name, queueManager);
    const definition = this.objects.get("queue", name);
    // Not defined here: a cluster queue, or MQRC_UNKNOWN_OBJECT_NAME (remote-routing.ts).
    if (!definition) return this.#routing().clusterQueue(this.#routingHost, name, message);
    const attributes = definition.attributes;
    switch (definition.type) {
      case "localQueue": {
        // CLWLUSEQ applies to puts naming no queue manager: one naming this one (a channel's) stays.
        const queue = this.queues.get(name)!;
        return (queueManager ? undefined : queue.spread?.(message)) ?? queue;
      }
      case "aliasQueue": {
        if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `alias queue ${name} is PUT(DISABLED)`);
        const base = this.#aliasBase(definition);
        const resolved = base.type === "localQueue" ? this.queues.get(base.name)! : this.forPut(base.name);
        const queue = resolved instanceof LocalQueue ? resolved : resolved.queue;
        const transmission = resolved instanceof LocalQueue ? undefined : resolved.transmission;
        return { queue, defaults: defaultsOf(attributes), transmission };
      }
      case "remoteQueue":
        return this.#routing().remoteQueue(this.#routingHost, definition);
      default:
        throw new MQError("MQRC_OPTION_NOT_VALID_FOR_TYPE", `${name} is a ${describeType(definition.type)}: open it with open() to make a dynamic queue`);
    }
  }

  /** The local queue that gets and browses of `name` read (through an alias); GET(DISABLED) refuses them. */
  forGet(name: string, refuseInhibited = true): LocalQueue {
    const local = this.queues.get(name);
    if (local) return refuseInhibited ? checkGetEnabled(local) : local;
    const definition = this.queueDefinition(name);
    if (definition.type !== "aliasQueue") {
      throw new MQError("MQRC_OPTION_NOT_VALID_FOR_TYPE", `messages cannot be got from ${name}, a ${describeType(definition.type)}`);
    }
    if (refuseInhibited && definition.attributes.getEnabled === false) throw new MQError("MQRC_GET_INHIBITED", `alias queue ${name} is GET(DISABLED)`);
    const base = this.#aliasBase(definition);
    if (base.type !== "localQueue")
      throw new MQError("MQRC_OPTION_NOT_VALID_FOR_TYPE", `alias queue ${name} resolves to ${base.name}, a ${describeType(base.type)}, which cannot be read`);
    const queue = this.queues.get(base.name)!;
    return refuseInhibited ? checkGetEnabled(queue) : queue;
  }

  #aliasBase(alias: ObjectDefinition): ObjectDefinition {
    if (alias.attributes.targetType === "topic")
      throw new MQError("MQRC_FUNCTION_NOT_SUPPORTED", `alias queue ${alias.name} resolves to a topic; publish/subscribe is not available yet`);
    const target = String(alias.attributes.target ?? "");
    const base = target ? this.objects.get("queue", target) : undefined;
    if (!base) throw new MQError("MQRC_UNKNOWN_ALIAS_BASE_Q", `alias queue ${alias.name} resolves to ${target || "no queue"}, which is not defined`);
    if (base.type === "aliasQueue" || base.type === "modelQueue") {
      throw new MQError("MQRC_ALIAS_BASE_Q_TYPE_ERROR", `alias queue ${alias.name} resolves to ${base.name}, a ${describeType(base.type)}`);
    }
    return base;
  }
}

/** Gets and browses alike are refused on a GET(DISABLED) queue, as in MQ. */
export function checkGetEnabled(queue: LocalQueue): LocalQueue {
  if (!queue.attributes.getEnabled) throw new MQError("MQRC_GET_INHIBITED", `queue ${queue.name} is GET(DISABLED)`);
  return queue;
}

function defaultsOf(attributes: Attributes): ResolvedPut["defaults"] {
  return { defaultPriority: Number(attributes.defaultPriority ?? 0), defaultPersistence: attributes.defaultPersistence === true };
}
