/**
 * Where name resolution (core/manager/remote-routing.ts, itself loaded on first use) finds the
 * cluster a queue manager belongs to: each queue manager's cluster node registers its router here,
 * keyed by an object of that queue manager that both sides hold (its map of local queues), so the
 * manager carries no field for clusters and a queue manager in no cluster pays nothing.
 */
import { MQError } from "../../base/errors.js";
import type { LocalQueue, PutTarget } from "../../kernel/index.js";
import type { PutMessage } from "../../message/message.js";

/** Where a put goes: the cluster transmission queue toward `queueManager`, the message bound for it. */
export interface ClusterRoute {
  transmissionQueue: string;
  queueManager: string;
  /** DEFBIND(OPEN): the queue manager a handle's later puts name (MQOO_BIND_ON_OPEN). */
  boundTo?: string;
  defaultPriority: number;
  defaultPersistence: boolean;
}

export interface ClusterRouter {
  /** A put to cluster queue `name` (not defined here): the instance the workload algorithm chose; undefined when no cluster knows it. */
  queue(name: string, message: PutMessage | undefined): ClusterRoute | undefined;
  /** A put to a queue at queue manager `name`, a member of one of this queue manager's clusters: its cluster-sender's transmission queue. */
  queueManager(name: string): ClusterRoute | undefined;
  /** Before a put to `name` (a queue, or with `queueManager` a queue manager), defined nowhere here: what to wait for first (a partial repository asking the full ones about it), if anything. */
  lookup(name: string, queueManager?: boolean): Promise<void> | undefined;
}

const routers = new WeakMap<object, ClusterRouter>();

export function clusterRouterOf(key: object): ClusterRouter | undefined {
  return routers.get(key);
}

export function registerClusterRouter(key: object, router: ClusterRouter | undefined): void {
  if (router) routers.set(key, router);
  else routers.delete(key);
}

/** A put bound for `queue` over `route`: onto the cluster transmission queue, the transmission header naming the instance's queue manager. */
export function clusterTarget(queues: ReadonlyMap<string, LocalQueue>, queue: string, route: ClusterRoute): PutTarget {
  const xmitq = queues.get(route.transmissionQueue);
  if (!xmitq) throw new MQError("MQRC_UNKNOWN_XMIT_Q", `the cluster transmission queue ${route.transmissionQueue} is not defined`);
  const target: PutTarget & { boundTo?: string } = {
    queue: xmitq,
    defaults: { defaultPriority: route.defaultPriority, defaultPersistence: route.defaultPersistence },
    transmission: { remoteQueue: queue, remoteQueueManager: route.queueManager },
  };
  if (route.boundTo) target.boundTo = route.boundTo;
  return target;
}
