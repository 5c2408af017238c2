/**
 * JMS across a worker boundary: a page (or another worker) creates connections and sessions
 * on a queue manager that lives in a worker, through comlink proxies. Only plain data
 * crosses, so a received message comes as data with a token; `session.acknowledge(token)`
 * acknowledges it as `message.acknowledge()` would.
 *
 * When the page that made a connection goes away (closed, crashed, terminated), its
 * connection is closed in the worker, so what it held unacknowledged or uncommitted comes
 * back. The page holds a Web Lock (its lease) for as long as it lives and names it when it
 * connects; the worker asks for the same lock, which it is granted only when the page is
 * gone. A MessagePort says nothing when its other end dies; a lock does.
 */
import * as Comlink from "comlink";
import type {
  Connection,
  ConnectionOptions,
  Message,
  PutMessage,
  PutResult,
  QueueManager,
  ReceivedMessage,
  Session,
  SessionOptions,
} from "../../core/index.js";

/** A received message as it crosses: the message's data, JMS's redelivery fields, and the token to acknowledge it by. */
export interface BridgedMessage extends Message {
  redelivered: boolean;
  deliveryCount: number;
  token: number;
}

export interface SessionFacade {
  send(queue: string, message: PutMessage): Promise<PutResult>;
  /** The next message of `queue`, waiting up to `timeout` ms (0 or absent: until one comes). */
  receive(queue: string, timeout?: number): Promise<BridgedMessage | null>;
  receiveNoWait(queue: string): Promise<BridgedMessage | null>;
  /** CLIENT: everything the session consumed so far; INDIVIDUAL: that message. */
  acknowledge(token: number): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  recover(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectionFacade {
  createSession(options?: SessionOptions): Promise<SessionFacade & Comlink.ProxyMarked>;
  close(): Promise<void>;
}

/** In the worker: a connection facade for `manager`; closed when the lease `lease` (a Web Lock name) is released. */
export async function bridgeConnection(
  manager: QueueManager,
  options: ConnectionOptions = {},
  lease?: string,
): Promise<ConnectionFacade & Comlink.ProxyMarked> {
  const connection = await manager.createConnection(options);
  if (lease !== undefined) watchLease(lease, connection);
  return Comlink.proxy({
    createSession: async (sessionOptions: SessionOptions = {}) => Comlink.proxy(sessionFacade(await connection.createSession(sessionOptions))),
    close: () => connection.close(),
  });
}

/** In the page: a lease that lasts as long as this page (or worker) does; its name goes with createConnection. */
export async function takeLease(): Promise<string> {
  return (await holdLease()).name;
}

/**
 * In the page: a lease as takeLease's, that the page may also end itself once what it leased
 * is closed, so that neither the page's lock nor the worker's request for it outlives the
 * connection or listener (the worker, granted it, closes what is closed already: nothing).
 */
export async function holdLease(): Promise<{ name: string; release(): void }> {
  const name = `webmq-lease-${crypto.randomUUID()}`;
  const release = await new Promise<() => void>((held) => {
    void navigator.locks.request(name, () => new Promise<void>((released) => held(released)));
  });
  return { name, release };
}

// --- Internal helpers ---

function sessionFacade(session: Session): SessionFacade {
  const consumers = new Map<string, ReturnType<Session["createConsumer"]>>();
  const unacknowledged = new Map<number, ReceivedMessage>();
  let tokens = 0;
  const consumerOf = (queue: string) => {
    let consumer = consumers.get(queue);
    if (!consumer) consumers.set(queue, (consumer = session.createConsumer(session.createQueue(queue))));
    return consumer;
  };
  const bridge = (message: ReceivedMessage | null): BridgedMessage | null => {
    if (message === null) return null;
    const token = ++tokens;
    if (session.acknowledgeMode === "client" || session.acknowledgeMode === "individual") unacknowledged.set(token, message);
    // The functions stay here (a structured clone refuses them); the page calls them by token.
    const { acknowledge: _acknowledge, backOut: _backOut, ...data } = message;
    return { ...data, token };
  };
  return {
    send: (queue, message) => session.send(queue, message),
    receive: async (queue, timeout) => bridge(await consumerOf(queue).receive(timeout)),
    receiveNoWait: async (queue) => bridge(await consumerOf(queue).receiveNoWait()),
    acknowledge: async (token) => {
      const message = unacknowledged.get(token);
      if (!message) return;
      if (session.acknowledgeMode === "client") unacknowledged.clear();
      else unacknowledged.delete(token);
      await message.acknowledge();
    },
    commit: () => session.commit(),
    rollback: () => session.rollback(),
    recover: async () => {
      unacknowledged.clear();
      await session.recover();
    },
    close: async () => {
      unacknowledged.clear();
      await session.close();
    },
  };
}

function watchLease(lease: string, connection: Connection): void {
  // Granted only once the page that holds the lease is gone. A connection the page closed
  // itself is closed already; closing it again does nothing.
  void navigator.locks.request(lease, () => connection.close()).catch(() => undefined);
}
