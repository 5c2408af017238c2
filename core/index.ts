/**
 * The public API of the core: a queue manager with IBM MQ and JMS semantics that runs in
 * any JavaScript runtime. Adapters add storage engines and transports around it.
 *
 * What an application may never use is loaded by the queue manager on first use (JMS,
 * publish/subscribe, triggering, depth events, the dead-letter handler, MQSC, selectors), so
 * its classes and codecs as values come from their own entries: `webmq/jms`,
 * `webmq/selector`, `webmq/dead-letters`, `webmq/triggers`, `webmq/events`, `webmq/mqsc`.
 * Their types are exported here too.
 */
export { QueueManager } from "./manager/queue-manager.js";
export { DEFAULT_LOCAL_QUEUE, DEFAULT_DEAD_LETTER_QUEUE, SYSTEM_OBJECTS } from "./objects/default-objects.js";
export { QueueHandle } from "./kernel/index.js";
export type { OpenOptions, HandleStatus } from "./kernel/index.js";
export type { ObjectType, ObjectDefinition, Attributes } from "./objects/definitions.js";
export { OBJECT_TYPES } from "./objects/definitions.js";
export type {
  QueueManagerOptions,
  PutOptions,
  GetOptions,
  AbortSignalLike,
  BrowseOptions,
  PutResult,
  MessageSummary,
  QueueStatus,
  DefineOptions,
  ConsumeOptions,
  QueueConsumerHandle,
} from "./manager/queue-manager.js";
export { BrowseCursor } from "./kernel/index.js";
export { UnitOfWork } from "./kernel/index.js";
export type { Selector, FieldLookup, SelectorValue } from "./selector/index.js";
export type { Connection } from "./features/jms/connection.js";
export type { ConnectionOptions, ExceptionListener } from "./features/jms/connection.js";
export type { Session, MessageProducer, MessageConsumer } from "./features/jms/session.js";
export type { AcknowledgeMode, SessionOptions, Queue, ConsumerOptions, MessageListener } from "./features/jms/session.js";
export type { ReceivedMessage } from "./features/jms/received-message.js";
export type { XASession, SessionXAResource } from "./features/jms/xa-session.js";
export { XAResource } from "./kernel/index.js";
export type { QueueEvent, QueueEventFeed, QueueEventListener } from "./kernel/index.js";
export type { DepthEvent, DepthEventType } from "./features/events/performance-event-pcf.js";
export { PERFORMANCE_EVENT_QUEUE } from "./features/events/event-queues.js";
export type { UnitOfWorkState } from "./kernel/index.js";
export { MQError, MQRC, MQCC_OK, MQCC_WARNING, MQCC_FAILED, reasonName, isMQError } from "./base/errors.js";
export type { MQReasonName, SerializedMQError } from "./base/errors.js";
export type { Message, PutMessage, BodyFormat, MessageBody, MessageType, JsonValue, Transmission } from "./message/message.js";
export { NO_ID, correlationIdFromText } from "./message/message.js";
export type { Property, PropertyType, PropertyValue, PropertyInput, PropertiesInput } from "./message/properties.js";
export { propertyValue } from "./message/properties.js";
export { propertyValues, withPropertyAccess, type PropertyAccess } from "./message/message-properties.js";
export type { LocalQueueAttributes, QueueManagerAttributes, DeliverySequence } from "./objects/attributes.js";
export { checkObjectName } from "./objects/attributes.js";
export { systemClock, ManualClock } from "./base/clock.js";
export type { Clock, TimerHandle } from "./base/clock.js";
export { MemoryStore, MemoryStorage, createMemoryStore, MEMORY_STORE_KIND } from "./store/memory-store.js";
export type { Store, StoreOp, StoreSnapshot, ObjectRecord, ObjectKind, MessageQuery, MessageWhere, QueueSummary } from "./store/store.js";
export type { MqscResult, MqscCommandResult, MqscMessage, MqscObject } from "./features/mqsc/result.js";
export type { MqscRunOptions } from "./features/mqsc/execute.js";
export type { ChannelState } from "./manager/queue-manager.js";
export type { ChannelConnector, ChannelTransport, ChannelFrame, ChannelAcceptor } from "./features/channels/transport.js";
export type { ChannelStatus } from "./features/channels/status.js";
export type { DamagedRecord } from "./store/record-check.js";

// Listeners, poison messages and dead letters (core/backout).
export { Listener, type ListenOptions, type ListenerStats, type MessageHandler } from "./features/listener/listener.js";
export type { ListenerEvent, ListenerEventType } from "./features/listener/listener-events.js";
export { UnprocessableMessageError } from "./features/listener/unprocessable.js";
export type { DeadLetterHeader } from "./message/message.js";
export type { DeadLetterHandler, DeadLetterHandlerStats, DeadLetterHandlerReport } from "./features/dead-letters/dead-letter-handler.js";
export type { DlqRulesTable, DlqRule } from "./features/dead-letters/dlq-rule-types.js";

// Triggering (core/triggers).
export type { TriggerMonitor, TriggerInfo, TriggerApplication, TriggerMonitorOptions, TriggerMonitorStats } from "./features/triggers/trigger-monitor.js";
export type { TriggerMessage } from "./features/triggers/trigger-message.js";
