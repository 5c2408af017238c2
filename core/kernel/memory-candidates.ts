/** Which messages in a local queue's memory a filtered get or browse looks at (LocalQueue's lanes and indexes). */
import type { MessageRecord } from "../message/message.js";
import type { CorrelationIndex } from "./correlation-index.js";
import { EntryState, firstIndexAfter, isExpired, type Entry, type Lane } from "./lane.js";
import { selects, type MessageFilter } from "./message-filter.js";

/** Where a browse cursor stands: the last message it returned. */
export interface BrowsePosition {
  priority: number;
  seq: number;
}

/** What of a LocalQueue the lookup reads (not the class itself, so that the two files do not import each other). */
export interface CandidateSource {
  readonly lanes: readonly Lane[];
  readonly byCorrelation: CorrelationIndex;
  seqOfMessageId(messageId: string): number | undefined;
  bySeq(seq: number): Entry | undefined;
  isAfter(record: MessageRecord, after: BrowsePosition): boolean;
}

/**
 * Memory candidates for a filtered get or browse: from the indexes for an id or correlation
 * id; a selector alone looks at every message in memory (compiled once, never re-parsed).
 */
export function memoryCandidates(queue: CandidateSource, filter: MessageFilter, scan: { now: number; expired: Entry[]; after?: BrowsePosition }): Entry[] {
  let list: Entry[];
  // An id made here leads to its seq; one another queue manager made (a channel's) is scanned for.
  const seq = filter.messageId === undefined ? undefined : queue.seqOfMessageId(filter.messageId);
  if (seq === undefined && filter.correlationId === undefined) {
    // Each part of each lane is in seq order: its first selected message (after the browse
    // position, unexpired) is the only candidate there.
    list = [];
    // A get or consumer (no browse position) with a selector resumes each lane after its
    // watermark: the entries before it were read and none available was selected.
    // (Not with an id beside it: what the id passes by says nothing of the selector.)
    const selector = scan.after === undefined && filter.messageId === undefined ? filter.selector : undefined;
    for (const lane of queue.lanes) {
      const from = selector === undefined ? -1 : lane.memoryWatermark(selector);
      let found: Entry | undefined;
      let last = from;
      for (const part of [lane.loaded, lane.tail]) {
        for (let i = from < 0 ? 0 : firstIndexAfter(part, from); i < part.length; i++) {
          const entry = part.peekAt(i)!;
          if (entry.state !== EntryState.Available || (scan.after && !queue.isAfter(entry.record, scan.after))) continue;
          if (isExpired(entry.record, scan.now)) {
            scan.expired.push(entry);
            continue;
          }
          if (selects(filter, entry.record)) {
            list.push(entry);
            found ??= entry;
            break;
          }
        }
        const tailEnd = part.peekBack();
        if (found === undefined && tailEnd !== undefined && tailEnd.record.seq > last) last = tailEnd.record.seq;
      }
      if (selector !== undefined) lane.markMemoryScanned(selector, found === undefined ? last : found.record.seq - 1);
    }
    return list;
  }
  if (seq !== undefined) {
    const byId = queue.bySeq(seq);
    list = byId ? [byId] : [];
  } else {
    list = queue.byCorrelation.get(filter.correlationId!);
  }
  return list.filter((e) => (filter.correlationId === undefined || e.record.correlationId === filter.correlationId) && selects(filter, e.record));
}
