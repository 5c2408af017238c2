/**
 * A unit of work (MQ syncpoint): the puts and gets made in it, held until the application
 * commits (MQCMIT) or backs out (MQBACK). Each piece of work says what it is (a put or a get
 * of a message on a queue) and what to do to the queues once the store has it; the unit
 * derives the store operations, so a commit is one atomic batch of every piece's operations:
 * all of it lands or none does.
 *
 * Two-phase commit: `prepare(xid)` writes the unit's puts (flagged with the xid, so they stay
 * invisible) and a record of its puts and gets under `xa/<xid>`; after a restart the manager
 * rebuilds the unit from that record, still prepared, until it is committed or rolled back.
 *
 * The HTTP facade takes a destructive get in a unit of work and commits it only when the
 * response body has been handed to the client; JMS sessions are policies over units of work.
 */
import { MQError } from "../base/errors.js";
import type { JsonValue, MessageRecord, StoredBody } from "../message/message.js";
import type { StoreOp } from "../store/store.js";

export interface WorkItem {
  readonly kind: "put" | "get";
  readonly record: MessageRecord;
  /** A put's body, stored when the unit commits (or is prepared). */
  readonly body?: StoredBody;
  /** Runs once the unit is prepared: the put is now in the store, and must stay out of sight there. */
  prepared?(): void;
  /** Runs once the commit is durable. */
  committed(): void;
  /** Runs once the backout is done (its backout count raised, stored where it could be). */
  rolledBack(): void;
}

export type UnitOfWorkState = "active" | "ending" | "prepared" | "committed" | "rolledBack";

/** The stored record of a prepared unit: where its puts and gets are. */
export interface PreparedRecord {
  puts: { queue: string; seq: number }[];
  gets: { queue: string; seq: number }[];
}

export const PREPARED_KEY_PREFIX = "xa/";

export interface UnitOfWorkHooks {
  /** Reserves `xid` for a unit about to be prepared; false when another unit has it. */
  claimXid?(xid: string): boolean;
  /** Gives back an xid whose prepare failed. */
  releaseXid?(xid: string): void;
  prepared?(unit: UnitOfWork): void;
  ended?(unit: UnitOfWork): void;
}

export class UnitOfWork {
  #items: WorkItem[] = [];
  #state: UnitOfWorkState = "active";
  #xid: string | undefined;
  /** Store records written with the commit (a channel's sync record beside its batch's puts). */
  #meta: StoreOp[] = [];

  constructor(
    /** Applies a batch atomically (the manager's group commit). */
    private readonly applyBatch: (ops: StoreOp[]) => Promise<void>,
    /** Told when the unit is prepared and when it ends, so that a manager can find it by xid. */
    private readonly hooks: UnitOfWorkHooks = {},
  ) {}

  /** A unit rebuilt from the store, prepared under `xid` (see QueueManager.open). */
  static prepared(applyBatch: (ops: StoreOp[]) => Promise<void>, hooks: UnitOfWorkHooks, xid: string, items: WorkItem[]): UnitOfWork {
    const unit = new UnitOfWork(applyBatch, hooks);
    unit.#items = items;
    unit.#state = "prepared";
    unit.#xid = xid;
    return unit;
  }

  get state(): UnitOfWorkState {
    return this.#state;
  }

  /** The xid it was prepared under, if it was. */
  get xid(): string | undefined {
    return this.#xid;
  }

  /** How many puts and gets the unit holds. */
  get size(): number {
    return this.#items.length;
  }

  /** Adds work to the unit; refused once the unit is ending, prepared or ended. */
  add(item: WorkItem): void {
    this.checkActive();
    this.#items.push(item);
  }

  /**
   * Writes a meta record in the same atomic batch as the unit's commit (also after a prepare),
   * never if it backs out: a channel commits its sync record with its batch's puts or gets, so
   * that both land or neither does. Kept in memory only: a unit rebuilt after a restart has
   * none. Not for keys under xa/, which are the prepared units' own.
   */
  putMeta(key: string, value: JsonValue): void {
    this.checkActive();
    this.#meta.push({ op: "putMeta", key, value });
  }

  /**
   * Takes a get back out of the unit, as if it had never joined: the message goes back as it
   * was, its backout count not raised, and the rest of the unit stays as it is. For a message
   * taken ahead for a consumer that never handed it over, in a unit it shares with messages
   * that were handed over. False when the unit holds no such get.
   */
  releaseGet(messageId: string): boolean {
    if (this.#state !== "active") return false;
    const index = this.#items.findIndex((item) => item.kind === "get" && item.record.messageId === messageId);
    if (index < 0) return false;
    const [item] = this.#items.splice(index, 1);
    item!.rolledBack();
    return true;
  }

  /** Throws unless the unit still takes work (a get must not take a message into an ended unit). */
  checkActive(): void {
    if (this.#state !== "active")
      throw new MQError("MQRC_UOW_NOT_AVAILABLE", `the unit of work is ${this.#state === "ending" ? "ending" : this.#state}; begin a new one`);
  }

  /**
   * Phase one of two: makes the unit's work durable but not visible, under `xid`. After
   * this only commit or rollback are possible, here or, after a restart, by xid.
   */
  async prepare(xid: string): Promise<void> {
    this.checkActive();
    // Claimed before anything is written, so that two units preparing at once cannot share an xid.
    if (this.hooks.claimXid && !this.hooks.claimXid(xid))
      throw new MQError("MQRC_UOW_NOT_AVAILABLE", `transaction ${xid} is already prepared on this queue manager (XAER_DUPID)`);
    this.#state = "ending";
    const record: PreparedRecord = { puts: [], gets: [] };
    const ops: StoreOp[] = [];
    for (const item of this.#items) {
      if (!item.record.persistent) continue;
      const at = { queue: item.record.queue, seq: item.record.seq };
      if (item.kind === "put") {
        ops.push({ op: "putMessage", record: { ...item.record, prepared: xid }, body: item.body! });
        record.puts.push(at);
      } else record.gets.push(at);
    }
    ops.push({ op: "putMeta", key: PREPARED_KEY_PREFIX + xid, value: record as never });
    try {
      await this.applyBatch(ops);
    } catch (error) {
      this.hooks.releaseXid?.(xid);
      await this.#backOut(false);
      throw new MQError("MQRC_BACKED_OUT", `the unit of work could not be prepared, so it was backed out: ${describe(error)}`, { cause: error });
    }
    this.#xid = xid;
    this.#state = "prepared";
    for (const item of this.#items) item.prepared?.();
    this.hooks.prepared?.(this);
  }

  /**
   * Makes the unit's work durable in one batch. If the store refuses the batch, an active
   * unit is backed out instead (its gets' backout counts raised, as MQ counts every backout)
   * and commit throws MQRC_BACKED_OUT; a prepared one stays prepared, to be committed again.
   */
  async commit(): Promise<void> {
    const prepared = this.#state === "prepared";
    if (!prepared) this.checkActive();
    this.#state = "ending";
    const ops: StoreOp[] = [];
    for (const item of this.#items) {
      if (!item.record.persistent) continue;
      if (item.kind === "get") ops.push({ op: "deleteMessage", seq: item.record.seq, queue: item.record.queue, priority: item.record.priority });
      else if (prepared) ops.push({ op: "updateMessage", record: item.record });
      else ops.push({ op: "putMessage", record: item.record, body: item.body! });
    }
    if (prepared) ops.push({ op: "deleteMeta", key: PREPARED_KEY_PREFIX + this.#xid });
    ops.push(...this.#meta);
    if (ops.length > 0) {
      try {
        await this.applyBatch(ops);
      } catch (error) {
        if (prepared) {
          this.#state = "prepared";
          throw new MQError(
            "MQRC_RESOURCE_PROBLEM",
            `the prepared unit of work ${this.#xid} could not be committed; it is still prepared: ${describe(error)}`,
            { cause: error },
          );
        }
        await this.#backOut(false);
        throw new MQError("MQRC_BACKED_OUT", `the unit of work could not be committed, so it was backed out: ${describe(error)}`, { cause: error });
      }
    }
    const items = this.#items;
    this.#items = [];
    this.#meta = [];
    this.#state = "committed";
    this.hooks.ended?.(this);
    for (const item of items) item.committed();
  }

  /**
   * Undoes the unit's work: its puts are gone, every message it got goes back to where it
   * was, its backout count raised, unless `countBackout` is false: a message taken ahead
   * for a consumer (prefetched) and never handed to the application goes back as it was.
   */
  async rollback(options: { countBackout?: boolean } = {}): Promise<void> {
    if (this.#state === "rolledBack") return;
    const prepared = this.#state === "prepared";
    if (!prepared) this.checkActive();
    this.#state = "ending";
    await this.#backOut(prepared, options.countBackout !== false);
  }

  async #backOut(prepared: boolean, countBackout = true): Promise<void> {
    this.#meta = [];
    const items = this.#items;
    this.#items = [];
    const ops: StoreOp[] = [];
    for (const item of items) {
      if (item.kind === "get") {
        if (!countBackout) continue;
        item.record.backoutCount++;
        if (item.record.persistent) ops.push({ op: "updateMessage", record: item.record });
      } else if (prepared && item.record.persistent)
        ops.push({ op: "deleteMessage", seq: item.record.seq, queue: item.record.queue, priority: item.record.priority });
    }
    if (prepared) ops.push({ op: "deleteMeta", key: PREPARED_KEY_PREFIX + this.#xid });
    // A backout count the store could not record stays raised in memory; the messages go
    // back either way, since the gets that took them were never committed. (A prepared
    // unit's record stays, and a restart rolls it back again.)
    if (ops.length > 0) await this.applyBatch(ops).catch(() => undefined);
    this.#state = "rolledBack";
    this.hooks.ended?.(this);
    // Backed out in reverse, so that messages go back in the order they were taken.
    for (let i = items.length - 1; i >= 0; i--) items[i]!.rolledBack();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
