/**
 * The messaging port: the one set of calls a feature makes on its queue manager (put, get,
 * browse, consume, begin a unit of work, define a queue). Features declare what they need as
 * `Pick<MessagingPort, ...>` rather than each spelling out the calls again, so a change to a
 * call's shape is made here once; the manager implements it (manager/queue-manager-base.ts).
 */
import type { LocalQueueAttributes } from "../objects/attributes.js";
import type { Attributes } from "../objects/definitions.js";
import type { Message, PutMessage } from "../message/message.js";
import type { BrowseCursor } from "./browse.js";
import type { BrowseOptions, ConsumeOptions, GetOptions, PutOptions, PutResult, QueueConsumerHandle } from "./messaging-types.js";
import type { UnitOfWork } from "./unit-of-work.js";

export interface MessagingPort {
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  browse(queue: string, options?: BrowseOptions): BrowseCursor;
  consume(queue: string, options: ConsumeOptions): QueueConsumerHandle;
  beginUnitOfWork(): UnitOfWork;
  defineQueue(queue: string, attributes?: Partial<LocalQueueAttributes>): Promise<void>;
}

/**
 * The changes to definitions a feature makes itself, in effect at once (manager/object-admin.ts
 * implements them): a switch the queue manager sets (a depth event's QDPHIEV, a trigger's
 * TRIGGER(NO)), and the temporary queues a non-durable subscription or a JMS temporary
 * destination needs.
 */
export interface DefinitionPort {
  setByQueueManager(name: string, changes: Attributes): void;
  createManagedQueue(): string;
  dropDynamicQueue(name: string): Promise<void>;
}
