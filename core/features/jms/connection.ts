/**
 * A JMS connection to a queue manager: its client id (one open connection per id, as JMS's
 * InvalidClientIDException says), its sessions, and an exception listener for failures no
 * call is waiting to hear of (a listener that threw, a get that failed in the background).
 */
import { MQError } from "../../base/errors.js";
import type { ClientIdRegistry, JmsHost } from "./host.js";
import { Session, type SessionOptions } from "./session.js";
import { XASession } from "./xa-session.js";

export interface ConnectionOptions {
  clientId?: string;
}

export type ExceptionListener = (error: unknown) => void;

export class Connection {
  readonly clientId: string | undefined;
  readonly #sessions = new Set<Session>();
  #exceptionListener: ExceptionListener | undefined;
  #closed = false;

  constructor(
    private readonly host: JmsHost,
    private readonly clientIds: ClientIdRegistry,
    options: ConnectionOptions = {},
  ) {
    const clientId = options.clientId;
    if (clientId !== undefined) {
      if (typeof clientId !== "string" || clientId === "") throw new MQError("MQRC_OPTIONS_ERROR", "clientId is a non-empty string");
      if (!clientIds.claim(clientId)) {
        throw new MQError(
          "MQRC_OBJECT_IN_USE",
          `client id ${clientId} is in use by another open connection to queue manager ${host.manager.name} (JMS InvalidClientIDException)`,
        );
      }
    }
    this.clientId = clientId;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async createSession(options: SessionOptions = {}): Promise<Session> {
    if (this.#closed) throw new MQError("MQRC_HCONN_ERROR", "the connection is closed");
    const session = new Session(
      this.host,
      { ...options, clientId: this.clientId, connection: this },
      (s) => this.#sessions.delete(s),
      (error) => this.#report(error),
    );
    this.#sessions.add(session);
    return session;
  }

  /** A session whose work belongs to the transactions its xaResource starts (two-phase commit). */
  async createXASession(): Promise<XASession> {
    if (this.#closed) throw new MQError("MQRC_HCONN_ERROR", "the connection is closed");
    const session = new XASession(
      this.host,
      (s) => this.#sessions.delete(s),
      (error) => this.#report(error),
    );
    this.#sessions.add(session);
    return session;
  }

  /** Failures of listeners and background deliveries. */
  setExceptionListener(listener: ExceptionListener | null): void {
    this.#exceptionListener = listener ?? undefined;
  }

  /** Closes every session (what they hold comes back) and frees the client id. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const session of [...this.#sessions]) await session.close();
    if (this.clientId !== undefined) this.clientIds.release(this.clientId);
    this.clientIds.closed(this);
  }

  #report(error: unknown): void {
    try {
      this.#exceptionListener?.(error);
    } catch {
      // The application's listener failing is not ours to handle.
    }
  }
}
