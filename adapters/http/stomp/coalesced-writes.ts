/**
 * Frames written to one socket in the same turn go out as one WebSocket message: the RECEIPTs
 * of a run of SENDs (frame-batches.ts), the MESSAGEs a subscription delivers back to back.
 * STOMP frames end with NUL, so a client parses several from one WebSocket message as from a
 * stream (@stomp/stompjs and RabbitMQ's web-stomp do); per message the socket then pays one
 * write and the client one event instead of one per frame. Frames that go as text and as
 * binary are never mixed in one message: a change of kind writes what is waiting first.
 * Platform-neutral: `schedule` runs the flush once the turn's microtasks are done (setImmediate
 * on Node, setTimeout 0 in a Durable Object). Not queueMicrotask: a consumer's dispatch loop
 * hands over the next message several promise hops after the last frame, so a microtask flush
 * wrote every MESSAGE alone (measured at the edge: 300 frames, 300 WebSocket messages, and a
 * client that ACKs what each message brings made every ACK a turn and a storage commit of its own).
 * A message grows to MAX_COALESCED_BYTES at most (Cloudflare takes WebSocket messages up to
 * 1 MiB); a frame larger than that goes alone.
 */
export interface CoalescedWrites {
  send(frame: Uint8Array, text: boolean): void;
  /** Writes what is waiting now (before a close, so that an ERROR frame precedes it). */
  flush(): void;
}

export const MAX_COALESCED_BYTES = 256 * 1024;

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
      if (waiting.length > 0 && (text !== waitingText || waitingBytes + frame.length > MAX_COALESCED_BYTES)) flush();
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
