/**
 * A unit of work (MQ syncpoint): what the gets made in it did, held until the application
 * commits (MQCMIT) or backs out (MQBACK). Each piece of work brings the store operations
 * that make it durable and what to do to the queues once they are; a commit applies every
 * piece's operations as one atomic store batch, so either all of it lands or none does.
 *
 * The HTTP facade takes a destructive get in a unit of work and commits it only when the
 * response body has been handed to the client, so a client that has gone never takes a
 * message. Puts under syncpoint and JMS sessions grow from here.
 */
import { MQError } from "../errors.js";
import type { StoreOp } from "../store.js";

export interface WorkItem {
  /** Store operations that make this work durable; applied in the commit's one batch. */
  readonly commitOps: readonly StoreOp[];
  /** Runs once the batch is durable (or at once when no piece had store operations). */
  committed(): void;
  /** Store operations that record the backout (a raised backout count, for instance). */
  backoutOps(): StoreOp[];
  /** Runs after the backout's operations were applied, or failed to be. */
  rolledBack(): void;
}

export type UnitOfWorkState = "active" | "committing" | "committed" | "rolledBack";

export class UnitOfWork {
  #items: WorkItem[] = [];
  #state: UnitOfWorkState = "active";

  constructor(
    /** Applies a batch atomically (the manager's group commit). */
    private readonly applyBatch: (ops: StoreOp[]) => Promise<void>,
  ) {}

  get state(): UnitOfWorkState {
    return this.#state;
  }

  /** How many gets (and, later, puts) the unit holds. */
  get size(): number {
    return this.#items.length;
  }

  /** Adds work to the unit; refused once the unit is ending or has ended. */
  add(item: WorkItem): void {
    this.checkActive();
    this.#items.push(item);
  }

  /** Throws unless the unit still takes work (a get must not take a message into an ended unit). */
  checkActive(): void {
    if (this.#state !== "active") throw new MQError("MQRC_UOW_NOT_AVAILABLE", `the unit of work has ${this.#state === "committing" ? "begun to commit" : "ended"}; begin a new one`);
  }

  /**
   * Makes the unit's work durable in one batch. If the store refuses the batch, the unit is
   * backed out instead and commit throws MQRC_BACKED_OUT.
   */
  async commit(): Promise<void> {
    this.checkActive();
    this.#state = "committing";
    const items = this.#items;
    const ops: StoreOp[] = [];
    for (const item of items) for (const op of item.commitOps) ops.push(op);
    if (ops.length > 0) {
      try {
        await this.applyBatch(ops);
      } catch (error) {
        await this.#backOut(items);
        throw new MQError("MQRC_BACKED_OUT", `the unit of work could not be committed, so it was backed out: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    this.#items = [];
    this.#state = "committed";
    for (const item of items) item.committed();
  }

  /** Undoes the unit's work: every message it got goes back to where it was. */
  async rollback(): Promise<void> {
    if (this.#state === "rolledBack") return;
    this.checkActive();
    this.#state = "committing";
    await this.#backOut(this.#items);
  }

  async #backOut(items: WorkItem[]): Promise<void> {
    this.#items = [];
    const ops: StoreOp[] = [];
    for (const item of items) for (const op of item.backoutOps()) ops.push(op);
    // A backout count the store could not record stays raised in memory; the message itself
    // goes back either way, since the get that took it was never committed.
    if (ops.length > 0) await this.applyBatch(ops).catch(() => undefined);
    this.#state = "rolledBack";
    // Backed out in reverse, so that messages go back in the order they were taken.
    for (let i = items.length - 1; i >= 0; i--) items[i]!.rolledBack();
  }
}
