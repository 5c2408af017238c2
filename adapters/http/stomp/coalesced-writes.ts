/**
 * Frames written to one socket in the same turn go out as one WebSocket message: the RECEIPTs
 * of a run of SENDs (frame-batches.ts), the MESSAGEs a subscription delivers back to back.
 * STOMP frames end with NUL, so a client parses several from one WebSocket message as from a
 * stream (@stomp/stompjs and RabbitMQ's web-stomp do); per message the socket then pays one
 * write and the client one event instead of one per frame. Frames that go as text and as
 * binary are never mixed in one message: a change of kind writes what is waiting first.
 * Platform-neutral: `schedule` is the platform's "later in this turn" (setImmediate on Node,
 * queueMicrotask in a Durable Object).
 */
export interface CoalescedWrites {
  send(frame: Uint8Array, text: boolean): void;
  /** Writes what is waiting now (before a close, so that an ERROR frame precedes it). */
  flush(): void;
}

export function coalescedWrites(write: (bytes: Uint8Array, text: boolean) => void, schedule: (flush: () => void) => void): CoalescedWrites {
  let waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let waitingText = true;
  let scheduled = false;
  const flush = (): void => {
    if (waiting.length === 0) return;
    const frames = waiting;
    waiting = [];
    let bytes = frames[0]!;
    if (frames.length > 1) {
      bytes = new Uint8Array(waitingBytes);
      let at = 0;
      for (const frame of frames) {
        bytes.set(frame, at);
        at += frame.length;
      }
    }
    waitingBytes = 0;
    write(bytes, waitingText);
  };
  return {
    send(frame, text) {
      if (waiting.length > 0 && text !== waitingText) flush();
      waitingText = text;
      waiting.push(frame);
      waitingBytes += frame.length;
      if (!scheduled) {
        scheduled = true;
        schedule(() => {
          scheduled = false;
          flush();
        });
      }
    },
    flush,
  };
}
