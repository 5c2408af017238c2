/**
 * A browse cursor: returns each available message once, in delivery order, and leaves it
 * on the queue (MQGMO_BROWSE_FIRST then BROWSE_NEXT). The cursor keeps only its position;
 * messages that arrive behind it in delivery order are not seen, as in MQ.
 */
import type { BrowsePosition } from "./local-queue.js";

export interface BrowseStep<M = unknown> {
  message: M;
  position: BrowsePosition | undefined;
}

type Step<M> = (position: BrowsePosition | undefined) => Promise<BrowseStep<M> | null>;

export class BrowseCursor<M = import("../message/message.js").Message> {
  #position: BrowsePosition | undefined;
  #done = false;

  constructor(private readonly step: Step<M>) {}

  /** The next message, or null when the cursor has reached the end of the queue for now. */
  async next(): Promise<M | null> {
    if (this.#done) return null;
    const found = await this.step(this.#position);
    if (!found) return null;
    this.#position = found.position;
    return found.message;
  }

  /** Ends the browse; next() then returns null. */
  close(): void {
    this.#done = true;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<M> {
    for (let message = await this.next(); message !== null; message = await this.next()) yield message;
  }
}
