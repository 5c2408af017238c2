/**
 * A get that waits (MQGMO WaitInterval): a consumer of the queue with credit for one
 * message. It ends when the queue hands it a message, when the interval passes (on the
 * injected Clock), when its AbortSignal fires, or when the queue ends its consumers.
 */
import type { Clock, TimerHandle } from "../base/clock.js";
import type { AbortSignalLike } from "./messaging-types.js";
import type { Entry } from "./lane.js";
import type { MessageFilter } from "./message-filter.js";
import type { QueueConsumer, QueueConsumers } from "./queue-consumers.js";

/**
 * Waits up to `wait` ms (Infinity: until a message comes) for a message the filter selects.
 * `joined` runs once the get is among the queue's consumers, so that the caller can serve it
 * (a message may have come while the get was being set up).
 */
export function waitForMessage(
  clock: Clock,
  consumers: QueueConsumers,
  filter: MessageFilter | undefined,
  wait: number,
  signal: AbortSignalLike | undefined,
  counted: boolean,
  joined: () => void,
): Promise<Entry | undefined> {
  return new Promise<Entry | undefined>((resolve, reject) => {
    let timer: TimerHandle | undefined;
    const settle = () => {
      timer?.cancel();
      signal?.removeEventListener("abort", giveUp);
    };
    const giveUp = () => {
      consumers.remove(get);
      settle();
      resolve(undefined);
    };
    const get: QueueConsumer = {
      filter,
      credit: 1,
      once: true,
      counted,
      deliver: (entry) => {
        settle();
        resolve(entry);
      },
      fail: (error) => {
        settle();
        reject(error);
      },
    };
    consumers.add(get);
    if (wait !== Infinity) timer = clock.setTimer(wait, giveUp);
    signal?.addEventListener("abort", giveUp, { once: true });
    joined();
  });
}
