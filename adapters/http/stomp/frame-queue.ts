/**
 * The frames a connection has read and not yet handled, handled one at a time in the order
 * they came, or a run at a time: a frame joins the run enqueued last when both are SENDs, or
 * both ACKs or NACKs, outside a transaction, and that run has not started (frame-batches.ts).
 * Bounded memory: while PAUSE_AT_FRAMES frames wait, the socket is paused, and read again at
 * RESUME_AT_FRAMES.
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
}

export class FrameQueue {
  #work: Promise<void> = Promise.resolve();
  #waitingFrames = 0;
  #paused = false;
  /** The run enqueued last and not yet started, which frames of its kind join. */
  #openRun: { kind: RunKind; frames: WaitingFrame[] } | undefined;

  constructor(private readonly handlers: FrameHandlers) {}

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
      () => {
        if (this.#openRun === run) this.#openRun = undefined;
        return run.frames.length === 1 ? this.handlers.one(frame, text) : this.handlers.run(kind, run.frames);
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

  #waiting(frames: number): void {
    this.#waitingFrames += frames;
    if (this.#waitingFrames >= PAUSE_AT_FRAMES && !this.#paused) {
      this.#paused = true;
      this.handlers.pause?.();
    }
  }
}
