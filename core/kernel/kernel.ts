/**
 * The kernel: the local queues and the only code that changes what is on them. A put or get
 * either commits at once (a unit of one, the fast path) or joins a unit of work with what to
 * do when it commits or backs out; committed changes are told as events, in commit order;
 * messages that become available go to the queue's consumers (core/dispatch).
 */
import type { LocalQueueAttributes } from "../objects/attributes.js";
import type { Clock } from "../base/clock.js";
import { MQError } from "../base/errors.js";
import { GroupCommit } from "../store/group-commit.js";
import type { Message, MessageRecord, StoredBody } from "../message/message.js";
import type { DamagedRecord } from "../store/record-check.js";
import type { Store, StoreOp } from "../store/store.js";
import { QueueEvents, type MessageEventType } from "./queue-events.js";
import type { UnitOfWork } from "./unit-of-work.js";
import type { QueueConsumer } from "./queue-consumers.js";
import { EntryState, type Entry } from "./lane.js";
import { LocalQueue, type MessageFilter } from "./local-queue.js";
import { Pager, selectorChunk } from "./pager.js";
import { MessageTimers } from "./message-timers.js";
import { describe, messageOf, putBackUnlessDamaged } from "./damaged-messages.js";
import { toMessage } from "../message/message-view.js";
import { readStoredBody } from "./stored-body.js";
import type { MessageMemory } from "./message-memory.js";
import type { SeqIds } from "./seq-ids.js";

/** Put-time indexes of selectors (selector-index.ts), loaded with the selector compiler (manager/options.ts): until then, selective gets read the queue. */
export const loadSelectorIndexes = () => selectorChunk.get();

export interface KernelOptions {
  store: Store;
  clock: Clock;
  seqs: SeqIds;
  memory: MessageMemory;
  /** Entries a lane keeps in memory before persistent puts go to the store only. */
  laneMemory: number;
  /** Where stored records that cannot be used are reported. */
  damaged: DamagedRecord[];
}

export class Kernel {
  readonly queues = new Map<string, LocalQueue>();
  /** Committed puts and gets, backouts, input opened and closed: told after each commit, in commit order. */
  readonly events = new QueueEvents();
  readonly store: Store;
  readonly clock: Clock;
  readonly seqs: SeqIds;
  readonly memory: MessageMemory;
  readonly pager: Pager;
  readonly damaged: DamagedRecord[];
  /** Set as the queue manager closes: delivery timers are no longer started. */
  closed = false;
  readonly #commits: GroupCommit;
  readonly #laneMemory: number;
  /** Delivery delays and expiry sweeps (message-timers.ts). */
  readonly timers: MessageTimers;
  /**
   * Where expired messages of a queue with USEDLQ(YES) go (core/features/expiry/expiry.ts): handed over
   * locked, so that no one takes them meanwhile. Without it, or USEDLQ(NO), they are discarded.
   */
  expiredToDeadLetter: ((queue: LocalQueue, expired: Entry[]) => void) | undefined;
  /** Consumers whose next message is being looked for in the store (one look at a time each). */
  readonly #readingStore = new WeakSet<QueueConsumer>();

  constructor(options: KernelOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.seqs = options.seqs;
    this.memory = options.memory;
    this.damaged = options.damaged;
    this.#laneMemory = options.laneMemory;
    this.#commits = new GroupCommit(options.store);
    this.timers = new MessageTimers({
      clock: options.clock,
      closed: () => this.closed,
      queue: (name) => this.queues.get(name),
      queues: () => this.queues.values(),
      serve: (queue) => this.serve(queue),
      discardExpired: (queue, expired) => this.discardExpired(queue, expired),
      refill: (queue, priority) => this.pager.refill(queue, priority),
    });
    this.pager = new Pager(options.store, Math.max(1, Math.ceil(options.laneMemory / 2)), options.damaged, (queue) => this.queues.get(queue.name) === queue);
  }

  newQueue(name: string, attributes: LocalQueueAttributes): LocalQueue {
    return new LocalQueue(name, attributes, (id) => this.seqs.seqOf(id), this.#laneMemory, this.timers.hooks);
  }

  commit(ops: StoreOp[]): Promise<void> {
    return this.#commits.commit(ops).catch((error: unknown) => {
      throw this.#commitError(error);
    });
  }

  /** A store's commit failure as the MQError callers see (2102, MQRC_RESOURCE_PROBLEM). */
  #commitError(error: unknown): MQError {
    if (error instanceof MQError) return error;
    return new MQError("MQRC_RESOURCE_PROBLEM", `the ${this.store.kind} store could not commit: ${describe(error)}`, { cause: error });
  }

  /** Resolves once every commit handed in so far has settled. */
  idle(): Promise<void> {
    return this.#commits.idle();
  }

  // --- Puts ---

  /**
   * A put outside any unit of work: a persistent message is in the store before the returned
   * promise resolves. A non-persistent one is done when this returns (undefined): no promise,
   * so the fastest put costs no extra turn.
   */
  put<T>(queue: LocalQueue, entry: Entry, answer: T): Promise<T> | undefined {
    const record = entry.record;
    if (record.persistent) return this.#putPersistent(queue, entry, answer);
    if (record.deliverAt === undefined) entry.state = EntryState.Available;
    queue.insert(entry);
    this.memory.used += record.bodySize;
    if (record.deliverAt !== undefined) queue.commitPut(entry); // waits for its delivery time
    this.#putCommitted(queue, record);
    return undefined;
  }

  /**
   * Resolves with `answer` (the caller's result), so that the caller can hand this promise
   * on rather than await it in a frame of its own: each promise and turn saved is measurable
   * on the edge's put+get pair. The store's commit is awaited directly, its failure wrapped here.
   */
  async #putPersistent<T>(queue: LocalQueue, entry: Entry, answer: T): Promise<T> {
    const { record } = entry;
    const stored = entry.body!;
    const { priority } = record;
    if (queue.shouldPage(priority)) {
      // The lane is deeper than memory: the message goes to the store only, and is paged in
      // when delivery reaches it.
      queue.reservePaged(priority, record.bodySize);
      try {
        await this.commit([{ op: "putMessage", record, body: stored }]);
      } catch (error) {
        queue.settlePaged(priority, false, record);
        throw error;
      }
      queue.settlePaged(priority, true, record);
      this.#putCommitted(queue, record);
      return answer;
    }
    queue.insert(entry);
    try {
      await this.#commits.commit([{ op: "putMessage", record, body: stored }]);
    } catch (error) {
      queue.remove(entry);
      throw this.#commitError(error);
    }
    queue.commitPut(entry);
    this.memory.cacheOrPageOut(entry);
    this.#putCommitted(queue, record);
    return answer;
  }

  /** A put in a unit of work: in the queue's depth now, visible when the unit commits, gone if it backs out. */
  stagePut(queue: LocalQueue, entry: Entry, unit: UnitOfWork): void {
    const { record } = entry;
    const stored = entry.body!;
    const { priority, persistent } = record;
    if (persistent && queue.shouldPage(priority)) {
      // The lane is deeper than memory: the message goes to the store only, on commit.
      queue.reservePaged(priority, record.bodySize);
      // Once prepared, the message is in the store: it is held there as a message taken
      // straight from the store, so that no page reads it in before the commit.
      let held: Entry | undefined;
      unit.add({
        kind: "put",
        record,
        body: stored,
        prepared: () => {
          queue.settlePaged(priority, true, undefined, record.bodySize);
          held = this.detach(queue, record);
        },
        committed: () => {
          if (held) queue.release(held);
          else queue.settlePaged(priority, true, record);
          this.#putCommitted(queue, record);
        },
        rolledBack: () => {
          if (held) this.forget(queue, held);
          else queue.settlePaged(priority, false, record);
          this.#tell("backout", queue, record);
        },
      });
    } else {
      queue.insert(entry);
      if (!persistent) this.memory.used += record.bodySize;
      unit.add({
        kind: "put",
        record,
        body: stored,
        committed: () => {
          queue.commitPut(entry);
          if (persistent) this.memory.cacheOrPageOut(entry);
          this.#putCommitted(queue, record);
        },
        rolledBack: () => {
          this.forget(queue, entry);
          this.#tell("backout", queue, record);
        },
      });
    }
    // Held by the unit: "put" follows its commit, "backout" its backout.
    this.#tell("held", queue, record);
  }

  #putCommitted(queue: LocalQueue, record: MessageRecord): void {
    if (queue.consumers.size > 0) this.serve(queue);
    this.#tell("put", queue, record);
  }

  /**
   * Tells the queue event bus what happened to one message (queue-events.ts), when anyone
   * listens: one shape for every kind, so that each site costs a call (the core's entry is
   * at its size goal).
   */
  #tell(type: MessageEventType, queue: LocalQueue, record: MessageRecord): void {
    if (this.events.hasListeners)
      this.events.emit({
        type,
        queue: queue.name,
        messageId: record.messageId,
        persistent: record.persistent,
        priority: record.priority,
        backoutCount: record.backoutCount,
        depth: queue.depth,
      });
  }

  // --- Taking messages ---

  /**
   * Takes the next message from memory: the common case, with no await. Undefined when the
   * queue has none there, or when paged parts must be consulted (see needsStore).
   */
  takeInMemory(queue: LocalQueue, filter: MessageFilter | undefined, now: number): Entry | undefined {
    const indexed = filter && selectorChunk.loaded?.indexFor(queue, filter);
    if (indexed) return indexed.take(this, now, true) as Entry | undefined;
    if (filter && queue.pagedCount > 0) return undefined; // a paged message may come first
    const expired: Entry[] = [];
    const found = queue.take(filter, now, expired);
    this.discardExpired(queue, expired); // none is the common case: it costs an empty array, the test its bytes in the entry
    return found && !("refill" in found) ? found : undefined;
  }

  /** Whether a get that found nothing in memory should look at the paged parts of the queue. */
  needsStore(queue: LocalQueue, filter: MessageFilter | undefined): boolean {
    return filter ? queue.pagedCount > 0 : queue.lanes.some((lane) => lane.paged > 0);
  }

  /** Takes the next message when paged parts are involved: pages lanes in, or takes one straight from the store. */
  async takeWithStore(queue: LocalQueue, filter: MessageFilter | undefined, now: number): Promise<Entry | undefined> {
    for (;;) {
      const indexed = filter && selectorChunk.loaded?.indexFor(queue, filter);
      if (indexed) {
        const entry = await indexed.take(this, now, false);
        if (entry || !indexed.dropped) return entry;
        continue;
      }
      const stored = filter ? await this.pager.findFiltered(queue, filter, now, (id) => this.seqs.seqOf(id)) : undefined;
      const expired: Entry[] = [];
      const found = queue.take(filter, now, expired);
      this.discardExpired(queue, expired); // the slow path (paged parts read): no test for none
      if (found && "refill" in found) {
        await this.pager.refill(queue, found.refill);
        continue;
      }
      const lane = stored ? queue.lanes[stored.priority]! : undefined;
      // The stored candidate may have been paged in or taken while the store was read.
      const storedStill = stored && stored.seq > lane!.loadedUpTo && !lane!.removed.has(stored.seq) ? stored : undefined;
      if (storedStill && (!found || queue.before(storedStill, found.record))) {
        if (found) queue.release(found);
        return this.detach(queue, storedStill);
      }
      return found;
    }
  }

  /** The next message for a get, in memory or paged; undefined when there is none now. */
  take(queue: LocalQueue, filter: MessageFilter | undefined, now: number): Entry | undefined | Promise<Entry | undefined> {
    return this.takeInMemory(queue, filter, now) ?? (this.needsStore(queue, filter) ? this.takeWithStore(queue, filter, now) : undefined);
  }

  /** A message taken (or held) straight from the store: locked, and kept out of every page read. */
  detach(queue: LocalQueue, record: MessageRecord): Entry {
    const held: Entry = { record, body: undefined, state: EntryState.Available, detached: true };
    queue.lanes[record.priority]!.removed.add(record.seq);
    queue.lock(held);
    return held;
  }

  /** A message found prepared in the store at open: held, invisible, until its transaction resolves. */
  holdPrepared(queue: LocalQueue, record: MessageRecord): Entry {
    return this.detach(queue, record);
  }

  /** A taken message goes back to its place and to the queue's consumers. */
  putBack(queue: LocalQueue, entry: Entry): void {
    queue.release(entry);
    if (queue.consumers.size > 0) this.serve(queue);
  }

  /** A get outside any unit of work: the message is gone from the store before this resolves. */
  async completeGet(queue: LocalQueue, entry: Entry, now = this.clock.now()): Promise<Message> {
    const record = entry.record;
    queue.lastGetTime = now;
    if (!record.persistent) {
      // Its body was checked by its put and never left memory: nothing in it can be damaged.
      // (Made into a message after the removal, as before: the other order costs a third of
      // the non-persistent put+get rate, measured in one process against the earlier code.)
      const body = entry.body!;
      this.forget(queue, entry);
      this.#tell("get", queue, record);
      return toMessage(record, body, now);
    }
    let body: StoredBody;
    try {
      body = entry.body ?? (await readStoredBody(this.store, record));
    } catch (error) {
      putBackUnlessDamaged(this, queue, entry, error);
      throw error;
    }
    // Read before the delete: a body that cannot be read must not be deleted with the get.
    const message = messageOf(this, queue, entry, body, now);
    try {
      // The store's commit awaited directly (see #putPersistent), its failure wrapped here.
      await this.#commits.commit([{ op: "deleteMessage", seq: record.seq, queue: record.queue, priority: record.priority }]);
    } catch (error) {
      this.putBack(queue, entry);
      throw this.#commitError(error);
    }
    this.forget(queue, entry);
    this.#tell("get", queue, record);
    return message;
  }

  /** A got message joins the unit of work: removed when it commits, back in its place when it backs out. */
  async getUnderSyncpoint(queue: LocalQueue, entry: Entry, unit: UnitOfWork, now = this.clock.now()): Promise<Message> {
    const record = entry.record;
    queue.lastGetTime = now;
    try {
      // The unit may have ended while the get waited.
      unit.checkActive();
      const message = messageOf(this, queue, entry, entry.body ?? (await readStoredBody(this.store, record)), now);
      unit.add({
        kind: "get",
        record,
        committed: () => {
          this.forget(queue, entry);
          this.#tell("get", queue, record);
        },
        rolledBack: () => {
          this.putBack(queue, entry);
          this.#tell("backout", queue, record);
        },
      });
      // Delivered, not yet committed (or acknowledged): "get" follows the commit, "backout" a backout.
      this.#tell("taken", queue, record);
      return message;
    } catch (error) {
      if (entry.state !== EntryState.Gone) putBackUnlessDamaged(this, queue, entry, error); // gone: already set aside
      throw error;
    }
  }

  // --- Dispatch ---

  /**
   * Hands available messages to the queue's consumers with credit, in turn (core/dispatch);
   * paged parts are looked at without blocking the caller.
   */
  serve(queue: LocalQueue): void {
    if (!queue.attributes.getEnabled) return;
    const now = this.clock.now();
    for (let handed = true; handed;) {
      handed = false;
      for (const consumer of queue.consumers.ready()) {
        if (consumer.credit <= 0 || !queue.consumers.has(consumer)) continue;
        const entry = this.takeInMemory(queue, consumer.filter, now);
        if (entry) {
          queue.consumers.handOver(consumer, entry);
          handed = true;
        } else if (this.needsStore(queue, consumer.filter) && !this.#readingStore.has(consumer)) void this.#serveFromStore(queue, consumer, now);
      }
    }
  }

  async #serveFromStore(queue: LocalQueue, consumer: QueueConsumer, now: number): Promise<void> {
    this.#readingStore.add(consumer);
    try {
      const entry = await this.takeWithStore(queue, consumer.filter, now);
      if (!entry) return;
      // The consumer may have gone, or been served from memory, while the store was read.
      if (consumer.credit <= 0 || !queue.consumers.has(consumer)) this.putBack(queue, entry);
      else queue.consumers.handOver(consumer, entry);
    } catch {
      // A page that cannot be read now is read again by the next get or put.
    } finally {
      this.#readingStore.delete(consumer);
    }
  }

  // --- Removal ---

  forget(queue: LocalQueue, entry: Entry): void {
    if (entry.state === EntryState.Gone) return;
    this.memory.release(entry);
    queue.remove(entry);
    queue.roomWaiters.shift()?.(); // the first put waiting for room, if any
  }

  discardExpired(queue: LocalQueue, expired: Entry[]): void {
    if (this.expiredToDeadLetter && queue.attributes.useDeadLetterQueue === true) {
      // One whose move failed waits for the retry sweep: tried again at once, a get or a
      // consumer that meets it would start the move again and again.
      const now = this.clock.now();
      const due = expired.filter((entry) => this.timers.moveDue(entry, now));
      if (due.length === 0) return;
      for (const entry of due) queue.lock(entry);
      this.expiredToDeadLetter(queue, due);
      return;
    }
    const ops: StoreOp[] = [];
    for (const entry of expired) {
      if (entry.record.persistent) ops.push({ op: "deleteMessage", seq: entry.record.seq, queue: entry.record.queue, priority: entry.record.priority });
      this.forget(queue, entry);
      this.#tell("expired", queue, entry.record);
    }
    // Expired messages are never delivered; if this delete fails they are found and
    // discarded again after the next restart.
    if (ops.length > 0) void this.commit(ops).catch(() => undefined);
  }
}

export { describe } from "./damaged-messages.js";
