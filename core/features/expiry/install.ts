/**
 * Expired messages of a USEDLQ(YES) queue go to the dead-letter queue (core/features/expiry/expiry.ts),
 * whose code loads the first time one expires on such a queue. Until it is there, or when it
 * cannot be loaded, the messages go back, held from delivery, and are tried again at the
 * kernel's next sweep, as a move that fails is.
 */
import type { MoveHost } from "../dead-letters/move-aside.js";
import type { Kernel, Entry, LocalQueue, UnitOfWork } from "../../kernel/index.js";
import { LazyFeature } from "../../base/lazy-feature.js";

export function expiryToDeadLetter(kernel: Kernel, move: MoveHost, beginUnitOfWork: () => UnitOfWork): (queue: LocalQueue, expired: Entry[]) => void {
  const code = new LazyFeature("expiry to the dead-letter queue", () =>
    import("./expiry.js").then(({ expiredToDeadLetter }) => expiredToDeadLetter(kernel, move, beginUnitOfWork)),
  );
  return (queue, expired) =>
    void code.get().then(
      (moveExpired) => moveExpired(queue, expired),
      () => {
        for (const entry of expired) {
          kernel.timers.retryExpiryMove(entry);
          kernel.putBack(queue, entry);
        }
      },
    );
}
