/**
 * A STOMP connection's transactions (BEGIN, COMMIT, ABORT), each a transacted JMS session of
 * its own. SENDs naming one are put in its unit of work; ACKs and NACKs naming one wait, and
 * take effect at COMMIT after the sends have committed (two steps: a crash between them
 * delivers the acknowledged message again, it never loses one); ABORT drops both. When the
 * connection ends, whatever is still open rolls back.
 */
import { MQError, type Connection, type MessageProducer, type Session } from "../../../core/index.js";
import { header, type StompFrame } from "./frame.js";

export interface StompTransaction {
  session: Session;
  producer: MessageProducer;
  /** ACKs and NACKs that take effect when the transaction commits. */
  settlements: (() => Promise<void>)[];
}

export class StompTransactions {
  readonly #open = new Map<string, StompTransaction>();

  /** The transaction the frame's `transaction` header names; undefined without the header; MQRC_UOW_NOT_AVAILABLE when none by that name is open. */
  of(frame: StompFrame): StompTransaction | undefined {
    const id = header(frame, "transaction");
    if (id === undefined) return undefined;
    const transaction = this.#open.get(id);
    if (transaction === undefined)
      throw new MQError("MQRC_UOW_NOT_AVAILABLE", `there is no transaction ${JSON.stringify(id)} on this connection (BEGIN it first)`);
    return transaction;
  }

  async begin(frame: StompFrame, jms: Connection): Promise<void> {
    const id = header(frame, "transaction");
    if (id === undefined || id === "") throw new MQError("MQRC_OPTIONS_ERROR", "BEGIN needs a transaction header");
    if (this.#open.has(id)) throw new MQError("MQRC_OPTIONS_ERROR", `transaction ${JSON.stringify(id)} has begun already`);
    const session = await jms.createSession({ transacted: true });
    this.#open.set(id, { session, producer: session.createProducer(), settlements: [] });
  }

  /** COMMIT (its sends, then its ACKs and NACKs) or ABORT (neither); the transaction ends either way. */
  async end(frame: StompFrame): Promise<void> {
    const transaction = this.of(frame);
    if (transaction === undefined) throw new MQError("MQRC_OPTIONS_ERROR", `${frame.command} needs a transaction header`);
    this.#open.delete(header(frame, "transaction")!);
    try {
      if (frame.command === "COMMIT") {
        await transaction.session.commit();
        for (const settle of transaction.settlements) await settle();
      } else await transaction.session.rollback();
    } finally {
      await transaction.session.close();
    }
  }

  /** The connection has ended: every open transaction rolls back (closing its session does). */
  async rollBackAll(): Promise<void> {
    for (const transaction of this.#open.values()) await transaction.session.close().catch(() => undefined);
    this.#open.clear();
  }
}
