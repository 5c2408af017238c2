/**
 * Expired messages of a queue with USEDLQ(YES) go to the dead-letter queue with reason
 * MQFB_EXPIRATION (Sun MQ's dead message queue), each in one unit of work with its removal,
 * rather than being discarded. They do not expire again there. One the dead-letter queue
 * cannot take (none, full, put inhibited) stays where it is, held back from delivery, and is
 * tried again at the kernel's next sweep.
 */
import type { Entry, Kernel, LocalQueue, UnitOfWork } from "../../kernel/index.js";
import { MQFB } from "../../message/feedback-codes.js";
import { moveToDeadLetterQueue, type MoveHost } from "../dead-letters/move-aside.js";

export function expiredToDeadLetter(kernel: Kernel, move: MoveHost, beginUnitOfWork: () => UnitOfWork): (queue: LocalQueue, expired: Entry[]) => void {
  // Its moves are told on the queue event bus, as a listener's are.
  move = { ...move, events: kernel.events };
  return (queue, expired) => {
    void (async () => {
      for (const entry of expired) {
        const unit = beginUnitOfWork();
        try {
          // The entry was locked for this move: the unit takes it as a get.
          const message = await kernel.getUnderSyncpoint(queue, entry, unit);
          const failure = await moveToDeadLetterQueue(move, { ...message, expiry: null }, queue.name, MQFB.MQFB_EXPIRATION, unit, "webmq expiry");
          if (failure === undefined) {
            await unit.commit();
            continue;
          }
        } catch {
          // Fall through: the message goes back and is tried again at a later sweep.
        }
        // Marked first, so that the rollback's putting it back does not start the move again.
        kernel.timers.retryExpiryMove(entry);
        if (unit.state === "active") await unit.rollback({ countBackout: false }).catch(() => undefined);
      }
    })();
  };
}
