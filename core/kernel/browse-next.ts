/**
 * Browsing: the next available message after a position in delivery order, in memory or
 * paged, left in place (a browse cursor's step, MQGMO_BROWSE_NEXT).
 */
import { EntryState, isExpired, type Entry } from "./lane.js";
import type { BrowsePosition, LocalQueue, MessageFilter } from "./local-queue.js";
import type { Kernel } from "./kernel.js";
import { memoryCandidates } from "./memory-candidates.js";

export async function browseNext(
  kernel: Kernel,
  queue: LocalQueue,
  after: BrowsePosition | undefined,
  filter: MessageFilter | undefined,
  now: number,
): Promise<Entry | undefined> {
  const expired: Entry[] = [];
  let best: Entry | undefined;
  if (filter) {
    for (const entry of memoryCandidates(queue, filter, { now, expired, after })) {
      if (entry.state !== EntryState.Available || (after && !queue.isAfter(entry.record, after))) continue;
      if (isExpired(entry.record, now)) expired.push(entry);
      else if (!best || queue.before(entry.record, best.record)) best = entry;
    }
    const stored = queue.pagedCount > 0 ? await kernel.pager.findFiltered(queue, filter, now, (id) => kernel.seqs.seqOf(id), after) : undefined;
    if (stored && (!best || queue.before(stored, best.record))) best = inStore(stored);
  } else {
    const fifo = queue.attributes.deliverySequence === "fifo";
    for (let p = 9; p >= 0; p--) {
      if (after && !fifo && p > after.priority) continue;
      const afterSeq = after && (fifo || p === after.priority) ? after.seq : -1;
      const { loaded, tail } = queue.browseLane(p, afterSeq, now, expired);
      let found = loaded;
      if (!found) {
        const lane = queue.lanes[p]!;
        const stored = lane.paged > 0 ? await kernel.pager.nextInLane(queue, p, afterSeq, now) : undefined;
        const paged = stored ? inStore(stored) : undefined;
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
  if (expired.length > 0) kernel.discardExpired(queue, expired);
  return best;
}

/** A message that is in the store only, seen by a browse: not locked, not moved. */
function inStore(record: Entry["record"]): Entry {
  return { record, body: undefined, state: EntryState.Available, detached: true };
}
