/**
 * Name resolution toward other queue managers, as IBM's "Name resolution" table has it, loaded
 * on first use (manager/resolution.ts says when): a remote queue definition, a put addressed to
 * a queue at another queue manager (MQOD ObjectQMgrName) through a queue-manager alias (a
 * QREMOTE with blank RNAME), a transmission queue named as the queue manager, or DEFXMITQ;
 * and reply-to queue aliases. Each way a name leads nowhere has IBM's reason.
 */
import { checkObjectName } from "../objects/attributes.js";
import { MQError } from "../base/errors.js";
import { describeType, type Attributes, type ObjectDefinition } from "../objects/definitions.js";
import type { LocalQueue, PutTarget, ResolvedPut } from "../kernel/index.js";
import type { PutMessage } from "../message/message.js";
import type { RoutingHost } from "./routing-host.js";
import { clusterRouterOf, clusterTarget } from "../features/clusters/registry.js";

/** A local queue by its own name, or where another name resolved to: its local queue. */
function queueOfTarget(target: PutTarget): LocalQueue {
  return "defaults" in target ? target.queue : target;
}

/** DEFPRTY and DEFPSIST of the first definition on the way (as resolution.ts takes them). */
function defaultsOf(attributes: Attributes): ResolvedPut["defaults"] {
  return { defaultPriority: Number(attributes.defaultPriority ?? 0), defaultPersistence: attributes.defaultPersistence === true };
}

/** A put to a remote queue definition (RNAME not blank): its transmission queue, bound for RNAME at RQMNAME. */
export function remoteQueue(host: RoutingHost, definition: ObjectDefinition): PutTarget {
  const { name, attributes } = definition;
  if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `remote queue ${name} is PUT(DISABLED)`);
  const remoteName = String(attributes.remoteName ?? "");
  // A blank RNAME makes the definition a queue-manager alias, which names no queue to open.
  if (remoteName === "")
    throw new MQError(
      "MQRC_REMOTE_Q_NAME_ERROR",
      `remote queue ${name} has a blank RNAME: it is a queue-manager alias, used by putting to a queue at queue manager ${name}`,
    );
  const remoteQueueManager = String(attributes.remoteQueueManager ?? "") || host.queueManagerName();
  if (remoteQueueManager === host.queueManagerName()) {
    // A remote definition that names this queue manager resolves here.
    const local = host.forPut(remoteName);
    return { queue: queueOfTarget(local), defaults: defaultsOf(attributes) };
  }
  const xmitq = transmissionQueue(host, String(attributes.transmissionQueue ?? ""), remoteQueueManager, `remote queue ${name}`);
  return { queue: xmitq, defaults: defaultsOf(attributes), transmission: { remoteQueue: remoteName, remoteQueueManager } };
}

/**
 * A put to queue `queue` at queue manager `queueManager`, not this one (IBM's "Name resolution"
 * table): a queue-manager alias of that name (a QREMOTE with blank RNAME) maps it to its
 * RQMNAME, here (the queue resolved locally) or through its XMITQ; a local queue of that name
 * must be a transmission queue; otherwise the default transmission queue (DEFXMITQ) takes it.
 */
export function otherQueueManager(host: RoutingHost, queue: string, queueManager: string): PutTarget {
  checkObjectName(queueManager, "queue manager");
  checkObjectName(queue);
  const definition = host.objects.get("queue", queueManager);
  if (definition?.type === "remoteQueue") {
    const attributes = definition.attributes;
    if (String(attributes.remoteName ?? "") !== "") {
      throw new MQError(
        "MQRC_UNKNOWN_REMOTE_Q_MGR",
        `${queueManager} is a remote queue (RNAME ${String(attributes.remoteName)}), not a queue-manager alias, which has a blank RNAME`,
      );
    }
    if (attributes.putEnabled === false) throw new MQError("MQRC_PUT_INHIBITED", `queue-manager alias ${queueManager} is PUT(DISABLED)`);
    const target = String(attributes.remoteQueueManager ?? "") || host.queueManagerName();
    if (target === host.queueManagerName()) {
      // The alias names this queue manager: the queue is one of ours (XMITQ is ignored, as IBM's is).
      const local = host.forPut(queue);
      return { queue: queueOfTarget(local), defaults: defaultsOf(attributes), transmission: "defaults" in local ? local.transmission : undefined };
    }
    const xmitq = transmissionQueue(host, String(attributes.transmissionQueue ?? ""), target, `queue-manager alias ${queueManager}`);
    return { queue: xmitq, defaults: defaultsOf(attributes), transmission: { remoteQueue: queue, remoteQueueManager: target } };
  }
  // A member of a cluster of this queue manager, with no definition of its own here: its cluster-sender.
  const cluster = definition === undefined ? clusterRouterOf(host.queues)?.queueManager(queueManager) : undefined;
  if (cluster) return clusterTarget(host.queues, queue, cluster);
  if (definition !== undefined && definition.type !== "localQueue") {
    throw new MQError(
      "MQRC_XMIT_Q_TYPE_ERROR",
      `queue manager ${queueManager} names a ${describeType(definition.type)}, which is neither a transmission queue nor a queue-manager alias`,
    );
  }
  const xmitq = transmissionQueue(host, "", queueManager, `queue manager ${queueManager}`);
  return {
    queue: xmitq,
    defaults: { defaultPriority: xmitq.attributes.defaultPriority, defaultPersistence: xmitq.attributes.defaultPersistence },
    transmission: { remoteQueue: queue, remoteQueueManager: queueManager },
  };
}

/**
 * A put to `name`, which no definition here names: an instance of a cluster queue that a
 * cluster of this queue manager knows, chosen by the workload algorithm
 * (core/features/clusters/workload.ts), else MQRC_UNKNOWN_OBJECT_NAME as for any unknown name.
 */
export function clusterQueue(host: RoutingHost, name: string, message: PutMessage | undefined): PutTarget {
  checkObjectName(name);
  const router = clusterRouterOf(host.queues);
  const route = router?.queue(name, message);
  if (!route)
    throw new MQError(
      "MQRC_UNKNOWN_OBJECT_NAME",
      `queue ${name} is not defined on queue manager ${host.queueManagerName()}${router ? ", nor known in its clusters" : ""}`,
    );
  return clusterTarget(host.queues, name, route);
}

export function prepare(host: RoutingHost, name: string, queueManager: string | undefined): Promise<unknown> | undefined {
  if (host.queues.has(name)) return undefined;
  const other = queueManager !== undefined && queueManager !== "" && queueManager !== host.queueManagerName();
  // A queue manager no definition here names may be a cluster's member or queue-manager alias.
  if (other) return host.objects.get("queue", queueManager) ? undefined : clusterRouterOf(host.queues)?.lookup(queueManager, true);
  return host.objects.get("queue", name) ? undefined : clusterRouterOf(host.queues)?.lookup(name);
}

/**
 * The transmission queue to `remoteQueueManager`: the definition's XMITQ when it names one,
 * else a local queue named as the queue manager, else the queue manager's DEFXMITQ; each must
 * be a local queue with USAGE(XMITQ). IBM's reasons for each way it is not.
 */
function transmissionQueue(host: RoutingHost, named: string, remoteQueueManager: string, via: string): LocalQueue {
  if (named !== "") {
    const xmitq = host.queues.get(named);
    if (!xmitq) {
      if (host.objects.get("queue", named)) throw new MQError("MQRC_XMIT_Q_TYPE_ERROR", `${via} names XMITQ(${named}), which is not a local queue`);
      throw new MQError("MQRC_UNKNOWN_XMIT_Q", `${via} names XMITQ(${named}), which is not defined: define it with USAGE(XMITQ)`);
    }
    if (xmitq.attributes.usage !== "transmission")
      throw new MQError("MQRC_XMIT_Q_USAGE_ERROR", `queue ${xmitq.name} is not a transmission queue (USAGE(XMITQ))`);
    return xmitq;
  }
  const sameName = host.queues.get(remoteQueueManager);
  if (sameName) {
    if (sameName.attributes.usage !== "transmission")
      throw new MQError("MQRC_XMIT_Q_USAGE_ERROR", `queue ${sameName.name} is not a transmission queue (USAGE(XMITQ))`);
    return sameName;
  }
  const defaultName = host.queueManagerAttributes().defaultTransmissionQueue;
  if (!defaultName) {
    throw new MQError(
      "MQRC_UNKNOWN_REMOTE_Q_MGR",
      `${via}: no way to queue manager ${remoteQueueManager}: define QLOCAL(${remoteQueueManager}) USAGE(XMITQ), set XMITQ, or set the queue manager's DEFXMITQ`,
    );
  }
  const defaultQueue = host.queues.get(defaultName);
  if (!defaultQueue) {
    if (host.objects.get("queue", defaultName))
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
export function replyTo(host: RoutingHost, message: PutMessage): PutMessage {
  const definition = host.objects.get("queue", message.replyToQueue!);
  if (definition?.type !== "remoteQueue") return message;
  const remoteName = String(definition.attributes.remoteName ?? "");
  const remoteQueueManager = String(definition.attributes.remoteQueueManager ?? "");
  return { ...message, replyToQueue: remoteName || message.replyToQueue, replyToQueueManager: remoteQueueManager || host.queueManagerName() };
}
