/**
 * A JMS session's units of work, as its mode says: a transacted session keeps one for its
 * sends and receives until commit or rollback (an XA session the one its xaResource started);
 * client and dups-ok share one for everything unacknowledged; individual gives each message
 * its own; auto gives a listener's message its own; none takes messages outright.
 */
import { MQError } from "../../base/errors.js";
import type { PutResult, UnitOfWork } from "../../kernel/index.js";
import type { Message, PutMessage } from "../../message/message.js";
import { copyOf } from "../dead-letters/move-aside.js";

export type AcknowledgeMode = "auto" | "client" | "dups-ok" | "individual" | "none";

export class SessionUnits {
  /** Transacted: the transaction; client and dups-ok: the unacknowledged gets. */
  shared: UnitOfWork | undefined;
  /** dups-ok: messages delivered since the last batch was acknowledged. */
  dupsOkCount = 0;
  /** Individual: each unacknowledged message's own unit of work. */
  readonly individual = new Set<UnitOfWork>();
  /** Units of messages taken ahead for a listener and not yet handed to it (prefetched). */
  readonly takenAhead = new Set<UnitOfWork>();

  constructor(
    private readonly transacted: boolean,
    private readonly acknowledgeMode: AcknowledgeMode,
    private readonly xa: boolean,
    private readonly begin: () => UnitOfWork,
    private readonly checkOpen: () => void,
    private readonly putIn: (queue: string, message: PutMessage, unit: UnitOfWork) => Promise<PutResult>,
  ) {}

  /** The transaction the session's sends and receives join. */
  transaction(): UnitOfWork {
    if (this.xa) {
      if (!this.shared) throw new MQError("MQRC_UOW_NOT_AVAILABLE", "this XA session has no transaction: start one with xaResource.start(xid) (XAER_PROTO)");
      return this.shared;
    }
    this.shared ??= this.begin();
    return this.shared;
  }

  /** The unit of work a get is taken in, or undefined for a get that removes the message at once. */
  unitFor(forListener: boolean): UnitOfWork | undefined {
    if (this.transacted) return this.transaction();
    switch (this.acknowledgeMode) {
      case "none":
        return undefined;
      case "auto":
        return forListener ? this.begin() : undefined;
      case "client":
      case "dups-ok":
        this.shared ??= this.begin();
        return this.shared;
      case "individual": {
        const unit = this.begin();
        this.individual.add(unit);
        return unit;
      }
    }
  }

  /** What a received message's acknowledge() does in this mode. */
  acknowledgerFor(unit: UnitOfWork | undefined): () => Promise<void> {
    if (this.transacted) return async () => undefined;
    if (this.acknowledgeMode === "client") {
      return async () => {
        this.checkOpen();
        const pending = this.shared;
        this.shared = undefined;
        if (pending && pending.state === "active") await pending.commit();
      };
    }
    if (this.acknowledgeMode === "individual" && unit) {
      return async () => {
        this.checkOpen();
        if (!this.individual.delete(unit) || unit.state !== "active") return;
        await unit.commit();
      };
    }
    return async () => undefined;
  }

  /** What a received message's backOut() does: individual mode backs out (or moves) that message alone. */
  backerOutFor(unit: UnitOfWork | undefined): (message: Message, moveTo?: string) => Promise<void> {
    if (this.transacted || this.acknowledgeMode !== "individual" || !unit) {
      return async () => {
        throw new MQError("MQRC_OPTIONS_ERROR", "backOut is for a message of an individual-acknowledge session; this session recovers or rolls back instead");
      };
    }
    return async (message, moveTo) => {
      this.checkOpen();
      if (!this.individual.has(unit) || unit.state !== "active") return;
      if (moveTo !== undefined) {
        // A put refused (queue full, unknown) leaves the unit whole: the caller may back out instead.
        await this.putIn(moveTo, copyOf(message), unit);
        this.individual.delete(unit);
        await unit.commit();
        return;
      }
      this.individual.delete(unit);
      await unit.rollback();
    };
  }

  /** dups-ok: acknowledges what was delivered since the last batch. */
  async acknowledgeBatch(): Promise<void> {
    const pending = this.shared;
    this.shared = undefined;
    this.dupsOkCount = 0;
    if (pending && pending.state === "active") await pending.commit();
  }

  /**
   * A message taken ahead for a listener that stopped before handing it over goes back as it
   * was: its own unit rolled back, or, where the unit is the shared one, just that get taken
   * out of it, the rest of the unit untouched.
   */
  async giveBack(unit: UnitOfWork | undefined, messageId?: string): Promise<void> {
    if (!unit) return;
    this.takenAhead.delete(unit);
    if (unit === this.shared && messageId !== undefined) {
      unit.releaseGet(messageId);
      return;
    }
    this.individual.delete(unit);
    if (unit.state === "active") await unit.rollback({ countBackout: false });
  }

  /** Every unacknowledged message comes back, redelivered; those taken ahead go back as they were. */
  async backOutUnacknowledged(): Promise<void> {
    for (const unit of [...this.takenAhead]) await this.giveBack(unit);
    const units = [...this.individual];
    this.individual.clear();
    if (this.shared) units.push(this.shared);
    this.shared = undefined;
    this.dupsOkCount = 0;
    for (const unit of units) if (unit.state === "active") await unit.rollback();
  }
}
