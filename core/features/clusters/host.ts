/**
 * What a cluster node needs of its queue manager: the public QueueManager's own methods (the
 * node is an application of its queue manager, as IBM's repository manager amqrrmfa is one), so
 * that clusters add nothing to the manager and a queue manager in no cluster carries none of it.
 */
import type { Clock } from "../../base/clock.js";
import type { BrowseCursor, ChannelState, GetOptions, PutOptions, PutResult, UnitOfWork } from "../../kernel/index.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { Attributes, ObjectDefinition, ObjectType } from "../../objects/definitions.js";

export interface ClusterHost {
  readonly name: string;
  readonly createdAt: number;
  readonly closed: boolean;
  readonly clock: Clock;
  readonly attributes: object;
  object(type: ObjectType | "queue", name: string): ObjectDefinition | undefined;
  objects(types?: readonly ObjectType[]): ObjectDefinition[];
  defineObject(type: ObjectType, name: string, attributes?: Attributes): Promise<ObjectDefinition>;
  deleteObject(type: ObjectType, name: string): Promise<void>;
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  browse(queue: string): BrowseCursor;
  beginUnitOfWork(): UnitOfWork;
  startChannel(name: string): ChannelState | undefined;
  stopChannel(name: string): Promise<void>;
  channelStatus(name: string): ChannelState | undefined;
  queueStatus(name: string): { depth: number };
}

export const COMMAND_QUEUE = "SYSTEM.CLUSTER.COMMAND.QUEUE";
export const REPOSITORY_QUEUE = "SYSTEM.CLUSTER.REPOSITORY.QUEUE";
/**
 * IBM's MAXDEPTH for the cluster's system and transmission queues: the repository holds a message per
 * record, so a full repository of a large cluster holds many thousands (at the default 5,000 its
 * updates failed with MQRC_Q_FULL, backed out and were retried for ever).
 */
export const CLUSTER_QUEUE_MAX_DEPTH = 999_999_999;
/** IBM's DEFCLXQ(CHANNEL): each cluster-sender has a transmission queue of its own, named after it. */
export const transmissionQueueOf = (channel: string) => `SYSTEM.CLUSTER.TRANSMIT.${channel}`;
