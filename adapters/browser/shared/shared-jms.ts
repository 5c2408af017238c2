/**
 * JMS connections and sessions on the shared queue manager that outlive its owner. Each is
 * made again on the new owner when the old one goes. What a session held there (its unit of
 * work, its unacknowledged messages) went with the old owner, rolled back by the new one's
 * open: the session's next call (or the one in flight) says so with MQRC_BACKED_OUT, once,
 * and the session carries on. A receive in flight with nothing held is issued again.
 *
 * The connection is leased to this context (a Web Lock, holdLease): when this context goes
 * away, the owner closes it and what it held comes back to its queues; the lease ends with
 * the connection's close. Closed here (or by
 * closing the SharedQueueManager it came from), it is closed on the owner, which rolls back
 * what its sessions held, and its calls and its sessions' fail with MQRC_HCONN_ERROR, as a
 * closed core Connection's do.
 */
import * as Comlink from "comlink";
import { MQError, type ConnectionOptions, type PutMessage, type PutResult, type SessionOptions } from "../../../core/index.js";
import { holdLease, type BridgedMessage, type ConnectionFacade, type SessionFacade } from "../../worker/index.js";
import { backedOut, interrupted } from "./calls.js";
import type { Link, OwnerLink } from "./owner-link.js";

const GONE: unique symbol = Symbol("owner gone");

/** A JMS connection to the shared queue manager (the same calls as a remote ConnectionFacade). */
export class SharedConnection {
  readonly #links: OwnerLink;
  readonly #options: ConnectionOptions;
  readonly #lease: ReturnType<typeof holdLease>;
  #on: { link: Link; connection: Promise<Comlink.Remote<ConnectionFacade>> } | undefined;
  readonly #sessions = new Set<SharedSession>();
  #closed = false;
  readonly #onClosed: () => void;

  /** @internal SharedQueueManager.createConnection makes it; `onClosed` tells it the connection needs no closing any more. */
  constructor(links: OwnerLink, options: ConnectionOptions, onClosed: () => void = () => undefined) {
    this.#links = links;
    this.#options = options;
    this.#lease = holdLease();
    this.#onClosed = onClosed;
  }

  async createSession(options: SessionOptions = {}): Promise<SharedSession> {
    if (this.#closed) throw closedError("connection");
    const session = new SharedSession(this, options);
    this.#sessions.add(session);
    await session.ready();
    return session;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#onClosed();
    // The owner's connection closes its sessions (rolling back what they held): here they are only marked closed.
    for (const session of this.#sessions) session.closedWithConnection();
    this.#sessions.clear();
    const on = this.#on;
    this.#on = undefined;
    try {
      if (on) await Promise.race([on.connection.then((c) => c.close()), on.link.replaced]);
    } finally {
      // Closed on the owner (or the owner is gone): the lease has nothing left to guard.
      (await this.#lease).release();
    }
  }

  /** True once closed (by close() or by closing the SharedQueueManager it came from). */
  get closed(): boolean {
    return this.#closed;
  }

  /** @internal The connection on `link`'s owner, made there when first needed. */
  connectionOn(link: Link): Promise<Comlink.Remote<ConnectionFacade>> {
    if (this.#closed) return Promise.reject(closedError("connection"));
    if (this.#on?.link !== link) this.#on = { link, connection: this.#lease.then((lease) => link.remote.createConnection(this.#options, lease.name)) };
    return this.#on.connection;
  }

  /** @internal */
  get links(): OwnerLink {
    return this.#links;
  }

  /** @internal A session closed by itself is no longer the connection's to close. */
  forget(session: SharedSession): void {
    this.#sessions.delete(session);
  }
}

/** A session of a SharedConnection: send, receive, acknowledge, commit, as a remote SessionFacade. */
export class SharedSession {
  readonly #connection: SharedConnection;
  readonly #options: SessionOptions;
  #on: { link: Link; session: Promise<Comlink.Remote<SessionFacade>> } | undefined;
  /** True while the session holds work on its owner: a unit of work, or messages not yet acknowledged. */
  #holding = false;
  /** INDIVIDUAL mode: the tokens received and not yet acknowledged (the session holds work while there are any). */
  readonly #unacknowledged = new Set<number>();
  readonly #transacted: boolean;
  readonly #clientAcknowledged: boolean;
  readonly #individual: boolean;
  #closed = false;

  constructor(connection: SharedConnection, options: SessionOptions) {
    this.#connection = connection;
    this.#options = options;
    this.#transacted = options.transacted === true;
    this.#clientAcknowledged = options.acknowledgeMode === "client" || options.acknowledgeMode === "individual";
    this.#individual = !this.#transacted && options.acknowledgeMode === "individual";
  }

  /** @internal */
  async ready(): Promise<void> {
    await this.#call("opening the session", "reissue", async () => undefined);
  }

  async send(queue: string, message: PutMessage): Promise<PutResult> {
    // Taken as send is called, as the page's own session takes it (the post to the owner comes later).
    const taken = structuredClone(message);
    const result = await this.#call(`the send to ${queue}`, this.#transacted ? "backout" : "interrupted", (s) => s.send(queue, taken));
    if (this.#transacted) this.#holding = true;
    return result;
  }

  async receive(queue: string, timeout?: number): Promise<BridgedMessage | null> {
    return this.#received(await this.#call(`the receive from ${queue}`, "reissue", (s) => s.receive(queue, timeout)));
  }

  async receiveNoWait(queue: string): Promise<BridgedMessage | null> {
    return this.#received(await this.#call(`the receive from ${queue}`, "reissue", (s) => s.receiveNoWait(queue)));
  }

  /**
   * A client-mode acknowledge ends all the session holds, as a commit does; an individual one
   * ends that message's part. Either may have been applied by an owner that went before it
   * answered: in flight then, it is MQRC_CALL_INTERRUPTED (never MQRC_BACKED_OUT, which would
   * have the caller process again a message that was acknowledged). Messages an individual
   * session held besides were backed out with the owner: its next call says so, once.
   */
  async acknowledge(token: number): Promise<void> {
    if (this.#individual) {
      this.#unacknowledged.delete(token);
      await this.#call("the acknowledge", "in-doubt", (s) => s.acknowledge(token));
      this.#holding = this.#unacknowledged.size > 0;
      return;
    }
    await this.#call("the acknowledge", this.#options.acknowledgeMode === "client" ? "in-doubt" : "interrupted", (s) => s.acknowledge(token));
    if (this.#options.acknowledgeMode === "client") this.#release();
  }

  async commit(): Promise<void> {
    await this.#call("the commit", "in-doubt", (s) => s.commit());
    this.#release();
  }

  async rollback(): Promise<void> {
    // A rollback whose owner went away has happened anyway: the new owner's open rolled it back.
    await this.#call("the rollback", "reissue", (s) => s.rollback(), true);
    this.#release();
  }

  async recover(): Promise<void> {
    await this.#call("the recover", "reissue", (s) => s.recover(), true);
    this.#release();
  }

  /** Closes the session on its owner (rolling back what it held); its calls then fail with MQRC_HCONN_ERROR. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#connection.forget(this);
    const on = this.#on;
    this.#on = undefined;
    this.#release();
    if (on) await Promise.race([on.session.then((s) => s.close()), on.link.replaced]);
  }

  /** @internal Its connection was closed, which closes its sessions on the owner. */
  closedWithConnection(): void {
    this.#closed = true;
    this.#on = undefined;
    this.#release();
  }

  // --- Internal helpers ---

  #received(message: BridgedMessage | null): BridgedMessage | null {
    if (message && (this.#transacted || this.#clientAcknowledged)) this.#holding = true;
    if (message && this.#individual) this.#unacknowledged.add(message.token);
    return message;
  }

  /** The session holds nothing (any more) on its owner. */
  #release(): void {
    this.#holding = false;
    this.#unacknowledged.clear();
  }

  /**
   * Runs `work` on this session's remote twin on the current owner. When the owner it held
   * work on has gone, the work is reported backed out (once) unless `forgetting` says the call
   * gives it up anyway; a call in flight when its owner goes is issued again, reported
   * interrupted, or reported backed out, as `whenOwnerGoes` says. "in-doubt" is a call that
   * ends what the session holds (a commit): in flight when its owner goes, it may have
   * happened before the owner went (committed, the answer lost) or not (backed out by the new
   * owner's open), so it is MQRC_CALL_INTERRUPTED, as IBM MQ reports an MQCMIT cut by a
   * reconnect, never MQRC_BACKED_OUT: a caller told "backed out" would do again what was done.
   * What the session still holds after it (an individual acknowledge's other messages) is
   * reported backed out by its next call.
   */
  async #call<T>(
    what: string,
    whenOwnerGoes: "reissue" | "interrupted" | "backout" | "in-doubt",
    work: (session: Comlink.Remote<SessionFacade>) => Promise<T>,
    forgetting = false,
  ): Promise<T> {
    for (;;) {
      if (this.#closed || this.#connection.closed) throw closedError(this.#closed ? "session" : "connection");
      const link = await this.#connection.links.current();
      if (this.#on && this.#on.link !== link) {
        this.#on = undefined;
        if (this.#holding && !forgetting) {
          this.#release();
          throw backedOut(what);
        }
      }
      const session = this.#sessionOn(link);
      const outcome = await Promise.race([session.then(work).then((value) => ({ value })), link.replaced.then((): typeof GONE => GONE)]);
      if (typeof outcome === "object") return outcome.value;
      if (forgetting) {
        this.#release();
        continue;
      }
      if (whenOwnerGoes === "in-doubt") {
        // #on stays on the gone link, so that the next call reports what is still held.
        this.#holding = this.#unacknowledged.size > 0;
        throw interrupted(what);
      }
      if (this.#holding || whenOwnerGoes === "backout") {
        this.#release();
        this.#on = undefined;
        throw backedOut(what);
      }
      if (whenOwnerGoes === "interrupted") throw interrupted(what);
    }
  }

  #sessionOn(link: Link): Promise<Comlink.Remote<SessionFacade>> {
    if (this.#on?.link !== link) {
      this.#on = { link, session: this.#connection.connectionOn(link).then((c) => c.createSession(this.#options)) };
    }
    return this.#on.session;
  }
}

/** A call on a closed session or connection, as core's JMS says it. */
function closedError(what: "session" | "connection"): MQError {
  return new MQError("MQRC_HCONN_ERROR", `the ${what} is closed`);
}
