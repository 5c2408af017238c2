/**
 * The read of a lane's paged part for a selector (or for a message id another queue manager
 * made, which no index leads to), with the selector's watermarks: part of the chunk of selective
 * gets (pager.ts `selectorChunk`), loaded on first use. Moved here from pager.ts unchanged.
 */
// Only type imports of the kernel's files: a value import of a module the entry holds would
// split it into a chunk of its own, which costs the entry bytes.
import type { MessageRecord } from "../message/message.js";
import type { Selector } from "../selector/index.js";
import { messageFields } from "../selector/message-fields.js";
import { messageRecordProblem } from "../store/record-check.js";
import type { Store } from "../store/store.js";
import type { EntryState, Lane, PagedScan } from "./lane.js";
import type { LocalQueue } from "./local-queue.js";
import type { MessageFilter } from "./message-filter.js";

/**
 * Records read at a time when a selector looks through a lane in the store: a first small read,
 * since a selector that picks most messages finds one in the first few records (reading 256 to
 * take one cost a selective get 20 times a plain one), then larger reads for a rare match.
 */
const SELECTOR_FIRST_PAGE = 32;
const SELECTOR_PAGE = 256;
const GONE = 3 satisfies typeof EntryState.Gone;

/**
 * The first paged message a selector selects, in delivery order: each lane read a page at a
 * time from where memory ends, so a queue deeper than memory is never loaded at once. A
 * compiled selector remembers, per lane, how far it has read and found nothing (see
 * selectorWatermark), so a get that selects one message in a thousand reads on from
 * there rather than from where memory ends every time.
 */
export async function findSelected(
  store: Store,
  queue: LocalQueue,
  filter: MessageFilter,
  now: number,
  after?: { priority: number; seq: number },
): Promise<MessageRecord | undefined> {
  let best: MessageRecord | undefined;
  const fifo = queue.attributes.deliverySequence === "fifo";
  // The selector's watermarks are not moved by a scan for an id (see LocalQueue.candidates).
  const selector = filter.messageId === undefined ? filter.selector : undefined;
  for (let priority = 9; priority >= 0; priority--) {
    const lane = queue.lanes[priority]!;
    if (lane.paged === 0) continue;
    // Up to `known`, every paged message is one the selector does not select.
    const known = selector ? selectorWatermark(lane, selector) : -1;
    const ahead = Math.max(lane.loadedUpTo, known);
    let from = ahead;
    if (after && (fifo || priority === after.priority)) from = Math.max(from, after.seq);
    else if (after && priority > after.priority) continue;
    // A browse that starts further on leaves messages unread behind it: it may not move the watermark.
    let covering = selector !== undefined && from === ahead;
    const returns = lane.returns;
    const scan: PagedScan = { lowestReturned: Infinity };
    lane.scans.add(scan);
    try {
      for (let limit = SELECTOR_FIRST_PAGE; ; limit = SELECTOR_PAGE) {
        const records = await store.loadMessages({ queue: queue.name, priority, afterSeq: from, limit });
        let found: MessageRecord | undefined;
        let covered = from;
        for (const r of records) {
          const verdict = selectVerdict(queue, filter, r, now);
          if (verdict === Verdict.Selected) {
            found = r;
            break;
          }
          // A delayed message is selectable later, with no event to say so: the watermark stops before it.
          if (verdict === Verdict.NotYet) covering = false;
          if (covering) covered = r.seq;
        }
        // Nothing before the last record read was missed, unless it joined the store during the read.
        if (covering && !found && records.length > 0) covered = records[records.length - 1]!.seq;
        if (covering) {
          covered = Math.min(covered, scan.lowestReturned - 1);
          if (covered > known) markScanned(lane, selector!, covered, returns);
        }
        if (found) {
          if (!best || queue.before(found, best)) best = found;
          break;
        }
        if (records.length < limit) break;
        from = records[records.length - 1]!.seq;
      }
    } finally {
      lane.scans.delete(scan);
    }
    // By priority, the highest lane with a match has the next message.
    if (best && !fifo) return best;
  }
  return best;
}

/** What a selector scan makes of a stored record (see Verdict). */
function selectVerdict(queue: LocalQueue, filter: MessageFilter, record: MessageRecord, now: number): Verdict {
  const lane = queue.lanes[record.priority];
  // In memory now (a page read it meanwhile): memory's scan has it.
  if (lane === undefined || record.seq <= lane.loadedUpTo) return Verdict.Passed;
  // Taken straight from the store and held: it comes back only through release, which voids watermarks past it.
  if (lane.removed.has(record.seq)) return Verdict.Passed;
  // In memory as well (taken and released, or a page read meanwhile): only its own lane can hold it.
  if (inMemory(lane, record.seq)) return Verdict.NotYet;
  if (messageRecordProblem(record) || isExpired(record, now)) return Verdict.Passed;
  if (isDelayed(record, now)) return Verdict.NotYet;
  return selects(filter, record) ? Verdict.Selected : Verdict.Passed;
}

/** What a selector scan of the paged part makes of a stored record. */
const Verdict = {
  /** The next message, unless another lane has one before it. */
  Selected: 0,
  /** Not to be delivered, and for good as far as this selector goes (or until a release says otherwise): the watermark may pass it. */
  Passed: 1,
  /** Not now, but perhaps later without any event: the watermark stops before it. */
  NotYet: 2,
} as const;
type Verdict = (typeof Verdict)[keyof typeof Verdict];

/** Where `selector` may start reading the paged part of `lane`: after the seq it returns (-1: from the start). */
function selectorWatermark(lane: Lane, selector: Selector): number {
  const mark = lane.selectorScans?.get(selector);
  return mark !== undefined && mark.returns === lane.returns ? mark.upTo : -1;
}

/** Every stored message of the paged part up to `upTo` was read by `selector`, which selects none, while `returns` held. */
function markScanned(lane: Lane, selector: Selector, upTo: number, returns: number): void {
  if (returns !== lane.returns) return;
  (lane.selectorScans ??= new WeakMap()).set(selector, { upTo, returns });
  lane.scannedUpTo = Math.max(lane.scannedUpTo, upTo);
}

/** As message-filter.ts `selects` (not imported: see above). */
function selects(filter: MessageFilter, record: MessageRecord): boolean {
  return (
    (filter.messageId === undefined || record.messageId === filter.messageId) &&
    (filter.selector === undefined || filter.selector.matches(messageFields(record)))
  );
}

/** Whether a message of seq `seq` is in `lane`'s memory and not gone (as LocalQueue.bySeq, for one lane: it runs for every record a scan reads). */
function inMemory(lane: Lane, seq: number): boolean {
  for (const list of [lane.loaded, lane.tail]) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list.peekAt(mid)!.record.seq < seq) lo = mid + 1;
      else hi = mid;
    }
    const entry = list.peekAt(lo);
    if (entry !== undefined && entry.record.seq === seq) return entry.state !== GONE;
  }
  return false;
}

function isExpired(record: MessageRecord, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

function isDelayed(record: MessageRecord, now: number): boolean {
  return record.deliverAt !== undefined && record.deliverAt > now;
}
