/**
 * Put-time indexes of the selectors a queue's gets and consumers use (loaded with the selector
 * compiler, the first time a selector is used): each message that arrives on the queue is
 * tested against the queue's live selectors as it arrives, and the seqs of those a selector
 * selects are kept in order, lane by lane. A get with that selector then takes the first
 * of its seqs still available instead of reading the queue from its head (or its watermark),
 * so a selective get costs what the matches cost, not what the depth does: a get of 1 message
 * in 1,000 on a queue 100,000 deep, whose paged part is in the store, reads one record.
 *
 * An index is made only when the queue has nothing paged (its messages are all in memory and
 * are tested at once); from then on every way a message reaches the queue (a put, a put
 * committed to the store only, a backout, a message released) is tested. An index holds seqs
 * only, checked again as they are taken; one that grows past its cap, or meets a paged message
 * whose delivery delay has not passed, is dropped, and the gets read the queue as before.
 */
// Only type imports of the kernel's files, and none of denque: a value import of a module the
// entry holds would split it into a chunk of its own, which costs the entry bytes.
import type { MessageRecord } from "../message/message.js";
import type { Selector } from "../selector/index.js";
import { messageFields } from "../selector/message-fields.js";
import { messageRecordProblem } from "../store/record-check.js";
import type { Store } from "../store/store.js";
import type { Entry, EntryState } from "./lane.js";
import type { LocalQueue, QueueSelectorIndexes } from "./local-queue.js";
import type { MessageFilter } from "./message-filter.js";

export { findSelected } from "./selector-scan.js";

const AVAILABLE = 1 satisfies typeof EntryState.Available;
const GONE = 3 satisfies typeof EntryState.Gone;

/** Seqs one selector's index keeps: a selector that selects more finds its next message quickly anyway. */
const INDEXED_SEQS = 20_000;
/** Selectors indexed per queue (each put is tested against each), the most recently used kept. */
const SELECTORS_PER_QUEUE = 4;

/** What an indexed take needs of the kernel. */
export interface IndexHost {
  readonly store: Store;
  discardExpired(queue: LocalQueue, expired: Entry[]): void;
  /** Takes a message straight from the store (locked, kept out of every page read). */
  detach(queue: LocalQueue, record: MessageRecord): Entry;
}

/** The complete index of a selector-only filter on `queue`, made now when it can be; undefined when the queue must be read as before. */
export function indexFor(queue: LocalQueue, filter: MessageFilter): SelectorIndex | undefined {
  const selector = filter.selector;
  if (selector === undefined || filter.messageId !== undefined || filter.correlationId !== undefined) return undefined;
  const indexes = (queue.selectorIndexes ??= new QueueIndexes(queue));
  return (indexes as QueueIndexes).indexOf(selector);
}

class QueueIndexes implements QueueSelectorIndexes {
  /** By selector, the most recently used last. */
  readonly #indexes = new Map<Selector, SelectorIndex>();

  constructor(private readonly queue: LocalQueue) {}

  indexOf(selector: Selector): SelectorIndex | undefined {
    let index = this.#indexes.get(selector);
    if (index !== undefined) {
      this.#indexes.delete(selector);
      this.#indexes.set(selector, index);
      return index;
    }
    // Paged messages would have to be read from the store to be tested: the queue is read as before.
    if (this.queue.pagedCount > 0) return undefined;
    index = new SelectorIndex(this.queue, selector, () => this.#indexes.delete(selector));
    for (const entry of this.queue.entries()) index.add(entry.record);
    if (index.dropped) return undefined;
    this.#indexes.set(selector, index);
    if (this.#indexes.size > SELECTORS_PER_QUEUE) this.#indexes.delete(this.#indexes.keys().next().value!);
    return index;
  }

  arrived(record: MessageRecord): void {
    for (const index of this.#indexes.values()) index.add(record);
  }
}

/** A paged message the index leads to: read from the store before it is taken. */
interface PagedCandidate {
  seq: number;
  priority: number;
}

export class SelectorIndex {
  /** Per priority, the seqs of the messages the selector selected, ascending. */
  readonly #lanes: SortedSeqs[] = Array.from({ length: 10 }, () => new SortedSeqs());
  #size = 0;
  dropped = false;

  constructor(
    private readonly queue: LocalQueue,
    private readonly selector: Selector,
    private readonly drop: () => void,
  ) {}

  /** A message reached the queue (or came back to it): kept when the selector selects it. */
  add(record: MessageRecord): void {
    if (this.dropped || !this.#selects(record)) return;
    if (this.#lanes[record.priority]!.add(record.seq) && ++this.#size > INDEXED_SEQS) this.#abandon();
  }

  /**
   * Takes the first message in delivery order the selector selects: from memory, or (unless
   * `memoryOnly`, when undefined says "look in the store") straight from the store.
   */
  take(host: IndexHost, now: number, memoryOnly: boolean): Entry | undefined | Promise<Entry | undefined> {
    const expired: Entry[] = [];
    const found = this.#first(now, expired);
    if (expired.length > 0) host.discardExpired(this.queue, expired);
    if (found === undefined || "record" in found) {
      if (found) this.queue.lock(found);
      return found;
    }
    return memoryOnly ? undefined : this.#takePaged(host, found, now);
  }

  // --- Internal helpers ---

  async #takePaged(host: IndexHost, candidate: PagedCandidate, now: number): Promise<Entry | undefined> {
    const [record] = await host.store.loadMessages({ queue: this.queue.name, seq: candidate.seq });
    const lane = this.queue.lanes[candidate.priority]!;
    if (this.dropped) return undefined;
    // Paged in, or taken, while the store was read: the next take finds where it is now.
    if (record !== undefined && (candidate.seq <= lane.loadedUpTo || lane.removed.has(candidate.seq))) return this.take(host, now, false);
    if (record === undefined || messageRecordProblem(record) || record.priority !== candidate.priority || isExpired(record, now) || !this.#selects(record)) {
      this.#forget(candidate);
      return this.take(host, now, false);
    }
    // A delay that ends raises no event for a paged message: the queue is read as before.
    if (record.deliverAt !== undefined && record.deliverAt > now) {
      this.#abandon();
      return undefined;
    }
    return host.detach(this.queue, record);
  }

  /** The first candidate in delivery order: an available entry in memory, or a paged seq. */
  #first(now: number, expired: Entry[]): Entry | PagedCandidate | undefined {
    const fifo = this.queue.attributes.deliverySequence === "fifo";
    let best: Entry | PagedCandidate | undefined;
    for (let priority = 9; priority >= 0; priority--) {
      const found = this.#firstInLane(priority, now, expired);
      if (found === undefined) continue;
      if (!fifo) return found;
      if (best === undefined || seqOf(found) < seqOf(best)) best = found;
    }
    return best;
  }

  #firstInLane(priority: number, now: number, expired: Entry[]): Entry | PagedCandidate | undefined {
    const seqs = this.#lanes[priority]!;
    const lane = this.queue.lanes[priority]!;
    for (let i = 0; i < seqs.length; i++) {
      const seq = seqs.at(i);
      const entry = inMemory(lane.loaded, seq) ?? inMemory(lane.tail, seq);
      if (entry === undefined) {
        // Held straight from the store (a get not yet committed): it comes back through release.
        if (lane.removed.has(seq)) continue;
        if (seq > lane.loadedUpTo) return { seq, priority };
      } else if (entry.state === AVAILABLE) {
        if (!isExpired(entry.record, now)) return entry;
        expired.push(entry);
      } else if (entry.state !== GONE) continue; // pending, delayed or taken: may come back
      // Gone for good: forgotten (cheaply when at the head, as gets make it).
      seqs.removeAt(i--);
      this.#size--;
    }
    return undefined;
  }

  #forget(candidate: PagedCandidate): void {
    if (this.#lanes[candidate.priority]!.remove(candidate.seq)) this.#size--;
  }

  #selects(record: MessageRecord): boolean {
    return this.selector.matches(messageFields(record));
  }

  #abandon(): void {
    this.dropped = true;
    this.drop();
  }
}

function seqOf(candidate: Entry | PagedCandidate): number {
  return "record" in candidate ? candidate.record.seq : candidate.seq;
}

function isExpired(record: MessageRecord, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

/** The entry of `seq` in one part of a lane (a denque, in seq order), if it is there. */
function inMemory(list: LocalQueue["lanes"][number]["loaded"], seq: number): Entry | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list.peekAt(mid)!.record.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  const entry = list.peekAt(lo);
  return entry !== undefined && entry.record.seq === seq ? entry : undefined;
}

/**
 * Seqs in ascending order, taken mostly from the front: an array read from `#head`, compacted
 * when the part before it is the larger (never Array.prototype.shift, which is O(n)).
 */
class SortedSeqs {
  #seqs: number[] = [];
  #head = 0;

  get length(): number {
    return this.#seqs.length - this.#head;
  }

  at(i: number): number {
    return this.#seqs[this.#head + i]!;
  }

  /** Adds `seq` in its place (usually the end); false if it was there already. */
  add(seq: number): boolean {
    const seqs = this.#seqs;
    if (seqs.length === this.#head || seqs[seqs.length - 1]! < seq) {
      seqs.push(seq);
      return true;
    }
    // Out of order (a long unit of work committed, a message backed out): in its place, once.
    const at = this.#lowerBound(seq);
    if (seqs[at] === seq) return false;
    seqs.splice(at, 0, seq);
    return true;
  }

  removeAt(i: number): void {
    if (i === 0) {
      this.#head++;
      if (this.#head > 1024 && this.#head * 2 > this.#seqs.length) {
        this.#seqs = this.#seqs.slice(this.#head);
        this.#head = 0;
      }
    } else this.#seqs.splice(this.#head + i, 1);
  }

  remove(seq: number): boolean {
    const at = this.#lowerBound(seq);
    if (this.#seqs[at] !== seq) return false;
    this.removeAt(at - this.#head);
    return true;
  }

  #lowerBound(seq: number): number {
    let lo = this.#head;
    let hi = this.#seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#seqs[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
