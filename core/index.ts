/**
 * The public API of the core: a queue manager with IBM MQ and JMS semantics that runs in
 * any JavaScript runtime. Adapters add storage engines and transports around it.
 */
export { QueueManager, DEFAULT_LOCAL_QUEUE, DEFAULT_DEAD_LETTER_QUEUE } from "./manager.js";
export type { QueueManagerOptions, GetOptions, AbortSignalLike, BrowseOptions, PutResult, MessageSummary, QueueStatus, DefineOptions } from "./manager.js";
export { BrowseCursor } from "./browse.js";
export { MQError, MQRC, MQCC_OK, MQCC_WARNING, MQCC_FAILED, reasonName, isMQError } from "./errors.js";
export type { MQReasonName, SerializedMQError } from "./errors.js";
export type { Message, PutMessage, BodyFormat, MessageBody, MessageType, JsonValue } from "./message.js";
export { NO_ID, correlationIdFromText } from "./message.js";
export type { Property, PropertyType, PropertyValue, PropertyInput, PropertiesInput } from "./properties.js";
export { propertyValue } from "./properties.js";
export type { LocalQueueAttributes, QueueManagerAttributes, DeliverySequence } from "./attributes.js";
export { LOCAL_QUEUE_DEFAULTS, QUEUE_MANAGER_DEFAULTS, checkObjectName } from "./attributes.js";
export { systemClock, ManualClock } from "./clock.js";
export type { Clock, TimerHandle } from "./clock.js";
export { MemoryStore, MemoryStorage, createMemoryStore, MEMORY_STORE_KIND } from "./memory-store.js";
export type { Store, StoreOp, StoreSnapshot, ObjectRecord, ObjectKind } from "./store.js";
