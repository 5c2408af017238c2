/** Removing every message of a queue (CLEAR QLOCAL, DELETE QLOCAL PURGE): the store operation, then memory. */
import type { StoreOp } from "../store/store.js";
import type { Kernel } from "./kernel.js";
import type { LocalQueue } from "./local-queue.js";

/** The store operation that deletes every stored message of a queue, when it has any. */
export function purgeOps(queue: LocalQueue): StoreOp[] {
  let stored = queue.pagedCount > 0;
  for (const entry of queue.entries()) {
    if (stored) break;
    stored = entry.record.persistent;
  }
  return stored ? [{ op: "deleteQueueMessages", queue: queue.name }] : [];
}

/** Forgets every message of a queue, in memory and paged, once the store has deleted them. Returns how many. */
export function dropMessages(kernel: Kernel, queue: LocalQueue): number {
  const depth = queue.depth;
  for (const entry of [...queue.entries()]) kernel.forget(queue, entry);
  queue.dropAll();
  for (const wake of queue.roomWaiters.splice(0)) wake();
  return depth;
}
