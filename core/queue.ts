/**
 * A local queue's messages in memory: ten priority lanes (FIFO within each), an index by
 * seq and one by correlation id, so that put, get, get-by-id and browse-next cost O(1) or
 * O(log n) whatever the depth. A message's state is data on its entry, not a place in an
 * array: an uncommitted put or a message being taken stays where it is, and a removed one
 * is dropped lazily when it reaches the head of its lane.
 */
import Denque from "denque";
import type { LocalQueueAttributes } from "./attributes.js";
import { NO_ID, type MessageRecord, type StoredBody } from "./message.js";

export const EntryState = {
  /** Put, not yet committed: counted in depth, invisible to get and browse. */
  Pending: 0,
  Available: 1,
  /** Taken by a get whose commit has not completed; released back on failure. */
  Locked: 2,
  Gone: 3,
} as const;
export type EntryState = (typeof EntryState)[keyof typeof EntryState];

export interface Entry {
  readonly record: MessageRecord;
  /** The body, or undefined while it is paged out to the store. */
  body: StoredBody | undefined;
  state: EntryState;
}

/** Which message a get or browse wants. */
export interface MessageFilter {
  messageId?: string;
  correlationId?: string;
}

/** A get waiting for a message; the manager serves waiters in arrival order. */
export interface Waiter {
  readonly filter: MessageFilter | undefined;
  /** Called with a message already taken (Locked) for this waiter. */
  deliver(entry: Entry): void;
}

/** Where a browse cursor stands: the last message it returned. */
export interface BrowsePosition {
  priority: number;
  seq: number;
}

export class LocalQueue {
  readonly #lanes: Denque<Entry>[] = Array.from({ length: 10 }, () => new Denque<Entry>());
  /** Available entries per lane, so that a get skips empty lanes without looking in them. */
  readonly #available = new Array<number>(10).fill(0);
  readonly #byCorrelation = new Map<string, Entry[]>();
  /** CURDEPTH: every message not removed, committed or not. */
  depth = 0;
  /** Messages put or taken but not yet committed (UNCOM). */
  uncommitted = 0;
  openInputCount = 0;
  openOutputCount = 0;
  lastPutTime = 0;
  lastGetTime = 0;
  readonly waiters: Waiter[] = [];
  /** Set on a dynamic queue made from a model queue; a temporary one is never stored. */
  dynamic: "temporary" | "permanent" | undefined;

  constructor(
    readonly name: string,
    public attributes: LocalQueueAttributes,
    /** Where a message id leads in the seq index: ids encode their seq (see message.ts). */
    private readonly seqOfMessageId: (messageId: string) => number | undefined,
  ) {}

  insert(entry: Entry): void {
    const { record } = entry;
    this.#lanes[record.priority]!.push(entry);
    if (entry.state === EntryState.Available) this.#available[record.priority]!++;
    if (record.correlationId !== NO_ID) {
      const list = this.#byCorrelation.get(record.correlationId);
      if (list) list.push(entry);
      else this.#byCorrelation.set(record.correlationId, [entry]);
    }
    this.depth++;
    if (entry.state === EntryState.Pending) this.uncommitted++;
  }

  /** An uncommitted put becomes visible. */
  commitPut(entry: Entry): void {
    if (entry.state !== EntryState.Pending) return;
    entry.state = EntryState.Available;
    this.#available[entry.record.priority]!++;
    this.uncommitted--;
  }

  /** The message with this seq, found by binary search in each lane (lanes are in seq order). */
  bySeq(seq: number): Entry | undefined {
    for (const lane of this.#lanes) {
      const index = firstIndexAfter(lane, seq - 1);
      const entry = index < lane.length ? lane.peekAt(index)! : undefined;
      if (entry && entry.record.seq === seq) return entry.state === EntryState.Gone ? undefined : entry;
    }
    return undefined;
  }

  /**
   * Marks the first available message that the filter selects as Locked and returns it.
   * Expired messages met on the way are removed and pushed onto `expired`.
   */
  take(filter: MessageFilter | undefined, now: number, expired: Entry[]): Entry | undefined {
    const entry = this.#find(filter, now, expired);
    if (entry) {
      entry.state = EntryState.Locked;
      this.#available[entry.record.priority]!--;
      this.uncommitted++;
    }
    return entry;
  }

  /** A taken message goes back where it was (its get failed or was rolled back). */
  release(entry: Entry): void {
    if (entry.state !== EntryState.Locked) return;
    entry.state = EntryState.Available;
    this.#available[entry.record.priority]!++;
    this.uncommitted--;
  }

  /** Removes a message for good: a committed get, an expiry, a purge. */
  remove(entry: Entry): void {
    if (entry.state === EntryState.Gone) return;
    if (entry.state === EntryState.Locked || entry.state === EntryState.Pending) this.uncommitted--;
    if (entry.state === EntryState.Available) this.#available[entry.record.priority]!--;
    entry.state = EntryState.Gone;
    entry.body = undefined;
    this.depth--;
    this.#dropGoneHeads(this.#lanes[entry.record.priority]!);
    const corr = entry.record.correlationId;
    if (corr !== NO_ID) {
      const list = this.#byCorrelation.get(corr);
      if (list) {
        const live = list.filter((e) => e.state !== EntryState.Gone);
        if (live.length === 0) this.#byCorrelation.delete(corr);
        else if (live.length !== list.length) this.#byCorrelation.set(corr, live);
      }
    }
  }

  /** The next available message after `after` in delivery order, left in place. */
  browseNext(after: BrowsePosition | undefined, filter: MessageFilter | undefined, now: number, expired: Entry[]): Entry | undefined {
    if (filter?.messageId !== undefined || filter?.correlationId !== undefined) {
      // Filtered browse: candidates come from the indexes, never from a scan of the queue.
      const candidates = this.#candidates(filter).filter(
        (e) => e.state === EntryState.Available && (after === undefined || this.#isAfter(e.record, after)),
      );
      return this.#firstLive(candidates, now, expired);
    }
    const fifo = this.attributes.deliverySequence === "fifo";
    let best: Entry | undefined;
    for (let p = 9; p >= 0; p--) {
      const lane = this.#lanes[p]!;
      let start = 0;
      if (after !== undefined) {
        if (!fifo && p > after.priority) continue;
        if (fifo || p === after.priority) start = firstIndexAfter(lane, after.seq);
      }
      for (let i = start; i < lane.length; i++) {
        const e = lane.peekAt(i)!;
        if (e.state !== EntryState.Available) continue;
        if (isExpired(e.record, now)) {
          expired.push(e);
          continue;
        }
        if (!best || (fifo ? e.record.seq < best.record.seq : false)) best = e;
        break;
      }
      if (best && !fifo) return best;
    }
    return best;
  }

  /** Every message still here (any state but Gone), lane by lane: for purges. */
  *entries(): IterableIterator<Entry> {
    for (const lane of this.#lanes) {
      for (let i = 0; i < lane.length; i++) {
        const entry = lane.peekAt(i)!;
        if (entry.state !== EntryState.Gone) yield entry;
      }
    }
  }

  /** The put time of the oldest message here (MSGAGE), or undefined when empty. */
  oldestPutTime(): number | undefined {
    let oldest: number | undefined;
    for (const lane of this.#lanes) {
      this.#dropGoneHeads(lane);
      for (let i = 0; i < lane.length; i++) {
        const entry = lane.peekAt(i)!;
        if (entry.state === EntryState.Gone) continue;
        if (oldest === undefined || entry.record.putTime < oldest) oldest = entry.record.putTime;
        break;
      }
    }
    return oldest;
  }

  // --- Internal helpers ---

  #find(filter: MessageFilter | undefined, now: number, expired: Entry[]): Entry | undefined {
    if (filter?.messageId !== undefined || filter?.correlationId !== undefined) {
      const candidates = this.#candidates(filter).filter((e) => e.state === EntryState.Available);
      return this.#firstLive(candidates, now, expired);
    }
    return this.attributes.deliverySequence === "fifo" ? this.#firstFifo(now, expired) : this.#firstByPriority(now, expired);
  }

  #firstByPriority(now: number, expired: Entry[]): Entry | undefined {
    for (let p = 9; p >= 0; p--) {
      if (this.#available[p] === 0) continue;
      const found = this.#firstAvailable(this.#lanes[p]!, now, expired);
      if (found) return found;
    }
    return undefined;
  }

  #firstFifo(now: number, expired: Entry[]): Entry | undefined {
    let best: Entry | undefined;
    for (let p = 9; p >= 0; p--) {
      if (this.#available[p] === 0) continue;
      const found = this.#firstAvailable(this.#lanes[p]!, now, expired);
      if (found && (!best || found.record.seq < best.record.seq)) best = found;
    }
    return best;
  }

  /** The first Available, unexpired entry of a lane; expired ones are reported as met. */
  #firstAvailable(lane: Denque<Entry>, now: number, expired: Entry[]): Entry | undefined {
    this.#dropGoneHeads(lane);
    for (let i = 0; i < lane.length; i++) {
      const e = lane.peekAt(i)!;
      if (e.state !== EntryState.Available) continue;
      if (isExpired(e.record, now)) {
        expired.push(e);
        continue;
      }
      return e;
    }
    return undefined;
  }

  #candidates(filter: MessageFilter): Entry[] {
    let list: Entry[];
    if (filter.messageId !== undefined) {
      const seq = this.seqOfMessageId(filter.messageId);
      const byId = seq === undefined ? undefined : this.bySeq(seq);
      list = byId && byId.record.messageId === filter.messageId ? [byId] : [];
    } else {
      list = this.#byCorrelation.get(filter.correlationId!) ?? [];
      if (filter.correlationId === NO_ID) list = []; // MQCI_NONE matches as "any" in MQ only without the option
    }
    if (filter.correlationId !== undefined) list = list.filter((e) => e.record.correlationId === filter.correlationId);
    return list;
  }

  /** The first of `candidates` in delivery order that has not expired. */
  #firstLive(candidates: Entry[], now: number, expired: Entry[]): Entry | undefined {
    const fifo = this.attributes.deliverySequence === "fifo";
    const ordered = candidates.slice().sort((a, b) => (fifo ? 0 : b.record.priority - a.record.priority) || a.record.seq - b.record.seq);
    for (const e of ordered) {
      if (isExpired(e.record, now)) {
        expired.push(e);
        continue;
      }
      return e;
    }
    return undefined;
  }

  #isAfter(record: MessageRecord, after: BrowsePosition): boolean {
    if (this.attributes.deliverySequence === "fifo") return record.seq > after.seq;
    return record.priority < after.priority || (record.priority === after.priority && record.seq > after.seq);
  }

  #dropGoneHeads(lane: Denque<Entry>): void {
    while (lane.length > 0 && lane.peekFront()!.state === EntryState.Gone) lane.shift();
  }
}

export function isExpired(record: MessageRecord, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

/** Binary search: the index of the first entry of `lane` whose seq is greater than `seq`. */
function firstIndexAfter(lane: Denque<Entry>, seq: number): number {
  let lo = 0;
  let hi = lane.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lane.peekAt(mid)!.record.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
