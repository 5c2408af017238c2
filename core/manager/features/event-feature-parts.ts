/** What the features that live on the kernel's events are built from (see event-features.ts). */
import type { LocalQueueAttributes, QueueManagerAttributes } from "../../attributes.js";
import type { BrowseCursor } from "../../browse.js";
import type { Clock } from "../../clock.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { BrowseOptions, GetOptions, PutOptions, PutResult } from "../../manager-types.js";
import type { Message, PutMessage } from "../../message.js";
import type { ObjectCatalogue } from "../../object-catalogue.js";
import type { UnitOfWork } from "../../uow/unit-of-work.js";
import type { ObjectAdmin } from "../object-admin.js";

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
