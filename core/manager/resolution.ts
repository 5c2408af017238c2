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
  forPut(name: string, queueManager?: string): PutTarget {
    if (this.isOtherQueueManager(queueManager)) return this.#forOtherQueueManager(name, queueManager);
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
        // A blank RNAME makes the definition a queue-manager alias, which names no queue to open.
        if (remoteName === "")
          throw new MQError(
            "MQRC_REMOTE_Q_NAME_ERROR",
            `remote queue ${name} has a blank RNAME: it is a queue-manager alias, used by putting to a queue at queue manager ${name}`,
          );
        const remoteQueueManager = String(attributes.remoteQueueManager ?? "") || this.queueManagerName();
        if (remoteQueueManager === this.queueManagerName()) {
          // A remote definition that names this queue manager resolves here.
          const local = this.forPut(remoteName);
          return { queue: local instanceof LocalQueue ? local : local.queue, defaults: defaultsOf(attributes) };
        }
        const xmitq = this.#transmissionQueue(String(attributes.transmissionQueue ?? ""), remoteQueueManager, `remote queue ${name}`);
        return { queue: xmitq, defaults: defaultsOf(attributes), transmission: { remoteQueue: remoteName, remoteQueueManager } };
      }
      default:
        throw new MQError("MQRC_OPTION_NOT_VALID_FOR_TYPE", `${name} is a ${describeType(definition.type)}: open it with open() to make a dynamic queue`);
    }
  }

  /**
   * A put to queue `queue` at queue manager `queueManager`, not this one (IBM's "Name resolution"
   * table): a queue-manager alias of that name (a QREMOTE with blank RNAME) maps it to its
   * RQMNAME, here (the queue resolved locally) or through its XMITQ; a local queue of that name
   * must be a transmission queue; otherwise the default transmission queue (DEFXMITQ) takes it.
   */
  #forOtherQueueManager(queue: string, queueManager: string): PutTarget {
    checkObjectName(queueManager, "queue manager");
    checkObjectName(queue);
    const definition = this.objects.get("queue", queueManager);
    if (definition?.type === "remoteQueue") {
      const attributes = definition.attributes;
      if (String(attributes.remoteName ?? "") !== "") {
        throw new MQError(
          "MQRC_UNKNOWN_REMOTE_Q_MGR",
          `${queueManager} is a remote queue (RNAME ${String(attributes.remoteName)}), not a queue-manager alias, which has a blank RNAME`,
        );
      }
      if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `queue-manager alias ${queueManager} is PUT(DISABLED)`);
      const target = String(attributes.remoteQueueManager ?? "") || this.queueManagerName();
      if (target === this.queueManagerName()) {
        // The alias names this queue manager: the queue is one of ours (XMITQ is ignored, as IBM's is).
        const local = this.forPut(queue);
        return local instanceof LocalQueue ? { queue: local, defaults: defaultsOf(attributes) } : { ...local, defaults: defaultsOf(attributes) };
      }
      const xmitq = this.#transmissionQueue(String(attributes.transmissionQueue ?? ""), target, `queue-manager alias ${queueManager}`);
      return { queue: xmitq, defaults: defaultsOf(attributes), transmission: { remoteQueue: queue, remoteQueueManager: target } };
    }
    if (definition !== undefined && definition.type !== "localQueue") {
      throw new MQError(
        "MQRC_XMIT_Q_TYPE_ERROR",
        `queue manager ${queueManager} names a ${describeType(definition.type)}, which is neither a transmission queue nor a queue-manager alias`,
      );
    }
    const xmitq = this.#transmissionQueue("", queueManager, `queue manager ${queueManager}`);
    return {
      queue: xmitq,
      defaults: { defaultPriority: xmitq.attributes.defaultPriority, defaultPersistence: xmitq.attributes.defaultPersistence },
      transmission: { remoteQueue: queue, remoteQueueManager: queueManager },
    };
  }

  /**
   * The transmission queue to `remoteQueueManager`: the definition's XMITQ when it names one,
   * else a local queue named as the queue manager, else the queue manager's DEFXMITQ; each must
   * be a local queue with USAGE(XMITQ). IBM's reasons for each way it is not.
   */
  #transmissionQueue(named: string, remoteQueueManager: string, via: string): LocalQueue {
    if (named !== "") {
      const xmitq = this.queues.get(named);
      if (!xmitq) {
        if (this.objects.get("queue", named)) throw new MQError("MQRC_XMIT_Q_TYPE_ERROR", `${via} names XMITQ(${named}), which is not a local queue`);
        throw new MQError("MQRC_UNKNOWN_XMIT_Q", `${via} names XMITQ(${named}), which is not defined: define it with USAGE(XMITQ)`);
      }
      if (xmitq.attributes.usage !== "transmission")
        throw new MQError("MQRC_XMIT_Q_USAGE_ERROR", `queue ${xmitq.name} is not a transmission queue (USAGE(XMITQ))`);
      return xmitq;
    }
    const sameName = this.queues.get(remoteQueueManager);
    if (sameName) {
      if (sameName.attributes.usage !== "transmission")
        throw new MQError("MQRC_XMIT_Q_USAGE_ERROR", `queue ${sameName.name} is not a transmission queue (USAGE(XMITQ))`);
      return sameName;
    }
    const defaultName = this.queueManagerAttributes().defaultTransmissionQueue;
    if (!defaultName) {
      throw new MQError(
        "MQRC_UNKNOWN_REMOTE_Q_MGR",
        `${via}: no way to queue manager ${remoteQueueManager}: define QLOCAL(${remoteQueueManager}) USAGE(XMITQ), set XMITQ, or set the queue manager's DEFXMITQ`,
      );
    }
    const defaultQueue = this.queues.get(defaultName);
    if (!defaultQueue) {
      if (this.objects.get("queue", defaultName))
        throw new MQError("MQRC_DEF_XMIT_Q_TYPE_ERROR", `the default transmission queue ${defaultName} (DEFXMITQ) is not a local queue`);
      throw new MQError("MQRC_UNKNOWN_DEF_XMIT_Q", `the default transmission queue ${defaultName} (DEFXMITQ) is not defined`);
    }
    if (defaultQueue.attributes.usage !== "transmission")
      throw new MQError("MQRC_DEF_XMIT_Q_USAGE_ERROR", `the default transmission queue ${defaultName} (DEFXMITQ) is not USAGE(XMITQ)`);
    return defaultQueue;
  }

  /**
   * A reply-to queue alias (IBM's MQMD ReplyToQ): with ReplyToQMgr blank, a remote queue
   * definition named as ReplyToQ gives the message its RNAME and RQMNAME instead, so replies
   * come back by the route it names. A ReplyToQMgr given is sent as it is (IBM checks it not).
   */
  replyTo(message: PutMessage): PutMessage {
    const definition = this.objects.get("queue", message.replyToQueue!);
    if (definition?.type !== "remoteQueue") return message;
    const remoteName = String(definition.attributes.remoteName ?? "");
    const remoteQueueManager = String(definition.attributes.remoteQueueManager ?? "");
    return { ...message, replyToQueue: remoteName || message.replyToQueue, replyToQueueManager: remoteQueueManager || this.queueManagerName() };
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
