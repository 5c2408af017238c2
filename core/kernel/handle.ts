/**
 * An open queue handle (MQOPEN's Hobj): what a long-lived consumer or producer holds. It
 * counts in the queue's IPPROCS and OPPROCS while open, refuses what it was not opened for,
 * and, when it made a temporary dynamic queue from a model, deletes that queue on close.
 */
import type { MessagingPort } from "./messaging-port.js";
import { MQError } from "../base/errors.js";
import type { PutMessage } from "../message/message.js";

export interface OpenOptions {
  /** Open to get messages (MQOO_INPUT_SHARED). */
  input?: boolean;
  /** Open to put messages (MQOO_OUTPUT). */
  output?: boolean;
  /** With output only: the queue manager the queue is at (MQOD ObjectQMgrName), resolved as a put's `queueManager` is. */
  queueManager?: string;
  /** Open to browse (MQOO_BROWSE). */
  browse?: boolean;
  /** For a model queue: the dynamic queue's name, a trailing `*` replaced by a unique suffix. Default "AMQ.*". */
  dynamicQueueName?: string;
  /** Shown as APPLTAG in DISPLAY QSTATUS TYPE(HANDLE). */
  application?: string;
}

export interface HandleStatus {
  id: number;
  /** The queue the handle was opened on (a dynamic queue's own name for a model). */
  queue: string;
  application: string;
  input: boolean;
  output: boolean;
  browse: boolean;
  openedAt: number;
}

/** What a handle asks of its manager. */
export interface HandleHost extends Pick<MessagingPort, "put" | "get" | "browse"> {
  closeHandle(handle: QueueHandle, deleteQueue: boolean): Promise<void>;
}

export class QueueHandle {
  #open = true;

  constructor(
    private readonly host: HandleHost,
    readonly status: Readonly<HandleStatus>,
  ) {}

  /** The name the handle's messages go to and come from. */
  get queueName(): string {
    return this.status.queue;
  }

  get isOpen(): boolean {
    return this.#open;
  }

  put(message: PutMessage) {
    this.#check("output", "MQRC_NOT_OPEN_FOR_OUTPUT");
    return this.host.put(this.status.queue, message);
  }

  get(options: import("./messaging-types.js").GetOptions = {}) {
    this.#check("input", "MQRC_NOT_OPEN_FOR_INPUT");
    return this.host.get(this.status.queue, options);
  }

  browse(options: import("./messaging-types.js").BrowseOptions = {}) {
    this.#check("browse", "MQRC_NOT_OPEN_FOR_BROWSE");
    return this.host.browse(this.status.queue, options);
  }

  /** Closes the handle; `deleteQueue` deletes a permanent dynamic queue it opened (MQCO_DELETE). */
  async close(options: { deleteQueue?: boolean } = {}): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    await this.host.closeHandle(this, options.deleteQueue === true);
  }

  #check(use: "input" | "output" | "browse", reason: "MQRC_NOT_OPEN_FOR_INPUT" | "MQRC_NOT_OPEN_FOR_OUTPUT" | "MQRC_NOT_OPEN_FOR_BROWSE"): void {
    if (!this.#open) throw new MQError("MQRC_HOBJ_ERROR", `the handle on ${this.status.queue} is closed`);
    if (!this.status[use]) throw new MQError(reason, `the handle on ${this.status.queue} was not opened for ${use}`);
  }
}
