/**
 * A get that waits (MQGMO WaitInterval): it joins the queue's waiters, and ends when the
 * manager hands it a message, when the interval passes (on the injected Clock), when its
 * AbortSignal fires, or when the manager closes.
 */
import type { Clock, TimerHandle } from "./clock.js";
import type { AbortSignalLike } from "./manager-types.js";
import type { Entry, LocalQueue, MessageFilter } from "./queue.js";

export interface PendingGet {
  readonly filter: MessageFilter | undefined;
  /** Shown in IPPROCS: a get made without a handle open for input. */
  readonly counted: boolean;
  deliver(entry: Entry): void;
  fail(error: unknown): void;
}

/** Waits up to `wait` ms (Infinity: until a message comes) for a message the filter selects. */
export function waitForMessage(clock: Clock, queue: LocalQueue, filter: MessageFilter | undefined, wait: number, signal: AbortSignalLike | undefined, counted: boolean): Promise<Entry | undefined> {
  return new Promise<Entry | undefined>((resolve, reject) => {
    let timer: TimerHandle | undefined;
    const settle = () => {
      timer?.cancel();
      signal?.removeEventListener("abort", giveUp);
    };
    const giveUp = () => {
      const index = queue.waiters.indexOf(waiter);
      if (index >= 0) queue.waiters.splice(index, 1);
      settle();
      resolve(undefined);
    };
    const waiter: PendingGet = {
      filter,
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
    queue.waiters.push(waiter);
    if (wait !== Infinity) timer = clock.setTimer(wait, giveUp);
    signal?.addEventListener("abort", giveUp, { once: true });
  });
}
