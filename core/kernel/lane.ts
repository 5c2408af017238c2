/**
 * A message's entry and its state as data, and a priority lane of a local queue: the part in
 * memory (`loaded`, then `tail`), in seq order, and what is paged out to the store; with the
 * scans over a lane's lists that the queue uses.
 */
import Denque from "denque";
import type { MessageRecord, StoredBody } from "../message/message.js";
import type { Selector } from "../selector/index.js";

export const EntryState = {
  /** Put, not yet committed: counted in depth, invisible to get and browse. */
  Pending: 0,
  Available: 1,
  /** Taken by a get whose commit has not completed; released back on failure. */
  Locked: 2,
  Gone: 3,
  /** Committed, with a delivery delay that has not yet passed: counted in depth, invisible to get and browse. */
  Delayed: 4,
} as const;
export type EntryState = (typeof EntryState)[keyof typeof EntryState];

export interface Entry {
  readonly record: MessageRecord;
  /** The body, or undefined while it is paged out to the store. */
  body: StoredBody | undefined;
  state: EntryState;
  /** Taken straight from the store (by id, from a paged part of a lane): in no lane. */
  detached?: boolean;
}

export class Lane {
  readonly loaded = new Denque<Entry>();
  /** Non-persistent messages put while the lane is paged; their seqs are all past loadedUpTo. */
  readonly tail = new Denque<Entry>();
  /** Persistent messages past loadedUpTo, in the store only. */
  paged = 0;
  /** Store-only puts not yet committed: the lane counts as paged while there are any. */
  pendingPaged = 0;
  /** Every stored message of the lane with a seq up to this one is in the loaded part, or gone. */
  loadedUpTo = -1;
  /** Available entries in the loaded part and the tail. */
  available = 0;
  /**
   * Seqs of messages taken straight from the store and still held (by a get not yet committed,
   * a prepared transaction): a page must skip them. Each leaves the set when its holder
   * releases it or its removal is committed, never wholesale while it is held.
   */
  readonly removed = new Set<number>();
  /** The page being loaded, so that concurrent gets wait for one load. */
  refilling: Promise<void> | undefined;
  /** Bumped when the lane is emptied at once (CLEAR): a page read before must not land after. */
  generation = 0;
  /**
   * How far each compiled selector has read the paged part and found nothing it selects
   * (pager.ts), so that the next get with it starts there instead of re-reading the store
   * from where memory ends: a selective get on a deep queue would otherwise read every
   * paged message every time. Keyed weakly: a selector nobody holds any more takes its
   * watermark with it. Kept and read by selector-scan.ts.
   */
  selectorScans: WeakMap<Selector, SelectorWatermark> | undefined;
  /** The highest seq any selector's watermark covers. */
  scannedUpTo = -1;
  /** Selector reads of the paged part in flight, each told of the lowest seq that joined the paged part meanwhile. */
  readonly scans = new Set<PagedScan>();
  /**
   * Bumped when a stored message may have become paged-only behind a watermark (see
   * `pagedReturned`): every watermark made before it is void.
   */
  returns = 0;

  /**
   * The same for the lane's entries in memory (the loaded part and the tail, by seq): how far
   * each selector has read them and found none available that it selects, so that a selective
   * get or consumer resumes where the last one stopped instead of walking the lane from its
   * head (a selective get on a queue 10,000 deep would otherwise read every message every time).
   */
  memoryScans: WeakMap<Selector, SelectorWatermark> | undefined;
  /** The highest seq any selector's in-memory watermark covers. */
  memoryScannedUpTo = -1;
  /**
   * Bumped when an entry became available at or behind `memoryScannedUpTo` (a put committed, a
   * backout, a delivery delay ended, a page read): every in-memory watermark made before it is void.
   */
  revived = 0;

  /** An entry of seq `seq` became available: the watermarks that passed it go. */
  revive(seq: number): void {
    if (seq <= this.memoryScannedUpTo) this.revived++;
  }

  /** Where `selector` may start reading the entries in memory: after the seq it returns (-1: from the start). */
  memoryWatermark(selector: Selector): number {
    const mark = this.memoryScans?.get(selector);
    return mark !== undefined && mark.returns === this.revived ? mark.upTo : -1;
  }

  /** No available entry in memory with a seq up to `upTo` is one `selector` selects. */
  markMemoryScanned(selector: Selector, upTo: number): void {
    (this.memoryScans ??= new WeakMap()).set(selector, { upTo, returns: this.revived });
    if (upTo > this.memoryScannedUpTo) this.memoryScannedUpTo = upTo;
  }

  get isPaged(): boolean {
    return this.paged > 0 || this.pendingPaged > 0;
  }

  /**
   * A stored message joined the paged part after the pages around it may have been read: put
   * back by a rollback or a failed get, or a put committed (seqs are given at put time, so a
   * long unit of work commits behind later puts). A watermark past it would hide it, and so
   * would one a scan in flight is about to make from a read that missed it. `seq` undefined:
   * not known, so every watermark goes.
   */
  pagedReturned(seq: number | undefined): void {
    const at = seq ?? -Infinity;
    if (at <= this.scannedUpTo) this.returns++;
    for (const scan of this.scans) scan.lowestReturned = Math.min(scan.lowestReturned, at);
  }
}

/** A selector read of a lane's paged part in flight (selector-scan.ts). */
export interface PagedScan {
  /** The lowest seq that joined the paged part since the read began: a watermark stops below it. */
  lowestReturned: number;
}

/** A selector's watermark in a lane: valid while the lane's `returns` is the one it was made with. */
export interface SelectorWatermark {
  upTo: number;
  returns: number;
}

export function isExpired(record: MessageRecord, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

/** The first Available, unexpired entry of a list; expired ones met on the way are reported. */
export function firstAvailable(list: Denque<Entry>, now: number, expired: Entry[]): Entry | undefined {
  dropGoneHeads(list);
  return firstAvailableFrom(list, 0, now, expired);
}

export function firstAvailableAfter(list: Denque<Entry>, afterSeq: number, now: number, expired: Entry[]): Entry | undefined {
  return firstAvailableFrom(list, firstIndexAfter(list, afterSeq), now, expired);
}

export function firstAvailableFrom(list: Denque<Entry>, start: number, now: number, expired: Entry[]): Entry | undefined {
  for (let i = start; i < list.length; i++) {
    const e = list.peekAt(i)!;
    if (e.state !== EntryState.Available) continue;
    if (isExpired(e.record, now)) {
      expired.push(e);
      continue;
    }
    return e;
  }
  return undefined;
}

export function dropGoneHeads(list: Denque<Entry>): void {
  while (list.length > 0 && list.peekFront()!.state === EntryState.Gone) list.shift();
}

/** Binary search: the index of the first entry of `list` whose seq is greater than `seq`. */
export function firstIndexAfter(list: Denque<Entry>, seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list.peekAt(mid)!.record.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
