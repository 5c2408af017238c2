/**
 * QueueManager: the object catalogue, put/get/browse, and recovery on open. One instance
 * owns one Store; everything it commits goes through a GroupCommit, and only committed
 * state is ever in the store.
 */
import { checkObjectName, type LocalQueueAttributes, type QueueManagerAttributes } from "./attributes.js";
import { BrowseCursor, type BrowseStep } from "./browse.js";
import { systemClock, type Clock, type TimerHandle } from "./clock.js";
import { MQError } from "./errors.js";
import { GroupCommit } from "./group-commit.js";
import {
  NO_ID,
  encodeBody,
  messageIdBase,
  messageIdFor,
  messageIdPrefix,
  normalizeId,
  type Message,
  type MessageRecord,
  type PutMessage,
  type StoredBody,
} from "./message.js";
import { storeProperties, toProperties } from "./properties.js";
import { EntryState, LocalQueue, isExpired, type Entry, type MessageFilter } from "./queue.js";
import { Pager } from "./pager.js";
import { createMemoryStore } from "./memory-store.js";
import { DEFAULT_DEAD_LETTER_QUEUE, SYSTEM_OBJECTS } from "./default-objects.js";
import { QueueHandle, type HandleStatus, type OpenOptions } from "./handle.js";
import { ObjectCatalogue, toRecord, type DefineOptions } from "./object-catalogue.js";
import { QueueResolver, checkGetEnabled } from "./resolution.js";
import { waitForMessage, type PendingGet } from "./waiting.js";
import { PREPARED_KEY_PREFIX, UnitOfWork, type PreparedRecord, type WorkItem } from "./uow/unit-of-work.js";
import { XAResource } from "./uow/xa-resource.js";
import { compile as compileSelector, type Selector } from "./selector/index.js";
import type { ActiveSubscription } from "./pubsub/subscriptions.js";
import { Broker } from "./pubsub/broker.js";
import { durableQueueName } from "./pubsub/durable-subscription.js";
import { QueueEvents } from "./events/queue-events.js";
import { Connection, type ConnectionOptions } from "./jms/connection.js";
import type { ClientIdRegistry, SharedSubscription } from "./jms/host.js";
import { ConsumerSlots } from "./jms/consumer-slots.js";
import { applyQueueManagerAttributes, defaultAttributes, isQueueType, kindOf, queueManagerDefaults, type Attributes, type ObjectDefinition, type ObjectType } from "./objects.js";
import type { ObjectRecord, Store, StoreOp } from "./store.js";
import { runMqsc, type MqscRunOptions } from "./mqsc/execute.js";
import { toMessage, toSummary } from "./message-view.js";
import type { BrowseOptions, ChannelState, PublishOptions, SubscriptionStatus, SelectionOptions, GetOptions, MessageSummary, PutOptions, PutResult, QueueManagerOptions, QueueStatus } from "./manager-types.js";

export type { AbortSignalLike, BrowseOptions, ChannelState, GetOptions, MessageSummary, PutOptions, PutResult, QueueManagerOptions, QueueStatus } from "./manager-types.js";
import type { MqscResult } from "./mqsc/result.js";
import { messageRecordProblem, type DamagedRecord } from "./record-check.js";

export type { DefineOptions } from "./object-catalogue.js";
const INCARNATION_KEY = "incarnation";
/**
 * Each open starts a new range of seq numbers, incarnation * 2^20 + a counter; a range that
 * fills moves on to the next incarnation. 2^20 keeps room for 2^33 incarnations below 2^53.
 */
const SEQS_PER_INCARNATION = 2 ** 20;
const DEFAULT_BODY_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_MESSAGE_MEMORY_BYTES = 32 * 1024 * 1024;
/** 2,000 descriptors of a few hundred bytes per lane: a deep queue costs a few MB, not its depth. */
const DEFAULT_LANE_MEMORY = 2000;
const MESSAGE_TYPES = new Set(["datagram", "request", "reply", "report"]);

export class QueueManager {
  readonly name: string;
  readonly #store: Store;
  readonly #commits: GroupCommit;
  readonly #clock: Clock;
  readonly #idPrefix: string;
  /** The message id's first 20 bytes in this incarnation. */
  #idBase: string;
  readonly #queues = new Map<string, LocalQueue>();
  readonly #objects = new ObjectCatalogue();
  readonly #resolver = new QueueResolver(this.#objects, this.#queues, () => this.name, () => this.#attributes);
  readonly #handles = new Set<QueueHandle>();
  /** JMS consumers per queue, within the queue's MAXACTCONS and MAXBKPCONS. */
  readonly consumerSlots = new ConsumerSlots((queue) => {
    const attributes = this.#queues.get(queue)?.attributes;
    return { maxActive: Number(attributes?.maxActiveConsumers ?? -1), maxBackup: Number(attributes?.maxBackupConsumers ?? 0) };
  });

  /** The clock the manager keeps time by (waits, expiry, delivery delays). */
  get clock(): Clock {
    return this.#clock;
  }

  /** The client ids of open JMS connections, and the connections, closed with the manager. */
  readonly #clientIdsInUse = new Set<string>();
  readonly #clientIds: ClientIdRegistry = {
    claim: (id) => {
      if (this.#clientIdsInUse.has(id)) return false;
      this.#clientIdsInUse.add(id);
      return true;
    },
    release: (id) => void this.#clientIdsInUse.delete(id),
    closed: (connection) => void this.#connections.delete(connection as Connection),
  };
  readonly #connections = new Set<Connection>();
  /** Committed puts and gets, and backouts, in commit order, for the features built on the manager. */
  readonly #events = new QueueEvents();
  /** Delivery delays: when each delayed message in memory becomes deliverable. */
  readonly #deliveryTimers = new Set<TimerHandle>();
  readonly #delays = { now: () => this.#clock.now(), delayed: (entry: Entry) => this.#scheduleDelivery(entry) };
  /** Units of work prepared (two-phase) and not yet resolved, by xid. */
  readonly #prepared = new Map<string, UnitOfWork>();
  /** Publish/subscribe: subscriptions, publications, retained ones (core/pubsub/broker.ts). */
  readonly #broker = new Broker({
    put: (queue, message, options) => this.put(queue, message, options),
    get: (queue, options) => this.get(queue, options),
    browse: (queue, options) => this.browse(queue, options),
    hasQueue: (name) => this.hasQueue(name),
    defineQueue: (name, attributes) => this.defineQueue(name, attributes),
    beginUnitOfWork: () => this.beginUnitOfWork(),
    now: () => this.#clock.now(),
    subscriptions: () => this.#objects.ofKind("subscription"),
    subscription: (name) => this.#objects.get("subscription", name),
    topicString: (name) => {
      const topic = this.#objects.get("topic", name)?.attributes.topicString;
      return topic === undefined ? undefined : String(topic);
    },
  });
  /** Xids prepared or being prepared: one unit each. */
  readonly #xidsInUse = new Set<string>();
  readonly #unitHooks = {
    claimXid: (xid: string) => {
      if (this.#xidsInUse.has(xid)) return false;
      this.#xidsInUse.add(xid);
      return true;
    },
    releaseXid: (xid: string) => void this.#xidsInUse.delete(xid),
    prepared: (unit: UnitOfWork) => void this.#prepared.set(unit.xid!, unit),
    ended: (unit: UnitOfWork) => {
      if (unit.xid === undefined) return;
      this.#prepared.delete(unit.xid);
      this.#xidsInUse.delete(unit.xid);
    },
  };
  readonly #xaResource = new XAResource(this.#prepared);
  /** Units of work begun here, so that a get refuses one from another manager. */
  readonly #units = new WeakSet<UnitOfWork>();
  /** Channel states set by START and STOP CHANNEL; a channel with none is inactive. */
  readonly #channelStatus = new Map<string, ChannelState>();
  #handleCounter = 0;
  #attributes: QueueManagerAttributes;
  #createdAt = 0;
  #alteredAt = 0;
  /** seq = #seqBase + #counter: the counter stays a small integer, cheap to format and compare. */
  #seqBase: number;
  #counter = 0;
  #closed = false;
  readonly #damaged: DamagedRecord[] = [];
  #cachedBodyBytes = 0;
  readonly #bodyCacheBytes: number;
  readonly #pager: Pager;
  /** Entries a lane keeps in memory before persistent puts go to the store only. */
  readonly #laneMemory: number;
  /** Object changes are applied one at a time so that checks and commits do not interleave. */
  #adminChain: Promise<unknown> = Promise.resolve();

  /** Bytes of non-persistent bodies held now, and the most that may be (messageMemoryBytes). */
  #messageMemoryUsed = 0;
  readonly #messageMemoryBytes: number;

  private constructor(name: string, store: Store, clock: Clock, attributes: QueueManagerAttributes, incarnation: number, limits: MemoryLimits) {
    this.name = name;
    this.#store = store;
    this.#commits = new GroupCommit(store);
    this.#clock = clock;
    this.#idPrefix = messageIdPrefix(name);
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#attributes = attributes;
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
    this.#bodyCacheBytes = limits.bodyCacheBytes;
    this.#laneMemory = limits.laneMemory;
    this.#messageMemoryBytes = limits.messageMemoryBytes;
    this.#pager = new Pager(store, Math.max(1, Math.ceil(limits.laneMemory / 2)), this.#damaged, (queue) => this.#queues.get(queue.name) === queue);
  }

  /**
   * Opens a queue manager on a store: restores its objects and committed persistent
   * messages (in their order, with their ids), or creates the default objects when the
   * store is new.
   */
  static async open(options: QueueManagerOptions): Promise<QueueManager> {
    const name = checkObjectName(options.name, "queue manager");
    const store = options.store ?? createMemoryStore();
    const snapshot = await store.load();
    const previous = snapshot.meta.find((m) => m.key === INCARNATION_KEY)?.value;
    // A range moved on to but not yet recorded shows in the seqs of the messages stored under it.
    let highestSeq = -1;
    for (const summary of snapshot.queues) if (typeof summary?.maxSeq === "number" && summary.maxSeq > highestSeq) highestSeq = summary.maxSeq;
    const incarnation = Math.max(typeof previous === "number" ? previous : 0, Math.floor(highestSeq / SEQS_PER_INCARNATION)) + 1;
    const qmgrRecord = snapshot.objects.find((o) => o.kind === "qmgr");
    if (qmgrRecord && qmgrRecord.name !== name) {
      throw new MQError("MQRC_Q_MGR_NAME_ERROR", `this storage holds queue manager ${qmgrRecord.name}, not ${name}`);
    }
    const isNew = !qmgrRecord;
    const clock = options.clock ?? systemClock;
    let damaged: DamagedRecord[] = [];
    let attributes: QueueManagerAttributes;
    try {
      attributes = applyQueueManagerAttributes(queueManagerDefaults(), isNew ? { deadLetterQueue: DEFAULT_DEAD_LETTER_QUEUE } : (qmgrRecord.attributes ?? {})) as QueueManagerAttributes;
    } catch (error) {
      attributes = applyQueueManagerAttributes(queueManagerDefaults(), {}) as QueueManagerAttributes;
      damaged.push({ kind: "qmgr", key: name, problem: `its attributes were not usable, so IBM's defaults apply: ${describe(error)}` });
    }
    const laneMemory = options.messagesInMemoryPerLane ?? DEFAULT_LANE_MEMORY;
    if (!Number.isInteger(laneMemory) || laneMemory < 2) throw new MQError("MQRC_OPTIONS_ERROR", `messagesInMemoryPerLane must be a whole number of at least 2; got ${JSON.stringify(laneMemory)}`);
    const messageMemoryBytes = options.messageMemoryBytes ?? DEFAULT_MESSAGE_MEMORY_BYTES;
    if (!Number.isSafeInteger(messageMemoryBytes) || messageMemoryBytes < 1) throw new MQError("MQRC_OPTIONS_ERROR", `messageMemoryBytes must be a whole number of bytes, 1 or more; got ${JSON.stringify(messageMemoryBytes)}`);
    const limits = { bodyCacheBytes: options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES, laneMemory, messageMemoryBytes };
    const manager = new QueueManager(name, store, clock, attributes, incarnation, limits);
    manager.#createdAt = qmgrRecord?.createdAt ?? clock.now();
    manager.#alteredAt = qmgrRecord?.alteredAt ?? manager.#createdAt;

    manager.#damaged.push(...damaged);
    damaged = manager.#damaged;
    for (const record of snapshot.objects) {
      if (record?.kind === "qmgr") continue;
      const { definition, problems } = manager.#objects.restore(record);
      for (const problem of problems) damaged.push({ kind: String(record?.kind), key: String(record?.name), problem });
      if (!definition) continue;
      manager.#objects.set(definition);
      if (definition.type === "localQueue") {
        const queue = manager.#newQueue(record.name, definition.attributes as LocalQueueAttributes);
        if (record.dynamic === "permanent") queue.dynamic = "permanent";
        manager.#queues.set(record.name, queue);
      }
    }
    // Messages are counted, not read: each lane pages in what delivery needs first.
    const orphans: StoreOp[] = [];
    for (const summary of snapshot.queues) {
      const queue = manager.#queues.get(summary.queue);
      if (!queue) {
        // A queue's messages outlived it only if a crash split its deletion; they are removed now.
        if (!orphans.some((op) => op.op === "deleteQueueMessages" && op.queue === summary.queue)) orphans.push({ op: "deleteQueueMessages", queue: summary.queue });
        continue;
      }
      const lane = Number.isInteger(summary.priority) ? queue.lanes[summary.priority] : undefined;
      if (!lane) {
        damaged.push({ kind: "message", key: `${summary.queue} priority ${String(summary.priority)}`, problem: `${summary.count} messages have priority ${String(summary.priority)}, which is not 0 to 9` });
        continue;
      }
      lane.paged += summary.count;
      queue.depth += summary.count;
    }
    // Prepared transactions hold their messages out of sight before any page is read.
    for (const { key, value } of snapshot.meta) {
      if (typeof key === "string" && key.startsWith(PREPARED_KEY_PREFIX)) await manager.#restorePrepared(key.slice(PREPARED_KEY_PREFIX.length), value as unknown as PreparedRecord);
    }
    for (const queue of manager.#queues.values()) {
      for (let p = 0; p < 10; p++) if (queue.lanes[p]!.paged > 0) await manager.#pager.refill(queue, p);
    }

    const batch: StoreOp[] = [{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }, ...orphans];
    if (isNew) {
      batch.push({ op: "putObject", record: manager.#qmgrRecord() });
      if (options.createDefaultObjects !== false) {
        for (const object of SYSTEM_OBJECTS) {
          const definition = manager.#objects.planDefine(object.type, object.name, object.attributes, {}, manager.#createdAt);
          manager.#objects.set(definition);
          if (definition.type === "localQueue") manager.#queues.set(object.name, manager.#newQueue(object.name, definition.attributes as LocalQueueAttributes));
          batch.push({ op: "putObject", record: toRecord(definition) });
        }
      }
    }
    await manager.#commit(batch);
    return manager;
  }

  get attributes(): QueueManagerAttributes {
    return { ...this.#attributes };
  }

  /** Stored records that could not be used when the queue manager opened; they were left in the store. */
  get damagedRecords(): DamagedRecord[] {
    return this.#damaged.map((d) => ({ ...d }));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Committed puts and gets, and backouts, told after each commit in commit order. */
  get events(): Pick<QueueEvents, "subscribe"> {
    return this.#events;
  }

  // --- Messages ---

  /**
   * Puts a message. A persistent message is in the store before this resolves. With
   * `{ unitOfWork }` the put is staged (MQPMO_SYNCPOINT): counted in the queue's depth and
   * UNCOM but invisible to every get and browse until the unit commits; gone if it backs out.
   */
  async put(queueName: string, message: PutMessage, options: PutOptions = {}): Promise<PutResult> {
    this.#checkOpen();
    const unit = options.unitOfWork;
    if (unit !== undefined) this.#checkOwnUnit(unit).checkActive();
    // The common case, a local queue by its own name, resolves without allocating.
    const local = this.#queues.get(queueName);
    const target = local !== undefined ? local : this.#resolver.forPut(queueName);
    const queue = target instanceof LocalQueue ? target : target.queue;
    const defaults = target instanceof LocalQueue ? target.attributes : target.defaults;
    const attributes = queue.attributes;
    if (!attributes.putEnabled) throw new MQError("MQRC_PUT_INHIBITED", `queue ${queue.name} is PUT(DISABLED)`);
    if (message === null || typeof message !== "object") throw new MQError("MQRC_FORMAT_ERROR", "a message must be an object with a body");
    // No message may be larger than the memory the manager may hold messages in, whatever MAXMSGL says.
    const qmgrMax = Math.min(this.#attributes.maxMessageLength, this.#messageMemoryBytes);
    const maxLength = Math.min(attributes.maxMessageLength, qmgrMax);
    const { stored, format, size } = encodeBody(message.body, message.bodyFormat, maxLength);
    if (size > maxLength) {
      throw size > qmgrMax
        ? new MQError("MQRC_MSG_TOO_BIG_FOR_Q_MGR", `the message is ${size} bytes; queue manager ${this.name} takes at most ${qmgrMax} (${qmgrMax < this.#attributes.maxMessageLength ? "the memory it may hold messages in" : "MAXMSGL"})`)
        : new MQError("MQRC_MSG_TOO_BIG_FOR_Q", `the message is ${size} bytes; queue ${queue.name} takes at most ${attributes.maxMessageLength} (MAXMSGL)`);
    }
    if (queue.depth >= attributes.maxDepth) {
      throw new MQError("MQRC_Q_FULL", `queue ${queue.name} holds its maximum of ${attributes.maxDepth} messages (MAXDEPTH)`);
    }
    const priority = message.priority ?? defaults.defaultPriority;
    if (!Number.isInteger(priority) || priority < 0 || priority > 9) {
      throw new MQError("MQRC_PRIORITY_ERROR", `priority must be an integer from 0 to 9; got ${JSON.stringify(priority)}`);
    }
    const persistent = message.persistent ?? defaults.defaultPersistence;
    if (typeof persistent !== "boolean") throw new MQError("MQRC_PERSISTENCE_ERROR", "persistent must be true or false");
    if (!persistent && this.#messageMemoryUsed + size > this.#messageMemoryBytes) {
      throw new MQError(
        "MQRC_STORAGE_NOT_AVAILABLE",
        `queue manager ${this.name} holds ${this.#messageMemoryUsed} bytes of non-persistent messages, and this one (${size} bytes) would pass its limit of ${this.#messageMemoryBytes}; get messages off its queues, or put this one persistent, which is kept in the store`,
      );
    }
    if (persistent && queue.dynamic === "temporary") {
      throw new MQError("MQRC_PERSISTENT_NOT_ALLOWED", `queue ${queue.name} is a temporary dynamic queue, which holds only non-persistent messages`);
    }
    const expiry = message.expiry ?? null;
    if (expiry !== null && (!Number.isInteger(expiry) || expiry <= 0)) {
      throw new MQError("MQRC_EXPIRY_ERROR", `expiry is a positive whole number of milliseconds, or null for unlimited; got ${JSON.stringify(expiry)}`);
    }
    const correlationId = message.correlationId === undefined ? NO_ID : normalizeId(message.correlationId, "correlation");
    const properties = message.properties === undefined ? [] : storeProperties(toProperties(message.properties));
    const delay = message.deliveryDelay ?? 0;
    if (!Number.isSafeInteger(delay) || delay < 0) throw new MQError("MQRC_OPTIONS_ERROR", `deliveryDelay is a whole number of milliseconds, 0 or more; got ${JSON.stringify(delay)}`);
    const messageType = message.messageType ?? "datagram";
    if (!MESSAGE_TYPES.has(messageType)) throw new MQError("MQRC_MSG_TYPE_ERROR", `messageType is one of datagram, request, reply, report; got ${JSON.stringify(messageType)}`);
    if (message.type !== undefined && typeof message.type !== "string") throw new MQError("MQRC_FORMAT_ERROR", "type (JMSType) must be a string");
    const replyToQueue = optionalName(message.replyToQueue, "reply-to queue");
    const replyToQueueManager = optionalName(message.replyToQueueManager, "reply-to queue manager");

    const counter = this.#takeCounter();
    const now = this.#clock.now();
    const record: MessageRecord = {
      seq: this.#seqBase + counter,
      queue: queue.name,
      messageId: messageIdFor(this.#idBase, counter),
      correlationId,
      priority,
      persistent,
      expiresAt: expiry === null ? null : now + expiry,
      putTime: now,
      replyToQueue,
      replyToQueueManager: replyToQueue !== "" && replyToQueueManager === "" ? this.name : replyToQueueManager,
      messageType,
      type: message.type ?? "",
      backoutCount: 0,
      properties,
      bodyFormat: format,
      bodySize: size,
    };
    if (message.contentType !== undefined) record.contentType = String(message.contentType);
    if (delay > 0) record.deliverAt = now + delay;
    if (!(target instanceof LocalQueue) && target.transmission) record.transmission = target.transmission;
    queue.lastPutTime = now;
    const result: PutResult = { messageId: record.messageId, correlationId, priority, persistent, putTime: now, expiry };
    if (unit) {
      this.#stagePut(queue, record, stored, unit);
      return result;
    }
    if (persistent && queue.shouldPage(priority)) {
      // The lane is deeper than memory: the message goes to the store only, and is paged in
      // when delivery reaches it.
      queue.reservePaged(priority);
      try {
        await this.#commit([{ op: "putMessage", record, body: stored }]);
      } catch (error) {
        queue.settlePaged(priority, false);
        throw error;
      }
      queue.settlePaged(priority, true, record);
      if (queue.waiters.length > 0) this.#serveWaiters(queue);
      if (this.#events.hasListeners) this.#events.emit({ type: "put", queue: queue.name, messageId: record.messageId, persistent, depth: queue.depth });
      return result;
    }
    const entry: Entry = { record, body: stored, state: persistent || delay > 0 ? EntryState.Pending : EntryState.Available };
    queue.insert(entry);
    if (!persistent) this.#messageMemoryUsed += size;
    if (!persistent && delay > 0) queue.commitPut(entry); // waits for its delivery time
    if (persistent) {
      try {
        await this.#commit([{ op: "putMessage", record, body: stored }]);
      } catch (error) {
        queue.remove(entry);
        throw error;
      }
      queue.commitPut(entry);
      this.#cacheOrPageOut(entry);
    }
    if (queue.waiters.length > 0) this.#serveWaiters(queue);
    if (this.#events.hasListeners) this.#events.emit({ type: "put", queue: queue.name, messageId: record.messageId, persistent, depth: queue.depth });
    return result;
  }

  /** A put in a unit of work: in the queue's depth now, visible when the unit commits, gone if it backs out. */
  #stagePut(queue: LocalQueue, record: MessageRecord, stored: StoredBody, unit: UnitOfWork): void {
    const { priority, persistent } = record;
    const done = (committed: boolean) => {
      if (committed && queue.waiters.length > 0) this.#serveWaiters(queue);
      if (committed) if (this.#events.hasListeners) this.#events.emit({ type: "put", queue: queue.name, messageId: record.messageId, persistent, depth: queue.depth });
    };
    if (persistent && queue.shouldPage(priority)) {
      // The lane is deeper than memory: the message goes to the store only, on commit.
      queue.reservePaged(priority);
      // Once prepared, the message is in the store: it is held there as a message taken
      // straight from the store, so that no page reads it in before the commit.
      let held: Entry | undefined;
      unit.add({
        kind: "put",
        record,
        body: stored,
        prepared: () => {
          queue.settlePaged(priority, true);
          held = { record, body: undefined, state: EntryState.Available, detached: true };
          queue.lanes[priority]!.removed.add(record.seq);
          queue.lock(held);
        },
        committed: () => {
          if (held) queue.release(held);
          else queue.settlePaged(priority, true, record);
          done(true);
        },
        rolledBack: () => {
          if (held) this.#forget(queue, held);
          else queue.settlePaged(priority, false);
        },
      });
      return;
    }
    const entry: Entry = { record, body: stored, state: EntryState.Pending };
    queue.insert(entry);
    if (!persistent) this.#messageMemoryUsed += record.bodySize;
    unit.add({
      kind: "put",
      record,
      body: stored,
      committed: () => {
        queue.commitPut(entry);
        if (persistent) this.#cacheOrPageOut(entry);
        done(true);
      },
      rolledBack: () => this.#forget(queue, entry),
    });
  }

  /**
   * Takes the next message in delivery order (or the one a messageId/correlationId selects).
   * Resolves null when there is none and the wait, if any, ended.
   */
  get(queueName: string, options: GetOptions = {}): Promise<Message | null> {
    return this.#get(queueName, options, true);
  }

  /** A get; `counted` says whether its wait shows in IPPROCS (not when a handle already does). */
  async #get(queueName: string, options: GetOptions, counted: boolean): Promise<Message | null> {
    this.#checkOpen();
    const queue = this.#resolver.forGet(queueName);
    const filter = normalizeFilter(options);
    const wait = checkWait(options.wait);
    const unit = options.unitOfWork;
    if (unit !== undefined) this.#checkOwnUnit(unit).checkActive();
    if (options.signal?.aborted) return null;
    const now = this.#clock.now();
    const entry = this.#takeInMemory(queue, filter, now) ?? (this.#needsStore(queue, filter) ? await this.#takeWithStore(queue, filter, now) : undefined);
    if (entry) return unit ? this.#getUnderSyncpoint(queue, entry, unit, now) : this.#completeGet(queue, entry, now);
    if (wait === 0) return null;
    const waiting = waitForMessage(this.#clock, queue, filter, wait, options.signal, counted);
    if (counted) this.#inputChanged(queue);
    const arrived = await waiting.finally(() => counted && this.#inputChanged(queue));
    if (!arrived) return null;
    return unit ? this.#getUnderSyncpoint(queue, arrived, unit) : this.#completeGet(queue, arrived);
  }

  /** A JMS connection (see core/jms): sessions, producers and consumers over units of work. */
  async createConnection(options: ConnectionOptions = {}): Promise<Connection> {
    this.#checkOpen();
    const connection = new Connection(this, this.#clientIds, options);
    this.#connections.add(connection);
    return connection;
  }

  /**
   * Publishes on a topic: a copy to each subscription whose topic string matches (MQ's '#'
   * and '+' wildcards) and whose selector selects it, all in one unit of work (the caller's,
   * or one of its own committed before this resolves), so every subscriber gets it or none
   * does. Copies for non-durable subscriptions are non-persistent. Resolves with how many
   * subscriptions got a copy. See core/pubsub/broker.ts.
   */
  publish(topic: string, message: PutMessage, options: PublishOptions = {}): Promise<{ subscriptions: number }> {
    this.#checkOpen();
    return this.#broker.publish(topic, message, options);
  }

  /**
   * @internal A temporary queue for a non-durable subscription's copies, made at once (it is
   * never stored): SYSTEM.MANAGED.NDURABLE.<16 hex>. It goes with dropManagedQueue.
   */
  createManagedQueue(): string {
    this.#checkOpen();
    const name = `SYSTEM.MANAGED.NDURABLE.${(this.#seqBase + this.#takeCounter()).toString(16).toUpperCase().padStart(16, "0")}`;
    const definition = this.#objects.planDefine("localQueue", name, { maxDepth: 999_999_999 }, {}, this.#clock.now());
    this.#apply(definition);
    this.#queues.get(name)!.dynamic = "temporary";
    return name;
  }

  /** @internal Deletes a managed temporary queue with what is on it. */
  dropManagedQueue(name: string): Promise<void> {
    return this.#dropDynamicQueue(name);
  }

  /** @internal Durable subscriptions with an active JMS consumer. */
  readonly activeDurables = new Set<string>();
  /** @internal Shared subscriptions (JMS 2.0) with their consumers. */
  readonly sharedConsumers = new Map<string, SharedSubscription>();

  /** @internal Gives a new subscription a copy of each retained publication it takes; how many. */
  deliverRetainedTo(topic: string, queue: string, selector: Selector | undefined, durable: boolean): Promise<number> {
    return this.#broker.deliverRetainedTo(topic, queue, selector, durable);
  }

  /** @internal A non-durable subscription (a JMS consumer on a topic): until the returned function is called. */
  addNonDurableSubscription(subscription: ActiveSubscription): () => void {
    return this.#broker.addNonDurable(subscription);
  }

  /** A subscription's figures for DISPLAY SBSTATUS. */
  subscriptionStatus(name: string): SubscriptionStatus | undefined {
    return this.#broker.status(name, this.#createdAt);
  }

  /**
   * Begins a unit of work (MQ syncpoint). Gets made with `{ unitOfWork }` stay on their
   * queues, invisible to every other get and browse, until `commit()` removes them in one
   * store batch or `rollback()` puts them back in their places with their backout counts
   * raised (kept in the store for persistent messages).
   */
  beginUnitOfWork(): UnitOfWork {
    this.#checkOpen();
    const unit = new UnitOfWork((ops) => this.#commit(ops), this.#unitHooks);
    this.#units.add(unit);
    return unit;
  }

  /** This queue manager as a resource of a two-phase commit: prepared transactions by xid. */
  get xaResource(): XAResource {
    return this.#xaResource;
  }

  /** A cursor that returns each available message once, in delivery order, leaving it on the queue. */
  browse(queueName: string, options: BrowseOptions = {}): BrowseCursor {
    this.#checkOpen();
    const queue = this.#resolver.forGet(queueName);
    const filter = normalizeFilter(options);
    return new BrowseCursor((position) => this.#browseStep(queue.name, position, filter, true));
  }

  /** Summaries (no bodies) of up to `limit` available messages, in delivery order. */
  async list(queueName: string, options: BrowseOptions & { limit?: number } = {}): Promise<MessageSummary[]> {
    this.#checkOpen();
    const queue = this.#resolver.forGet(queueName);
    const limit = options.limit ?? Infinity;
    if (limit !== Infinity && (!Number.isInteger(limit) || limit < 0)) {
      throw new MQError("MQRC_OPTIONS_ERROR", `limit must be a whole number; got ${JSON.stringify(limit)}`);
    }
    const filter = normalizeFilter(options);
    const out: MessageSummary[] = [];
    let position: BrowseStep["position"];
    while (out.length < limit) {
      const step = await this.#browseStep(queue.name, position, filter, false);
      if (!step) break;
      out.push(step.message);
      position = step.position;
    }
    return out;
  }

  // --- Administration ---

  /** Runs MQSC (one command or a script) as runmqsc would; bad input is reported in the result, never thrown. */
  mqsc(script: string, options?: MqscRunOptions): Promise<MqscResult> {
    this.#checkOpen();
    return runMqsc(this, script, options);
  }

  // --- Handles ---

  /**
   * Opens a queue for a long-lived producer or consumer (MQOPEN). Opening a model queue
   * makes a dynamic queue from it: a temporary one is gone when this handle closes (and
   * holds only non-persistent messages), a permanent one is kept like any definition.
   */
  async open(queueName: string, options: OpenOptions = {}): Promise<QueueHandle> {
    this.#checkOpen();
    const input = options.input === true;
    const output = options.output === true;
    const browse = options.browse === true;
    if (!input && !output && !browse) throw new MQError("MQRC_OPTIONS_ERROR", "open a queue for input, output or browse");
    let name = queueName;
    let createdDynamic = false;
    const definition = this.#objects.get("queue", queueName);
    if (definition?.type === "modelQueue") {
      name = await this.#defineDynamicQueue(definition, options.dynamicQueueName ?? "AMQ.*");
      createdDynamic = true;
    }
    // Resolve now so that an unknown, inhibited or wrongly typed queue fails at open, as in MQ;
    // a dynamic queue made for a failed open goes again.
    let reading: LocalQueue | undefined;
    let writeQueue: LocalQueue | undefined;
    try {
      reading = input || browse ? this.#resolver.forGet(name, input) : undefined;
      const writing = output ? this.#resolver.forPut(name) : undefined;
      writeQueue = writing instanceof LocalQueue ? writing : writing?.queue;
      if (writeQueue && !writeQueue.attributes.putEnabled) throw new MQError("MQRC_PUT_INHIBITED", `queue ${writeQueue.name} is PUT(DISABLED)`);
    } catch (error) {
      if (createdDynamic) await this.#dropDynamicQueue(name);
      throw error;
    }
    if (input) reading!.openInputCount++;
    if (output) writeQueue!.openOutputCount++;
    if (input) this.#inputChanged(reading!);
    const status: HandleStatus = { id: ++this.#handleCounter, queue: name, application: options.application ?? "", input, output, browse, openedAt: this.#clock.now() };
    const handle = new QueueHandle(
      {
        put: (queue, message) => this.put(queue, message),
        // A handle open for input already counts in IPPROCS; its waiting gets do not count again.
        get: (queue, getOptions) => this.#get(queue, getOptions, false),
        browse: (queue, browseOptions) => this.browse(queue, browseOptions),
        closeHandle: async (closing, deleteQueue) => {
          this.#handles.delete(closing);
          if (input) reading!.openInputCount--;
          if (output) writeQueue!.openOutputCount--;
          if (input) this.#inputChanged(reading!);
          const dynamic = this.#queues.get(name)?.dynamic;
          if (this.#closed) return;
          // A temporary dynamic queue goes with the handle that made it, whoever else uses it (MQ does the same).
          if (createdDynamic && dynamic === "temporary") await this.#dropDynamicQueue(name);
          else if (deleteQueue && dynamic === "permanent") await this.deleteObject("localQueue", name);
        },
      },
      status,
    );
    this.#handles.add(handle);
    return handle;
  }

  /** Every open handle (DISPLAY QSTATUS TYPE(HANDLE)), or those on one queue. */
  handleStatuses(queueName?: string): HandleStatus[] {
    return [...this.#handles].map((h) => ({ ...h.status })).filter((h) => queueName === undefined || h.queue === queueName);
  }

  // --- Channels ---

  /**
   * START CHANNEL. Messages do not move between queue managers yet (channels are on the
   * roadmap), so a sending channel goes to RETRYING, which is what MQ shows for a sender
   * that cannot reach its partner; a receiving channel waits, inactive, for its partner.
   */
  startChannel(name: string): ChannelState | undefined {
    this.#checkOpen();
    const channel = this.#objects.definitionOf("channel", name);
    const sending = ["sender", "server", "requester", "clusterSender"].includes(String(channel.attributes.channelType));
    if (sending) this.#channelStatus.set(name, "retrying");
    else this.#channelStatus.delete(name);
    return this.#channelStatus.get(name);
  }

  /** STOP CHANNEL: STOPPED until started again. */
  stopChannel(name: string): void {
    this.#checkOpen();
    this.#objects.definitionOf("channel", name);
    this.#channelStatus.set(name, "stopped");
  }

  /** The state DISPLAY CHSTATUS shows, or undefined for an inactive channel. */
  channelStatus(name: string): ChannelState | undefined {
    return this.#channelStatus.get(name);
  }

  // --- Objects ---

  /** Defines an object of any type (MQSC DEFINE), starting from `like` or the type's SYSTEM.DEFAULT object. */
  async defineObject(type: ObjectType, name: string, attributes: Attributes = {}, options: DefineOptions = {}): Promise<ObjectDefinition> {
    // DESTCLAS(MANAGED): the queue manager makes the subscription's queue, as MQ does.
    if (type === "subscription" && attributes.destinationClass === "managed" && !attributes.destination) {
      const managed = durableQueueName(name);
      if (!this.#queues.has(managed)) await this.defineObject("localQueue", managed, { maxDepth: 999_999_999, defaultPersistence: true });
      attributes = { ...attributes, destination: managed };
    }
    const defined = await this.#admin(async () => {
      const definition = this.#objects.planDefine(type, name, attributes, options, this.#clock.now());
      const existingQueue = type === "localQueue" ? this.#queues.get(name) : undefined;
      if (existingQueue?.dynamic === "temporary") throw new MQError("MQRC_OBJECT_IN_USE", `queue ${name} is a temporary dynamic queue`);
      await this.#commit([{ op: "putObject", record: { ...toRecord(definition), ...(existingQueue?.dynamic === "permanent" ? { dynamic: "permanent" as const } : {}) } }]);
      this.#apply(definition);
      return copyDefinition(definition);
    });
    // A new subscription is given the retained publications on its topic.
    if (type === "subscription") await this.#broker.subscriptionDefined(defined);
    return defined;
  }

  /** Changes some attributes of an object (MQSC ALTER); the rest stay as they are. */
  alterObject(type: ObjectType, name: string, attributes: Attributes): Promise<ObjectDefinition> {
    return this.#admin(async () => {
      const definition = this.#objects.planAlter(type, name, attributes, this.#clock.now());
      const queue = type === "localQueue" ? this.#queues.get(name) : undefined;
      if (queue?.dynamic !== "temporary") {
        await this.#commit([{ op: "putObject", record: { ...toRecord(definition), ...(queue?.dynamic === "permanent" ? { dynamic: "permanent" as const } : {}) } }]);
      }
      this.#apply(definition);
      return copyDefinition(definition);
    });
  }

  /** Deletes an object (MQSC DELETE); a local queue holding messages needs `purge`, and may not be open. */
  deleteObject(type: ObjectType, name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.#admin(async () => {
      this.#objects.definitionOf(type, name);
      const ops: StoreOp[] = [{ op: "deleteObject", kind: kindOf(type), name }];
      const queue = type === "localQueue" ? this.#queues.get(name) : undefined;
      if (queue) {
        this.#checkIdle(queue, "delete");
        if (queue.depth > 0 && !options.purge) {
          throw new MQError("MQRC_Q_NOT_EMPTY", `queue ${name} holds ${queue.depth} messages; delete it with purge to discard them`);
        }
        ops.push(...this.#purgeOps(queue));
      }
      await this.#commit(ops);
      if (queue) {
        this.#dropMessages(queue);
        this.#queues.delete(name);
      }
      if (type === "channel") this.#channelStatus.delete(name);
      const definition = this.#objects.get(kindOf(type), name);
      this.#objects.delete(type, name);
      return definition;
    }).then(async (deleted) => {
      // A managed subscription's queue goes with it, and what waited on it.
      const managed = type === "subscription" && deleted?.attributes.destinationClass === "managed" ? String(deleted.attributes.destination ?? "") : "";
      if (managed !== "" && this.#queues.has(managed)) await this.deleteObject("localQueue", managed, { purge: true });
    });
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
      openInputCount: queue.openInputCount + queue.waiters.filter((w) => (w as PendingGet).counted).length,
      openOutputCount: queue.openOutputCount,
      lastPutTime: queue.lastPutTime || null,
      lastGetTime: queue.lastGetTime || null,
      oldestMessageAge: oldest === undefined ? null : Math.max(0, this.#clock.now() - oldest),
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
    return this.#admin(async () => {
      const queue = this.#resolver.localQueue(name);
      this.#checkIdle(queue, "clear");
      const ops = this.#purgeOps(queue);
      if (ops.length > 0) await this.#commit(ops);
      return this.#dropMessages(queue);
    });
  }

  alterQueueManager(attributes: Partial<QueueManagerAttributes>): Promise<void> {
    return this.#admin(async () => {
      const merged = applyQueueManagerAttributes(this.#attributes, attributes as Attributes) as QueueManagerAttributes;
      const previous = [this.#attributes, this.#alteredAt] as const;
      this.#attributes = merged;
      this.#alteredAt = this.#clock.now();
      try {
        await this.#commit([{ op: "putObject", record: this.#qmgrRecord() }]);
      } catch (error) {
        [this.#attributes, this.#alteredAt] = previous;
        throw error;
      }
    });
  }

  /** Ends every wait (with MQRC_Q_MGR_STOPPING), lets pending commits finish, closes the store. */
  async close(): Promise<void> {
    if (this.#closed) return;
    for (const connection of this.#connections) if (!connection.closed) await connection.close().catch(() => undefined);
    this.#closed = true;
    for (const timer of this.#deliveryTimers) timer.cancel();
    this.#deliveryTimers.clear();
    const stopping = new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
    for (const queue of this.#queues.values()) {
      for (const waiter of queue.waiters.splice(0)) (waiter as PendingGet).fail(stopping);
    }
    for (const handle of [...this.#handles]) await handle.close();
    await this.#adminChain.catch(() => undefined);
    await this.#commits.idle();
    for (const timer of this.#deliveryTimers) timer.cancel();
    this.#deliveryTimers.clear();
    await this.#store.close();
  }

  // --- Internal helpers ---

  #checkOpen(): void {
    if (this.#closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.name} is closed`);
  }

  /** Makes a dynamic queue from a model queue's attributes; its name from `pattern` ("AMQ.*"). */
  #defineDynamicQueue(model: ObjectDefinition, pattern: string): Promise<string> {
    return this.#admin(async () => {
      const suffix = (this.#seqBase + this.#takeCounter()).toString(16).toUpperCase().padStart(16, "0");
      const name = pattern.endsWith("*") ? (pattern.slice(0, -1) + suffix).slice(0, 48) : pattern;
      checkObjectName(name);
      const local: Attributes = {};
      const localDefaults = defaultAttributes("localQueue");
      for (const key of Object.keys(model.attributes)) if (key in localDefaults) local[key] = model.attributes[key]!;
      const temporary = model.attributes.definitionType !== "permanentDynamic";
      // Checked, committed and applied in one step, so two opens cannot both make the same name.
      const definition = this.#objects.planDefine("localQueue", name, local, {}, this.#clock.now());
      if (!temporary) await this.#commit([{ op: "putObject", record: { ...toRecord(definition), dynamic: "permanent" } }]);
      this.#apply(definition);
      this.#queues.get(name)!.dynamic = temporary ? "temporary" : "permanent";
      return name;
    });
  }

  /**
   * Deletes a dynamic queue whatever uses it: its waiting gets end with MQRC_Q_DELETED and
   * its messages go with it (MQ deletes a temporary dynamic queue when its creator closes it).
   */
  #dropDynamicQueue(name: string): Promise<void> {
    return this.#admin(async () => {
      const queue = this.#queues.get(name);
      if (!queue) return;
      const ops: StoreOp[] = [];
      if (queue.dynamic === "permanent") ops.push({ op: "deleteObject", kind: "queue", name });
      ops.push(...this.#purgeOps(queue));
      if (ops.length > 0) await this.#commit(ops);
      const deleted = new MQError("MQRC_Q_DELETED", `dynamic queue ${name} was deleted when the handle that made it closed`);
      for (const waiter of queue.waiters.splice(0)) (waiter as PendingGet).fail(deleted);
      this.#dropMessages(queue);
      this.#queues.delete(name);
      this.#objects.delete("localQueue", name);
    });
  }

  /** Makes a committed definition current: the catalogue, and for a local queue its runtime. */
  #apply(definition: ObjectDefinition): void {
    this.#objects.set(definition);
    if (definition.type !== "localQueue") return;
    const attributes = definition.attributes as LocalQueueAttributes;
    const queue = this.#queues.get(definition.name);
    if (!queue) {
      this.#queues.set(definition.name, this.#newQueue(definition.name, attributes));
      return;
    }
    queue.attributes = attributes;
    // Enabling GET may let waiting gets proceed.
    if (queue.waiters.length > 0) this.#serveWaiters(queue);
  }

  #newQueue(name: string, attributes: LocalQueueAttributes): LocalQueue {
    return new LocalQueue(name, attributes, (id) => this.#seqOfMessageId(id), this.#laneMemory, this.#delays);
  }

  /** A delayed message becomes deliverable at its time, on the injected clock. */
  #scheduleDelivery(entry: Entry): void {
    // A commit or page still landing as the manager closes: what it delays waits for the next open.
    if (this.#closed) return;
    const timer = this.#clock.setTimer(entry.record.deliverAt! - this.#clock.now(), () => {
      this.#deliveryTimers.delete(timer);
      const queue = this.#queues.get(entry.record.queue);
      if (!queue || entry.state !== EntryState.Delayed) return;
      queue.makeAvailable(entry);
      if (queue.waiters.length > 0) this.#serveWaiters(queue);
    });
    this.#deliveryTimers.add(timer);
  }

  #seqOfMessageId(messageId: string): number | undefined {
    if (messageId.length !== 48 || !messageId.startsWith(this.#idPrefix)) return undefined;
    const seq = parseInt(messageId.slice(32), 16);
    return Number.isSafeInteger(seq) ? seq : undefined;
  }

  /** The next counter of this incarnation's seq range (seq = #seqBase + counter). */
  #takeCounter(): number {
    if (this.#counter >= SEQS_PER_INCARNATION) this.#nextIncarnation();
    return this.#counter++;
  }

  /**
   * A full range: move on to the next and record it. Should the record be lost, the next
   * open still starts past every stored seq (see open), so no seq is given twice.
   */
  #nextIncarnation(): void {
    const incarnation = this.#seqBase / SEQS_PER_INCARNATION + 1;
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#counter = 0;
    void this.#commit([{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }]).catch(() => undefined);
  }

  #qmgrRecord(): ObjectRecord {
    return { kind: "qmgr", name: this.name, type: "qmgr", attributes: { ...this.#attributes }, createdAt: this.#createdAt, alteredAt: this.#alteredAt };
  }

  #commit(ops: StoreOp[]): Promise<void> {
    return this.#commits.commit(ops).catch((error: unknown) => {
      if (error instanceof MQError) throw error;
      throw new MQError("MQRC_RESOURCE_PROBLEM", `the ${this.#store.kind} store could not commit: ${describe(error)}`, { cause: error });
    });
  }

  #admin<T>(work: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    const result = this.#adminChain.then(work, work);
    this.#adminChain = result.catch(() => undefined);
    return result;
  }

  #checkIdle(queue: LocalQueue, action: string): void {
    if (queue.uncommitted > 0) {
      throw new MQError("MQRC_OBJECT_IN_USE", `cannot ${action} queue ${queue.name}: it has ${queue.uncommitted} uncommitted messages`);
    }
    if (queue.openInputCount > 0 || queue.openOutputCount > 0 || queue.waiters.length > 0 || this.handleStatuses(queue.name).length > 0) {
      throw new MQError("MQRC_OBJECT_IN_USE", `cannot ${action} queue ${queue.name}: it is open`);
    }
  }

  /**
   * Takes the next message from memory: the common case, with no await. Undefined when the
   * queue has none there, or when paged parts must be consulted (see #needsStore).
   */
  #takeInMemory(queue: LocalQueue, filter: MessageFilter | undefined, now: number): Entry | undefined {
    if (filter && queue.pagedCount > 0) return undefined; // a paged message may come first
    const expired: Entry[] = [];
    const found = queue.take(filter, now, expired);
    if (expired.length > 0) this.#discardExpired(queue, expired);
    return found && !("refill" in found) ? found : undefined;
  }

  /** Whether a get that found nothing in memory should look at the paged parts of the queue. */
  #needsStore(queue: LocalQueue, filter: MessageFilter | undefined): boolean {
    return filter ? queue.pagedCount > 0 : queue.lanes.some((lane) => lane.paged > 0);
  }

  /** Takes the next message when paged parts are involved: pages lanes in, or takes one straight from the store. */
  async #takeWithStore(queue: LocalQueue, filter: MessageFilter | undefined, now: number): Promise<Entry | undefined> {
    for (;;) {
      const stored = filter ? await this.#pager.findFiltered(queue, filter, now, (id) => this.#seqOfMessageId(id)) : undefined;
      const expired: Entry[] = [];
      const found = queue.take(filter, now, expired);
      if (expired.length > 0) this.#discardExpired(queue, expired);
      if (found && "refill" in found) {
        await this.#pager.refill(queue, found.refill);
        continue;
      }
      const lane = stored ? queue.lanes[stored.priority]! : undefined;
      // The stored candidate may have been paged in or taken while the store was read.
      const storedStill = stored && stored.seq > lane!.loadedUpTo && !lane!.removed.has(stored.seq) ? stored : undefined;
      if (storedStill && (!found || queue.before(storedStill, found.record))) {
        if (found) queue.release(found);
        const detached: Entry = { record: storedStill, body: undefined, state: EntryState.Available, detached: true };
        lane!.removed.add(storedStill.seq);
        queue.lock(detached);
        return detached;
      }
      return found;
    }
  }

  #discardExpired(queue: LocalQueue, expired: Entry[]): void {
    const ops: StoreOp[] = [];
    for (const entry of expired) {
      if (entry.record.persistent) ops.push({ op: "deleteMessage", seq: entry.record.seq });
      this.#forget(queue, entry);
    }
    // Expired messages are never delivered; if this delete fails they are found and
    // discarded again after the next restart.
    if (ops.length > 0) void this.#commit(ops).catch(() => undefined);
  }

  /**
   * A unit of work found prepared in the store: its puts (stored, flagged with the xid) and
   * its gets are taken straight from the store as held messages, invisible until the xid is
   * committed (the puts appear, the gets are removed) or rolled back (the other way round).
   */
  async #restorePrepared(xid: string, prepared: PreparedRecord): Promise<void> {
    const items: WorkItem[] = [];
    for (const kind of ["put", "get"] as const) {
      for (const at of (kind === "put" ? prepared?.puts : prepared?.gets) ?? []) {
        const queue = this.#queues.get(at?.queue);
        const [stored] = queue ? await this.#store.loadMessages({ queue: at.queue, seq: at.seq }) : [];
        if (!queue || !stored || messageRecordProblem(stored) !== undefined) {
          this.#damaged.push({ kind: "message", key: `${at?.queue} ${at?.seq}`, problem: `prepared transaction ${xid} names a ${kind} of a message that is not in the store` });
          continue;
        }
        const { prepared: _xid, ...record } = stored;
        const lane = queue.lanes[record.priority]!;
        const entry: Entry = { record, body: undefined, state: EntryState.Available, detached: true };
        lane.removed.add(record.seq);
        queue.lock(entry);
        const putBack = () => {
          queue.release(entry);
          if (queue.waiters.length > 0) this.#serveWaiters(queue);
        };
        const remove = () => this.#forget(queue, entry);
        items.push({ kind, record, committed: kind === "put" ? putBack : remove, rolledBack: kind === "put" ? remove : putBack });
      }
    }
    this.#xidsInUse.add(xid);
    this.#prepared.set(xid, UnitOfWork.prepared((ops) => this.#commit(ops), this.#unitHooks, xid, items));
  }

  /** Tells subscribers how many have the queue open for input now (IPPROCS: handles and waiting gets). */
  #inputChanged(queue: LocalQueue): void {
    if (this.#events.hasListeners) this.#events.emit({ type: "input", queue: queue.name, openInputCount: this.queueStatus(queue.name).openInputCount });
  }

  #checkOwnUnit(unit: UnitOfWork): UnitOfWork {
    if (!this.#units.has(unit)) throw new MQError("MQRC_UOW_NOT_AVAILABLE", `the unit of work was not begun on queue manager ${this.name}`);
    return unit;
  }

  /** A got message joins the unit of work: removed when it commits, back in its place when it backs out. */
  async #getUnderSyncpoint(queue: LocalQueue, entry: Entry, unit: UnitOfWork, now = this.#clock.now()): Promise<Message> {
    const record = entry.record;
    queue.lastGetTime = now;
    const putBack = () => {
      queue.release(entry);
      if (queue.waiters.length > 0) this.#serveWaiters(queue);
    };
    let message: Message;
    try {
      // The unit may have ended while the get waited.
      unit.checkActive();
      message = toMessage(record, entry.body ?? (await this.#readBody(record.seq)), now);
      unit.add({
        kind: "get",
        record,
        committed: () => {
          this.#forget(queue, entry);
          if (this.#events.hasListeners) this.#events.emit({ type: "get", queue: queue.name, messageId: record.messageId, persistent: record.persistent, depth: queue.depth });
        },
        rolledBack: () => {
          putBack();
          if (this.#events.hasListeners) this.#events.emit({ type: "backout", queue: queue.name, messageId: record.messageId, backoutCount: record.backoutCount, depth: queue.depth });
        },
      });
    } catch (error) {
      putBack();
      throw error;
    }
    return message;
  }

  async #completeGet(queue: LocalQueue, entry: Entry, now = this.#clock.now()): Promise<Message> {
    const record = entry.record;
    queue.lastGetTime = now;
    if (!record.persistent) {
      const body = entry.body!;
      this.#forget(queue, entry);
      if (this.#events.hasListeners) this.#events.emit({ type: "get", queue: queue.name, messageId: record.messageId, persistent: false, depth: queue.depth });
      return toMessage(record, body, now);
    }
    try {
      const body = entry.body ?? (await this.#readBody(record.seq));
      await this.#commit([{ op: "deleteMessage", seq: record.seq }]);
      this.#forget(queue, entry);
      if (this.#events.hasListeners) this.#events.emit({ type: "get", queue: queue.name, messageId: record.messageId, persistent: true, depth: queue.depth });
      return toMessage(record, body, now);
    } catch (error) {
      queue.release(entry);
      if (queue.waiters.length > 0) this.#serveWaiters(queue);
      throw error;
    }
  }

  async #readBody(seq: number): Promise<StoredBody> {
    let body: StoredBody | undefined;
    try {
      body = await this.#store.readBody(seq);
    } catch (error) {
      throw new MQError("MQRC_RESOURCE_PROBLEM", `the ${this.#store.kind} store could not read message ${seq}: ${describe(error)}`, { cause: error });
    }
    if (body === undefined) throw new MQError("MQRC_OBJECT_DAMAGED", `the body of message ${seq} is missing from the ${this.#store.kind} store`);
    return body;
  }

  #cacheOrPageOut(entry: Entry): void {
    if (entry.state === EntryState.Gone || entry.body === undefined) return;
    if (this.#cachedBodyBytes + entry.record.bodySize <= this.#bodyCacheBytes) this.#cachedBodyBytes += entry.record.bodySize;
    else entry.body = undefined;
  }

  /** The store operation that deletes every stored message of a queue, when it has any. */
  #purgeOps(queue: LocalQueue): StoreOp[] {
    let stored = queue.pagedCount > 0;
    for (const entry of queue.entries()) {
      if (stored) break;
      stored = entry.record.persistent;
    }
    return stored ? [{ op: "deleteQueueMessages", queue: queue.name }] : [];
  }

  /** Forgets every message of a queue, in memory and paged, once the store has deleted them. Returns how many. */
  #dropMessages(queue: LocalQueue): number {
    const depth = queue.depth;
    for (const entry of [...queue.entries()]) this.#forget(queue, entry);
    queue.dropAll();
    return depth;
  }

  #forget(queue: LocalQueue, entry: Entry): void {
    if (entry.state === EntryState.Gone) return;
    if (!entry.record.persistent) this.#messageMemoryUsed -= entry.record.bodySize;
    else if (entry.body !== undefined && entry.state !== EntryState.Pending) this.#cachedBodyBytes -= entry.record.bodySize;
    queue.remove(entry);
  }

  /** Hands available messages to waiting gets, oldest waiter first; paged parts are looked at without blocking the caller. */
  #serveWaiters(queue: LocalQueue): void {
    if (!queue.attributes.getEnabled) return;
    const now = this.#clock.now();
    for (let i = 0; i < queue.waiters.length; ) {
      const waiter = queue.waiters[i]!;
      const entry = this.#takeInMemory(queue, waiter.filter, now);
      if (entry) {
        queue.waiters.splice(i, 1);
        waiter.deliver(entry);
        continue;
      }
      if (this.#needsStore(queue, waiter.filter)) void this.#serveFromStore(queue, waiter as PendingGet, now);
      i++;
    }
  }

  async #serveFromStore(queue: LocalQueue, waiter: PendingGet, now: number): Promise<void> {
    try {
      const entry = await this.#takeWithStore(queue, waiter.filter, now);
      if (!entry) return;
      const index = queue.waiters.indexOf(waiter);
      if (index < 0) {
        queue.release(entry); // the wait ended meanwhile, or another page served it
        return;
      }
      queue.waiters.splice(index, 1);
      waiter.deliver(entry);
    } catch {
      // A page that cannot be read now is read again by the next get or put.
    }
  }

  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: true): Promise<BrowseStep<Message> | null>;
  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: false): Promise<BrowseStep<MessageSummary> | null>;
  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: boolean): Promise<BrowseStep<Message | MessageSummary> | null> {
    this.#checkOpen();
    const queue = checkGetEnabled(this.#resolver.localQueue(queueName));
    for (;;) {
      const now = this.#clock.now();
      const next = await this.#browseNext(queue, position, filter, now);
      if (!next) return null;
      const here = { priority: next.record.priority, seq: next.record.seq };
      if (!withBody) return { message: toSummary(next.record, now), position: here };
      const body = next.body ?? (await this.#store.readBody(next.record.seq));
      // The message may have been taken while its body was read; browse on to the next one.
      if (body === undefined || next.state === EntryState.Gone) {
        position = here;
        continue;
      }
      return { message: toMessage(next.record, body, now), position: here };
    }
  }

  /** The next available message after `after` in delivery order, in memory or paged, left in place. */
  async #browseNext(queue: LocalQueue, after: BrowseStep["position"], filter: MessageFilter | undefined, now: number): Promise<Entry | undefined> {
    const expired: Entry[] = [];
    let best: Entry | undefined;
    if (filter) {
      for (const entry of queue.candidates(filter, { now, expired, after })) {
        if (entry.state !== EntryState.Available || (after && !queue.isAfter(entry.record, after))) continue;
        if (isExpired(entry.record, now)) expired.push(entry);
        else if (!best || queue.before(entry.record, best.record)) best = entry;
      }
      const stored = queue.pagedCount > 0 ? await this.#pager.findFiltered(queue, filter, now, (id) => this.#seqOfMessageId(id), after) : undefined;
      if (stored && (!best || queue.before(stored, best.record))) best = { record: stored, body: undefined, state: EntryState.Available, detached: true };
    } else {
      const fifo = queue.attributes.deliverySequence === "fifo";
      for (let p = 9; p >= 0; p--) {
        if (after && !fifo && p > after.priority) continue;
        const afterSeq = after && (fifo || p === after.priority) ? after.seq : -1;
        const { loaded, tail } = queue.browseLane(p, afterSeq, now, expired);
        let found = loaded;
        if (!found) {
          const lane = queue.lanes[p]!;
          const stored = lane.paged > 0 ? await this.#pager.nextInLane(queue, p, afterSeq, now) : undefined;
          const paged = stored ? ({ record: stored, body: undefined, state: EntryState.Available, detached: true } as Entry) : undefined;
          found = paged && (!tail || paged.record.seq < tail.record.seq) ? paged : tail;
        }
        if (!found) continue;
        if (!fifo) {
          best = found;
          break;
        }
        if (!best || found.record.seq < best.record.seq) best = found;
      }
    }
    if (expired.length > 0) this.#discardExpired(queue, expired);
    return best;
  }
}



interface MemoryLimits {
  bodyCacheBytes: number;
  laneMemory: number;
  messageMemoryBytes: number;
}

function copyDefinition(definition: ObjectDefinition): ObjectDefinition {
  return { ...definition, attributes: structuredCopy(definition.attributes) };
}

function structuredCopy(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const key of Object.keys(attributes)) {
    const value = attributes[key]!;
    out[key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}

function normalizeFilter(options: SelectionOptions): MessageFilter | undefined {
  const selector = options.selector === undefined || options.selector === "" ? undefined : typeof options.selector === "string" ? compileSelector(options.selector) : options.selector;
  if (options.messageId === undefined && options.correlationId === undefined && selector === undefined) return undefined;
  const filter: MessageFilter = {};
  if (options.messageId !== undefined) filter.messageId = normalizeId(options.messageId, "message");
  if (options.correlationId !== undefined) filter.correlationId = normalizeId(options.correlationId, "correlation");
  if (selector !== undefined) filter.selector = selector;
  return filter;
}

function checkWait(wait: unknown): number {
  if (wait === undefined) return 0;
  if (wait === Infinity) return Infinity;
  if (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0) {
    throw new MQError("MQRC_WAIT_INTERVAL_ERROR", `a wait interval is a whole number of milliseconds (or Infinity); got ${JSON.stringify(wait)}`);
  }
  return wait;
}

function optionalName(value: unknown, what: string): string {
  if (value === undefined || value === "") return "";
  return checkObjectName(value, what);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
