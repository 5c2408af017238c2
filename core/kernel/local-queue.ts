/**
 * A local queue's messages: ten priority lanes (FIFO within each), an index by correlation
 * id, and binary search by seq, so that put, get, get-by-id and browse-next cost O(1) or
 * O(log n) whatever the depth. A message's state is data on its entry, not a place in an
 * array: an uncommitted put or a message being taken stays where it is, and a removed one is
 * dropped lazily when it reaches the head of its lane.
 *
 * A lane deeper than memory is paged: its `loaded` part holds the messages delivery reaches
 * next; persistent messages after `loadedUpTo` are in the store only (`paged` counts them)
 * and are loaded a page at a time as the loaded part empties; non-persistent messages put
 * meanwhile wait in `tail`, in seq order, merged in as the pages pass them.
 */
import type { LocalQueueAttributes } from "../objects/attributes.js";
import type { QueueView } from "./queue-view.js";
import type { MessageRecord, PutMessage, Transmission } from "../message/message.js";
import { EntryState, Lane, dropGoneHeads, firstAvailable, firstAvailableAfter, firstIndexAfter, isExpired, type Entry } from "./lane.js";

export { EntryState, Lane, isExpired, type Entry } from "./lane.js";
import type { MessageFilter } from "./message-filter.js";
import { QueueConsumers } from "./queue-consumers.js";
import { CorrelationIndex } from "./correlation-index.js";
import { memoryCandidates, type BrowsePosition } from "./memory-candidates.js";

export { selects, type MessageFilter } from "./message-filter.js";

export type { BrowsePosition } from "./memory-candidates.js";

/** The lane a get must page in before it can go on. */
export interface RefillNeeded {
  refill: number;
}

export interface DelayHooks {
  now(): number;
  delayed(entry: Entry): void;
  /** A message in memory expires at this time: the kernel sweeps expired messages then. */
  expiring(expiresAt: number): void;
}

/** The put-time indexes of a queue's selectors (selector-index.ts, loaded with the selector compiler): told of every message that reaches the queue. */
export interface QueueSelectorIndexes {
  arrived(record: MessageRecord): void;
}

const NO_DELAYS: DelayHooks = { now: () => 0, delayed: () => undefined, expiring: () => undefined };

/** Where a put that is not to a local queue by its own name goes. */
export interface ResolvedPut {
  queue: LocalQueue;
  /** DEFPRTY and DEFPSIST come from the first definition on the way (an alias, a remote queue). */
  defaults: Pick<LocalQueueAttributes, "defaultPriority" | "defaultPersistence">;
  /** Where a remote queue binds the message. */
  transmission?: Transmission;
}
export class LocalQueue implements QueueView {
  readonly lanes: readonly Lane[] = Array.from({ length: 10 }, () => new Lane());
  /** Entries by correlation id (memoryCandidates reads it). */
  readonly byCorrelation = new CorrelationIndex();
  /** CURDEPTH: every message not removed, committed or not, in memory or paged. */
  depth = 0;
  /** The bytes of the bodies of those messages (bodySize), for MAXBYTES. */
  bytes = 0;
  /** Messages put or taken but not yet committed (UNCOM). */
  uncommitted = 0;
  openInputCount = 0;
  openOutputCount = 0;
  lastPutTime = 0;
  lastGetTime = 0;
  /** Who takes the queue's messages as they become available: waiting gets, JMS consumers, listeners. */
  readonly consumers = new QueueConsumers();
  /** Puts waiting for room (LIMITBHV(FLOWCTL)): each told, oldest first, as a message leaves the queue. */
  readonly roomWaiters: (() => void)[] = [];
  /** Set on a dynamic queue made from a model queue; a temporary one is never stored. */
  dynamic: "temporary" | "permanent" | undefined;
  /**
   * Set by the cluster feature on a clustered queue (CLWLUSEQ, core/features/clusters/router.ts):
   * where a put naming no queue manager goes instead, undefined to stay here. Declared only (no
   * field emitted): a queue manager in no cluster pays nothing for it.
   */
  declare spread?: (message: PutMessage | undefined) => LocalQueue | ResolvedPut | undefined;
  /** Set by the first selective get once selector-index.ts is loaded. */
  selectorIndexes: QueueSelectorIndexes | undefined;

  #attributes: LocalQueueAttributes;
  /**
   * MAXBYTES as a plain number (-1: none), and whether LIMITBHV is other than REJECT: read on
   * every put, so kept here rather than looked up in the attributes each time.
   */
  maxBytes = -1;
  limitBehaviorActs = false;

  constructor(
    readonly name: string,
    attributes: LocalQueueAttributes,
    /** Where a message id leads in the seq index: ids encode their seq (see message.ts). */
    readonly seqOfMessageId: (messageId: string) => number | undefined,
    /** How many entries a lane keeps in memory before persistent puts go to the store only. */
    private readonly laneMemory: number,
    /** The time, and who to tell of an entry that waits for its delivery time (it calls makeAvailable then). */
    private readonly delays: DelayHooks = NO_DELAYS,
  ) {
    this.#attributes = attributes;
    this.attributes = attributes;
  }

  get attributes(): LocalQueueAttributes {
    return this.#attributes;
  }

  set attributes(attributes: LocalQueueAttributes) {
    this.#attributes = attributes;
    const maxBytes = attributes.maxBytes;
    this.maxBytes = typeof maxBytes === "number" && maxBytes >= 0 ? maxBytes : -1;
    const behavior = attributes.limitBehavior;
    this.limitBehaviorActs = behavior !== undefined && behavior !== "rejectNewest";
  }

  /** Messages of the queue that are in the store only. */
  get pagedCount(): number {
    let n = 0;
    for (const lane of this.lanes) n += lane.paged;
    return n;
  }

  /** Whether a persistent put at this priority should go to the store only (the lane is, or becomes, paged). */
  shouldPage(priority: number): boolean {
    const lane = this.lanes[priority]!;
    return lane.isPaged || lane.loaded.length + lane.tail.length >= this.laneMemory;
  }

  insert(entry: Entry): void {
    const { record } = entry;
    this.selectorIndexes?.arrived(record);
    const lane = this.lanes[record.priority]!;
    if (lane.isPaged) lane.tail.push(entry);
    else {
      lane.loaded.push(entry);
      lane.loadedUpTo = Math.max(lane.loadedUpTo, record.seq);
    }
    if (entry.state === EntryState.Available) {
      lane.available++;
      lane.revive(record.seq);
    }
    this.byCorrelation.add(entry);
    if (record.expiresAt !== null) this.delays.expiring(record.expiresAt);
    this.depth++;
    this.bytes += record.bodySize;
    if (entry.state === EntryState.Pending) this.uncommitted++;
  }

  /** An uncommitted put becomes visible (or, with a delivery delay, waits for its time). */
  commitPut(entry: Entry): void {
    if (entry.state !== EntryState.Pending) return;
    this.uncommitted--;
    if (this.#delay(entry)) return;
    entry.state = EntryState.Available;
    this.#madeAvailable(entry);
  }

  /** A delayed message's delivery time has come. */
  makeAvailable(entry: Entry): void {
    if (entry.state !== EntryState.Delayed) return;
    entry.state = EntryState.Available;
    this.#madeAvailable(entry);
  }

  #madeAvailable(entry: Entry): void {
    const lane = this.lanes[entry.record.priority]!;
    lane.available++;
    lane.revive(entry.record.seq);
  }

  /** Marks an entry Delayed when its delivery time is still to come; true if it did. */
  #delay(entry: Entry): boolean {
    const deliverAt = entry.record.deliverAt;
    if (deliverAt === undefined || deliverAt <= this.delays.now()) return false;
    entry.state = EntryState.Delayed;
    this.delays.delayed(entry);
    return true;
  }

  /** A store-only put begins: counted in depth and UNCOM, and the lane counts as paged from now. */
  reservePaged(priority: number, size: number): void {
    this.lanes[priority]!.pendingPaged++;
    this.depth++;
    this.bytes += size;
    this.uncommitted++;
  }

  /**
   * A store-only put committed (`stored`) or failed. One committed after a page had already
   * passed its seq (its unit of work was long) joins the loaded part here, since no page
   * will read it now.
   */
  settlePaged(priority: number, stored: boolean, record?: MessageRecord, size = record?.bodySize ?? 0): void {
    const lane = this.lanes[priority]!;
    lane.pendingPaged--;
    this.uncommitted--;
    if (stored && record) this.selectorIndexes?.arrived(record);
    if (stored && record && record.seq <= lane.loadedUpTo) this.#insertLoaded(lane, record);
    else if (stored) {
      lane.paged++;
      lane.pagedReturned(record?.seq);
    } else {
      this.depth--;
      this.bytes = Math.max(0, this.bytes - size);
      this.#closeGapIfDone(lane);
    }
  }

  /** A stored message whose seq a page has passed goes into the loaded part, in seq order. */
  #insertLoaded(lane: Lane, record: MessageRecord): void {
    const entry: Entry = { record, body: undefined, state: EntryState.Available };
    lane.loaded.splice(firstIndexAfter(lane.loaded, record.seq), 0, entry);
    if (!this.#delay(entry)) this.#madeAvailable(entry);
    this.byCorrelation.add(entry);
    if (record.expiresAt !== null) this.delays.expiring(record.expiresAt);
  }

  /**
   * A page loaded from the store joins the loaded part: `records` in seq order (damaged ones and
   * ones taken straight from the store already left out), with the tail's entries they pass;
   * `consumed` is how many paged messages the page accounts for, `upTo` the last seq it covered.
   */
  applyPage(priority: number, records: MessageRecord[], consumed: number, upTo: number): void {
    const lane = this.lanes[priority]!;
    for (const record of records) {
      while (lane.tail.length > 0 && lane.tail.peekFront()!.record.seq < record.seq) this.#moveTailHead(lane, 1);
      const entry: Entry = { record, body: undefined, state: EntryState.Available };
      lane.loaded.push(entry);
      if (!this.#delay(entry)) this.#madeAvailable(entry);
      this.byCorrelation.add(entry);
      if (record.expiresAt !== null) this.delays.expiring(record.expiresAt);
    }
    lane.paged = Math.max(0, lane.paged - consumed);
    lane.loadedUpTo = Math.max(lane.loadedUpTo, upTo);
    while (lane.tail.length > 0 && lane.tail.peekFront()!.record.seq <= lane.loadedUpTo) this.#moveTailHead(lane, 1);
    this.#closeGapIfDone(lane);
  }

  /** The message with this seq in memory, found by binary search in each lane. */
  bySeq(seq: number): Entry | undefined {
    for (const lane of this.lanes) {
      for (const list of [lane.loaded, lane.tail]) {
        const index = firstIndexAfter(list, seq - 1);
        const entry = index < list.length ? list.peekAt(index)! : undefined;
        if (entry && entry.record.seq === seq) return entry.state === EntryState.Gone ? undefined : entry;
      }
    }
    return undefined;
  }

  /**
   * Marks the first available message in memory that the filter selects as Locked and
   * returns it; or says which lane must be paged in first. Expired messages met on the way
   * are removed and pushed onto `expired`.
   */
  take(filter: MessageFilter | undefined, now: number, expired: Entry[]): Entry | RefillNeeded | undefined {
    const found = filter ? this.#firstFiltered(filter, now, expired) : this.#firstInOrder(now, expired);
    if (found && !("refill" in found)) this.lock(found);
    return found;
  }

  /** Takes a message found some other way (a detached one from the store). */
  lock(entry: Entry): void {
    // A message taken straight from the store is no longer one that a page will read.
    if (entry.state === EntryState.Available && entry.detached) {
      const lane = this.lanes[entry.record.priority]!;
      lane.paged = Math.max(0, lane.paged - 1);
    }
    if (entry.state === EntryState.Available && !entry.detached) this.lanes[entry.record.priority]!.available--;
    entry.state = EntryState.Locked;
    this.uncommitted++;
  }

  /** A taken message goes back where it was (its get failed or was rolled back). */
  release(entry: Entry): void {
    if (entry.state !== EntryState.Locked) return;
    this.uncommitted--;
    // Backed out: its JMSXDeliveryCount is one more, which a selector may now select.
    this.selectorIndexes?.arrived(entry.record);
    if (entry.detached) {
      // Its get was not committed: it is still in the store. A page that passed it while it
      // was taken left it out, so it goes back into the loaded part itself; otherwise a page
      // will read it again.
      const lane = this.lanes[entry.record.priority]!;
      lane.removed.delete(entry.record.seq);
      if (entry.record.seq <= lane.loadedUpTo) this.#insertLoaded(lane, entry.record);
      else {
        lane.paged++;
        lane.pagedReturned(entry.record.seq);
      }
      entry.state = EntryState.Gone;
      return;
    }
    entry.state = EntryState.Available;
    this.#madeAvailable(entry);
  }

  /** Removes a message for good: a committed get, an expiry, a purge. */
  remove(entry: Entry): void {
    if (entry.state === EntryState.Gone) return;
    const lane = this.lanes[entry.record.priority]!;
    if (entry.state === EntryState.Locked || entry.state === EntryState.Pending) this.uncommitted--;
    if (entry.state === EntryState.Available && !entry.detached) lane.available--;
    entry.state = EntryState.Gone;
    entry.body = undefined;
    this.depth--;
    this.bytes = Math.max(0, this.bytes - entry.record.bodySize);
    if (entry.detached) {
      // Its removal is committed: no page can read it now.
      lane.removed.delete(entry.record.seq);
      this.#closeGapIfDone(lane);
      return;
    }
    dropGoneHeads(lane.loaded);
    dropGoneHeads(lane.tail);
    this.byCorrelation.prune(entry);
  }

  /** Forgets every message, in memory and paged (after the store deleted them all). */
  dropAll(): Entry[] {
    const dropped: Entry[] = [];
    for (const lane of this.lanes) {
      for (const list of [lane.loaded, lane.tail]) {
        for (let i = 0; i < list.length; i++) {
          const entry = list.peekAt(i)!;
          if (entry.state !== EntryState.Gone) dropped.push(entry);
        }
      }
      this.depth -= lane.paged;
      lane.paged = 0;
      lane.generation++;
      lane.returns++;
    }
    for (const entry of dropped) this.remove(entry);
    this.bytes = 0;
    return dropped;
  }

  /** Every message in memory (any state but Gone), lane by lane. */
  /** The messages in memory, in lane order; only those available for delivery when `availableOnly`. */
  *entries(availableOnly = false): IterableIterator<Entry> {
    for (const lane of this.lanes) {
      for (const list of [lane.loaded, lane.tail]) {
        for (let i = 0; i < list.length; i++) {
          const entry = list.peekAt(i)!;
          if (availableOnly ? entry.state === EntryState.Available : entry.state !== EntryState.Gone) yield entry;
        }
      }
    }
  }

  /** The next available message in memory of one lane after `afterSeq` (loaded part, then tail). */
  browseLane(priority: number, afterSeq: number, now: number, expired: Entry[]): { loaded?: Entry; tail?: Entry } {
    const lane = this.lanes[priority]!;
    return { loaded: firstAvailableAfter(lane.loaded, afterSeq, now, expired), tail: firstAvailableAfter(lane.tail, afterSeq, now, expired) };
  }

  /** Whether `a` comes before `b` in this queue's delivery order. */
  before(a: MessageRecord, b: MessageRecord): boolean {
    if (this.attributes.deliverySequence !== "fifo" && a.priority !== b.priority) return a.priority > b.priority;
    return a.seq < b.seq;
  }

  isAfter(record: MessageRecord, after: BrowsePosition): boolean {
    if (this.attributes.deliverySequence === "fifo") return record.seq > after.seq;
    return record.priority < after.priority || (record.priority === after.priority && record.seq > after.seq);
  }

  /** The put time of the oldest message in memory (MSGAGE), or undefined when there is none. */
  inputProcessCount(): number {
    return this.openInputCount + this.consumers.countedCount();
  }

  eligibleDepth(minimum: number, cap: number): number {
    let count = 0;
    for (let p = 9; p >= minimum && count < cap; p--) {
      const lane = this.lanes[p]!;
      count += lane.paged;
      for (const list of [lane.loaded, lane.tail]) {
        for (let i = 0; i < list.length && count < cap; i++) {
          const state = list.peekAt(i)!.state;
          if (state === EntryState.Available || state === EntryState.Locked) count++;
        }
      }
    }
    return count;
  }

  oldestPutTime(): number | undefined {
    let oldest: number | undefined;
    for (const lane of this.lanes) {
      for (const list of [lane.loaded, lane.tail]) {
        dropGoneHeads(list);
        for (let i = 0; i < list.length; i++) {
          const entry = list.peekAt(i)!;
          if (entry.state === EntryState.Gone) continue;
          if (oldest === undefined || entry.record.putTime < oldest) oldest = entry.record.putTime;
          break;
        }
      }
    }
    return oldest;
  }

  // --- Internal helpers ---

  #firstInOrder(now: number, expired: Entry[]): Entry | RefillNeeded | undefined {
    const fifo = this.attributes.deliverySequence === "fifo";
    let best: Entry | undefined;
    for (let p = 9; p >= 0; p--) {
      const lane = this.lanes[p]!;
      if (lane.available === 0 && lane.paged === 0) continue;
      let found = firstAvailable(lane.loaded, now, expired);
      if (!found && lane.paged > 0) return { refill: p };
      found ??= firstAvailable(lane.tail, now, expired);
      if (!found) continue;
      if (!fifo) return found;
      if (!best || found.record.seq < best.record.seq) best = found;
    }
    return best;
  }

  #firstFiltered(filter: MessageFilter, now: number, expired: Entry[]): Entry | undefined {
    const ordered = memoryCandidates(this, filter, { now, expired })
      .filter((e) => e.state === EntryState.Available)
      .sort((a, b) => (this.before(a.record, b.record) ? -1 : 1));
    for (const entry of ordered) {
      if (isExpired(entry.record, now)) {
        expired.push(entry);
        continue;
      }
      return entry;
    }
    return undefined;
  }

  /** Moves the tail's first `count` entries to the loaded part, in order. */
  #moveTailHead(lane: Lane, count: number): void {
    for (let i = 0; i < count; i++) {
      const entry = lane.tail.shift()!;
      if (entry.state !== EntryState.Gone) lane.loaded.push(entry);
      lane.loadedUpTo = Math.max(lane.loadedUpTo, entry.record.seq);
    }
  }

  /** When nothing is paged any more, the tail simply continues the loaded part. */
  #closeGapIfDone(lane: Lane): void {
    if (lane.isPaged) return;
    this.#moveTailHead(lane, lane.tail.length);
  }
}
