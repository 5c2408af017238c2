/**
 * The server's end of one MQI client connection (an `ibmmq` client binding, adapters/mqi/client.ts)
 * over a WebSocket at /ibmmq/client, whatever runtime holds the socket: its owner calls
 * `received` with each message and `ended` when it closes. It keeps what IBM's SVRCONN channel
 * instance keeps for its client: the open handles, the unit of work and the browse cursors.
 *
 * The first request must be `conn`: admission.ts decides, from the SVRCONN channel, CHLAUTH
 * and CONNAUTH, which user the connection runs as (or refuses it with MQRC_NOT_AUTHORIZED,
 * MQRC_UNKNOWN_CHANNEL_NAME, MQRC_Q_MGR_NAME_ERROR), and that user needs CONNECT on the queue
 * manager. Every open is then checked against the authority records (PUT, GET, BROWSE on the
 * queue), and each put, get and browse must go through a handle this connection opened for it.
 *
 * When the socket ends for any reason (the client disconnected without MQDISC, was killed, or
 * its network dropped) the unit of work in flight is backed out, as IBM's queue manager backs
 * out the work of a client whose connection broke: its uncommitted gets come back. A client may
 * hold several units (client-protocol.ts): each is backed out.
 */
import { MQError, type BrowseCursor, type Message, type QueueHandle, type QueueManager, type UnitOfWork } from "../../../core/index.js";
import { decodeClientFrame, encodeClientFrame, type ClientAnswer, type ClientRequest } from "../../mqi/client-protocol.js";
import { inquireValues } from "../../mqi/inquire.js";
import { setQueueAttributes } from "../../mqi/set-attributes.js";
import { checkPrincipalAuthority, checkPrincipalTopicAuthority, type CheckedPrincipal } from "../security/authority.js";
import { admitConnection, type AdmissionOptions } from "./admission.js";
import { ClientSubscriptions, topicStringOf } from "./subscriptions.js";

export interface ClientSocket {
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface MqiClientEndpointOptions extends AdmissionOptions {
  /** The queue manager of that name here (blank: the first), or undefined. */
  queueManager(name: string): Promise<QueueManager | undefined>;
  /** How long a socket has to send its `conn`, in ms (default 15,000). */
  handshakeTimeoutMs?: number;
}

type Answer = Omit<Extract<ClientAnswer, { ok: true }>, "id" | "ok">;

const CLOSE_REFUSED = 1008;
const CLOSE_PROTOCOL_ERROR = 1002;
/** Units of work one connection may hold at once: its application's, and one per get in flight that may be given back. */
const MAX_UNITS = 1024;

/** The unit a request names: 0 when it names none; MQRC_FORMAT_ERROR for a name that is not a small whole number. */
function unitKey(named: unknown): number {
  if (named === undefined) return 0;
  if (typeof named !== "number" || !Number.isSafeInteger(named) || named < 1)
    throw new MQError("MQRC_FORMAT_ERROR", `unit ${JSON.stringify(named)} is not a unit number`);
  return named;
}

/** An MQI-facade MQError (numbers, `mqrcstr`) as the core's (a reason name the answer carries). */
function asReasonNamed(error: unknown): unknown {
  const reason = (error as { mqrcstr?: unknown } | null)?.mqrcstr;
  return typeof reason === "string" ? new MQError(reason as never, (error as Error).message) : error;
}

/** A topic string a request names; MQRC_FORMAT_ERROR when it names none. */
function topicOf(topic: unknown): string {
  if (typeof topic !== "string" || topic === "") throw new MQError("MQRC_FORMAT_ERROR", "a publish names a topic string");
  return topic;
}

export class MqiClientSession {
  #qm: QueueManager | undefined;
  #principal: CheckedPrincipal | undefined;
  #state: "waiting" | "connecting" | "open" | "ended" = "waiting";
  /** The units of work in flight, by the number the client gave each (0: the connection's one unit, for a client that names none). */
  readonly #units = new Map<number, UnitOfWork>();
  readonly #handles = new Map<number, QueueHandle>();
  readonly #cursors = new Map<number, BrowseCursor>();
  readonly #waits = new Map<number, AbortController>();
  /** Subscriptions made or resumed for the client (MQSUB): non-durable ones end with `unsub` or the socket. */
  #subscriptions: ClientSubscriptions | undefined;
  /** Gets cancelled while still queued behind other requests (their ids), and the highest id begun: a cancel may come before its get starts. */
  readonly #cancelledEarly = new Set<number>();
  #begun = 0;
  #next = 1;
  /** Requests run one after another, as the client's verbs are issued, but for a get's wait, which a cancel must overtake. */
  #chain: Promise<unknown> = Promise.resolve();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly socket: ClientSocket,
    private readonly options: MqiClientEndpointOptions,
    private readonly remoteAddress: string,
  ) {
    const timeout = options.handshakeTimeoutMs ?? 15_000;
    this.#timer = setTimeout(() => this.#close(CLOSE_REFUSED, "MQRC_CONNECTION_BROKEN"), timeout);
  }

  received(message: Uint8Array | ArrayBuffer | string): void {
    if (this.#state === "ended") return;
    let request: ClientRequest;
    try {
      const frame = decodeClientFrame(message);
      if ("ok" in frame) throw new MQError("MQRC_FORMAT_ERROR", "a client sends requests, not answers");
      request = frame;
    } catch (error) {
      return this.#close(CLOSE_PROTOCOL_ERROR, error instanceof MQError ? error.reason : "MQRC_FORMAT_ERROR");
    }
    if (this.#state !== "open" && request.op !== "conn") return this.#close(CLOSE_PROTOCOL_ERROR, "MQRC_FORMAT_ERROR");
    if (request.op === "conn" && this.#state !== "waiting") return this.#close(CLOSE_PROTOCOL_ERROR, "MQRC_FORMAT_ERROR");
    if (request.op === "cancel") {
      const waiting = this.#waits.get(request.request);
      if (waiting !== undefined) waiting.abort();
      else if (request.request > this.#begun) this.#cancelledEarly.add(request.request);
      return;
    }
    if (request.op === "conn") this.#state = "connecting";
    const run = () => this.#answer(request);
    this.#chain = this.#chain.then(run, run);
  }

  /** The socket is gone: the unit of work in flight backs out, handles close, waits end. */
  ended(): void {
    if (this.#state === "ended") return;
    this.#state = "ended";
    clearTimeout(this.#timer);
    for (const wait of this.#waits.values()) wait.abort();
    void this.#chain.then(async () => {
      const units = [...this.#units.values()];
      this.#units.clear();
      for (const unit of units) if (unit.state === "active") await unit.rollback().catch(() => undefined);
      this.#subscriptions?.ended();
      for (const cursor of this.#cursors.values()) cursor.close();
      for (const handle of this.#handles.values()) await handle.close().catch(() => undefined);
    });
  }

  async #answer(request: ClientRequest): Promise<void> {
    let answer: ClientAnswer;
    this.#begun = Math.max(this.#begun, request.id);
    try {
      answer = { id: request.id, ok: true, ...(await this.#perform(request)) };
    } catch (error) {
      const named = (error as { reason?: unknown } | null)?.reason;
      const reason = typeof named === "string" && /^MQRC_[A-Z0-9_]+$/.test(named) ? named : "MQRC_UNEXPECTED_ERROR";
      answer = { id: request.id, ok: false, reason, text: error instanceof Error ? error.message : String(error) };
      if (request.op === "conn") {
        this.#send(answer);
        return this.#close(CLOSE_REFUSED, reason);
      }
    }
    this.#send(answer);
  }

  #send(answer: ClientAnswer): void {
    if (this.#state === "ended") return;
    try {
      this.socket.send(encodeClientFrame(answer));
    } catch {
      // the socket is gone; ended() follows
    }
  }

  async #perform(request: ClientRequest): Promise<Answer> {
    if (request.op === "conn") {
      clearTimeout(this.#timer);
      const { qm, principal } = await admitConnection(this.options, request, this.remoteAddress);
      this.#qm = qm;
      this.#principal = principal;
      this.#state = "open";
      const handles = this.#handles;
      this.#subscriptions = new ClientSubscriptions({
        qm,
        principal,
        application: `client ${principal?.name ?? ""}`.trim(),
        handles,
        nextId: () => this.#next++,
      });
      return { queueManager: qm.name };
    }
    const qm = this.#qm!;
    switch (request.op) {
      case "open": {
        for (const [wanted, authority] of [
          [request.output, "PUT"],
          [request.input, "GET"],
          [request.browse, "BROWSE"],
        ] as const)
          if (wanted) checkPrincipalAuthority(qm, this.#principal, "QUEUE", request.queue, authority);
        const handle = await qm.open(request.queue, {
          input: request.input,
          output: request.output,
          browse: request.browse,
          ...(request.queueManager ? { queueManager: request.queueManager } : {}),
          ...(request.dynamicQueueName ? { dynamicQueueName: request.dynamicQueueName } : {}),
          application: `client ${this.#principal?.name ?? ""}`.trim(),
        });
        const id = this.#next++;
        this.#handles.set(id, handle);
        return { handle: id, queueName: handle.queueName };
      }
      case "close": {
        const handle = this.#handles.get(request.handle);
        if (handle === undefined) throw new MQError("MQRC_HOBJ_ERROR", "no such handle on this connection");
        this.#handles.delete(request.handle);
        await handle.close({ deleteQueue: request.deleteQueue });
        await this.#subscriptions!.closed(handle.queueName);
        return {};
      }
      case "put": {
        this.#opened(request.queue, "output");
        const context =
          request.messageId !== undefined || request.format !== undefined
            ? {
                ...(request.messageId !== undefined ? { messageId: request.messageId } : {}),
                ...(request.format !== undefined ? { format: request.format } : {}),
              }
            : undefined;
        const result = await qm.put(request.queue, request.message, {
          ...(request.syncpoint ? { unitOfWork: this.#unitOfWork(request.unit) } : {}),
          ...(request.queueManager ? { queueManager: request.queueManager } : {}),
          ...(context ? { context } : {}),
        });
        return { result };
      }
      case "get":
        return { message: await this.#get(request) };
      case "browse": {
        this.#opened(request.queue, "browse");
        const id = this.#next++;
        this.#cursors.set(id, qm.browse(request.queue));
        return { cursor: id };
      }
      case "browseNext": {
        const cursor = this.#cursors.get(request.cursor);
        if (cursor === undefined) throw new MQError("MQRC_HOBJ_ERROR", "no such browse cursor on this connection");
        return { message: await cursor.next() };
      }
      case "browseClose":
        this.#cursors.get(request.cursor)?.close();
        this.#cursors.delete(request.cursor);
        return {};
      case "commit":
      case "rollback": {
        const key = unitKey(request.unit);
        const unit = this.#units.get(key);
        this.#units.delete(key);
        if (unit?.state === "active") await (request.op === "commit" ? unit.commit() : unit.rollback({ countBackout: request.countBackout !== false }));
        return {};
      }
      case "inquire":
        return { values: this.#inquire(qm, request) };
      case "set":
        await this.#set(qm, request);
        return {};
      case "publish": {
        checkPrincipalTopicAuthority(qm, this.#principal, topicOf(request.topic), "PUB");
        const { subscriptions } = await qm.publish(request.topic, request.message, {
          ...(request.syncpoint ? { unitOfWork: this.#unitOfWork(request.unit) } : {}),
          ...(request.retain === true ? { retain: true } : {}),
        });
        return { count: subscriptions };
      }
      case "sub":
        return this.#subscriptions!.subscribe(request);
      case "unsub":
        await this.#subscriptions!.unsubscribe(request.subscription, request.remove === true);
        return {};
      case "subrq":
        return { count: await this.#subscriptions!.requestRetained(request.subscription) };
      case "topic":
        return { topic: topicStringOf(qm, request.objectName, request.topic) };
      default:
        throw new MQError("MQRC_FORMAT_ERROR", "not an MQI request");
    }
  }

  /** MQINQ: what the client's Inq asks, for a principal with INQ on the object; the MQI's refusals as reason names. */
  #inquire(qm: QueueManager, request: Extract<ClientRequest, { op: "inquire" }>): (string | number)[] {
    const { target, queue, selectors } = request;
    if ((target !== "qmgr" && target !== "queue") || typeof queue !== "string" || !Array.isArray(selectors) || !selectors.every(Number.isSafeInteger))
      throw new MQError("MQRC_FORMAT_ERROR", "an inquire names the queue manager or a queue, and its selectors as integers");
    checkPrincipalAuthority(qm, this.#principal, target === "qmgr" ? "QMGR" : "QUEUE", target === "qmgr" ? qm.name : queue, "INQ");
    try {
      return inquireValues(qm, { kind: target, queue }, selectors);
    } catch (error) {
      throw asReasonNamed(error);
    }
  }

  /** MQSET: a queue's attributes changed for a principal with SET on it; the MQI's refusals as reason names. */
  async #set(qm: QueueManager, request: Extract<ClientRequest, { op: "set" }>): Promise<void> {
    const { queue, changes } = request;
    if (typeof queue !== "string" || !Array.isArray(changes) || !changes.every((c) => c !== null && typeof c === "object" && Number.isSafeInteger(c.selector)))
      throw new MQError("MQRC_FORMAT_ERROR", "a set names a queue, and its changes as selectors and values");
    checkPrincipalAuthority(qm, this.#principal, "QUEUE", queue, "SET");
    try {
      await setQueueAttributes(qm, queue, changes);
    } catch (error) {
      throw asReasonNamed(error);
    }
  }

  /** A get: its wait runs beside the chain (a later cancel must reach it), under the connection's unit when asked. */
  async #get(request: Extract<ClientRequest, { op: "get" }>): Promise<Message | null> {
    this.#opened(request.queue, "input");
    const stopper = new AbortController();
    if (this.#cancelledEarly.delete(request.id)) stopper.abort();
    this.#waits.set(request.id, stopper);
    try {
      return await this.#qm!.get(request.queue, {
        wait: request.wait === null ? Infinity : request.wait,
        signal: stopper.signal,
        ...(request.syncpoint ? { unitOfWork: this.#unitOfWork(request.unit) } : {}),
        ...(request.messageId ? { messageId: request.messageId } : {}),
        ...(request.correlationId ? { correlationId: request.correlationId } : {}),
      });
    } finally {
      this.#waits.delete(request.id);
    }
  }

  #unitOfWork(named: unknown): UnitOfWork {
    const key = unitKey(named);
    let unit = this.#units.get(key);
    if (unit === undefined || unit.state !== "active") {
      if (this.#units.size >= MAX_UNITS) throw new MQError("MQRC_RESOURCE_PROBLEM", `a client connection holds at most ${MAX_UNITS} units of work`);
      unit = this.#qm!.beginUnitOfWork();
      this.#units.set(key, unit);
    }
    return unit;
  }

  /** Refuses a put, get or browse on a queue this connection has no handle open for it on. */
  #opened(queue: string, mode: "input" | "output" | "browse"): void {
    for (const handle of this.#handles.values()) if (handle.isOpen && handle.queueName === queue && handle.status[mode]) return;
    const reason = mode === "input" ? "MQRC_NOT_OPEN_FOR_INPUT" : mode === "output" ? "MQRC_NOT_OPEN_FOR_OUTPUT" : "MQRC_NOT_OPEN_FOR_BROWSE";
    throw new MQError(reason, `queue ${queue} is not open for ${mode} on this connection`);
  }

  #close(code: number, reason: string): void {
    try {
      this.socket.close(code, reason);
    } catch {
      // already closed
    }
    this.ended();
  }
}
