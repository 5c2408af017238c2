/**
 * The seam between name resolution (resolution.ts, in every bundle) and the routing toward
 * other queue managers (remote-routing.ts, loaded on first use): what the routing reads of the
 * queue manager, and what it answers. Types only, so neither side imports the other.
 */
import type { QueueManagerAttributes } from "../objects/attributes.js";
import type { ObjectCatalogue } from "../objects/registry.js";
import type { ObjectDefinition } from "../objects/definitions.js";
import type { LocalQueue, PutTarget } from "../kernel/index.js";
import type { PutMessage } from "../message/message.js";

export interface RoutingHost {
  readonly objects: ObjectCatalogue;
  readonly queues: ReadonlyMap<string, LocalQueue>;
  queueManagerName(): string;
  queueManagerAttributes(): QueueManagerAttributes;
  /** Name resolution, for a queue at this queue manager. */
  forPut(name: string, queueManager?: string): PutTarget;
}

export interface RemoteRouting {
  remoteQueue(host: RoutingHost, definition: ObjectDefinition): PutTarget;
  otherQueueManager(host: RoutingHost, queue: string, queueManager: string): PutTarget;
  replyTo(host: RoutingHost, message: PutMessage): PutMessage;
  /** A put to `name`, defined nowhere here: an instance of a cluster queue (core/features/clusters), or MQRC_UNKNOWN_OBJECT_NAME. */
  clusterQueue(host: RoutingHost, name: string, message: PutMessage | undefined): PutTarget;
  /** Before a put to `name` defined nowhere here: what to wait for first (a cluster asking its full repositories), if anything. */
  prepare(host: RoutingHost, name: string, queueManager: string | undefined): Promise<unknown> | undefined;
}
