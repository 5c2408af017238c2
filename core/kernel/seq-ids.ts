/**
 * Seqs and message ids. Each open starts a new range of seq numbers, incarnation * 2^20 + a
 * counter; a range that fills moves on to the next incarnation. 2^20 keeps room for 2^33
 * incarnations below 2^53. A message id encodes its seq, so that a get by id finds it in the
 * seq index.
 */
import { messageIdBase, messageIdFor, messageIdPrefix } from "../message/message.js";

export const SEQS_PER_INCARNATION = 2 ** 20;
export const INCARNATION_KEY = "incarnation";

export class SeqIds {
  readonly #idPrefix: string;
  /** The message id's first 20 bytes in this incarnation. */
  #idBase: string;
  /** seq = #seqBase + #counter: the counter stays a small integer, cheap to format and compare. */
  #seqBase: number;
  #counter = 0;

  constructor(
    queueManager: string,
    incarnation: number,
    /** Records a new incarnation when a range fills (see next()). */
    private readonly recordIncarnation: (incarnation: number) => void,
  ) {
    this.#idPrefix = messageIdPrefix(queueManager);
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
  }

  /** The incarnation that follows the stored one and every stored seq (see QueueManager.open). */
  static incarnationAfter(stored: unknown, highestSeq: number): number {
    return Math.max(typeof stored === "number" ? stored : 0, Math.floor(highestSeq / SEQS_PER_INCARNATION)) + 1;
  }

  /**
   * A new message's counter: its seq is seqOfCounter(counter) and its id idOfCounter(counter),
   * asked at once (a full range moves both on). Two calls rather than an object, since every
   * put makes one.
   */
  takeCounter(): number {
    return this.#takeCounter();
  }

  seqOfCounter(counter: number): number {
    return this.#seqBase + counter;
  }

  idOfCounter(counter: number): string {
    return messageIdFor(this.#idBase, counter);
  }

  /** A new seq, for names that must be unique (dynamic and managed queues). */
  nextSeq(): number {
    return this.#seqBase + this.#takeCounter();
  }

  /** Where a message id leads in the seq index, or undefined for an id not made here. */
  seqOf(messageId: string): number | undefined {
    if (messageId.length !== 48 || !messageId.startsWith(this.#idPrefix)) return undefined;
    const seq = parseInt(messageId.slice(32), 16);
    return Number.isSafeInteger(seq) ? seq : undefined;
  }

  #takeCounter(): number {
    if (this.#counter >= SEQS_PER_INCARNATION) this.#nextIncarnation();
    return this.#counter++;
  }

  /**
   * A full range: move on to the next and record it. Should the record be lost, the next
   * open still starts past every stored seq, so no seq is given twice.
   */
  #nextIncarnation(): void {
    const incarnation = this.#seqBase / SEQS_PER_INCARNATION + 1;
    this.#seqBase = incarnation * SEQS_PER_INCARNATION;
    this.#idBase = messageIdBase(this.#idPrefix, incarnation);
    this.#counter = 0;
    this.recordIncarnation(incarnation);
  }
}
