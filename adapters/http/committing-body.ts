/**
 * The body of a destructive get's response, which decides the get. The message was taken in
 * a unit of work; the unit commits only when the runtime, having taken every byte of the
 * body for the client, asks for more, and backs out when the runtime cancels the body or
 * stops asking for it for `idleTimeout` ms. So a client that has gone never takes a message.
 *
 * Why this and not request.signal alone: under wrangler dev and workerd a Durable Object is
 * told nothing when the HTTP client disconnects (request.signal does not fire in the object,
 * and neither does the worker's through wrangler's proxy), and the object's response body is
 * then neither read to its end nor cancelled: it is just never read again. Where the signal
 * does fire (Node's server) the get ends early instead; where a runtime cancels the body, the
 * backout is immediate; everywhere else the idle timeout backs it out.
 *
 * An empty body gives nothing to read after the headers, so its get commits as soon as the
 * runtime takes the response: an empty message sent to a client that has just gone is lost
 * (README, "Getting messages over HTTP").
 *
 * `clientGone` (the request's signal, where the runtime fires it) backs the get out whenever
 * it fires before the commit. The commit itself first waits until the runtime has polled its
 * sockets again (nextTurn): a small body is taken whole within the turn that made the
 * response, before the runtime has read what is waiting on the socket, so a client that closed
 * its connection right after sending its request (found by `npm run load`) would otherwise
 * take the message.
 *
 * `handoverTimeout` bounds the wait for the second pull alone, the one that follows the first
 * piece: a runtime that reports no disconnect (workerd served locally, which neither fires
 * request.signal nor cancels the body when its client has gone) shows a gone client only by
 * never asking again once its first write has failed, while a live client's runtime asks for
 * the next piece as soon as the first is in the socket's buffers. It backs the get out without
 * counting a backout (the client was never sent the message whole). Later pieces wait
 * `idleTimeout`, since a slow reader legitimately stalls them.
 */
import type { UnitOfWork } from "../../core/index.js";

/** Pieces small enough that a slow client keeps asking, and so keeps its get alive. */
const CHUNK_BYTES = 64 * 1024;

export function committingBody(
  bytes: Uint8Array,
  unit: UnitOfWork,
  idleTimeout: number,
  clientGone?: AbortSignal,
  handoverTimeout = idleTimeout,
): ReadableStream<Uint8Array> {
  let offset = 0;
  let pieces = 0;
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let body: ReadableStreamDefaultController<Uint8Array> | undefined;
  const backOut = (unread: boolean, countBackout = true) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    void unit.rollback({ countBackout }).catch(() => undefined);
    // The message is on the queue again: this response must never complete.
    if (unread) body?.error(new Error(UNREAD));
  };
  const waitForReader = () => {
    clearTimeout(timer);
    // After the first piece: the runtime asks again at once unless its client has gone.
    timer =
      pieces === 1 && handoverTimeout < idleTimeout ? setTimeout(() => backOut(true, false), handoverTimeout) : setTimeout(() => backOut(true), idleTimeout);
  };
  waitForReader();
  // The client has gone: back out, and leave the body unfinished but not errored (which Node's
  // adapter would log as a server failure); the runtime cancels it as the connection closes.
  // It never completes, so nobody takes as received a message that is on the queue again.
  clientGone?.addEventListener("abort", () => backOut(false), { once: true });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        body = controller;
      },
      async pull(controller) {
        if (ended) {
          if (clientGone?.aborted) return;
          // Backed out while unread: the message is on the queue again, so this response must
          // not complete, or a client could take it as received.
          return controller.error(new Error(UNREAD));
        }
        if (offset < bytes.length) {
          const end = Math.min(offset + CHUNK_BYTES, bytes.length);
          controller.enqueue(bytes.subarray(offset, end));
          offset = end;
          pieces++;
          waitForReader();
          return;
        }
        ended = true;
        clearTimeout(timer);
        await nextTurn();
        if (clientGone?.aborted) {
          await unit.rollback().catch(() => undefined);
          return;
        }
        try {
          await unit.commit();
          controller.close();
        } catch (error) {
          // The get was backed out: end the response unfinished so the client knows.
          controller.error(error);
        }
      },
      cancel: () => backOut(false),
    },
    // Nothing is read ahead of the reader: each pull is the runtime asking for more.
    { highWaterMark: 0 },
  );
}

const UNREAD = "the response went unread for too long, so its message was put back on the queue";

/**
 * Until the runtime has polled its sockets at least once since now. Two timers, not one: a
 * timer set while the loop is busy may fire in the very next timer phase, before any poll,
 * but a timer set from a timer's callback never fires in the same phase.
 */
async function nextTurn(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}
