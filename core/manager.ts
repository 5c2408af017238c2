/**
 * QueueManager: the facade that wires the kernel (core/kernel: queues and what is on them),
 * dispatch (core/dispatch: consumers with credit), units of work (core/uow), object
 * administration (core/manager), publish/subscribe (core/pubsub), JMS (core/jms) and MQSC
 * (core/mqsc). One instance owns one Store; only committed state is ever in the store.
 */
import type { LocalQueueAttributes, QueueManagerAttributes } from "./attributes.js";
import type { BrowseCursor } from "./browse.js";
import type { Clock } from "./clock.js";
import { MQError } from "./errors.js";
import type { Message, PutMessage } from "./message.js";
import { LocalQueue } from "./kernel/local-queue.js";
import { Kernel } from "./kernel/kernel.js";
import { attachConsumer } from "./kernel/pushed-consumer.js";
import { buildPutRecord, type PutContext } from "./kernel/put-record.js";
import { MessageMemory } from "./kernel/message-memory.js";
import { INCARNATION_KEY, SeqIds } from "./kernel/seq-ids.js";
import { waitForMessage } from "./dispatch/waiting-get.js";
import { SYSTEM_OBJECTS } from "./default-objects.js";
import type { HandleStatus, OpenOptions, QueueHandle } from "./handle.js";
import { ObjectCatalogue, toRecord, type DefineOptions } from "./object-catalogue.js";
import { QueueResolver } from "./resolution.js";
import type { UnitOfWork } from "./uow/unit-of-work.js";
import type { MessageFilter } from "./kernel/message-filter.js";
import type { XAResource } from "./uow/xa-resource.js";
import { Units } from "./uow/units.js";
import type { Broker } from "./pubsub/broker.js";
import type { TopicNodeStatus } from "./pubsub/topic-status.js";
import type { QueueEvents } from "./events/queue-events.js";
import type { DepthEvents } from "./events/depth-events.js";
import type { Connection, ConnectionOptions } from "./jms/connection.js";
import { Connections } from "./jms/connections.js";
import { ConsumerSlots } from "./jms/consumer-slots.js";
import { applyQueueManagerAttributes, isQueueType, kindOf, type Attributes, type ObjectDefinition, type ObjectType } from "./objects.js";
import type { ObjectRecord, Store, StoreOp } from "./store.js";
import type { MqscRunOptions } from "./mqsc/execute.js";
import type { MqscResult } from "./mqsc/result.js";
import type { DamagedRecord } from "./record-check.js";
import { ObjectAdmin, copyDefinition } from "./manager/object-admin.js";
import { Handles } from "./manager/handles.js";
import { ChannelStates } from "./manager/channels.js";
import { readStored, recover } from "./manager/recovery.js";
import { Applications } from "./manager/applications.js";
import { Browsing } from "./manager/browsing.js";
import { QueueLimits } from "./manager/queue-limits.js";
import { jmsHost } from "./manager/jms-host.js";
import type { Listener, ListenOptions, MessageHandler } from "./backout/listener.js";
import type { DeadLetterHandler } from "./backout/dead-letter-handler.js";
import { expiredToDeadLetter } from "./backout/expiry.js";
import type { Triggering } from "./triggers/triggering.js";
import { eventFeatures } from "./manager/event-features.js";
import type { TriggerMonitor, TriggerMonitorOptions } from "./triggers/trigger-monitor.js";
import type { DlqRulesTable } from "./backout/dlq-rule-types.js";
import { checkWait, memoryLimits, normalizeFilter, type MemoryLimits } from "./manager/options.js";
import type {
  BrowseOptions,
  ChannelState,
  ConsumeOptions,
  GetOptions,
  MessageSummary,
  PublishOptions,
  PutOptions,
  PutResult,
  QueueConsumerHandle,
  QueueManagerOptions,
  QueueStatus,
  SubscriptionStatus,
} from "./manager-types.js";

export type { AbortSignalLike, BrowseOptions, ChannelState, ConsumeOptions, GetOptions, MessageSummary, PutOptions, PutResult, QueueConsumerHandle, QueueManagerOptions, QueueStatus } from "./manager-types.js";
export type { DefineOptions } from "./object-catalogue.js";

export class QueueManager {
  readonly name: string;
  readonly #kernel: Kernel;
  readonly #queues: Map<string, LocalQueue>;
  readonly #putContext: PutContext;
  readonly #objects = new ObjectCatalogue();
  readonly #resolver: QueueResolver;
  readonly #admin: ObjectAdmin;
  readonly #handles: Handles;
  readonly #channels = new ChannelStates(this.#objects);
  readonly #units: Units;
  readonly #browsing: Browsing;
  readonly #limits: QueueLimits;
  readonly #broker: Broker;
  readonly #depthEvents: DepthEvents;
  /** What the JMS layer runs on (core/manager/jms-host.ts). */
  readonly #jms: ReturnType<typeof jmsHost>;
  #attributes: QueueManagerAttributes;
  #createdAt = 0;
  #alteredAt = 0;
  #startedAt = 0;
  #closed = false;
  /** Set as close begins: no wait may start, so none can hold the close up. */
  #stopping = false;
  #closing: Promise<void> | undefined;

  /** JMS consumers per queue, within the queue's MAXACTCONS and MAXBKPCONS. */
  readonly consumerSlots = new ConsumerSlots((queue) => {
    const attributes = this.#queues.get(queue)?.attributes;
    return { maxActive: Number(attributes?.maxActiveConsumers ?? -1), maxBackup: Number(attributes?.maxBackupConsumers ?? 0) };
  });
  /** Listeners started with listen(), closed with the manager. */
  /** Listeners, dead-letter handlers and trigger monitors started here, closed with the manager. */
  readonly #applications: Applications<QueueManager>;
  readonly #triggering: Triggering;
  /** Open JMS connections and the client ids they hold (one connection per client id). */
  readonly #connections = new Connections();

  private constructor(name: string, store: Store, clock: Clock, attributes: QueueManagerAttributes, incarnation: number, limits: MemoryLimits, damaged: DamagedRecord[]) {
    this.name = name;
    this.#attributes = attributes;
    const seqs = new SeqIds(name, incarnation, (next) => void this.#kernel.commit([{ op: "putMeta", key: INCARNATION_KEY, value: next }]).catch(() => undefined));
    this.#kernel = new Kernel({ store, clock, seqs, memory: new MessageMemory(limits.messageMemoryBytes, limits.bodyCacheBytes), laneMemory: limits.laneMemory, damaged });
    this.#queues = this.#kernel.queues;
    this.#applications = new Applications<QueueManager>(this, clock);
    this.#putContext = { queueManager: name, maxMessageLength: attributes.maxMessageLength, memory: this.#kernel.memory, seqs, queueFull: (queue) => this.#depthEvents.queueFull(queue.name, queue.depth) };
    this.#resolver = new QueueResolver(this.#objects, this.#queues, () => this.name, () => this.#attributes);
    this.#units = new Units(this.#kernel, name);
    const move = { name, deadLetterQueue: () => this.#attributes.deadLetterQueue, put: (queue: string, message: PutMessage, options?: PutOptions) => this.put(queue, message, options), now: () => clock.now() };
    this.#kernel.expiredToDeadLetter = expiredToDeadLetter(this.#kernel, move, () => this.#units.begin());
    this.#limits = new QueueLimits(this.#kernel, {
      put: (queue, message, options) => this.put(queue, message, options),
      check: (queue, message, options) => this.#checkPut(queue, message, options),
      beginUnitOfWork: () => this.#units.begin(),
      move,
    }, () => this.#stopping);
    this.#browsing = new Browsing(this.#kernel, this.#resolver, () => this.#checkOpen());
    this.#admin = new ObjectAdmin(this.#kernel, this.#objects, {
      checkOpen: () => this.#checkOpen(),
      hasHandles: (queue) => this.#handles.has(queue),
      subscriptionDefined: (definition) => this.#broker.subscriptionDefined(definition),
      channelDeleted: (channel) => this.#channels.forget(channel),
      queueAltered: (queue, before, after) => this.#triggering.queueAltered(queue, before, after),
      queueDeleted: (queue) => this.#triggering.queueDeleted(queue),
    });
    const manager = this;
    this.#handles = new Handles(
      {
        get closed() {
          return manager.#closed;
        },
        put: (queue, message) => this.put(queue, message),
        // A handle open for input already counts in IPPROCS; its waiting gets do not count again.
        getUncounted: (queue, options) => this.#get(queue, options, false),
        browse: (queue, options) => this.browse(queue, options),
        inputChanged: (queue) => this.#inputChanged(queue),
        queueExists: (queue) => this.#queues.has(queue) && this.#queues.get(queue)!.dynamic,
        deleteQueue: (queue) => this.deleteObject("localQueue", queue),
      },
      this.#objects,
      this.#resolver,
      this.#admin,
      clock,
    );
    // The features that live on the kernel's events: publish/subscribe, depth events, triggering.
    const features = eventFeatures({
      name,
      clock,
      kernel: this.#kernel,
      objects: this.#objects,
      admin: this.#admin,
      attributes: () => this.#attributes,
      put: (queue, message, options) => this.put(queue, message, options),
      get: (queue, options) => this.get(queue, options),
      browse: (queue, options) => this.browse(queue, options),
      defineQueue: (queue, attributes) => this.defineQueue(queue, attributes),
      beginUnitOfWork: () => this.beginUnitOfWork(),
    });
    this.#broker = features.broker;
    this.#depthEvents = features.depthEvents;
    this.#triggering = features.triggering;
    this.#jms = jmsHost(this, this.#admin, this.#broker);
  }

  /**
   * Opens a queue manager on a store: restores its objects and committed persistent
   * messages (in their order, with their ids), or creates the default objects when the
   * store is new.
   */
  static async open(options: QueueManagerOptions): Promise<QueueManager> {
    const { name, store, snapshot, incarnation, qmgrRecord, clock, attributes, damaged } = await readStored(options);
    const isNew = !qmgrRecord;
    const manager = new QueueManager(name, store, clock, attributes, incarnation, memoryLimits(options), damaged);
    manager.#createdAt = qmgrRecord?.createdAt ?? clock.now();
    manager.#alteredAt = qmgrRecord?.alteredAt ?? manager.#createdAt;
    manager.#startedAt = clock.now();
    const orphans = await recover(manager.#kernel, manager.#objects, manager.#units, snapshot);
    manager.#triggering.refresh();
    const batch: StoreOp[] = [{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }, ...orphans];
    if (isNew) {
      batch.push({ op: "putObject", record: manager.#qmgrRecord() });
      if (options.createDefaultObjects !== false) {
        for (const object of SYSTEM_OBJECTS) {
          const definition = manager.#objects.planDefine(object.type, object.name, object.attributes, {}, manager.#createdAt);
          manager.#admin.apply(definition);
          batch.push({ op: "putObject", record: toRecord(definition) });
        }
      }
    }
    await manager.#kernel.commit(batch);
    return manager;
  }

  get attributes(): QueueManagerAttributes {
    return { ...this.#attributes };
  }

  /** Stored records that could not be used when the queue manager opened; they were left in the store. */
  get damagedRecords(): DamagedRecord[] {
    return this.#kernel.damaged.map((d) => ({ ...d }));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The clock the manager keeps time by (waits, expiry, delivery delays). */
  get clock(): Clock {
    return this.#kernel.clock;
  }

  /** Committed puts and gets, backouts, input opened and closed, told after each commit in commit order. */
  get events(): Pick<QueueEvents, "subscribe"> {
    return this.#kernel.events;
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
    this.#checkOpen();
    const unit = options.unitOfWork;
    if (unit !== undefined) this.#units.checkOwn(unit);
    // The common case, a local queue by its own name, resolves without allocating.
    const local = this.#queues.get(queueName);
    const target = local !== undefined ? local : this.#resolver.forPut(queueName);
    const queue = target instanceof LocalQueue ? target : target.queue;
    if (queue.limitBehaviorActs && QueueLimits.applies(queue, message, options)) return this.#limits.putAtLimit(queueName, queue, message, options);
    const kernel = this.#kernel;
    const now = kernel.clock.now();
    const context = this.#putContext;
    const entry = target instanceof LocalQueue ? buildPutRecord(context, now, queue, queue.attributes, undefined, message, options.context, options.makingRoom, options.makingRoomBytes) : buildPutRecord(context, now, queue, target.defaults, target.transmission, message, options.context, options.makingRoom, options.makingRoomBytes);
    queue.lastPutTime = now;
    const record = entry.record;
    const result: PutResult = { messageId: record.messageId, correlationId: record.correlationId, priority: record.priority, persistent: record.persistent, putTime: now, expiry: message.expiry ?? null };
    if (unit) kernel.stagePut(queue, entry, unit);
    else {
      const storing = kernel.put(queue, entry, result);
      if (storing) return storing;
    }
    return Promise.resolve(result);
  }

  /** What a put of `message` would be refused for, but for its queue's MAXDEPTH and MAXBYTES; nothing changes. */
  #checkPut(queueName: string, message: PutMessage, options: PutOptions): void {
    const target = this.#queues.get(queueName) ?? this.#resolver.forPut(queueName);
    const queue = target instanceof LocalQueue ? target : target.queue;
    const room = Number.MAX_SAFE_INTEGER;
    if (target instanceof LocalQueue) buildPutRecord(this.#putContext, this.#kernel.clock.now(), queue, queue.attributes, undefined, message, options.context, room, room);
    else buildPutRecord(this.#putContext, this.#kernel.clock.now(), queue, target.defaults, target.transmission, message, options.context, room, room);
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
      this.#checkOpen();
      const queue = this.#resolver.forGet(queueName);
      const filter = normalizeFilter(options);
      const wait = checkWait(options.wait);
      const unit = options.unitOfWork;
      if (unit !== undefined) this.#units.checkOwn(unit);
      if (options.signal?.aborted) return Promise.resolve(null);
      const kernel = this.#kernel;
      const now = kernel.clock.now();
      const entry = kernel.takeInMemory(queue, filter, now);
      if (entry) return unit ? kernel.getUnderSyncpoint(queue, entry, unit, now) : kernel.completeGet(queue, entry, now);
      return this.#getWithStoreOrWait(queue, filter, wait, unit, options, counted, now);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A get that memory could not answer at once: from the store when it must be, else by waiting. */
  async #getWithStoreOrWait(queue: LocalQueue, filter: MessageFilter | undefined, wait: number, unit: UnitOfWork | undefined, options: GetOptions, counted: boolean, now: number): Promise<Message | null> {
    const kernel = this.#kernel;
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
    this.#checkOpen();
    if (this.#stopping) throw new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
    // As MQOPEN for input: a GET(DISABLED) queue can be consumed from; nothing comes until GET(ENABLED).
    const queue = this.#resolver.forGet(queueName, false);
    if (!Number.isSafeInteger(options.credit) || options.credit < 1) throw new MQError("MQRC_OPTIONS_ERROR", `credit is a whole number of messages, 1 or more; got ${JSON.stringify(options.credit)}`);
    return attachConsumer(this.#kernel, queue, normalizeFilter(options), options, () => this.#inputChanged(queue));
  }

  /**
   * A listener (the product's message-driven bean, core/backout/listener.ts): each message in
   * its own unit of work, `maxSessions` at once; a handler that throws backs the message out;
   * a poison message goes to BOQNAME or the dead-letter queue, and the listener never stalls.
   */
  listen(queueName: string, handler: MessageHandler, options: ListenOptions = {}): Listener {
    this.#checkOpen();
    return this.#applications.listen(this.#resolver.forGet(queueName, false).name, handler, options);
  }

  /**
   * Runs a dead-letter queue handler (IBM's runmqdlq) with a rules table in its text form
   * (core/backout/dead-letter-handler.ts); a bad rule is refused with its line and column.
   */
  startDeadLetterHandler(rules: string | DlqRulesTable): DeadLetterHandler {
    this.#checkOpen();
    return this.#applications.deadLetterHandler(rules);
  }

  /**
   * A trigger monitor on an initiation queue (IBM's runmqtrm, core/triggers/trigger-monitor.ts):
   * it holds the queue open for input and starts the application each trigger message names,
   * an async function registered here under the process's APPLICID.
   */
  async startTriggerMonitor(initiationQueue: string, options: TriggerMonitorOptions<QueueManager>): Promise<TriggerMonitor<QueueManager>> {
    this.#checkOpen();
    return this.#applications.triggerMonitor(() => this.open(initiationQueue, { input: true, application: "webmq trigger monitor" }), options);
  }

  /** A JMS connection (see core/jms): sessions, producers and consumers over units of work. */
  async createConnection(options: ConnectionOptions = {}): Promise<Connection> {
    this.#checkOpen();
    return this.#connections.open(this.#jms, options);
  }

  /**
   * Publishes on a topic: a copy to each subscription whose topic string matches (MQ's '#'
   * and '+' wildcards) and whose selector selects it, all in one unit of work (the caller's,
   * or one of its own committed before this resolves), so every subscriber gets it or none
   * does. Resolves with how many subscriptions got a copy. See core/pubsub/broker.ts.
   */
  publish(topic: string, message: PutMessage, options: PublishOptions = {}): Promise<{ subscriptions: number }> {
    this.#checkOpen();
    return this.#broker.publish(topic, message, options);
  }

  /** A subscription's figures for DISPLAY SBSTATUS. */
  subscriptionStatus(name: string): SubscriptionStatus | undefined {
    return this.#broker.status(name, this.#createdAt);
  }

  /** The topic nodes a topic string ('#' and '+' allowed) selects, for DISPLAY TPSTATUS. */
  topicStatus(topicString: string): Promise<TopicNodeStatus[]> {
    this.#checkOpen();
    return this.#broker.topicStatus(topicString, this.#createdAt);
  }

  /**
   * Begins a unit of work (MQ syncpoint). Gets and puts made with `{ unitOfWork }` are
   * invisible to every other get and browse until `commit()` applies them in one store batch;
   * `rollback()` undoes them, putting got messages back with their backout counts raised.
   */
  beginUnitOfWork(): UnitOfWork {
    this.#checkOpen();
    return this.#units.begin();
  }

  /** This queue manager as a resource of a two-phase commit: prepared transactions by xid. */
  get xaResource(): XAResource {
    return this.#units.xaResource;
  }

  /** A cursor that returns each available message once, in delivery order, leaving it on the queue. */
  browse(queueName: string, options: BrowseOptions = {}): BrowseCursor {
    this.#checkOpen();
    const queue = this.#resolver.forGet(queueName);
    return this.#browsing.cursor(queue.name, normalizeFilter(options));
  }

  /** Summaries (no bodies) of up to `limit` available messages, in delivery order. */
  async list(queueName: string, options: BrowseOptions & { limit?: number } = {}): Promise<MessageSummary[]> {
    this.#checkOpen();
    const queue = this.#resolver.forGet(queueName);
    return this.#browsing.list(queue.name, normalizeFilter(options), options.limit ?? Infinity);
  }

  // --- Administration ---

  /** Runs MQSC (one command or a script) as runmqsc would; bad input is reported in the result, never thrown. */
  mqsc(script: string, options?: MqscRunOptions): Promise<MqscResult> {
    this.#checkOpen();
    // MQSC (its parser, commands and IBM's message texts) loads on the first call: an
    // application that only puts and gets never downloads it (a bundler splits it out).
    return import("./mqsc/execute.js").then(({ runMqsc }) => runMqsc(this, script, options));
  }

  /**
   * Opens a queue for a long-lived producer or consumer (MQOPEN). Opening a model queue
   * makes a dynamic queue from it: a temporary one is gone when this handle closes (and
   * holds only non-persistent messages), a permanent one is kept like any definition.
   */
  open(queueName: string, options: OpenOptions = {}): Promise<QueueHandle> {
    this.#checkOpen();
    return this.#handles.open(queueName, options);
  }

  /** Every open handle (DISPLAY QSTATUS TYPE(HANDLE)), or those on one queue. */
  handleStatuses(queueName?: string): HandleStatus[] {
    return this.#handles.statuses(queueName);
  }

  /** START CHANNEL: a sender goes to RETRYING until channels move messages (see core/manager/channels.ts). */
  startChannel(name: string): ChannelState | undefined {
    this.#checkOpen();
    return this.#channels.start(name);
  }

  /** STOP CHANNEL: STOPPED until started again. */
  stopChannel(name: string): void {
    this.#checkOpen();
    this.#channels.stop(name);
  }

  /** The state DISPLAY CHSTATUS shows, or undefined for an inactive channel. */
  channelStatus(name: string): ChannelState | undefined {
    return this.#channels.status(name);
  }

  /** Defines an object of any type (MQSC DEFINE), starting from `like` or the type's SYSTEM.DEFAULT object. */
  defineObject(type: ObjectType, name: string, attributes: Attributes = {}, options: DefineOptions = {}): Promise<ObjectDefinition> {
    return this.#admin.define(type, name, attributes, options);
  }

  /** Changes some attributes of an object (MQSC ALTER); the rest stay as they are. */
  alterObject(type: ObjectType, name: string, attributes: Attributes): Promise<ObjectDefinition> {
    return this.#admin.alter(type, name, attributes);
  }

  /** Deletes an object (MQSC DELETE); a local queue holding messages needs `purge`, and may not be open. */
  deleteObject(type: ObjectType, name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.#admin.delete(type, name, options);
  }

  /** An object's definition, or undefined. `type` may be "queue" for a queue of any type. */
  object(type: ObjectType | "queue", name: string): ObjectDefinition | undefined {
    const found = this.#objects.get(type === "queue" ? "queue" : kindOf(type), name);
    return found && (type === "queue" ? isQueueType(found.type) : found.type === type) ? copyDefinition(found) : undefined;
  }

  /** Definitions of the given types (all when none), sorted by name. */
  objects(types?: readonly ObjectType[]): ObjectDefinition[] {
    return this.#objects.list(types).map(copyDefinition);
  }

  /** When the queue manager was created and last altered (CRDATE, ALTDATE). */
  get createdAt(): number {
    return this.#createdAt;
  }

  /** When this queue manager was opened (DISPLAY QMSTATUS STARTDA and STARTTI). */
  get startedAt(): number {
    return this.#startedAt;
  }

  /** The open JMS connections (DISPLAY CONN). */
  jmsConnections(): { id: number; clientId: string | undefined }[] {
    return this.#connections.list();
  }

  get alteredAt(): number {
    return this.#alteredAt;
  }

  queueNames(): string[] {
    return [...this.#queues.keys()].sort();
  }

  hasQueue(name: string): boolean {
    return this.#queues.has(name);
  }

  queueAttributes(name: string): LocalQueueAttributes {
    return { ...this.#resolver.localQueue(name).attributes };
  }

  queueStatus(name: string): QueueStatus {
    const queue = this.#resolver.localQueue(name);
    const oldest = queue.oldestPutTime();
    return {
      name,
      depth: queue.depth,
      uncommitted: queue.uncommitted,
      openInputCount: queue.openInputCount + queue.consumers.countedCount(),
      openOutputCount: queue.openOutputCount,
      lastPutTime: queue.lastPutTime || null,
      lastGetTime: queue.lastGetTime || null,
      oldestMessageAge: oldest === undefined ? null : Math.max(0, this.#kernel.clock.now() - oldest),
    };
  }

  /** Whether a local queue is a dynamic one, made from a model queue. */
  queueDynamicType(name: string): "temporary" | "permanent" | undefined {
    return this.#resolver.localQueue(name).dynamic;
  }

  /** Defines a local queue: attributes from `like` (default SYSTEM.DEFAULT.LOCAL.QUEUE), then `attributes`. */
  async defineQueue(name: string, attributes: Partial<LocalQueueAttributes> = {}, options: DefineOptions = {}): Promise<void> {
    await this.defineObject("localQueue", name, attributes as Attributes, options);
  }

  async alterQueue(name: string, attributes: Partial<LocalQueueAttributes>): Promise<void> {
    await this.alterObject("localQueue", name, attributes as Attributes);
  }

  /** Deletes a local queue; one holding messages needs `purge` (MQSC PURGE), as in MQ. */
  deleteQueue(name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.deleteObject("localQueue", name, options);
  }

  /** Removes every message from a queue (MQSC CLEAR QLOCAL). Returns how many were removed. */
  clearQueue(name: string): Promise<number> {
    this.#checkOpen();
    return this.#admin.clear(this.#resolver.localQueue(name));
  }

  alterQueueManager(attributes: Partial<QueueManagerAttributes>): Promise<void> {
    return this.#admin.run(async () => {
      const merged = applyQueueManagerAttributes(this.#attributes, attributes as Attributes) as QueueManagerAttributes;
      const previous = [this.#attributes, this.#alteredAt] as const;
      this.#attributes = merged;
      this.#alteredAt = this.#kernel.clock.now();
      try {
        await this.#kernel.commit([{ op: "putObject", record: this.#qmgrRecord() }]);
      } catch (error) {
        [this.#attributes, this.#alteredAt] = previous;
        throw error;
      }
      this.#putContext.maxMessageLength = merged.maxMessageLength;
      this.#depthEvents.update();
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
    for (const queue of this.#queues.values()) {
      queue.consumers.failAll(stopping);
      for (const wake of queue.roomWaiters.splice(0)) wake();
    }
    this.#triggering.close();
    // Then what runs on the manager finishes: trigger monitors and listeners let running
    // applications end; JMS connections give back what they held.
    await this.#applications.closeAll();
    await this.#connections.closeAll();
    this.#closed = true;
    const kernel = this.#kernel;
    kernel.closed = true;
    kernel.timers.cancel();
    for (const queue of this.#queues.values()) queue.consumers.failAll(stopping);
    await this.#handles.closeAll();
    await this.#admin.idle();
    await kernel.idle();
    kernel.timers.cancel();
    await kernel.store.close();
  }

  // --- Internal helpers ---

  #checkOpen(): void {
    if (this.#closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.name} is closed`);
  }

  /** Tells subscribers how many have the queue open for input now (IPPROCS: handles, waiting gets, consumers). */
  #inputChanged(queue: LocalQueue): void {
    const events = this.#kernel.events;
    if (events.hasListeners) events.emit({ type: "input", queue: queue.name, openInputCount: queue.openInputCount + queue.consumers.countedCount() });
  }

  #qmgrRecord(): ObjectRecord {
    return { kind: "qmgr", name: this.name, type: "qmgr", attributes: { ...this.#attributes }, createdAt: this.#createdAt, alteredAt: this.#alteredAt };
  }
}
