/**
 * A JMS XASession: a session whose sends and receives belong to the transaction its
 * xaResource has started (xid), so that a transaction manager can commit them together with
 * another resource's work: start(xid), the work, end(xid), prepare(xid), then commit(xid)
 * or rollback(xid). A prepared transaction is in the store; after a crash the queue
 * manager's own xaResource lists it (recover) and resolves it.
 */
import { MQError } from "../../base/errors.js";
import type { UnitOfWork } from "../../kernel/index.js";
import { checkXid } from "../../base/xid.js";
import type { JmsHost } from "./host.js";
import { Session } from "./session.js";

export class XASession extends Session {
  readonly xaResource: SessionXAResource;

  constructor(host: JmsHost, onClose: (session: Session) => void, reportError: (error: unknown) => void) {
    super(host, { xa: true }, onClose, reportError);
    this.xaResource = new SessionXAResource(this, host);
  }

  /** Rolls back what the session's transactions did that was never prepared; prepared ones stay for the transaction manager. */
  override async close(): Promise<void> {
    // Listeners finish the message in hand before their transactions are given up.
    await this.closeConsumers();
    await this.xaResource.abandonUnprepared();
    await super.close();
  }
}

export class SessionXAResource {
  #associated: { xid: string; unit: UnitOfWork } | undefined;
  /** Transactions ended (their work done) and not yet prepared or resolved. */
  readonly #ended = new Map<string, UnitOfWork>();

  constructor(
    private readonly session: XASession,
    private readonly host: JmsHost,
  ) {}

  /** Associates the session with transaction `xid`: a new one, or one this session ended before (join). */
  async start(xid: string): Promise<void> {
    checkXid(xid);
    if (this.#associated) throw protocol(`the session is already in transaction ${this.#associated.xid}; end it first`);
    if ((await this.host.manager.xaResource.recover()).includes(xid)) throw duplicate(xid);
    const unit = this.#ended.get(xid) ?? this.host.manager.beginUnitOfWork();
    this.#ended.delete(xid);
    this.#associated = { xid, unit };
    this.session.bindTransaction(unit);
  }

  /** Ends the association: the transaction's work is done, to be prepared or committed. */
  async end(xid: string): Promise<void> {
    if (this.#associated?.xid !== checkXid(xid)) throw protocol(`the session is not in transaction ${xid}`);
    this.#ended.set(xid, this.#associated.unit);
    this.#associated = undefined;
    this.session.bindTransaction(undefined);
  }

  /** Phase one: the transaction's work is made durable, invisible, under `xid`. */
  async prepare(xid: string): Promise<void> {
    const unit = this.#ended.get(checkXid(xid));
    if (!unit) throw protocol(`transaction ${xid} is not ended on this session (end it before preparing)`);
    // A prepare refused (a duplicate xid) leaves the transaction ended here, to be rolled back.
    await unit.prepare(xid);
    this.#ended.delete(xid);
  }

  /** Commits `xid`: a prepared one, or with `onePhase` an ended one that was never prepared. */
  async commit(xid: string, onePhase = false): Promise<void> {
    checkXid(xid);
    const ended = this.#ended.get(xid);
    if (ended) {
      if (!onePhase) throw protocol(`transaction ${xid} is not prepared: prepare it, or commit it in one phase`);
      this.#ended.delete(xid);
      await ended.commit();
      return;
    }
    await this.host.manager.xaResource.commit(xid);
  }

  /** Rolls `xid` back, whether ended, prepared, or still associated with the session. */
  async rollback(xid: string): Promise<void> {
    checkXid(xid);
    if (this.#associated?.xid === xid) await this.end(xid);
    const ended = this.#ended.get(xid);
    if (ended) {
      this.#ended.delete(xid);
      await ended.rollback();
      return;
    }
    await this.host.manager.xaResource.rollback(xid);
  }

  /** The xids prepared on the queue manager and not resolved. */
  recover(): Promise<string[]> {
    return this.host.manager.xaResource.recover();
  }

  /** @internal */
  async abandonUnprepared(): Promise<void> {
    if (this.#associated) await this.end(this.#associated.xid);
    for (const [xid, unit] of [...this.#ended]) {
      this.#ended.delete(xid);
      if (unit.state === "active") await unit.rollback();
    }
  }
}

function duplicate(xid: string): MQError {
  return new MQError("MQRC_UOW_NOT_AVAILABLE", `transaction ${xid} is already prepared on this queue manager (XAER_DUPID)`);
}

function protocol(why: string): MQError {
  return new MQError("MQRC_UOW_NOT_AVAILABLE", `${why} (XAER_PROTO)`);
}
