/**
 * Open queue handles (MQOPEN): resolved at open so that an unknown, inhibited or wrongly
 * typed queue fails then, counted in IPPROCS and OPPROCS while open, and a temporary dynamic
 * queue made from a model goes when the handle that made it closes.
 */
import { QueueHandle, type HandleStatus, type OpenOptions, LocalQueue, type GetOptions, type MessagingPort } from "../kernel/index.js";
import type { Clock } from "../base/clock.js";
import { MQError } from "../base/errors.js";
import type { Message } from "../message/message.js";
import type { ObjectCatalogue } from "../objects/registry.js";
import type { QueueResolver } from "./resolution.js";
import type { ObjectAdmin } from "./object-admin.js";

/** What handles need of the queue manager. */
export interface HandlesHost extends Pick<MessagingPort, "put" | "browse"> {
  readonly closed: boolean;
  /** A get through a handle open for input, which already counts in IPPROCS. */
  getUncounted(queue: string, options: GetOptions): Promise<Message | null>;
  inputChanged(queue: LocalQueue): void;
  queueExists(name: string): "temporary" | "permanent" | undefined | false;
  deleteQueue(name: string): Promise<void>;
}

export class Handles {
  readonly #open = new Set<QueueHandle>();
  #counter = 0;

  constructor(
    private readonly host: HandlesHost,
    private readonly objects: ObjectCatalogue,
    private readonly resolver: QueueResolver,
    private readonly admin: ObjectAdmin,
    private readonly clock: Clock,
  ) {}

  async open(queueName: string, options: OpenOptions): Promise<QueueHandle> {
    const input = options.input === true;
    const output = options.output === true;
    const browse = options.browse === true;
    if (!input && !output && !browse) throw new MQError("MQRC_OPTIONS_ERROR", "open a queue for input, output or browse");
    let name = queueName;
    let createdDynamic = false;
    const definition = this.objects.get("queue", queueName);
    if (definition?.type === "modelQueue") {
      name = await this.admin.defineDynamicQueue(definition, options.dynamicQueueName ?? "AMQ.*");
      createdDynamic = true;
    }
    // A dynamic queue made for a failed open goes again.
    let reading: LocalQueue | undefined;
    let writeQueue: LocalQueue | undefined;
    let writing: ReturnType<QueueResolver["forPut"]> | undefined;
    try {
      // As MQOPEN: a queue at another queue manager is opened for output only.
      if ((input || browse) && this.resolver.isOtherQueueManager(options.queueManager))
        throw new MQError("MQRC_OPTION_NOT_VALID_FOR_TYPE", `queue ${name} at queue manager ${options.queueManager} can be opened for output only`);
      reading = input || browse ? this.resolver.forGet(name, input) : undefined;
      if (output) await this.resolver.loadRoutingFor(name, options.queueManager, undefined);
      writing = output ? this.resolver.forPut(name, options.queueManager) : undefined;
      writeQueue = writing instanceof LocalQueue ? writing : writing?.queue;
      if (writeQueue && !writeQueue.attributes.putEnabled) throw new MQError("MQRC_PUT_INHIBITED", `queue ${writeQueue.name} is PUT(DISABLED)`);
    } catch (error) {
      if (createdDynamic) await this.admin.dropDynamicQueue(name);
      throw error;
    }
    const boundTo = (writing as { boundTo?: string } | undefined)?.boundTo ?? options.queueManager;
    if (input) reading!.openInputCount++;
    if (output) writeQueue!.openOutputCount++;
    if (input) this.host.inputChanged(reading!);
    const status: HandleStatus = {
      id: ++this.#counter,
      queue: name,
      application: options.application ?? "",
      input,
      output,
      browse,
      openedAt: this.clock.now(),
    };
    const handle = new QueueHandle(
      {
        // A cluster queue with DEFBIND(OPEN) names the instance's queue manager chosen at open.
        put: (queue, message) => this.host.put(queue, message, boundTo === undefined ? undefined : { queueManager: boundTo }),
        get: (queue, getOptions) => this.host.getUncounted(queue, getOptions ?? {}),
        browse: (queue, browseOptions) => this.host.browse(queue, browseOptions),
        closeHandle: async (closing, deleteQueue) => {
          this.#open.delete(closing);
          if (input) reading!.openInputCount--;
          if (output) writeQueue!.openOutputCount--;
          if (input) this.host.inputChanged(reading!);
          if (this.host.closed) return;
          const dynamic = this.host.queueExists(name);
          // A temporary dynamic queue goes with the handle that made it, whoever else uses it (MQ does the same).
          if (createdDynamic && dynamic === "temporary") await this.admin.dropDynamicQueue(name);
          else if (deleteQueue && dynamic === "permanent") await this.host.deleteQueue(name);
        },
      },
      status,
    );
    this.#open.add(handle);
    return handle;
  }

  /** Every open handle (DISPLAY QSTATUS TYPE(HANDLE)), or those on one queue. */
  statuses(queueName?: string): HandleStatus[] {
    return [...this.#open].map((h) => ({ ...h.status })).filter((h) => queueName === undefined || h.queue === queueName);
  }

  has(queueName: string): boolean {
    for (const handle of this.#open) if (handle.status.queue === queueName) return true;
    return false;
  }

  async closeAll(): Promise<void> {
    for (const handle of [...this.#open]) await handle.close();
  }
}
