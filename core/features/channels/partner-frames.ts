/**
 * The frames a sending agent reads from its partner, with a watch kept while it waits for
 * messages: between batches the receiver says nothing, so a connection that ends (or an error
 * frame) would go unnoticed until the next batch, and a channel whose link broke would stay
 * RUNNING while idle. Watching, the agent wakes at once and retries (a link that dies without
 * ending is found by HBINT, heartbeats.ts). A frame that arrives while watched is kept for the next read.
 */
import { StopSignal } from "../jms/stop-signal.js";
import type { ChannelFrame, ChannelTransport } from "./transport.js";

export class PartnerFrames {
  #pending: Promise<ChannelFrame | undefined> | undefined;
  #heard = false;
  #wake: (() => void) | undefined;

  constructor(private readonly transport: ChannelTransport) {}

  /** The next frame from the partner (the one heard while watching, first), or undefined once the connection ended. */
  next(): Promise<ChannelFrame | undefined> {
    const pending = this.#pending;
    if (!pending) return this.transport.next();
    this.#pending = undefined;
    this.#heard = false;
    return pending;
  }

  /** Whether the partner said something (or the connection ended) while watched: read it with next(). */
  get heard(): boolean {
    return this.#heard;
  }

  /**
   * A signal that fires when `stop` does or the partner is heard from, for the agent's idle
   * wait; `done` ends the watch's hold on `stop` (the read itself stays pending, for next()).
   */
  watch(stop: StopSignal): { signal: StopSignal; done: () => void } {
    const signal = new StopSignal();
    const wake = () => signal.stop();
    stop.addEventListener("abort", wake);
    if (stop.aborted || this.#heard) signal.stop();
    this.#wake = wake;
    if (!this.#pending) {
      // Heard only while this read is still the watched one: once next() has taken it, its frame is the reader's.
      const pending: Promise<ChannelFrame | undefined> = this.transport.next().then((frame) => {
        if (this.#pending === pending) {
          this.#heard = true;
          this.#wake?.();
        }
        return frame;
      });
      this.#pending = pending;
    }
    return {
      signal,
      done: () => {
        stop.removeEventListener("abort", wake);
        if (this.#wake === wake) this.#wake = undefined;
      },
    };
  }
}
