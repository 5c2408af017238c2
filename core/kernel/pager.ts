/**
 * Paging: the parts of a queue that are in the store only. The pager loads a lane's next
 * page when delivery reaches it, and looks up paged messages for gets and browses by id,
 * by correlation id, or by position, so that a queue deeper than memory works, slower but
 * correct, while each lookup stays an indexed query.
 */
import { isExpired, type LocalQueue } from "./local-queue.js";
import { selects, type MessageFilter } from "./message-filter.js";
import type { MessageRecord } from "../message/message.js";
import type { DamagedRecord } from "../store/record-check.js";
import { LazyFeature } from "../base/lazy-feature.js";

/**
 * The checks of stored message records, loaded before the first read of a page from the store:
 * an application whose queues stay in memory never reads one. A check is `(record) => problem`.
 */
const recordChecks = new LazyFeature("the checks of stored records", () => import("../store/record-check.js").then((m) => m.messageRecordProblem));
/** The record check, loaded now if it was not (before a store read, so that nothing waits between a read and its use). */
export const recordCheck = (): Promise<(record: unknown) => string | undefined> | ((record: unknown) => string | undefined) =>
  recordChecks.loaded ?? recordChecks.get();
import type { Store } from "../store/store.js";

/**
 * The code of selective gets (selector-index.ts, with the paged-part scan of selector-scan.ts):
 * loaded with the selector compiler, or by the first scan of a paged part for a selector or a
 * message id another queue manager made.
 */
export const selectorChunk = new LazyFeature("selective gets", () => import("./selector-index.js"));

/** Correlation-id lookups read at most this many paged candidates. */
const CORRELATION_LOOKUP = 256;
export class Pager {
  constructor(
    private readonly store: Store,
    /** Messages loaded per page. */
    readonly pageSize: number,
    /** Where records that cannot be used are reported (they stay in the store). */
    private readonly damaged: DamagedRecord[],
    /** Whether the queue is still the manager's (it may have been deleted during a load). */
    private readonly isCurrent: (queue: LocalQueue) => boolean,
  ) {}

  /** Loads the next page of a lane; concurrent callers share one load. */
  refill(queue: LocalQueue, priority: number): Promise<void> {
    const lane = queue.lanes[priority]!;
    lane.refilling ??= this.#load(queue, priority).finally(() => {
      lane.refilling = undefined;
    });
    return lane.refilling;
  }

  /** The paged message a filtered get or browse should have next, if one comes before `after`'s successors. */
  async findFiltered(
    queue: LocalQueue,
    filter: MessageFilter,
    now: number,
    seqOfMessageId: (id: string) => number | undefined,
    after?: { priority: number; seq: number },
  ): Promise<MessageRecord | undefined> {
    // An id another queue manager made (a channel's) leads nowhere in the seq index: scanned for.
    const seq = filter.messageId === undefined ? undefined : seqOfMessageId(filter.messageId);
    if (seq === undefined && filter.correlationId === undefined) return (await selectorChunk.get()).findSelected(this.store, queue, filter, now, after);
    const records =
      seq !== undefined
        ? await this.store.loadMessages({ queue: queue.name, seq })
        : await this.store.loadMessages({ queue: queue.name, correlationId: filter.correlationId!, limit: CORRELATION_LOOKUP });
    let best: MessageRecord | undefined;
    for (const record of records) {
      if (filter.correlationId !== undefined && record.correlationId !== filter.correlationId) continue;
      if (!this.#isPaged(queue, record) || isExpired(record, now) || isDelayed(record, now) || !selects(filter, record)) continue;
      if (after && !queue.isAfter(record, after)) continue;
      if (!best || queue.before(record, best)) best = record;
    }
    return best;
  }

  /** The first paged message of a lane after `afterSeq`, for a browse. */
  async nextInLane(queue: LocalQueue, priority: number, afterSeq: number, now: number): Promise<MessageRecord | undefined> {
    const messageRecordProblem = await recordCheck();
    const lane = queue.lanes[priority]!;
    let from = Math.max(afterSeq, lane.loadedUpTo);
    for (;;) {
      const records = await this.store.loadMessages({ queue: queue.name, priority, afterSeq: from, limit: 16 });
      for (const record of records)
        if (this.#isPaged(queue, record) && !isExpired(record, now) && !isDelayed(record, now) && !messageRecordProblem(record)) return record;
      if (records.length < 16) return undefined;
      from = records[records.length - 1]!.seq;
    }
  }

  // --- Internal helpers ---

  /** Whether a stored record is still only in the store (not paged in, not being taken). */
  #isPaged(queue: LocalQueue, record: MessageRecord): boolean {
    const lane = queue.lanes[record.priority];
    return lane !== undefined && record.seq > lane.loadedUpTo && !lane.removed.has(record.seq) && queue.bySeq(record.seq) === undefined;
  }

  async #load(queue: LocalQueue, priority: number): Promise<void> {
    const messageRecordProblem = await recordCheck();
    const lane = queue.lanes[priority]!;
    const from = lane.loadedUpTo;
    const generation = lane.generation;
    const storedBefore = lane.paged;
    const records = await this.store.loadMessages({ queue: queue.name, priority, afterSeq: from, limit: this.pageSize });
    if (!this.isCurrent(queue) || lane.loadedUpTo !== from || lane.generation !== generation) return;
    const usable: MessageRecord[] = [];
    let consumed = 0;
    let upTo = from;
    for (const record of records) {
      if (typeof record?.seq === "number" && Number.isSafeInteger(record.seq)) upTo = Math.max(upTo, record.seq);
      // One taken straight from the store and not yet deleted is accounted for by its get.
      if (lane.removed.has(record.seq)) continue;
      consumed++;
      const problem =
        messageRecordProblem(record) ??
        (record.priority !== priority || record.queue !== queue.name ? "it is filed under another queue or priority" : undefined);
      if (problem) {
        this.damaged.push({ kind: "message", key: String(record.seq), problem });
        queue.depth--;
        continue;
      }
      usable.push(record);
    }
    if (records.length === 0) {
      // The store holds nothing more for the lane that was counted before this load (a put
      // committed during it would have been found): the count had drifted, so correct it.
      consumed = storedBefore;
      queue.depth -= storedBefore;
    }
    queue.applyPage(priority, usable, consumed, upTo);
  }
}

/** A message whose delivery delay has not passed: not to be found by id, correlation id or browse. */
function isDelayed(record: MessageRecord, now: number): boolean {
  return record.deliverAt !== undefined && record.deliverAt > now;
}
