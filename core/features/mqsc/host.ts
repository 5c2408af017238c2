/**
 * What MQSC needs of a queue manager, declared here so that core/mqsc never imports the
 * manager: the object catalogue, queue and channel status, and the administrative changes
 * commands make. QueueManager satisfies it; a test double or another host may too.
 */
import type { QueueManagerAttributes } from "../../objects/attributes.js";
import type { HandleStatus, ChannelState, QueueStatus, SubscriptionStatus } from "../../kernel/index.js";
import type { ChannelStatus } from "../channels/status.js";
import type { ChannelCommandResult, SavedChannelStatus } from "../channels/operations.js";
import type { DefineOptions } from "../../objects/registry.js";
import type { Attributes, ObjectDefinition, ObjectType } from "../../objects/definitions.js";
import type { TopicNodeStatus } from "../pubsub/topic-status.js";
import type { ListenerStatus } from "../listener/listener-states.js";
import type { StoredAuthorityRecords } from "../authority/stored-records.js";

export interface MqscHost {
  readonly name: string;
  readonly attributes: QueueManagerAttributes;
  readonly createdAt: number;
  readonly alteredAt: number;
  /** When the queue manager was opened this time (DISPLAY QMSTATUS STARTDA and STARTTI). */
  readonly startedAt: number;
  /** The authority records (SET/DISPLAY/DELETE AUTHREC, DISPLAY ENTAUTH, and the check of each command run as a principal). */
  readonly authorityRecords: StoredAuthorityRecords;
  /** The open JMS connections: each one's number and client id (DISPLAY CONN, QMSTATUS CONNS). */
  jmsConnections(): { id: number; clientId: string | undefined }[];
  object(type: ObjectType | "queue", name: string): ObjectDefinition | undefined;
  objects(types?: readonly ObjectType[]): ObjectDefinition[];
  defineObject(type: ObjectType, name: string, attributes?: Attributes, options?: DefineOptions): Promise<ObjectDefinition>;
  alterObject(type: ObjectType, name: string, attributes: Attributes): Promise<ObjectDefinition>;
  deleteObject(type: ObjectType, name: string, options?: { purge?: boolean }): Promise<void>;
  alterQueueManager(attributes: Partial<QueueManagerAttributes>): Promise<void>;
  queueNames(): string[];
  queueStatus(name: string): QueueStatus;
  queueDynamicType(name: string): "temporary" | "permanent" | undefined;
  clearQueue(name: string): Promise<number>;
  handleStatuses(queueName?: string): HandleStatus[];
  startChannel(name: string): ChannelState | undefined;
  stopChannel(name: string, options?: { mode?: "quiesce" | "force" }): Promise<void> | void;
  resolveChannel(name: string, action: "commit" | "backout"): Promise<ChannelCommandResult>;
  resetChannel(name: string, sequenceNumber: number): Promise<ChannelCommandResult>;
  pingChannel(name: string, dataLength?: number): Promise<ChannelCommandResult>;
  /** DISPLAY CHSTATUS SAVED: what the channel's sync record keeps, or undefined when it has none. */
  channelSavedStatus(name: string): Promise<SavedChannelStatus | undefined>;
  /** What a channel's agent shows (MSGS, BATCHES, LSTSEQNO, ...), when it ran here. */
  channelAgentStatus(name: string): ChannelStatus | undefined;
  channelStatus(name: string): ChannelState | undefined;
  startListener(name: string): ListenerStatus | undefined;
  stopListener(name: string): boolean;
  listenerStatus(name: string): ListenerStatus | undefined;
  /** A subscription's live figures: how many publications it has been given, and when the last was. */
  subscriptionStatus(name: string): SubscriptionStatus | undefined;
  /** The topic nodes a topic string selects ('#' and '+' as TPSTATUS reads them), with their status. */
  topicStatus(topicString: string): Promise<TopicNodeStatus[]>;
}
