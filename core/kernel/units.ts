/**
 * The units of work of one queue manager: begun here (a get or put refuses a unit from
 * another manager), prepared ones by xid (two-phase commit), and those found prepared in the
 * store at open, whose messages stay held until the xid is resolved.
 */
import { MQError } from "../base/errors.js";
import type { Kernel } from "./kernel.js";
import { recordCheck } from "./pager.js";
import { UnitOfWork, type PreparedRecord, type WorkItem } from "./unit-of-work.js";
import { XAResource } from "./xa-resource.js";

export class Units {
  /** Units of work prepared (two-phase) and not yet resolved, by xid. */
  readonly #prepared = new Map<string, UnitOfWork>();
  /** Xids prepared or being prepared: one unit each. */
  readonly #xidsInUse = new Set<string>();
  readonly #begun = new WeakSet<UnitOfWork>();
  readonly xaResource = new XAResource(this.#prepared);
  readonly #hooks = {
    claimXid: (xid: string) => {
      if (this.#xidsInUse.has(xid)) return false;
      this.#xidsInUse.add(xid);
      return true;
    },
    releaseXid: (xid: string) => void this.#xidsInUse.delete(xid),
    prepared: (unit: UnitOfWork) => void this.#prepared.set(unit.xid!, unit),
    ended: (unit: UnitOfWork) => {
      if (unit.xid === undefined) return;
      this.#prepared.delete(unit.xid);
      this.#xidsInUse.delete(unit.xid);
    },
  };

  constructor(
    private readonly kernel: Kernel,
    private readonly queueManager: string,
  ) {}

  begin(): UnitOfWork {
    const unit = new UnitOfWork((ops) => this.kernel.commit(ops), this.#hooks);
    this.#begun.add(unit);
    return unit;
  }

  /** The unit, checked to be this manager's and still active. */
  checkOwn(unit: UnitOfWork): UnitOfWork {
    if (!this.#begun.has(unit)) throw new MQError("MQRC_UOW_NOT_AVAILABLE", `the unit of work was not begun on queue manager ${this.queueManager}`);
    unit.checkActive();
    return unit;
  }

  /**
   * A unit of work found prepared in the store: its puts (stored, flagged with the xid) and
   * its gets are taken straight from the store as held messages, invisible until the xid is
   * committed (the puts appear, the gets are removed) or rolled back (the other way round).
   */
  async restorePrepared(xid: string, prepared: PreparedRecord): Promise<void> {
    const { kernel } = this;
    const messageRecordProblem = await recordCheck();
    const items: WorkItem[] = [];
    const lists = { put: prepared?.puts ?? [], get: prepared?.gets ?? [] };
    if (!Array.isArray(lists.put) || !Array.isArray(lists.get)) {
      // Left in the store as it is; its xid stays taken, so no new transaction writes over it.
      kernel.damaged.push({
        kind: "prepared",
        key: xid,
        problem: `prepared transaction ${xid} is not a record of puts and gets (lists of queue and seq), so it cannot be restored`,
      });
      this.#xidsInUse.add(xid);
      return;
    }
    for (const kind of ["put", "get"] as const) {
      for (const at of lists[kind]) {
        const queue = kernel.queues.get(at?.queue);
        const [stored] = queue ? await kernel.store.loadMessages({ queue: at.queue, seq: at.seq }) : [];
        if (!queue || !stored || messageRecordProblem(stored) !== undefined) {
          kernel.damaged.push({
            kind: "message",
            key: `${at?.queue} ${at?.seq}`,
            problem: `prepared transaction ${xid} names a ${kind} of a message that is not in the store`,
          });
          continue;
        }
        const { prepared: _xid, ...record } = stored;
        const entry = kernel.holdPrepared(queue, record);
        const putBack = () => kernel.putBack(queue, entry);
        const remove = () => kernel.forget(queue, entry);
        items.push({ kind, record, committed: kind === "put" ? putBack : remove, rolledBack: kind === "put" ? remove : putBack });
      }
    }
    this.#xidsInUse.add(xid);
    this.#prepared.set(
      xid,
      UnitOfWork.prepared((ops) => kernel.commit(ops), this.#hooks, xid, items),
    );
  }
}
