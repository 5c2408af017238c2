/**
 * The queue manager's parts and how they are wired (the kernel, dispatch, units of work, object
 * administration, the event features), its message path (put, get, consume) and its life
 * (open's restore, close). core/manager/queue-manager.ts is the facade on it that applications call for the
 * rest: objects and MQSC, handles and channels, listeners, JMS and publish/subscribe. The
 * message path is here, not behind a delegation, because it is the hot path.
 */
import type { QueueManagerAttributes } from "../objects/attributes.js";
import {
  type BrowseCursor,
  LocalQueue,
  Kernel,
  attachConsumer,
  buildPutRecord,
  type PutContext,
  MessageMemory,
  INCARNATION_KEY,
  SeqIds,
  waitForMessage,
  type UnitOfWork,
  type MessageFilter,
  Units,
  type QueueEventFeed,
  type BrowseOptions,
  type ConsumeOptions,
  type GetOptions,
  type PutOptions,
  type PutResult,
  type QueueConsumerHandle,
} from "../kernel/index.js";
import type { Clock } from "../base/clock.js";
import { MQError } from "../base/errors.js";
import type { Message, PutMessage } from "../message/message.js";
import type { ChannelConnector } from "../features/channels/transport.js";
import { SYSTEM_OBJECTS } from "../objects/default-objects.js";
import { ObjectCatalogue, toRecord } from "../objects/registry.js";
import { QueueResolver } from "./resolution.js";
import { Connections } from "../features/jms/connections.js";
import { applyQueueManagerAttributes, type Attributes } from "../objects/definitions.js";
import type { ObjectRecord, Store, StoreOp } from "../store/store.js";
import { StoredAuthorityRecords } from "../features/authority/stored-records.js";
import type { DamagedRecord } from "../store/record-check.js";
import { ObjectAdmin } from "./object-admin.js";
import { Handles } from "./handles.js";
import { ChannelStates } from "./channels.js";
import { ListenerStates } from "../features/listener/listener-states.js";
import { readStored, recover } from "./recovery.js";
import { Browsing } from "./browsing.js";
import type { QueueLimits } from "./queue-limits.js";
import { putMeetsLimit } from "./queue-at-limit.js";
import { LazyFeature } from "../base/lazy-feature.js";
import { expiryToDeadLetter } from "../features/expiry/install.js";
import { FeatureSet } from "./feature-set.js";
import { checkWait, loadSelectorCompiler, normalizeFilter, selectionNeedsCompiler, type MemoryLimits } from "./options.js";
import { deferredConsumer } from "./deferred-consumer.js";

export abstract class QueueManagerBase {
  readonly name: string;
  protected readonly kernel: Kernel;
  protected readonly queues: Map<string, LocalQueue>;
  readonly #putContext: PutContext;
  protected readonly catalogue = new ObjectCatalogue();
  protected readonly resolver: QueueResolver;
  protected readonly admin: ObjectAdmin;
  protected readonly handles: Handles;
  protected readonly channels = new ChannelStates(this.catalogue);
  protected readonly listenerStates = new ListenerStates(this.catalogue, () => this.#startedAt);
  protected readonly units: Units;
  protected readonly browsing: Browsing;
  /** LIMITBHV at a full queue (queue-limits.ts): loaded the first time a put meets a limit. */
  readonly #limits: LazyFeature<QueueLimits>;
  /** Publish/subscribe, depth events and triggering: loaded on first use (core/manager/features). */
  protected readonly features: FeatureSet;
  #attributes: QueueManagerAttributes;
  /** How sending channels reach their partners (QueueManager.open's channelConnector). */
  protected channelConnector: ChannelConnector | undefined;
  #createdAt = 0;
  #alteredAt = 0;
  #startedAt = 0;
  #closed = false;
  /** Set as close begins: no wait may start, so none can hold the close up. */
  #stopping = false;
  #closing: Promise<void> | undefined;

  /** Listeners, dead-letter handlers and trigger monitors started here, closed with the manager (the facade makes them). */
  protected abstract readonly applications: { closeAll(): Promise<void> };
  /** Open JMS connections and the client ids they hold (one connection per client id). */
  protected readonly connections = new Connections();
  /** The authority records (SET AUTHREC), kept in the store's meta; checked by core/features/authority/check.ts. */
  readonly authorityRecords: StoredAuthorityRecords;

  protected constructor(
    name: string,
    store: Store,
    clock: Clock,
    attributes: QueueManagerAttributes,
    incarnation: number,
    limits: MemoryLimits,
    damaged: DamagedRecord[],
  ) {
    this.name = name;
    this.#attributes = attributes;
    const seqs = new SeqIds(
      name,
      incarnation,
      (next) => void this.kernel.commit([{ op: "putMeta", key: INCARNATION_KEY, value: next }]).catch(() => undefined),
    );
    this.kernel = new Kernel({
      store,
      clock,
      seqs,
      memory: new MessageMemory(limits.messageMemoryBytes, limits.bodyCacheBytes),
      laneMemory: limits.laneMemory,
      damaged,
    });
    this.queues = this.kernel.queues;
    this.authorityRecords = new StoredAuthorityRecords((batch) => this.kernel.commit(batch));
    this.#putContext = {
      queueManager: name,
      maxMessageLength: attributes.maxMessageLength,
      memory: this.kernel.memory,
      seqs,
      queueFull: (queue) => this.features.call("queueFull", queue.name, queue.depth),
    };
    this.resolver = new QueueResolver(
      this.catalogue,
      this.queues,
      () => this.name,
      () => this.#attributes,
    );
    this.units = new Units(this.kernel, name);
    const move = {
      name,
      deadLetterQueue: () => this.#attributes.deadLetterQueue,
      put: (queue: string, message: PutMessage, options?: PutOptions) => this.put(queue, message, options),
      now: () => clock.now(),
    };
    this.kernel.expiredToDeadLetter = expiryToDeadLetter(this.kernel, move, () => this.units.begin());
    const limitHost = {
      put: (queue: string, message: PutMessage, options: PutOptions) => this.put(queue, message, options),
      check: (queue: string, message: PutMessage, options: PutOptions) => this.#checkPut(queue, message, options),
      beginUnitOfWork: () => this.units.begin(),
      move,
    };
    this.#limits = new LazyFeature("queue limit behaviours", () =>
      import("./queue-limits.js").then(({ QueueLimits }) => new QueueLimits(this.kernel, limitHost, () => this.#stopping)),
    );
    this.browsing = new Browsing(this.kernel, this.resolver, () => this.checkOpen());
    this.admin = new ObjectAdmin(this.kernel, this.catalogue, {
      checkOpen: () => this.checkOpen(),
      hasHandles: (queue) => this.handles.has(queue),
      prepare: (definition) => this.features.call("prepare", definition),
      subscriptionDefined: async (definition) => (await this.features.pubsub.broker.get()).subscriptionDefined(definition),
      channelDeleted: (channel) => this.channels.forget(channel),
      listenerDeleted: (listener) => this.listenerStates.forget(listener),
      queueAltered: (queue, before, after) => this.features.call("queueAltered", queue, before, after),
      queueDeleted: (queue) => this.features.call("queueDeleted", queue),
    });
    const manager = this;
    this.handles = new Handles(
      {
        get closed() {
          return manager.#closed;
        },
        put: (queue, message, options) => this.put(queue, message, options),
        // A handle open for input already counts in IPPROCS; its waiting gets do not count again.
        getUncounted: (queue, options) => this.#get(queue, options, false),
        browse: (queue, options) => this.browse(queue, options),
        inputChanged: (queue) => this.#inputChanged(queue),
        queueExists: (queue) => this.queues.has(queue) && this.queues.get(queue)!.dynamic,
        deleteQueue: (queue) => this.admin.delete("localQueue", queue, {}),
      },
      this.catalogue,
      this.resolver,
      this.admin,
      clock,
    );
    // The features that live on the kernel's events: publish/subscribe, depth events, triggering.
    this.features = new FeatureSet({
      name,
      clock,
      kernel: this.kernel,
      objects: this.catalogue,
      admin: this.admin,
      attributes: () => this.#attributes,
      put: (queue, message, options) => this.put(queue, message, options),
      get: (queue, options) => this.get(queue, options),
      browse: (queue, options) => this.browse(queue, options),
      defineQueue: async (queue, attributes) => void (await this.admin.define("localQueue", queue, attributes as Attributes, {})),
      beginUnitOfWork: () => this.beginUnitOfWork(),
      xa: this.units.xaResource,
      channelConnector: () => this.channelConnector,
    });
  }

  /**
   * After the constructor, as the queue manager opens: its stored objects and committed
   * messages come back (core/manager/recovery.ts), or a new one gets its default objects.
   */
  protected async restore(stored: Awaited<ReturnType<typeof readStored>>, createDefaultObjects: boolean): Promise<void> {
    const { snapshot, incarnation, qmgrRecord } = stored;
    const clock = this.kernel.clock;
    this.#createdAt = qmgrRecord?.createdAt ?? clock.now();
    this.#alteredAt = qmgrRecord?.alteredAt ?? this.#createdAt;
    this.#startedAt = clock.now();
    const orphans = await recover(this.kernel, this.catalogue, this.units, snapshot);
    this.authorityRecords.restore(snapshot.meta);
    await this.features.call("restored");
    const batch: StoreOp[] = [{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }, ...orphans];
    if (!qmgrRecord) {
      batch.push({ op: "putObject", record: this.#qmgrRecord() });
      if (createDefaultObjects) {
        for (const object of SYSTEM_OBJECTS) {
          const definition = this.catalogue.planDefine(object.type, object.name, object.attributes, {}, this.#createdAt);
          await this.admin.apply(definition);
          batch.push({ op: "putObject", record: toRecord(definition) });
        }
      }
    }
    await this.kernel.commit(batch);
  }

  get attributes(): QueueManagerAttributes {
    return { ...this.#attributes };
  }

  /** Stored records that could not be used when the queue manager opened, or when a get read a damaged body; they were left in the store. */
  get damagedRecords(): DamagedRecord[] {
    return this.kernel.damaged.map((d) => ({ ...d }));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The clock the manager keeps time by (waits, expiry, delivery delays). */
  get clock(): Clock {
    return this.kernel.clock;
  }

  /**
   * Committed puts and gets, backouts, input opened and closed, told after each commit in commit
   * order; what units hold, expiry, moves, trigger messages, channel sends (queue-events.ts).
   * Applications subscribe; `emit` is internal (QueueEventFeed says why).
   */
  get events(): QueueEventFeed {
    return this.kernel.events;
  }

  // --- Messages ---

  /**
   * Puts a message. A persistent message is in the store before this resolves. With
   * `{ unitOfWork }` the put is staged (MQPMO_SYNCPOINT): counted in the queue's depth and
   * UNCOM but invisible to every get and browse until the unit commits; gone if it backs out.
   */
  put(queueName: string, message: PutMessage, options: PutOptions = {}): Promise<PutResult> {
    // Not async: the kernel's promise is handed on rather than awaited in a frame of its own
    // (a promise and a turn fewer per put); a refusal still arrives as a rejection.
    try {
      return this.#put(queueName, message, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #put(queueName: string, message: PutMessage, options: PutOptions): Promise<PutResult> {
    this.checkOpen();
    const unit = options.unitOfWork;
    if (unit !== undefined) this.units.checkOwn(unit);
    // The common case, a local queue by its own name, resolves without allocating.
    const queueManager = options.queueManager;
    const loading = this.resolver.loadRoutingFor(queueName, queueManager, message);
    if (loading) return loading.then(() => this.#put(queueName, message, options));
    const local = queueManager === undefined || queueManager === "" ? this.queues.get(queueName) : undefined;
    // A clustered queue with CLWLUSEQ(ANY) may send the put to another instance (`spread`).
    const target = local !== undefined ? (local.spread?.(message) ?? local) : this.resolver.forPut(queueName, queueManager, message);
    // A reply-to queue alias gives the reply-to queue and queue manager (only when ReplyToQMgr is blank).
    if (message?.replyToQueue && !message.replyToQueueManager) message = this.resolver.replyTo(message);
    const queue = target instanceof LocalQueue ? target : target.queue;
    if (queue.limitBehaviorActs && putMeetsLimit(queue, message, options))
      return this.#limits.get().then((limits) => limits.putAtLimit(queueName, queue, message, options));
    const kernel = this.kernel;
    const now = kernel.clock.now();
    const context = this.#putContext;
    const entry = buildPutRecord(context, now, target, message, options);
    queue.lastPutTime = now;
    const record = entry.record;
    const result: PutResult = {
      messageId: record.messageId,
      correlationId: record.correlationId,
      priority: record.priority,
      persistent: record.persistent,
      putTime: now,
      expiry: message.expiry ?? null,
    };
    if (unit) kernel.stagePut(queue, entry, unit);
    else {
      const storing = kernel.put(queue, entry, result);
      if (storing) return storing;
    }
    return Promise.resolve(result);
  }

  /** What a put of `message` would be refused for, but for its queue's MAXDEPTH and MAXBYTES; nothing changes. */
  #checkPut(queueName: string, message: PutMessage, options: PutOptions): void {
    const target = (options.queueManager ? undefined : this.queues.get(queueName)) ?? this.resolver.forPut(queueName, options.queueManager);
    const room = Number.MAX_SAFE_INTEGER;
    buildPutRecord(this.#putContext, this.kernel.clock.now(), target, message, { context: options.context, makingRoom: room, makingRoomBytes: room });
  }

  /**
   * Takes the next message in delivery order (or the one a messageId/correlationId/selector
   * selects). Resolves null when there is none and the wait, if any, ended.
   */
  get(queueName: string, options: GetOptions = {}): Promise<Message | null> {
    return this.#get(queueName, options, true);
  }

  /**
   * A get; `counted` says whether its wait shows in IPPROCS (not when a handle already does).
   * Not async: a message taken from memory, the common case, hands on the kernel's promise
   * (a promise and turns fewer per get); a refusal still arrives as a rejection.
   */
  #get(queueName: string, options: GetOptions, counted: boolean): Promise<Message | null> {
    try {
      if (selectionNeedsCompiler(options)) return loadSelectorCompiler().then(() => this.#get(queueName, options, counted));
      this.checkOpen();
      const queue = this.resolver.forGet(queueName);
      const filter = normalizeFilter(options);
      const wait = checkWait(options.wait);
      const unit = options.unitOfWork;
      if (unit !== undefined) this.units.checkOwn(unit);
      if (options.signal?.aborted) return Promise.resolve(null);
      const kernel = this.kernel;
      const now = kernel.clock.now();
      const entry = kernel.takeInMemory(queue, filter, now);
      if (entry) return unit ? kernel.getUnderSyncpoint(queue, entry, unit, now) : kernel.completeGet(queue, entry, now);
      return this.#getWithStoreOrWait(queue, filter, wait, unit, options, counted, now);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A get that memory could not answer at once: from the store when it must be, else by waiting. */
  async #getWithStoreOrWait(
    queue: LocalQueue,
    filter: MessageFilter | undefined,
    wait: number,
    unit: UnitOfWork | undefined,
    options: GetOptions,
    counted: boolean,
    now: number,
  ): Promise<Message | null> {
    const kernel = this.kernel;
    const entry = kernel.needsStore(queue, filter) ? await kernel.takeWithStore(queue, filter, now) : undefined;
    if (entry) return unit ? kernel.getUnderSyncpoint(queue, entry, unit, now) : kernel.completeGet(queue, entry, now);
    if (wait === 0) return null;
    if (this.#stopping) throw new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
    const waiting = waitForMessage(kernel.clock, queue.consumers, filter, wait, options.signal, counted, () => kernel.serve(queue));
    if (counted) this.#inputChanged(queue);
    const arrived = await waiting.finally(() => counted && this.#inputChanged(queue));
    if (!arrived) return null;
    return unit ? kernel.getUnderSyncpoint(queue, arrived, unit) : kernel.completeGet(queue, arrived);
  }

  /**
   * A consumer the queue pushes messages to, up to its credit (core/dispatch): each message is
   * taken in the unit of work `unitFor` names, or removed at once, and handed to `onMessage`.
   * Listeners are built on it; it shows in IPPROCS while attached.
   */
  consume(queueName: string, options: ConsumeOptions): QueueConsumerHandle {
    const queue = this.#consumable(queueName);
    if (!Number.isSafeInteger(options.credit) || options.credit < 1)
      throw new MQError("MQRC_OPTIONS_ERROR", `credit is a whole number of messages, 1 or more; got ${JSON.stringify(options.credit)}`);
    const attach = (to: LocalQueue) => attachConsumer(this.kernel, to, normalizeFilter(options), options, () => this.#inputChanged(to));
    if (!selectionNeedsCompiler(options)) return attach(queue);
    // The first selector as text: the consumer attaches once the compiler is loaded, checked
    // again then: the manager may have begun closing, or the queue been deleted, meanwhile.
    return deferredConsumer(loadSelectorCompiler(), () => attach(this.#consumable(queueName)), options.onError);
  }

  /** The local queue a consumer of `queueName` attaches to, while the manager is open and not closing. */
  #consumable(queueName: string): LocalQueue {
    this.checkRunning();
    // As MQOPEN for input: a GET(DISABLED) queue can be consumed from; nothing comes until GET(ENABLED).
    return this.resolver.forGet(queueName, false);
  }

  /** A browse cursor and a unit of work, as the facade makes them: the wiring above hands them to handles and features. */
  abstract browse(queueName: string, options?: BrowseOptions): BrowseCursor;
  abstract beginUnitOfWork(): UnitOfWork;

  /** When the queue manager was created and last altered (CRDATE, ALTDATE). */
  get createdAt(): number {
    return this.#createdAt;
  }

  /** When this queue manager was opened (DISPLAY QMSTATUS STARTDA and STARTTI). */
  get startedAt(): number {
    return this.#startedAt;
  }

  get alteredAt(): number {
    return this.#alteredAt;
  }

  alterQueueManager(attributes: Partial<QueueManagerAttributes>): Promise<void> {
    return this.admin.run(async () => {
      const merged = applyQueueManagerAttributes(this.#attributes, attributes as Attributes) as QueueManagerAttributes;
      // PERFMEV(ENABLED) loads depth events first: a load that fails refuses the ALTER, nothing committed.
      await this.features.call("prepareQueueManager", merged);
      const previous = [this.#attributes, this.#alteredAt] as const;
      this.#attributes = merged;
      this.#alteredAt = this.kernel.clock.now();
      try {
        await this.kernel.commit([{ op: "putObject", record: this.#qmgrRecord() }]);
      } catch (error) {
        [this.#attributes, this.#alteredAt] = previous;
        throw error;
      }
      this.#putContext.maxMessageLength = merged.maxMessageLength;
      await this.features.call("queueManagerAltered");
    });
  }

  /** Ends every wait and consumer (with MQRC_Q_MGR_STOPPING), lets pending commits finish, closes the store. */
  async close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    // First every wait ends (gets, consumers, puts waiting for room), and none can start, so
    // that nothing below waits on an application that waits on the queue manager.
    this.#stopping = true;
    const stopping = new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
    for (const queue of this.queues.values()) {
      queue.consumers.failAll(stopping);
      for (const wake of queue.roomWaiters.splice(0)) wake();
    }
    await this.features.call("close");
    // Then what runs on the manager finishes: trigger monitors and listeners let running
    // applications end; JMS connections give back what they held.
    await this.applications.closeAll();
    await this.connections.closeAll();
    this.#closed = true;
    const kernel = this.kernel;
    kernel.closed = true;
    kernel.timers.cancel();
    for (const queue of this.queues.values()) queue.consumers.failAll(stopping);
    await this.handles.closeAll();
    await this.admin.idle();
    await kernel.idle();
    kernel.timers.cancel();
    await kernel.store.close();
  }

  // --- Internal helpers ---

  protected checkOpen(): void {
    if (this.#closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.name} is closed`);
  }

  /**
   * Open and not closing: for what starts once its code has loaded (a dead-letter handler, a
   * trigger monitor, a JMS connection), since close() may have begun meanwhile and already
   * passed the point where it closes such things.
   */
  protected checkRunning(): void {
    this.checkOpen();
    if (this.#stopping) throw new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
  }

  /** Tells subscribers how many have the queue open for input now (IPPROCS: handles, waiting gets, consumers). */
  #inputChanged(queue: LocalQueue): void {
    const events = this.kernel.events;
    if (events.hasListeners) events.emit({ type: "input", queue: queue.name, openInputCount: queue.inputProcessCount() });
  }

  #qmgrRecord(): ObjectRecord {
    return { kind: "qmgr", name: this.name, type: "qmgr", attributes: { ...this.#attributes }, createdAt: this.#createdAt, alteredAt: this.#alteredAt };
  }
}
