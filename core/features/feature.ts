/**
 * How a feature attaches to the queue manager: it is given the manager's parts (FeatureParts:
 * the messaging port, the kernel's face, the defined objects) and answers the lifecycle calls
 * below, each optional. The manager holds its features in one list (manager/feature-set.ts)
 * and calls each hook on every feature; it knows no feature by its hooks. A feature keeps its
 * code out of the first download by loading it (LazyFeature) the first time a hook says it is
 * needed, and answers undefined from a prepare when nothing needs loading, so that the
 * synchronous paths stay synchronous.
 */
import type { LocalQueueAttributes, QueueManagerAttributes } from "../objects/attributes.js";
import type { DefinitionPort, Kernel, MessagingPort, XAResource } from "../kernel/index.js";
import type { ChannelConnector } from "./channels/transport.js";
import type { ObjectDefinition } from "../objects/definitions.js";
import type { Clock } from "../base/clock.js";
import type { ObjectCatalogue } from "../objects/registry.js";

export interface FeatureParts extends Pick<MessagingPort, "put" | "get" | "browse" | "defineQueue" | "beginUnitOfWork"> {
  name: string;
  clock: Clock;
  kernel: Kernel;
  objects: ObjectCatalogue;
  admin: DefinitionPort;
  attributes(): QueueManagerAttributes;
  /** Prepared units by xid: a channel's in-doubt batch is one. */
  xa: Pick<XAResource, "recover" | "commit" | "rollback">;
  /** How sending channels reach their partners (QueueManager.open's channelConnector), if any. */
  channelConnector(): ChannelConnector | undefined;
}

export interface Feature {
  /** For messages: "publish/subscribe", "triggering". */
  readonly name: string;
  /** After open: load what the restored objects and attributes already use. */
  restored?(): Promise<unknown>;
  /** Before a definition is committed (ObjectAdmin's prepare): what it needs loaded, or undefined. */
  prepare?(definition: ObjectDefinition): Promise<unknown> | undefined;
  /** Before the queue manager's attributes are committed: what they need loaded, or undefined. */
  prepareQueueManager?(attributes: QueueManagerAttributes): Promise<unknown> | undefined;
  /** The queue manager's attributes may have changed. */
  queueManagerAltered?(): Promise<unknown> | void;
  /** A local queue defined or altered; resolves once the feature has seen it. */
  queueAltered?(name: string, before: LocalQueueAttributes | undefined, after: LocalQueueAttributes): Promise<void> | undefined;
  queueDeleted?(name: string): void;
  /** A put refused with MQRC_Q_FULL. */
  queueFull?(queue: string, depth: number): void;
  /** The queue manager is closing; it waits for what this answers before it closes the store. */
  close?(): Promise<unknown> | void;
}
