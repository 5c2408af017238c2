/** What the features that live on the kernel's events are built from (see event-features.ts). */
import type { LocalQueueAttributes, QueueManagerAttributes } from "../../objects/attributes.js";
import type { BrowseCursor } from "../../kernel/browse.js";
import type { Clock } from "../../base/clock.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { BrowseOptions, GetOptions, PutOptions, PutResult } from "../../kernel/messaging-types.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { ObjectCatalogue } from "../../objects/registry.js";
import type { UnitOfWork } from "../../kernel/unit-of-work.js";
import type { ObjectAdmin } from "../../manager/object-admin.js";

export interface EventFeatureParts {
  name: string;
  clock: Clock;
  kernel: Kernel;
  objects: ObjectCatalogue;
  admin: ObjectAdmin;
  attributes(): QueueManagerAttributes;
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  browse(queue: string, options?: BrowseOptions): BrowseCursor;
  defineQueue(queue: string, attributes: Partial<LocalQueueAttributes>): Promise<void>;
  beginUnitOfWork(): UnitOfWork;
}
