/**
 * Object administration (MQSC DEFINE, ALTER, DELETE, CLEAR; dynamic and managed queues):
 * each change is checked, committed to the store and only then applied, one at a time, so
 * that checks and commits never interleave.
 */
import { checkObjectName, type LocalQueueAttributes } from "../objects/attributes.js";
import { MQError } from "../base/errors.js";
import type { DefinitionPort, Kernel, LocalQueue } from "../kernel/index.js";
import { ObjectCatalogue, toRecord, type DefineOptions } from "../objects/registry.js";
import { defaultAttributes, kindOf, type Attributes, type ObjectDefinition, type ObjectType } from "../objects/definitions.js";
import { durableQueueName } from "../features/pubsub/durable-queue-name.js";
import { loadSelectorCompiler } from "../selector/on-demand.js";
import type { StoreOp } from "../store/store.js";
import { dropMessages, purgeOps } from "../kernel/index.js";

/** What administration needs of the queue manager besides the kernel and the catalogue. */
export interface AdminHost {
  checkOpen(): void;
  /** Whether any handle is open on the queue. */
  hasHandles(queue: string): boolean;
  /** A new subscription is given the retained publications on its topic. */
  subscriptionDefined(definition: ObjectDefinition): Promise<void>;
  /** A deleted channel has no status any more. */
  channelDeleted(name: string): void;
  /** A deleted listener is not running any more. */
  listenerDeleted?(name: string): void;
  /**
   * Loads, before a definition is committed, what it needs once it is in effect (triggering for
   * a queue with TRIGGER on, publish/subscribe for a subscription): a load that fails refuses
   * the change with nothing committed, rather than leaving it in effect without what serves it.
   */
  prepare?(definition: ObjectDefinition): Promise<unknown> | undefined;
  /** A local queue's attributes changed (triggering looks at TRIGGER turned on); a promise when it has work to finish first. */
  queueAltered?(name: string, before: LocalQueueAttributes | undefined, after: LocalQueueAttributes): Promise<unknown> | undefined;
  /** A local queue was deleted. */
  queueDeleted?(name: string): void;
}

export class ObjectAdmin implements DefinitionPort {
  #chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kernel: Kernel,
    private readonly objects: ObjectCatalogue,
    private readonly host: AdminHost,
  ) {}

  /** Runs administrative work after what is already queued. */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.host.checkOpen();
    const result = this.#chain.then(work, work);
    this.#chain = result.catch(() => undefined);
    return result;
  }

  /** Resolves once queued administrative work has settled. */
  idle(): Promise<unknown> {
    return this.#chain.catch(() => undefined);
  }

  async define(type: ObjectType, name: string, attributes: Attributes, options: DefineOptions): Promise<ObjectDefinition> {
    // A subscription's selector is checked as it is defined: with the compiler, loaded on first use.
    if (type === "subscription") await loadSelectorCompiler();
    // DESTCLAS(MANAGED): the queue manager makes the subscription's queue, as MQ does.
    if (type === "subscription" && attributes.destinationClass === "managed" && !attributes.destination) {
      const managed = durableQueueName(name);
      if (!this.kernel.queues.has(managed)) await this.define("localQueue", managed, { maxDepth: 999_999_999, defaultPersistence: true }, {});
      attributes = { ...attributes, destination: managed };
    }
    const defined = await this.run(async () => {
      const definition = this.objects.planDefine(type, name, attributes, options, this.kernel.clock.now());
      const existingQueue = type === "localQueue" ? this.kernel.queues.get(name) : undefined;
      if (existingQueue?.dynamic === "temporary") throw new MQError("MQRC_OBJECT_IN_USE", `queue ${name} is a temporary dynamic queue`);
      await this.host.prepare?.(definition);
      await this.kernel.commit([
        { op: "putObject", record: { ...toRecord(definition), ...(existingQueue?.dynamic === "permanent" ? { dynamic: "permanent" as const } : {}) } },
      ]);
      await this.apply(definition);
      return copyDefinition(definition);
    });
    if (type === "subscription") await this.host.subscriptionDefined(defined);
    return defined;
  }

  async alter(type: ObjectType, name: string, attributes: Attributes): Promise<ObjectDefinition> {
    if (type === "subscription") await loadSelectorCompiler();
    return this.run(async () => {
      const definition = this.objects.planAlter(type, name, attributes, this.kernel.clock.now());
      const queue = type === "localQueue" ? this.kernel.queues.get(name) : undefined;
      await this.host.prepare?.(definition);
      if (queue?.dynamic !== "temporary") {
        await this.kernel.commit([
          { op: "putObject", record: { ...toRecord(definition), ...(queue?.dynamic === "permanent" ? { dynamic: "permanent" as const } : {}) } },
        ]);
      }
      await this.apply(definition);
      return copyDefinition(definition);
    });
  }

  delete(type: ObjectType, name: string, options: { purge?: boolean }): Promise<void> {
    return this.run(async () => {
      this.objects.definitionOf(type, name);
      const ops: StoreOp[] = [{ op: "deleteObject", kind: kindOf(type), name }];
      const queue = type === "localQueue" ? this.kernel.queues.get(name) : undefined;
      if (queue) {
        this.#checkIdle(queue, "delete");
        if (queue.depth > 0 && !options.purge) {
          throw new MQError("MQRC_Q_NOT_EMPTY", `queue ${name} holds ${queue.depth} messages; delete it with purge to discard them`);
        }
        ops.push(...purgeOps(queue));
      }
      await this.kernel.commit(ops);
      if (queue) {
        dropMessages(this.kernel, queue);
        this.kernel.queues.delete(name);
        this.host.queueDeleted?.(name);
      }
      if (type === "channel") this.host.channelDeleted(name);
      if (type === "listener") this.host.listenerDeleted?.(name);
      const definition = this.objects.get(kindOf(type), name);
      this.objects.delete(type, name);
      return definition;
    }).then(async (deleted) => {
      // A managed subscription's queue goes with it, and what waited on it.
      const managed = type === "subscription" && deleted?.attributes.destinationClass === "managed" ? String(deleted.attributes.destination ?? "") : "";
      if (managed !== "" && this.kernel.queues.has(managed)) await this.delete("localQueue", managed, { purge: true });
    });
  }

  /**
   * A change the queue manager makes itself (QDPHIEV, QDPLOEV and QDPMAXEV after a depth
   * event): in effect at once, so the very next put sees it, and stored after the work already
   * queued. It is no ALTER: ALTDATE stays, and a store that fails only loses the switch at a
   * restart.
   */
  setByQueueManager(name: string, changes: Attributes): void {
    const existing = this.objects.get("queue", name);
    if (existing?.type !== "localQueue") return;
    void this.apply({ ...existing, attributes: { ...existing.attributes, ...changes } })?.catch(() => undefined);
    if (this.kernel.queues.get(name)?.dynamic === "temporary" || this.kernel.closed) return;
    void this.run(async () => {
      const current = this.objects.get("queue", name);
      if (current?.type !== "localQueue") return;
      const permanent = this.kernel.queues.get(name)?.dynamic === "permanent";
      await this.kernel.commit([{ op: "putObject", record: { ...toRecord(current), ...(permanent ? { dynamic: "permanent" as const } : {}) } }]);
    }).catch(() => undefined);
  }

  /** Removes every message from a queue (MQSC CLEAR QLOCAL). Returns how many were removed. */
  clear(queue: LocalQueue): Promise<number> {
    return this.run(async () => {
      this.#checkIdle(queue, "clear");
      const ops = purgeOps(queue);
      if (ops.length > 0) await this.kernel.commit(ops);
      return dropMessages(this.kernel, queue);
    });
  }

  /** Makes a dynamic queue from a model queue's attributes; its name from `pattern` ("AMQ.*"). */
  defineDynamicQueue(model: ObjectDefinition, pattern: string): Promise<string> {
    return this.run(async () => {
      const suffix = this.kernel.seqs.nextSeq().toString(16).toUpperCase().padStart(16, "0");
      const name = pattern.endsWith("*") ? (pattern.slice(0, -1) + suffix).slice(0, 48) : pattern;
      checkObjectName(name);
      const local: Attributes = {};
      const localDefaults = defaultAttributes("localQueue");
      for (const key of Object.keys(model.attributes)) if (key in localDefaults) local[key] = model.attributes[key]!;
      const temporary = model.attributes.definitionType !== "permanentDynamic";
      // Checked, committed and applied in one step, so two opens cannot both make the same name.
      const definition = this.objects.planDefine("localQueue", name, local, {}, this.kernel.clock.now());
      await this.host.prepare?.(definition);
      if (!temporary) await this.kernel.commit([{ op: "putObject", record: { ...toRecord(definition), dynamic: "permanent" } }]);
      await this.apply(definition);
      this.kernel.queues.get(name)!.dynamic = temporary ? "temporary" : "permanent";
      return name;
    });
  }

  /** A temporary queue for a non-durable subscription's copies, made at once and never stored: SYSTEM.MANAGED.NDURABLE.<16 hex>. */
  createManagedQueue(): string {
    const name = `SYSTEM.MANAGED.NDURABLE.${this.kernel.seqs.nextSeq().toString(16).toUpperCase().padStart(16, "0")}`;
    // Made at once, so nothing is loaded first; only a SYSTEM.DEFAULT.LOCAL.QUEUE altered to TRIGGER
    // would have triggering load here, and a load that fails leaves the queue untriggered.
    void this.apply(this.objects.planDefine("localQueue", name, { maxDepth: 999_999_999 }, {}, this.kernel.clock.now()))?.catch(() => undefined);
    this.kernel.queues.get(name)!.dynamic = "temporary";
    return name;
  }

  /**
   * Deletes a dynamic queue whatever uses it: its consumers end with MQRC_Q_DELETED and its
   * messages go with it (MQ deletes a temporary dynamic queue when its creator closes it).
   */
  dropDynamicQueue(name: string): Promise<void> {
    return this.run(async () => {
      const queue = this.kernel.queues.get(name);
      if (!queue) return;
      const ops: StoreOp[] = [];
      if (queue.dynamic === "permanent") ops.push({ op: "deleteObject", kind: "queue", name });
      ops.push(...purgeOps(queue));
      if (ops.length > 0) await this.kernel.commit(ops);
      queue.consumers.failAll(new MQError("MQRC_Q_DELETED", `dynamic queue ${name} was deleted when the handle that made it closed`));
      dropMessages(this.kernel, queue);
      this.kernel.queues.delete(name);
      this.objects.delete("localQueue", name);
      this.host.queueDeleted?.(name);
    });
  }

  /**
   * Makes a committed definition current: the catalogue, and for a local queue its runtime.
   * Returns a promise when what follows the queue's attributes has to load first (triggering,
   * when TRIGGER is turned on): a define or alter resolves after it.
   */
  apply(definition: ObjectDefinition): Promise<unknown> | undefined {
    this.objects.set(definition);
    if (definition.type !== "localQueue") return undefined;
    const attributes = definition.attributes as LocalQueueAttributes;
    const queue = this.kernel.queues.get(definition.name);
    if (!queue) {
      this.kernel.queues.set(definition.name, this.kernel.newQueue(definition.name, attributes));
      return this.host.queueAltered?.(definition.name, undefined, attributes);
    }
    const before = queue.attributes;
    queue.attributes = attributes;
    // Enabling GET may let waiting consumers proceed.
    if (queue.consumers.size > 0) this.kernel.serve(queue);
    return this.host.queueAltered?.(definition.name, before, attributes);
  }

  #checkIdle(queue: LocalQueue, action: string): void {
    if (queue.uncommitted > 0) {
      throw new MQError("MQRC_OBJECT_IN_USE", `cannot ${action} queue ${queue.name}: it has ${queue.uncommitted} uncommitted messages`);
    }
    if (queue.openInputCount > 0 || queue.openOutputCount > 0 || queue.consumers.size > 0 || this.host.hasHandles(queue.name)) {
      throw new MQError("MQRC_OBJECT_IN_USE", `cannot ${action} queue ${queue.name}: it is open`);
    }
  }
}

export function copyDefinition(definition: ObjectDefinition): ObjectDefinition {
  const attributes: Attributes = {};
  for (const key of Object.keys(definition.attributes)) {
    const value = definition.attributes[key]!;
    attributes[key] = Array.isArray(value) ? [...value] : value;
  }
  return { ...definition, attributes };
}
