/**
 * A consumer the queue pushes messages to, up to its credit: each message is taken for it
 * (in the unit of work it names, or removed at once) and handed to `onMessage`; credit comes
 * back with `addCredit` as the consumer settles messages, so a consumer that settles sooner
 * is given more.
 */
import type { TimerHandle } from "../base/clock.js";
import type { ConsumeOptions, QueueConsumerHandle } from "./messaging-types.js";
import type { QueueConsumer } from "./queue-consumers.js";
import type { Kernel } from "./kernel.js";
import type { LocalQueue, MessageFilter } from "./local-queue.js";

/** After a message could not be taken, its credit comes back after this long, so a failing store is not read in a loop. */
const RETRY_AFTER_MS = 1000;

export function attachConsumer(
  kernel: Kernel,
  queue: LocalQueue,
  filter: MessageFilter | undefined,
  options: ConsumeOptions,
  inputChanged: () => void,
): QueueConsumerHandle {
  let closed = false;
  const retries = new Set<TimerHandle>();
  const detach = () => {
    if (closed) return;
    closed = true;
    for (const timer of retries) timer.cancel();
    if (queue.consumers.remove(consumer)) inputChanged();
  };
  /** The message could not be taken: told, and its credit comes back after a pause. */
  const failed = (error: unknown) => {
    if (closed) return;
    options.onError(error, false);
    const timer = kernel.clock.setTimer(RETRY_AFTER_MS, () => {
      retries.delete(timer);
      handle.addCredit(1);
    });
    retries.add(timer);
  };
  const consumer: QueueConsumer = {
    filter,
    credit: options.credit,
    once: false,
    counted: true,
    deliver: (entry) => {
      void (async () => {
        let unit;
        try {
          unit = options.unitFor?.();
        } catch (error) {
          kernel.putBack(queue, entry);
          return failed(error);
        }
        let message;
        try {
          message = unit ? await kernel.getUnderSyncpoint(queue, entry, unit) : await kernel.completeGet(queue, entry);
        } catch (error) {
          // The message went back to its place (getUnderSyncpoint and completeGet put it back).
          // A unit that ended meanwhile (the consumer's session recovered) is no failure.
          if (unit !== undefined && unit.state !== "active") return handle.addCredit(1);
          return failed(error);
        }
        options.onMessage(message, unit);
      })();
    },
    fail: (error) => {
      closed = true;
      for (const timer of retries) timer.cancel();
      inputChanged();
      options.onError(error, true);
    },
  };
  const handle: QueueConsumerHandle = {
    addCredit: (count = 1) => {
      if (closed) return;
      consumer.credit += count;
      kernel.serve(queue);
    },
    close: detach,
    get closed() {
      return closed;
    },
  };
  queue.consumers.add(consumer);
  inputChanged();
  kernel.serve(queue);
  return handle;
}
