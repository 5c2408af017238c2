/**
 * The queue manager as a resource in a two-phase commit (XA): the units of work prepared and
 * not yet resolved, by xid, whether prepared in this process or found in the store when the
 * manager opened. A transaction manager lists them with `recover()` after a failure and
 * resolves each with `commit(xid)` or `rollback(xid)`. An xid is a string.
 */
import { MQError } from "../base/errors.js";
import { checkXid } from "../base/xid.js";
import type { UnitOfWork } from "./unit-of-work.js";

export class XAResource {
  constructor(private readonly prepared: ReadonlyMap<string, UnitOfWork>) {}

  /** The xids prepared here and not yet committed or rolled back, also after a restart. */
  async recover(): Promise<string[]> {
    return [...this.prepared.keys()].sort();
  }

  /** Commits the prepared transaction `xid`: its puts become visible, its gets are removed. */
  async commit(xid: string): Promise<void> {
    await this.#find(xid).commit();
  }

  /** Rolls the prepared transaction `xid` back: its puts are gone, its gets are back, their backout counts raised. */
  async rollback(xid: string): Promise<void> {
    await this.#find(xid).rollback();
  }

  #find(xid: string): UnitOfWork {
    const unit = this.prepared.get(checkXid(xid));
    if (!unit) throw new MQError("MQRC_UOW_NOT_AVAILABLE", `no transaction ${xid} is prepared on this queue manager (XAER_NOTA)`);
    return unit;
  }
}
