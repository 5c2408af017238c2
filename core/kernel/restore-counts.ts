/**
 * The kernel's part of opening on a store: each lane is told how many committed persistent
 * messages it holds in the store (they are paged in as delivery reaches them, never all read),
 * and the first page of each is read once prepared units of work have taken theirs out of sight.
 */
import type { DamagedRecord } from "../store/record-check.js";
import type { QueueSummary, StoreOp } from "../store/store.js";
import type { Kernel } from "./kernel.js";

/** Counts `summaries` into their queues' lanes; returns the store operations that remove messages whose queue is gone (a crash split its deletion). */
export function restoreMessageCounts(kernel: Kernel, summaries: readonly QueueSummary[], damaged: DamagedRecord[]): StoreOp[] {
  const orphans: StoreOp[] = [];
  for (const summary of summaries) {
    const queue = kernel.queues.get(summary.queue);
    if (!queue) {
      if (!orphans.some((op) => op.op === "deleteQueueMessages" && op.queue === summary.queue))
        orphans.push({ op: "deleteQueueMessages", queue: summary.queue });
      continue;
    }
    const lane = Number.isInteger(summary.priority) ? queue.lanes[summary.priority] : undefined;
    if (!lane) {
      damaged.push({
        kind: "message",
        key: `${summary.queue} priority ${String(summary.priority)}`,
        problem: `${summary.count} messages have priority ${String(summary.priority)}, which is not 0 to 9`,
      });
      continue;
    }
    lane.paged += summary.count;
    queue.depth += summary.count;
    queue.bytes += typeof summary.bytes === "number" && Number.isFinite(summary.bytes) ? summary.bytes : 0;
  }
  return orphans;
}

/** Reads the first page of every lane that has messages in the store. */
export async function pageInRestored(kernel: Kernel): Promise<void> {
  for (const queue of kernel.queues.values()) {
    for (let p = 0; p < 10; p++) if (queue.lanes[p]!.paged > 0) await kernel.pager.refill(queue, p);
  }
}
