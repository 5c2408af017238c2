/**
 * QueueManager: the object catalogue, put/get/browse, and recovery on open. One instance
 * owns one Store; everything it commits goes through a GroupCommit, and only committed
 * state is ever in the store.
 */
import {
  LOCAL_QUEUE_DEFAULTS,
  QUEUE_MANAGER_DEFAULTS,
  checkObjectName,
  mergeLocalQueueAttributes,
  mergeQueueManagerAttributes,
  type LocalQueueAttributes,
  type QueueManagerAttributes,
} from "./attributes.js";
import { BrowseCursor, type BrowseStep } from "./browse.js";
import { systemClock, type Clock, type TimerHandle } from "./clock.js";
import { MQError } from "./errors.js";
import { GroupCommit } from "./group-commit.js";
import {
  NO_ID,
  decodeBody,
  encodeBody,
  formatName,
  messageIdBase,
  messageIdFor,
  messageIdPrefix,
  normalizeId,
  type Message,
  type MessageRecord,
  type PutMessage,
  type StoredBody,
} from "./message.js";
import { loadProperties, storeProperties, toProperties } from "./properties.js";
import { EntryState, LocalQueue, type Entry, type MessageFilter } from "./queue.js";
import { createMemoryStore } from "./memory-store.js";
import type { ObjectRecord, Store, StoreOp } from "./store.js";

export interface QueueManagerOptions {
  /** The queue manager's name (MQ naming rules). */
  name: string;
  /** Where persistent messages and object definitions live; memory when absent. */
  store?: Store;
  clock?: Clock;
  /** Persistent bodies kept in memory beyond this many bytes are paged out to the store. */
  bodyCacheBytes?: number;
  /** Define the default objects (SYSTEM.DEFAULT.LOCAL.QUEUE, ...) on first open. Default true. */
  createDefaultObjects?: boolean;
}

export interface GetOptions extends MessageFilter {
  /** Milliseconds to wait for a message (MQGMO WaitInterval); 0 (default) does not wait; Infinity waits until one comes. */
  wait?: number;
  /**
   * Ends a wait early, leaving every message on the queue: a caller that goes away (an
   * HTTP client that disconnects) must not take a message nobody will receive.
   */
  signal?: AbortSignalLike;
}

/** The part of a Web AbortSignal that a wait needs (declared here: core has no DOM types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface BrowseOptions extends MessageFilter {}

/** What put tells the producer: the descriptor fields the queue manager filled in. */
export interface PutResult {
  messageId: string;
  correlationId: string;
  priority: number;
  persistent: boolean;
  putTime: number;
  expiry: number | null;
}

/** A message without its body, as a message list shows it. */
export type MessageSummary = Omit<Message, "body">;

export interface QueueStatus {
  name: string;
  depth: number;
  uncommitted: number;
  openInputCount: number;
  openOutputCount: number;
  lastPutTime: number | null;
  lastGetTime: number | null;
}

export interface DefineOptions {
  /** Replace an existing definition (MQSC REPLACE) instead of failing. */
  replace?: boolean;
  /** Copy attributes from this queue instead of SYSTEM.DEFAULT.LOCAL.QUEUE (MQSC LIKE). */
  like?: string;
}

export const DEFAULT_LOCAL_QUEUE = "SYSTEM.DEFAULT.LOCAL.QUEUE";
export const DEFAULT_DEAD_LETTER_QUEUE = "SYSTEM.DEAD.LETTER.QUEUE";
const DEFAULT_QUEUES = [DEFAULT_LOCAL_QUEUE, DEFAULT_DEAD_LETTER_QUEUE, "DEV.QUEUE.1", "DEV.QUEUE.2", "DEV.QUEUE.3"];
const INCARNATION_KEY = "incarnation";
/** Each open starts a new range of seq numbers: incarnation * 2^32 + a counter. */
const SEQS_PER_INCARNATION = 2 ** 32;
const DEFAULT_BODY_CACHE_BYTES = 32 * 1024 * 1024;

export class QueueManager {
  readonly name: string;
  readonly #store: Store;
  readonly #commits: GroupCommit;
  readonly #clock: Clock;
  readonly #idPrefix: string;
  /** The message id's first 20 bytes in this incarnation. */
  #idBase: string;
  readonly #queues = new Map<string, LocalQueue>();
  #attributes: QueueManagerAttributes;
  /** seq = #seqBase + #counter: the counter stays a small integer, cheap to format and compare. */
  #seqBase: number;
  #counter = 0;
  #closed = false;
  #cachedBodyBytes = 0;
  readonly #bodyCacheBytes: number;
  /** Object changes are applied one at a time so that checks and commits do not interleave. */
  #adminChain: Promise<unknown> = Promise.resolve();

  private constructor(name: string, store: Store, clock: Clock, attributes: QueueManagerAttributes, incarnation: number, bodyCacheBytes: number) {
    this.name = name;
    this.#store = store;
    this.#commits = new GroupCommit(store);
    this.#clock = clock;
    this.#idPrefix = messageIdPrefix(name);
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#attributes = attributes;
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
    this.#bodyCacheBytes = bodyCacheBytes;
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
    const incarnation = (typeof previous === "number" ? previous : 0) + 1;
    const qmgrRecord = snapshot.objects.find((o) => o.kind === "qmgr");
    if (qmgrRecord && qmgrRecord.name !== name) {
      throw new MQError("MQRC_Q_MGR_NAME_ERROR", `this storage holds queue manager ${qmgrRecord.name}, not ${name}`);
    }
    const isNew = !qmgrRecord;
    const attributes = isNew
      ? { ...QUEUE_MANAGER_DEFAULTS, deadLetterQueue: DEFAULT_DEAD_LETTER_QUEUE }
      : mergeQueueManagerAttributes(QUEUE_MANAGER_DEFAULTS, qmgrRecord.attributes as Partial<QueueManagerAttributes>);
    const manager = new QueueManager(name, store, options.clock ?? systemClock, attributes, incarnation, options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES);

    for (const record of snapshot.objects) {
      if (record.kind === "queue" && record.type === "local") {
        const queueAttributes = mergeLocalQueueAttributes(LOCAL_QUEUE_DEFAULTS, record.attributes as Partial<LocalQueueAttributes>);
        manager.#queues.set(record.name, manager.#newQueue(record.name, queueAttributes));
      }
    }
    const orphans: StoreOp[] = [];
    for (const record of snapshot.messages) {
      const queue = manager.#queues.get(record.queue);
      // A message whose queue is gone cannot be delivered; it was deleted with the queue but
      // for a crash between the two, so it is removed now.
      if (!queue) orphans.push({ op: "deleteMessage", seq: record.seq });
      else queue.insert({ record, body: undefined, state: EntryState.Available });
    }

    const batch: StoreOp[] = [{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }, ...orphans];
    if (isNew) {
      batch.push({ op: "putObject", record: manager.#qmgrRecord() });
      if (options.createDefaultObjects !== false) {
        for (const queueName of DEFAULT_QUEUES) {
          const queue = manager.#newQueue(queueName, { ...LOCAL_QUEUE_DEFAULTS });
          manager.#queues.set(queueName, queue);
          batch.push({ op: "putObject", record: queueRecord(queue) });
        }
      }
    }
    await manager.#commit(batch);
    return manager;
  }

  get attributes(): QueueManagerAttributes {
    return { ...this.#attributes };
  }

  get closed(): boolean {
    return this.#closed;
  }

  // --- Messages ---

  /** Puts a message. A persistent message is in the store before this resolves. */
  async put(queueName: string, message: PutMessage): Promise<PutResult> {
    this.#checkOpen();
    const queue = this.#localQueue(queueName);
    const attributes = queue.attributes;
    if (!attributes.putEnabled) throw new MQError("MQRC_PUT_INHIBITED", `queue ${queueName} is PUT(DISABLED)`);
    if (message === null || typeof message !== "object") throw new MQError("MQRC_FORMAT_ERROR", "a message must be an object with a body");
    const qmgrMax = this.#attributes.maxMessageLength;
    const maxLength = Math.min(attributes.maxMessageLength, qmgrMax);
    const { stored, format, size } = encodeBody(message.body, message.bodyFormat, maxLength);
    if (size > maxLength) {
      throw size > qmgrMax
        ? new MQError("MQRC_MSG_TOO_BIG_FOR_Q_MGR", `the message is ${size} bytes; queue manager ${this.name} takes at most ${qmgrMax} (MAXMSGL)`)
        : new MQError("MQRC_MSG_TOO_BIG_FOR_Q", `the message is ${size} bytes; queue ${queueName} takes at most ${attributes.maxMessageLength} (MAXMSGL)`);
    }
    if (queue.depth >= attributes.maxDepth) {
      throw new MQError("MQRC_Q_FULL", `queue ${queueName} holds its maximum of ${attributes.maxDepth} messages (MAXDEPTH)`);
    }
    const priority = message.priority ?? attributes.defaultPriority;
    if (!Number.isInteger(priority) || priority < 0 || priority > 9) {
      throw new MQError("MQRC_PRIORITY_ERROR", `priority must be an integer from 0 to 9; got ${JSON.stringify(priority)}`);
    }
    const persistent = message.persistent ?? attributes.defaultPersistence;
    if (typeof persistent !== "boolean") throw new MQError("MQRC_PERSISTENCE_ERROR", "persistent must be true or false");
    const expiry = message.expiry ?? null;
    if (expiry !== null && (!Number.isInteger(expiry) || expiry <= 0)) {
      throw new MQError("MQRC_EXPIRY_ERROR", `expiry is a positive whole number of milliseconds, or null for unlimited; got ${JSON.stringify(expiry)}`);
    }
    const correlationId = message.correlationId === undefined ? NO_ID : normalizeId(message.correlationId, "correlation");
    const properties = message.properties === undefined ? [] : storeProperties(toProperties(message.properties));
    const replyToQueue = optionalName(message.replyToQueue, "reply-to queue");
    const replyToQueueManager = optionalName(message.replyToQueueManager, "reply-to queue manager");

    if (this.#counter >= SEQS_PER_INCARNATION) this.#nextIncarnation();
    const counter = this.#counter++;
    const now = this.#clock.now();
    const record: MessageRecord = {
      seq: this.#seqBase + counter,
      queue: queueName,
      messageId: messageIdFor(this.#idBase, counter),
      correlationId,
      priority,
      persistent,
      expiresAt: expiry === null ? null : now + expiry,
      putTime: now,
      replyToQueue,
      replyToQueueManager: replyToQueue !== "" && replyToQueueManager === "" ? this.name : replyToQueueManager,
      messageType: message.messageType ?? "datagram",
      type: typeof message.type === "string" ? message.type : "",
      backoutCount: 0,
      properties,
      bodyFormat: format,
      bodySize: size,
    };
    if (message.contentType !== undefined) record.contentType = String(message.contentType);
    const entry: Entry = { record, body: stored, state: persistent ? EntryState.Pending : EntryState.Available };
    queue.insert(entry);
    queue.lastPutTime = now;
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
    return { messageId: record.messageId, correlationId, priority, persistent, putTime: now, expiry };
  }

  /**
   * Takes the next message in delivery order (or the one a messageId/correlationId selects).
   * Resolves null when there is none and the wait, if any, ended.
   */
  async get(queueName: string, options: GetOptions = {}): Promise<Message | null> {
    this.#checkOpen();
    const queue = this.#checkGetEnabled(this.#localQueue(queueName));
    const filter = normalizeFilter(options);
    const wait = checkWait(options.wait);
    if (options.signal?.aborted) return null;
    const now = this.#clock.now();
    const entry = this.#take(queue, filter, now);
    if (entry) return this.#completeGet(queue, entry, now);
    if (wait === 0) return null;
    const arrived = await this.#waitFor(queue, filter, wait, options.signal);
    return arrived ? this.#completeGet(queue, arrived) : null;
  }

  /** A cursor that returns each available message once, in delivery order, leaving it on the queue. */
  browse(queueName: string, options: BrowseOptions = {}): BrowseCursor {
    this.#checkOpen();
    this.#checkGetEnabled(this.#localQueue(queueName));
    const filter = normalizeFilter(options);
    return new BrowseCursor((position) => this.#browseStep(queueName, position, filter, true));
  }

  /** Summaries (no bodies) of up to `limit` available messages, in delivery order. */
  async list(queueName: string, options: BrowseOptions & { limit?: number } = {}): Promise<MessageSummary[]> {
    this.#checkOpen();
    const queue = this.#checkGetEnabled(this.#localQueue(queueName));
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

  // --- Objects ---

  queueNames(): string[] {
    return [...this.#queues.keys()].sort();
  }

  hasQueue(name: string): boolean {
    return this.#queues.has(name);
  }

  queueAttributes(name: string): LocalQueueAttributes {
    return { ...this.#localQueue(name).attributes };
  }

  queueStatus(name: string): QueueStatus {
    const queue = this.#localQueue(name);
    return {
      name,
      depth: queue.depth,
      uncommitted: queue.uncommitted,
      openInputCount: queue.openInputCount + queue.waiters.length,
      openOutputCount: queue.openOutputCount,
      lastPutTime: queue.lastPutTime || null,
      lastGetTime: queue.lastGetTime || null,
    };
  }

  /** Defines a local queue: attributes from `like` (default SYSTEM.DEFAULT.LOCAL.QUEUE), then `attributes`. */
  defineQueue(name: string, attributes: Partial<LocalQueueAttributes> = {}, options: DefineOptions = {}): Promise<void> {
    return this.#admin(async () => {
      checkObjectName(name);
      const existing = this.#queues.get(name);
      if (existing && !options.replace) throw new MQError("MQRC_OBJECT_ALREADY_EXISTS", `queue ${name} already exists; use replace to redefine it`);
      let base: LocalQueueAttributes = LOCAL_QUEUE_DEFAULTS;
      if (options.like !== undefined) base = this.#localQueue(options.like).attributes;
      else if (this.#queues.has(DEFAULT_LOCAL_QUEUE)) base = this.#queues.get(DEFAULT_LOCAL_QUEUE)!.attributes;
      const merged = mergeLocalQueueAttributes(base, attributes);
      const queue = existing ?? this.#newQueue(name, merged);
      await this.#commit([{ op: "putObject", record: queueRecord({ name, attributes: merged }) }]);
      queue.attributes = merged;
      this.#queues.set(name, queue);
    });
  }

  alterQueue(name: string, attributes: Partial<LocalQueueAttributes>): Promise<void> {
    return this.#admin(async () => {
      const queue = this.#localQueue(name);
      const merged = mergeLocalQueueAttributes(queue.attributes, attributes);
      await this.#commit([{ op: "putObject", record: queueRecord({ name, attributes: merged }) }]);
      queue.attributes = merged;
      // Enabling GET may let waiting gets proceed.
      if (queue.waiters.length > 0) this.#serveWaiters(queue);
    });
  }

  /** Deletes a local queue; one holding messages needs `purge` (MQSC PURGE), as in MQ. */
  deleteQueue(name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.#admin(async () => {
      const queue = this.#localQueue(name);
      this.#checkIdle(queue, "delete");
      if (queue.depth > 0 && !options.purge) {
        throw new MQError("MQRC_Q_NOT_EMPTY", `queue ${name} holds ${queue.depth} messages; delete it with purge to discard them`);
      }
      const ops: StoreOp[] = [{ op: "deleteObject", kind: "queue", name }];
      for (const entry of queue.entries()) if (entry.record.persistent) ops.push({ op: "deleteMessage", seq: entry.record.seq });
      await this.#commit(ops);
      for (const entry of [...queue.entries()]) this.#forget(queue, entry);
      this.#queues.delete(name);
    });
  }

  /** Removes every message from a queue (MQSC CLEAR QLOCAL). Returns how many were removed. */
  clearQueue(name: string): Promise<number> {
    return this.#admin(async () => {
      const queue = this.#localQueue(name);
      this.#checkIdle(queue, "clear");
      const entries = [...queue.entries()];
      const ops: StoreOp[] = entries.filter((e) => e.record.persistent).map((e) => ({ op: "deleteMessage", seq: e.record.seq }));
      if (ops.length > 0) await this.#commit(ops);
      for (const entry of entries) this.#forget(queue, entry);
      return entries.length;
    });
  }

  alterQueueManager(attributes: Partial<QueueManagerAttributes>): Promise<void> {
    return this.#admin(async () => {
      const merged = mergeQueueManagerAttributes(this.#attributes, attributes);
      const previous = this.#attributes;
      this.#attributes = merged;
      try {
        await this.#commit([{ op: "putObject", record: this.#qmgrRecord() }]);
      } catch (error) {
        this.#attributes = previous;
        throw error;
      }
    });
  }

  /** Ends every wait (with MQRC_Q_MGR_STOPPING), lets pending commits finish, closes the store. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const stopping = new MQError("MQRC_Q_MGR_STOPPING", `queue manager ${this.name} is closing`);
    for (const queue of this.#queues.values()) {
      for (const waiter of queue.waiters.splice(0)) (waiter as PendingGet).fail(stopping);
    }
    await this.#adminChain.catch(() => undefined);
    await this.#commits.idle();
    await this.#store.close();
  }

  // --- Internal helpers ---

  #checkOpen(): void {
    if (this.#closed) throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${this.name} is closed`);
  }

  #localQueue(name: string): LocalQueue {
    const queue = this.#queues.get(name);
    if (queue) return queue;
    checkObjectName(name);
    throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue ${name} is not defined on queue manager ${this.name}`);
  }

  /** Gets and browses alike are refused on a GET(DISABLED) queue, as in MQ. */
  #checkGetEnabled(queue: LocalQueue): LocalQueue {
    if (!queue.attributes.getEnabled) throw new MQError("MQRC_GET_INHIBITED", `queue ${queue.name} is GET(DISABLED)`);
    return queue;
  }

  #newQueue(name: string, attributes: LocalQueueAttributes): LocalQueue {
    return new LocalQueue(name, attributes, (id) => this.#seqOfMessageId(id));
  }

  #seqOfMessageId(messageId: string): number | undefined {
    if (messageId.length !== 48 || !messageId.startsWith(this.#idPrefix)) return undefined;
    const seq = parseInt(messageId.slice(32), 16);
    return Number.isSafeInteger(seq) ? seq : undefined;
  }

  /** 2^32 messages in one incarnation: move on to the next range of seqs and record it. */
  #nextIncarnation(): void {
    const incarnation = this.#seqBase / SEQS_PER_INCARNATION + 1;
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#counter = 0;
    void this.#commit([{ op: "putMeta", key: INCARNATION_KEY, value: incarnation }]).catch(() => undefined);
  }

  #qmgrRecord(): ObjectRecord {
    return { kind: "qmgr", name: this.name, type: "qmgr", attributes: { ...this.#attributes } };
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
    if (queue.openInputCount > 0 || queue.openOutputCount > 0 || queue.waiters.length > 0) {
      throw new MQError("MQRC_OBJECT_IN_USE", `cannot ${action} queue ${queue.name}: it is open`);
    }
  }

  /** Takes the next message for a get; removes expired messages it meets. */
  #take(queue: LocalQueue, filter: MessageFilter | undefined, now = this.#clock.now()): Entry | undefined {
    const expired: Entry[] = [];
    const entry = queue.take(filter, now, expired);
    if (expired.length > 0) this.#discardExpired(queue, expired);
    return entry;
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

  async #completeGet(queue: LocalQueue, entry: Entry, now = this.#clock.now()): Promise<Message> {
    const record = entry.record;
    queue.lastGetTime = now;
    if (!record.persistent) {
      const body = entry.body!;
      this.#forget(queue, entry);
      return toMessage(record, body, now);
    }
    try {
      const body = entry.body ?? (await this.#readBody(record.seq));
      await this.#commit([{ op: "deleteMessage", seq: record.seq }]);
      this.#forget(queue, entry);
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

  #forget(queue: LocalQueue, entry: Entry): void {
    if (entry.record.persistent && entry.body !== undefined && entry.state !== EntryState.Pending) {
      this.#cachedBodyBytes -= entry.record.bodySize;
    }
    queue.remove(entry);
  }

  #waitFor(queue: LocalQueue, filter: MessageFilter | undefined, wait: number, signal: AbortSignalLike | undefined): Promise<Entry | undefined> {
    return new Promise<Entry | undefined>((resolve, reject) => {
      let timer: TimerHandle | undefined;
      const settle = () => {
        timer?.cancel();
        signal?.removeEventListener("abort", giveUp);
      };
      const giveUp = () => {
        const index = queue.waiters.indexOf(waiter);
        if (index >= 0) queue.waiters.splice(index, 1);
        settle();
        resolve(undefined);
      };
      const waiter: PendingGet = {
        filter,
        deliver: (entry) => {
          settle();
          resolve(entry);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      };
      queue.waiters.push(waiter);
      if (wait !== Infinity) timer = this.#clock.setTimer(wait, giveUp);
      signal?.addEventListener("abort", giveUp, { once: true });
    });
  }

  /** Hands available messages to waiting gets, oldest waiter first. */
  #serveWaiters(queue: LocalQueue): void {
    if (!queue.attributes.getEnabled) return;
    for (let i = 0; i < queue.waiters.length; ) {
      const waiter = queue.waiters[i]!;
      const entry = this.#take(queue, waiter.filter);
      if (!entry) {
        i++;
        continue;
      }
      queue.waiters.splice(i, 1);
      waiter.deliver(entry);
    }
  }

  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: true): Promise<BrowseStep<Message> | null>;
  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: false): Promise<BrowseStep<MessageSummary> | null>;
  async #browseStep(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: boolean): Promise<BrowseStep<Message | MessageSummary> | null> {
    this.#checkOpen();
    const queue = this.#checkGetEnabled(this.#localQueue(queueName));
    for (;;) {
      const now = this.#clock.now();
      const expired: Entry[] = [];
      const entry = queue.browseNext(position, filter, now, expired);
      if (expired.length > 0) this.#discardExpired(queue, expired);
      if (!entry) return null;
      const next = { priority: entry.record.priority, seq: entry.record.seq };
      if (!withBody) return { message: toSummary(entry.record, now), position: next };
      const body = entry.body ?? (await this.#store.readBody(entry.record.seq));
      // The message may have been taken while its body was read; browse on to the next one.
      if (body === undefined || entry.state === EntryState.Gone) {
        position = next;
        continue;
      }
      return { message: toMessage(entry.record, body, now), position: next };
    }
  }
}

interface PendingGet {
  readonly filter: MessageFilter | undefined;
  deliver(entry: Entry): void;
  fail(error: unknown): void;
}

function queueRecord(queue: { name: string; attributes: LocalQueueAttributes }): ObjectRecord {
  return { kind: "queue", name: queue.name, type: "local", attributes: { ...queue.attributes } };
}

function toSummary(record: MessageRecord, now: number): MessageSummary {
  const summary: MessageSummary = {
    messageId: record.messageId,
    correlationId: record.correlationId,
    priority: record.priority,
    persistent: record.persistent,
    expiry: record.expiresAt === null ? null : Math.max(0, record.expiresAt - now),
    putTime: record.putTime,
    replyToQueue: record.replyToQueue,
    replyToQueueManager: record.replyToQueueManager,
    messageType: record.messageType,
    type: record.type,
    format: formatName(record.bodyFormat),
    backoutCount: record.backoutCount,
    properties: record.properties.length === 0 ? [] : loadProperties(record.properties),
    bodyFormat: record.bodyFormat,
  };
  if (record.contentType !== undefined) summary.contentType = record.contentType;
  return summary;
}

function toMessage(record: MessageRecord, body: StoredBody, now: number): Message {
  const message = toSummary(record, now) as Message;
  message.body = decodeBody(body, record.bodyFormat);
  return message;
}

function normalizeFilter(options: MessageFilter): MessageFilter | undefined {
  if (options.messageId === undefined && options.correlationId === undefined) return undefined;
  const filter: MessageFilter = {};
  if (options.messageId !== undefined) filter.messageId = normalizeId(options.messageId, "message");
  if (options.correlationId !== undefined) filter.correlationId = normalizeId(options.correlationId, "correlation");
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
