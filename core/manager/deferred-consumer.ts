/**
 * A consumer that attaches once something it needs has loaded (the selector compiler, the
 * first time a selector is used): until then it holds the credit given to it, and a consumer
 * closed before that never attaches. A load that fails, a selector the compiler refuses, or an
 * attach refused (the queue manager began closing, the queue was deleted, meanwhile) ends it
 * through onError, as a queue ending its consumers does.
 */
import type { QueueConsumerHandle } from "../kernel/index.js";

export function deferredConsumer(
  ready: Promise<unknown>,
  attach: () => QueueConsumerHandle,
  onError: (error: unknown, ended: boolean) => void,
): QueueConsumerHandle {
  let attached: QueueConsumerHandle | undefined;
  let credit = 0;
  let closed = false;
  void ready
    .then(() => {
      if (closed) return;
      attached = attach();
      if (credit > 0) attached.addCredit(credit);
    })
    .catch((error: unknown) => {
      closed = true;
      onError(error, true);
    });
  return {
    addCredit(count = 1) {
      if (attached) attached.addCredit(count);
      else credit += count;
    },
    close() {
      closed = true;
      attached?.close();
    },
    get closed() {
      return closed || attached?.closed === true;
    },
  };
}
