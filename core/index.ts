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
export { QueueManager } from "./manager.js";
export { DEFAULT_LOCAL_QUEUE, DEFAULT_DEAD_LETTER_QUEUE, SYSTEM_OBJECTS } from "./default-objects.js";
export { QueueHandle } from "./handle.js";
export type { OpenOptions, HandleStatus } from "./handle.js";
export type { ObjectType, ObjectDefinition, Attributes } from "./objects.js";
export { OBJECT_TYPES } from "./objects.js";
export type { QueueManagerOptions, PutOptions, GetOptions, AbortSignalLike, BrowseOptions, PutResult, MessageSummary, QueueStatus, DefineOptions, ConsumeOptions, QueueConsumerHandle } from "./manager.js";
export { BrowseCursor } from "./browse.js";
export { UnitOfWork } from "./uow/unit-of-work.js";
export type { Selector, FieldLookup, SelectorValue } from "./selector/index.js";
export type { Connection } from "./jms/connection.js";
export type { ConnectionOptions, ExceptionListener } from "./jms/connection.js";
export type { Session, MessageProducer, MessageConsumer } from "./jms/session.js";
export type { AcknowledgeMode, SessionOptions, Queue, ConsumerOptions, MessageListener } from "./jms/session.js";
export type { ReceivedMessage } from "./jms/received-message.js";
export type { XASession, SessionXAResource } from "./jms/xa-session.js";
export { XAResource } from "./uow/xa-resource.js";
export type { QueueEvent, QueueEventListener } from "./events/queue-events.js";
export type { DepthEvent, DepthEventType } from "./events/performance-event-pcf.js";
export { PERFORMANCE_EVENT_QUEUE } from "./events/event-queues.js";
export type { UnitOfWorkState } from "./uow/unit-of-work.js";
export { MQError, MQRC, MQCC_OK, MQCC_WARNING, MQCC_FAILED, reasonName, isMQError } from "./errors.js";
export type { MQReasonName, SerializedMQError } from "./errors.js";
export type { Message, PutMessage, BodyFormat, MessageBody, MessageType, JsonValue, Transmission } from "./message.js";
export { NO_ID, correlationIdFromText } from "./message.js";
export type { Property, PropertyType, PropertyValue, PropertyInput, PropertiesInput } from "./properties.js";
export { propertyValue } from "./properties.js";
export { propertyValues, withPropertyAccess, type PropertyAccess } from "./message-properties.js";
export type { LocalQueueAttributes, QueueManagerAttributes, DeliverySequence } from "./attributes.js";
export { checkObjectName } from "./attributes.js";
export { systemClock, ManualClock } from "./clock.js";
export type { Clock, TimerHandle } from "./clock.js";
export { MemoryStore, MemoryStorage, createMemoryStore, MEMORY_STORE_KIND } from "./memory-store.js";
export type { Store, StoreOp, StoreSnapshot, ObjectRecord, ObjectKind, MessageQuery, MessageWhere, QueueSummary } from "./store.js";
export type { MqscResult, MqscCommandResult, MqscMessage, MqscObject } from "./mqsc/result.js";
export type { MqscRunOptions } from "./mqsc/execute.js";
export type { ChannelState } from "./manager.js";
export type { DamagedRecord } from "./record-check.js";

// Listeners, poison messages and dead letters (core/backout).
export { Listener, type ListenOptions, type ListenerStats, type MessageHandler } from "./backout/listener.js";
export type { ListenerEvent, ListenerEventType } from "./backout/listener-events.js";
export { UnprocessableMessageError } from "./backout/unprocessable.js";
export type { DeadLetterHeader } from "./message.js";
export type { DeadLetterHandler, DeadLetterHandlerStats, DeadLetterHandlerReport } from "./backout/dead-letter-handler.js";
export type { DlqRulesTable, DlqRule } from "./backout/dlq-rule-types.js";

// Triggering (core/triggers).
export type { TriggerMonitor, TriggerInfo, TriggerApplication, TriggerMonitorOptions, TriggerMonitorStats } from "./triggers/trigger-monitor.js";
export type { TriggerMessage } from "./triggers/trigger-message.js";
