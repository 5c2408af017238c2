/**
 * The kernel's one face: what the layers above it (objects' users, features, the manager) may
 * use. Queues, lanes and their entries, dispatch and units of work are the kernel's own; a
 * feature that needs to know something about a queue asks it here (QueueView's depth by
 * priority, eligible depth, open counts) rather than walking its lanes. The layer test
 * (test/node/core-import-cycles.test.ts) fails an import of a kernel file from outside kernel/.
 */
export { Kernel, describe, loadSelectorIndexes } from "./kernel.js";
export type { QueueView } from "./queue-view.js";
export { LocalQueue } from "./local-queue.js";
export { EntryState, type Entry } from "./lane.js";
export { BrowseCursor, type BrowseStep } from "./browse.js";
export { browseNext } from "./browse-next.js";
export { QueueHandle, type HandleHost, type HandleStatus, type OpenOptions } from "./handle.js";
export type { MessageFilter } from "./message-filter.js";
export { MessageMemory } from "./message-memory.js";
export type * from "./messaging-types.js";
export type { DefinitionPort, MessagingPort } from "./messaging-port.js";
export { attachConsumer } from "./pushed-consumer.js";
export { buildPutRecord, type PutContext, type PutRecordOptions, type PutTarget, type ResolvedPut } from "./put-record.js";
export { dropMessages, purgeOps } from "./queue-purge.js";
export { QueueEvents, type QueueEvent, type QueueEventFeed, type QueueEventListener } from "./queue-events.js";
export { INCARNATION_KEY, SeqIds } from "./seq-ids.js";
export { PREPARED_KEY_PREFIX, UnitOfWork, type PreparedRecord, type UnitOfWorkState } from "./unit-of-work.js";
export { Units } from "./units.js";
export { waitForMessage } from "./waiting-get.js";
export { XAResource } from "./xa-resource.js";
/** The restore of stored message counts at open, loaded only when the store holds messages (an empty queue manager never needs it). */
export const loadMessageRestore = () => import("./restore-counts.js");
