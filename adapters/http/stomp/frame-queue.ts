/**
 * The frames a connection has read and not yet handled, handled one at a time in the order
 * they came, or a run at a time: a frame joins the run enqueued last when both are SENDs, or
 * both ACKs or NACKs, outside a transaction, and that run has not started (frame-batches.ts).
 * Bounded memory: while PAUSE_AT_FRAMES frames wait, the socket is paused, and read again at
 * RESUME_AT_FRAMES.
 *
 * With `settleWindow` (the edge's Durable Object), a run of ACKs/NACKs stays open for one more
 * window once its turn has come: ACKs that arrive in WebSocket messages of their own
 * (@stomp/stompjs writes each alone) join it, so they settle in one turn and one storage
 * commit, not a turn and a commit each. `closeWindow` ends the window at once (the socket
 * closed: what was ACKed takes effect before what the connection held comes back).
 */
import { MAX_RUN, runKind, type RunKind, type WaitingFrame } from "./frame-batches.js";
import type { StompFrame } from "./frame.js";

const PAUSE_AT_FRAMES = 64;
const RESUME_AT_FRAMES = 16;

export interface FrameHandlers {
  /** Whether frames may form runs yet (after CONNECT). */
  connected(): boolean;
  /** Whether the connection has ended (work still waiting is dropped). */
  ended(): boolean;
  one(frame: StompFrame, text: boolean): Promise<void>;
  run(kind: RunKind, frames: WaitingFrame[]): Promise<void>;
  pause?(): void;
  resume?(): void;
  /** Calls `close` when a run of ACKs/NACKs whose turn has come stops taking more (e.g. a 0 ms timer). */
  settleWindow?(close: () => void): void;
}

export class FrameQueue {
  #work: Promise<void> = Promise.resolve();
  #waitingFrames = 0;
  #paused = false;
  /** The run enqueued last and not yet started, which frames of its kind join. */
  #openRun: { kind: RunKind; frames: WaitingFrame[] } | undefined;

  /** Ends the window of the run of ACKs/NACKs waiting in it, if any; resolves once that run is handled. */
  #window: { close(): void; handled: Promise<void> } | undefined;

  constructor(private readonly handlers: FrameHandlers) {}

  /** Ends the settle window now and resolves once the ACKs/NACKs in it are handled (or at once, with none waiting). */
  closeWindow(): Promise<void> {
    const window = this.#window;
    if (window === undefined) return Promise.resolve();
    window.close();
    return window.handled;
  }

  /** A frame from the client: alone, or joining the open run. */
  frame(frame: StompFrame, text: boolean): void {
    const kind = this.handlers.connected() ? runKind(frame) : undefined;
    const open = this.#openRun;
    if (kind !== undefined && open?.kind === kind && open.frames.length < MAX_RUN) {
      open.frames.push({ frame, text });
      this.#waiting(1);
      return;
    }
    if (kind === undefined) {
      this.#openRun = undefined;
      this.work(() => this.handlers.one(frame, text));
      return;
    }
    const run = { kind, frames: [{ frame, text }] };
    this.#openRun = run;
    this.work(
      async () => {
        const window = kind === "settle" && this.handlers.settleWindow ? this.#openWindow() : undefined;
        if (window) await window.closed;
        if (this.#openRun === run) this.#openRun = undefined;
        try {
          await (run.frames.length === 1 ? this.handlers.one(frame, text) : this.handlers.run(kind, run.frames));
        } finally {
          window?.done();
        }
      },
      () => run.frames.length,
    );
  }

  /** Work in turn with the frames (a rebuild, an ERROR for a malformed frame); `frames` says how many it stands for. */
  work(work: () => Promise<void>, frames: () => number = () => 1): void {
    this.#waiting(1);
    this.#work = this.#work
      .then(() => (this.handlers.ended() ? undefined : work()))
      .catch(() => undefined)
      .finally(() => {
        this.#waitingFrames -= frames();
        if (this.#waitingFrames <= RESUME_AT_FRAMES && this.#paused && !this.handlers.ended()) {
          this.#paused = false;
          this.handlers.resume?.();
        }
      });
  }

  /** The window of a run of ACKs/NACKs whose turn has come: open to more until `closed`; `done` once the run is handled. */
  #openWindow(): { closed: Promise<void>; done(): void } {
    let close!: () => void;
    const closed = new Promise<void>((resolve) => (close = resolve));
    let done!: () => void;
    const window = { close, handled: new Promise<void>((resolve) => (done = resolve)) };
    this.#window = window;
    this.handlers.settleWindow!(close);
    return {
      closed: closed.then(() => {
        if (this.#window === window) this.#window = undefined;
      }),
      done,
    };
  }

  #waiting(frames: number): void {
    this.#waitingFrames += frames;
    if (this.#waitingFrames >= PAUSE_AT_FRAMES && !this.#paused) {
      this.#paused = true;
      this.handlers.pause?.();
    }
  }
}
