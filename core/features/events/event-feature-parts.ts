/** What the features that live on the kernel's events are built from (see event-features.ts). */
import type { LocalQueueAttributes, QueueManagerAttributes } from "../../objects/attributes.js";
import type { DefinitionPort, BrowseCursor, Kernel, BrowseOptions, GetOptions, PutOptions, PutResult, UnitOfWork } from "../../kernel/index.js";
import type { Clock } from "../../base/clock.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { ObjectCatalogue } from "../../objects/registry.js";

export interface EventFeatureParts {
  name: string;
  clock: Clock;
  kernel: Kernel;
  objects: ObjectCatalogue;
  admin: DefinitionPort;
  attributes(): QueueManagerAttributes;
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  browse(queue: string, options?: BrowseOptions): BrowseCursor;
  defineQueue(queue: string, attributes: Partial<LocalQueueAttributes>): Promise<void>;
  beginUnitOfWork(): UnitOfWork;
}
