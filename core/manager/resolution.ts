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

export class QueueResolver {
  constructor(
    private readonly objects: ObjectCatalogue,
    private readonly queues: ReadonlyMap<string, LocalQueue>,
    private readonly queueManagerName: () => string,
    private readonly queueManagerAttributes: () => QueueManagerAttributes,
  ) {}

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
   * Where a put to `name` goes: a local queue, an alias's target (the alias's PUT and
   * defaults apply), or for a remote queue its transmission queue, the message carrying
   * its destination as MQ's transmission header does.
   */
  forPut(name: string): PutTarget {
    const definition = this.queueDefinition(name);
    const attributes = definition.attributes;
    switch (definition.type) {
      case "localQueue":
        return this.queues.get(name)!;
      case "aliasQueue": {
        if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `alias queue ${name} is PUT(DISABLED)`);
        const base = this.#aliasBase(definition);
        const resolved = base.type === "localQueue" ? this.queues.get(base.name)! : this.forPut(base.name);
        const queue = resolved instanceof LocalQueue ? resolved : resolved.queue;
        const transmission = resolved instanceof LocalQueue ? undefined : resolved.transmission;
        return { queue, defaults: defaultsOf(attributes), transmission };
      }
      case "remoteQueue": {
        if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `remote queue ${name} is PUT(DISABLED)`);
        const remoteName = String(attributes.remoteName ?? "");
        const remoteQueueManager = String(attributes.remoteQueueManager ?? "") || this.queueManagerName();
        if (remoteQueueManager === this.queueManagerName() && remoteName !== "") {
          // A remote definition that names this queue manager resolves here, as in MQ.
          const local = this.forPut(remoteName);
          return { queue: local instanceof LocalQueue ? local : local.queue, defaults: defaultsOf(attributes) };
        }
        const xmitqName =
          String(attributes.transmissionQueue ?? "") ||
          (this.queues.has(remoteQueueManager) ? remoteQueueManager : this.queueManagerAttributes().defaultTransmissionQueue);
        const xmitq = xmitqName ? this.queues.get(xmitqName) : undefined;
        if (!xmitq)
          throw new MQError(
            "MQRC_UNKNOWN_XMIT_Q",
            `remote queue ${name} has no transmission queue: define ${xmitqName || remoteQueueManager} with USAGE(XMITQ), or set XMITQ`,
          );
        if (xmitq.attributes.usage !== "transmission")
          throw new MQError("MQRC_XMIT_Q_USAGE_ERROR", `queue ${xmitq.name} is not a transmission queue (USAGE(XMITQ))`);
        return { queue: xmitq, defaults: defaultsOf(attributes), transmission: { remoteQueue: remoteName || name, remoteQueueManager } };
      }
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
