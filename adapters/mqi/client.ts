/**
 * The client binding: a queue manager reached over a WebSocket session to a webmq server
 * (`/ibmmq/client`, client-protocol.ts), standing behind the verb layer (index.ts) in place of a
 * local QueueManager. `ClientQueueManager` offers the part of QueueManager the verbs use (open,
 * put, get, browse, units of work); each call is a request on the session, and the server keeps
 * the handles, the unit of work and the browse cursors (adapters/http/mqi-client/session.ts).
 *
 * The WebSocket is the runtime's own (a page, a worker, workerd, Node 22+), or `ws` in Node 20.
 * A server that cannot be reached at any of the addresses is MQRC_HOST_NOT_AVAILABLE (2538); a
 * socket that closes under a connection makes every later call MQRC_CONNECTION_BROKEN (2009).
 *
 * MQINQ and MQSET are requests too (client-inquire.ts, set-and-stat.ts). In Node the socket is
 * serviced on a worker thread (client-thread.ts), so that a synchronous verb (GetSync, CloseSync)
 * can block the program's thread until the server answers (`requestSync`); a page's thread
 * cannot block, so there they are MQRC_ENVIRONMENT_ERROR. A browse's wait is not woken by a put
 * (it waits its interval out).
 */
import { MQError as CoreError, withPropertyAccess, type BrowseCursor, type Message, type PutMessage, type PutResult } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { decodeClientFrame, encodeClientFrame, MQI_CLIENT_SUBPROTOCOL, type ClientAnswer, type ClientRequest } from "./client-protocol.js";
import type { ClientTarget } from "./client-address.js";
import type { BlockingSocket } from "./client-thread.js";
import { MQError } from "./structures.js";

type Answer = Extract<ClientAnswer, { ok: true }>;
type Request = ClientRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

interface SocketLike {
  binaryType: string;
  send(data: Uint8Array): void;
  close(): void;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  /** Present when the thread may block on the socket (Node: client-thread.ts). */
  receiveSync?: BlockingSocket["receiveSync"];
}

/** A failure the server answered, as the core's errors carry it (the verbs make it an MQError of their own verb). */
function answeredError(reason: string, text: string): CoreError {
  const known = (N as unknown as Record<string, unknown>)[reason];
  const code = typeof known === "number" ? known : N.MQRC_UNEXPECTED_ERROR;
  const error = new CoreError("MQRC_UNEXPECTED_ERROR", text);
  Object.defineProperty(error, "reasonCode", { value: code });
  Object.defineProperty(error, "reason", { value: reason });
  return error;
}

async function webSocketClass(): Promise<new (url: string, protocols: string[]) => SocketLike> {
  const native = (globalThis as { WebSocket?: new (url: string, protocols: string[]) => SocketLike }).WebSocket;
  if (native) return native;
  const name = "ws"; // Node 20 has no WebSocket of its own; a bundle for a page never reaches this line.
  return ((await import(/* @vite-ignore */ name)) as { WebSocket: new (url: string, protocols: string[]) => SocketLike }).WebSocket;
}

/**
 * Where Node's session socket goes: on a worker thread (client-thread.ts), always, since a
 * socket cannot move between threads once the program is connected and whether it will call a
 * synchronous verb is not known at MQCONN. Not part of `webmq/ibmmq`: bench/mqi-client turns it
 * off to measure what the thread costs the asynchronous verbs.
 */
export const clientSocketPlacement = { workerThread: true };

async function openSocket(Socket: new (url: string, protocols: string[]) => SocketLike, url: string): Promise<SocketLike> {
  // In Node, on a worker thread, so that the synchronous verbs can block on it.
  if (clientSocketPlacement.workerThread) {
    const { openThreadSocket } = await import("./client-thread.js");
    const onThread = await openThreadSocket(url, [MQI_CLIENT_SUBPROTOCOL]);
    if (onThread !== undefined) return onThread;
  }
  return new Promise((resolve, reject) => {
    let socket: SocketLike;
    try {
      socket = new Socket(url, [MQI_CLIENT_SUBPROTOCOL]);
    } catch (error) {
      return reject(error);
    }
    socket.binaryType = "arraybuffer";
    socket.addEventListener("open", () => resolve(socket));
    socket.addEventListener("error", () => reject(new Error(`${url} cannot be reached`)));
  });
}

/** One connection's session: requests answered in order, by id. */
export class ClientSession {
  #next = 1;
  readonly #pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  #broken = false;

  private constructor(private readonly socket: SocketLike) {
    socket.addEventListener("message", (event) => this.#received(event.data));
    socket.addEventListener("close", () => this.#lost());
    socket.addEventListener("error", () => this.#lost());
  }

  /** Connects to the first address of `target` that answers, and sends `conn`. */
  static async connect(
    target: ClientTarget,
    conn: Omit<Extract<ClientRequest, { op: "conn" }>, "id" | "op" | "channel">,
  ): Promise<{ session: ClientSession; queueManager: string }> {
    const Socket = await webSocketClass();
    let socket: SocketLike | undefined;
    const failures: string[] = [];
    for (const url of target.urls) {
      try {
        socket = await openSocket(Socket, url);
        break;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (socket === undefined) {
      const error = new MQError(N.MQCC_FAILED, N.MQRC_HOST_NOT_AVAILABLE, "CONNX");
      error.message += `: ${failures.join("; ")} (AMQ9202)`;
      throw error;
    }
    const session = new ClientSession(socket);
    try {
      const answer = await session.request({ op: "conn", channel: target.channel, ...conn });
      return { session, queueManager: answer.queueManager ?? "" };
    } catch (error) {
      session.close();
      throw error;
    }
  }

  get broken(): boolean {
    return this.#broken;
  }

  request(request: Request): Promise<Answer> {
    if (this.#broken) return Promise.reject(new CoreError("MQRC_CONNECTION_BROKEN", "the connection to the server is gone"));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.socket.send(encodeClientFrame({ id, ...request } as ClientRequest));
    });
  }

  /**
   * Sends a request and blocks the thread until its answer (a synchronous verb). Answers to
   * other requests that arrive meanwhile are handled in order as they come (what they resolve
   * runs once the caller returns). Where the thread cannot block (a page, a worker, workerd: no
   * relay thread), MQRC_ENVIRONMENT_ERROR saying so.
   */
  /** Whether this thread may block on the socket (Node: it is on a worker thread). */
  get canBlock(): boolean {
    return this.socket.receiveSync !== undefined;
  }

  requestSync(request: Request): Answer {
    if (this.socket.receiveSync === undefined)
      throw answeredError(
        "MQRC_ENVIRONMENT_ERROR",
        "this runtime's thread cannot block waiting on a socket (only Node's can, with the socket on a worker thread); use the verb's callback form",
      );
    if (this.#broken) throw new CoreError("MQRC_CONNECTION_BROKEN", "the connection to the server is gone");
    const id = this.#next++;
    let outcome: { answer: Answer } | { error: Error } | undefined;
    this.#pending.set(id, { resolve: (answer) => (outcome = { answer }), reject: (error) => (outcome = { error }) });
    this.socket.send(encodeClientFrame({ id, ...request } as ClientRequest));
    while (outcome === undefined) {
      const event = this.socket.receiveSync();
      if (event.type === "message") this.#received(event.data);
      else if (event.type !== "open") this.#lost(); // fails every request in flight, this one too
    }
    if ("error" in outcome) throw outcome.error;
    return outcome.answer;
  }

  /** Sends a request and gives back its id at once (a get, so that it can be cancelled), with its answer. */
  requestWithId(request: Request): { id: number; answer: Promise<Answer> } {
    const id = this.#next;
    return { id, answer: this.request(request) };
  }

  cancel(request: number): void {
    if (!this.#broken && this.#pending.has(request)) this.socket.send(encodeClientFrame({ id: 0, op: "cancel", request }));
  }

  close(): void {
    this.#broken = true;
    this.socket.close();
    this.#lost();
  }

  #received(data: unknown): void {
    let frame;
    try {
      frame = decodeClientFrame(typeof data === "string" ? data : new Uint8Array(data as ArrayBuffer));
    } catch {
      return this.close();
    }
    if (!("ok" in frame)) return this.close();
    const waiting = this.#pending.get(frame.id);
    this.#pending.delete(frame.id);
    if (frame.ok) waiting?.resolve(frame);
    else waiting?.reject(answeredError(frame.reason, frame.text));
  }

  #lost(): void {
    this.#broken = true;
    for (const waiting of this.#pending.values()) waiting.reject(new CoreError("MQRC_CONNECTION_BROKEN", "the connection to the server is gone (AMQ9208)"));
    this.#pending.clear();
  }
}

/**
 * A unit of work kept by the server, under the number this side gave it: this side only says
 * when it ends (nothing to say for one no put or get used).
 */
class ClientUnitOfWork {
  state: "active" | "committed" | "rolledBack" = "active";
  used = false;
  constructor(
    private readonly session: ClientSession,
    readonly number: number,
  ) {}
  async commit(): Promise<void> {
    this.state = "committed";
    if (this.used) await this.session.request({ op: "commit", unit: this.number });
  }
  async rollback(options: { countBackout?: boolean } = {}): Promise<void> {
    this.state = "rolledBack";
    if (this.used) await this.session.request({ op: "rollback", unit: this.number, ...(options.countBackout === false ? { countBackout: false } : {}) });
  }
  /** Ends it, blocking the thread until the server has (a synchronous verb's own unit: client-sync.ts). */
  endSync(commit: boolean, options: { countBackout?: boolean } = {}): void {
    this.state = commit ? "committed" : "rolledBack";
    if (!this.used) return;
    if (commit) this.session.requestSync({ op: "commit", unit: this.number });
    else this.session.requestSync({ op: "rollback", unit: this.number, ...(options.countBackout === false ? { countBackout: false } : {}) });
  }
}

/** The unit a put or get names, marked as used: the request's `syncpoint` and `unit`. */
export function underUnit(unit: unknown): { syncpoint: boolean; unit?: number } {
  if (!(unit instanceof ClientUnitOfWork)) return { syncpoint: false };
  unit.used = true;
  return { syncpoint: true, unit: unit.number };
}

/** A message off the wire, given the property accessors a local get's message has. */
const withAccess = (message: Message | null | undefined): Message | null => (message ? (withPropertyAccess(message) as Message) : null);

/** The queue manager as the verbs see it, over the session. */
export class ClientQueueManager {
  readonly events = { subscribe: (_listener: (event: { type: string; queue?: string }) => void) => () => undefined };
  readonly attributes = {};
  #units = 0;

  constructor(
    readonly name: string,
    readonly session: ClientSession,
  ) {}

  get closed(): boolean {
    return this.session.broken;
  }

  beginUnitOfWork(): ClientUnitOfWork {
    return new ClientUnitOfWork(this.session, ++this.#units);
  }

  async open(queue: string, options: { input?: boolean; output?: boolean; browse?: boolean; queueManager?: string; dynamicQueueName?: string }) {
    const answer = await this.session.request({
      op: "open",
      queue,
      input: options.input === true,
      output: options.output === true,
      browse: options.browse === true,
      ...(options.queueManager ? { queueManager: options.queueManager } : {}),
      ...(options.dynamicQueueName ? { dynamicQueueName: options.dynamicQueueName } : {}),
    });
    return this.handleOf(answer.handle!, answer.queueName ?? queue);
  }

  /** A handle the server opened (`handle`), as the verbs hold one. */
  handleOf(handle: number, queueName: string) {
    const session = this.session;
    return {
      queueName,
      handle,
      close: async (closing: { deleteQueue?: boolean } = {}) => {
        if (!session.broken) await session.request({ op: "close", handle, deleteQueue: closing.deleteQueue === true });
      },
      /** MQCLOSE, blocking the thread until the server has closed it (CloseSync). */
      closeSync: (closing: { deleteQueue?: boolean } = {}) => {
        if (!session.broken) session.requestSync({ op: "close", handle, deleteQueue: closing.deleteQueue === true });
      },
    };
  }

  /** Publishes on a topic string (a topic opened for output): how many subscriptions it reached. */
  async publish(topic: string, message: PutMessage, options: { unitOfWork?: unknown; retain?: boolean } = {}): Promise<{ subscriptions: number }> {
    const answer = await this.session.request({ op: "publish", topic, message, retain: options.retain === true, ...underUnit(options.unitOfWork) });
    return { subscriptions: answer.count ?? 0 };
  }

  /**
   * MQSUB, made or resumed by the server on this session (client-subscribe.ts): to the queue
   * behind `handle` (one this connection opened for input), or to a managed queue it opens (its
   * handle given back); the answer names the topic string it is on.
   */
  async subscribe(sub: Omit<Extract<ClientRequest, { op: "sub" }>, "id" | "op">) {
    const answer = await this.session.request({ op: "sub", ...sub });
    return {
      subscription: answer.subscription!,
      topic: answer.topic ?? "",
      managedQueue: answer.handle !== undefined ? this.handleOf(answer.handle, answer.queueName!) : undefined,
    };
  }

  /** Ends this connection's use of a subscription `subscribe` made (MQCLOSE of its handle); `remove` deletes a durable one (MQCO_REMOVE_SUB). */
  async unsubscribe(subscription: number, remove = false): Promise<void> {
    if (!this.session.broken) await this.session.request({ op: "unsub", subscription, ...(remove ? { remove: true } : {}) });
  }

  /** A topic's full string from a TOPIC object's name and an object string, as the server's definitions give it (MQOPEN of a topic). */
  async topicString(objectName: string | null, objectString: string | null): Promise<string> {
    const answer = await this.session.request({ op: "topic", ...(objectName ? { objectName } : {}), ...(objectString ? { topic: objectString } : {}) });
    return answer.topic ?? "";
  }

  /** MQSUBRQ: the topic's retained publication to the subscription again; how many were sent. */
  async requestRetained(subscription: number): Promise<number> {
    return (await this.session.request({ op: "subrq", subscription })).count ?? 0;
  }

  async put(
    queue: string,
    message: PutMessage,
    options: { unitOfWork?: unknown; queueManager?: string; context?: { messageId?: string; format?: string } } = {},
  ): Promise<PutResult> {
    const answer = await this.session.request({
      op: "put",
      queue,
      message,
      ...underUnit(options.unitOfWork),
      ...(options.queueManager ? { queueManager: options.queueManager } : {}),
      ...(options.context?.messageId !== undefined ? { messageId: options.context.messageId } : {}),
      ...(options.context?.format !== undefined ? { format: options.context.format } : {}),
    });
    return answer.result!;
  }

  async get(
    queue: string,
    options: { wait?: number; signal?: AbortSignal; unitOfWork?: unknown; messageId?: string; correlationId?: string } = {},
  ): Promise<Message | null> {
    const wait = options.wait ?? 0;
    if (options.signal?.aborted) return null; // stopped before it began: its abort event has been and gone
    const { id, answer } = this.session.requestWithId({
      op: "get",
      queue,
      wait: wait === Infinity ? null : wait,
      ...underUnit(options.unitOfWork),
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.correlationId ? { correlationId: options.correlationId } : {}),
    });
    const cancel = () => this.session.cancel(id);
    options.signal?.addEventListener("abort", cancel, { once: true });
    try {
      return withAccess((await answer).message);
    } finally {
      options.signal?.removeEventListener("abort", cancel);
    }
  }

  /** A get, blocking the thread until the server answers it: the message, or null when none came in the wait (GetSync: client-sync.ts). */
  getSync(queue: string, options: { wait: number; unitOfWork?: unknown; messageId?: string; correlationId?: string }): Message | null {
    const answer = this.session.requestSync({
      op: "get",
      queue,
      wait: options.wait === Infinity ? null : options.wait,
      ...underUnit(options.unitOfWork),
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.correlationId ? { correlationId: options.correlationId } : {}),
    });
    return withAccess(answer.message);
  }

  browse(queue: string): BrowseCursor {
    const session = this.session;
    const opened = session.request({ op: "browse", queue });
    opened.catch(() => undefined); // its failure reaches the caller on next()
    return {
      next: async () => withAccess((await session.request({ op: "browseNext", cursor: (await opened).cursor! })).message),
      close: () => void opened.then((a) => (session.broken ? undefined : session.request({ op: "browseClose", cursor: a.cursor! }))).catch(() => undefined),
    } as unknown as BrowseCursor;
  }

  /** MQINQ's values, asked of the server: one per selector. */
  async inquire(target: "qmgr" | "queue", queue: string, selectors: number[]): Promise<(string | number)[]> {
    const answer = await this.session.request({ op: "inquire", target, queue, selectors });
    return answer.values ?? [];
  }

  /** MQSET of a queue's attributes, made by the server (which checks SET authority and the values again). */
  async set(queue: string, changes: { selector: number; value: unknown }[]): Promise<void> {
    await this.session.request({ op: "set", queue, changes });
  }

  /** A local binding reads definitions in memory (MQSET, MQINQ's synchronous form); a client has none here. */
  object(): never {
    throw answeredError("MQRC_ENVIRONMENT_ERROR", "this verb reads the queue manager's definitions in memory, which a client binding does not have");
  }

  /** Ends the session (MQDISC, after the verbs have committed the unit of work). */
  disconnect(): void {
    this.session.close();
  }
}
