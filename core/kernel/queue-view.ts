/**
 * What the layers above the kernel may read of a local queue: its name, attributes, depth and
 * counts, and how many committed messages are ready for delivery. Lanes and their entries stay
 * the kernel's own (LocalQueue implements this).
 */
import type { LocalQueueAttributes } from "../objects/attributes.js";

export interface QueueView {
  readonly name: string;
  readonly attributes: LocalQueueAttributes;
  /** CURDEPTH: every message not removed, committed or not. */
  readonly depth: number;
  /** UNCOM: messages put or taken but not yet committed. */
  readonly uncommitted: number;
  readonly openInputCount: number;
  readonly openOutputCount: number;
  /** IPPROCS as MQ counts it: input handles plus the consumers that count as one (JMS, listeners). */
  inputProcessCount(): number;
  /** Committed, deliverable messages of priority `minimum` or more, counted up to `cap`. */
  eligibleDepth(minimum: number, cap: number): number;
}
