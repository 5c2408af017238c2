/**
 * STOMP connections in a queue manager's object (the front Worker relays each client's socket
 * here once its CONNECT's credentials are checked: stomp-endpoint.ts). Each socket is taken
 * with the Hibernation API (`ctx.acceptWebSocket`, tagged "stomp" to tell it from channel
 * sockets), and runs a StompConnection, so an idle connection costs the object no duration:
 * no timers (heart-beats are echoed by the runtime's auto-response, queue-manager-object.ts),
 * nothing to do until a frame comes or a message is put for one of its subscriptions.
 *
 * The object may be evicted while sockets stay open. What a connection needs to be rebuilt
 * (adapters/http/stomp/connection-state.ts) is kept in its socket's attachment, or, past the
 * attachment's 2 KiB, in storage. When the object wakes (a frame for the socket, a REST
 * request, an alarm) the connection is rebuilt on the reopened queue manager: same version,
 * principal, client id and subscriptions, so it receives what is put afterwards. What cannot
 * be rebuilt: its unacknowledged messages (backed out, they come again, redelivered, under
 * new ack ids) and its open transactions (rolled back; a COMMIT for one is an ERROR).
 *
 * A client that promised heart-beats and went silent is dropped, as under serveHttp: its
 * beats are echoed by the runtime without waking the object, so what the object knows of it
 * is the last frame it handled and the runtime's time of the last echo
 * (`getWebSocketAutoResponseTimestamp`). The check runs on the queue manager's clock, i.e.
 * the object's alarm (a runtime timer would keep the object from hibernating), every client
 * interval while such a connection is open; a client silent for SILENT_INTERVALS of its
 * intervals is closed (4000) and what it held comes back to its queues.
 */
import { MQError, type Clock, type QueueManager, type TimerHandle } from "../../core/index.js";
import type { Principal } from "../http/index.js";
import { StompConnection } from "../http/stomp/connection.js";
import type { StompConnectionState } from "../http/stomp/connection-state.js";
import { SILENT_INTERVALS } from "../http/stomp/heart-beats.js";
import { coalescedWrites } from "../http/stomp/coalesced-writes.js";

/** The path of a queue manager object's STOMP socket: reached only through a stub, from the front Worker. */
export const OBJECT_STOMP_PATH = "/.webmq/stomp";
export const STOMP_TAG = "stomp";
const STORED_STATE = "stomp-connection:";
const HEART_BEAT_FLOOR_MS = 1000;

/** CONNECT's credentials, checked in the object for a socket the front Worker handed over unread. */
export interface StompLogin {
  check(login: string | undefined, passcode: string | undefined, remoteAddress: string | undefined): Promise<Principal | undefined>;
  /** The client's address (CF-Connecting-IP), for the failed-login limit. */
  remoteAddress: string | undefined;
}

interface Attachment {
  id: string;
  /** The queue manager the front Worker resolved CONNECT's host to. */
  qmgr: string;
  state?: StompConnectionState;
  /** The state was too large for the attachment: it is in storage under STORED_STATE + id. */
  stored?: true;
}

const decoder = new TextDecoder();

export class StompSockets {
  readonly #connections = new Map<string, StompConnection>();
  /**
   * Each socket's connection id, for the sockets this object accepted or rebuilt since it woke:
   * reading the attachment (a structured-clone deserialization) and the tags for every frame
   * was a fifth of the object's CPU per MESSAGE+ACK (a workerd CPU profile). A socket object
   * from before an eviction is not in it, and takes the attachment's path.
   */
  readonly #ids = new WeakMap<WebSocket, string>();
  /** When each connection's socket last brought a frame the object handled (a rebuilt one starts afresh). */
  readonly #lastHeard = new Map<string, number>();
  /** The pending silence check, and when it is due. */
  #check: TimerHandle | undefined;
  #checkDue = Infinity;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly queueManager: (name: string) => Promise<QueueManager>,
    /** The queue manager's clock (timers on the object's alarm): it times the silence checks. */
    private readonly clock: () => Clock,
  ) {}

  /** Whether `socket` is a STOMP socket this object accepted or rebuilt since it woke (no tags read). */
  knows(socket: WebSocket): boolean {
    return this.#ids.has(socket);
  }

  /** Connections this object holds in memory now (after an eviction, none until rebuilt). */
  get size(): number {
    return this.#connections.size;
  }

  /**
   * Takes a client's socket for `qmgr`; the 101 to hand back. Relayed by the front Worker, its
   * CONNECT was checked there, as `principal`. Handed over (`/stomp/QMNAME`, no principal), the
   * CONNECT is checked here by `login`, and its `host` must be absent, `/` or `qmgr`.
   */
  accept(qmgr: string, principal: Principal | undefined, login?: StompLogin): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [STOMP_TAG]);
    const id = crypto.randomUUID();
    server.serializeAttachment({ id, qmgr } satisfies Attachment);
    this.#ids.set(server, id);
    this.#connections.set(id, this.#connection(server, id, qmgr, principal, login));
    this.#lastHeard.set(id, Date.now());
    return new Response(null, { status: 101, webSocket: client });
  }

  /** webSocketMessage: a frame for its connection, rebuilt first when the object was evicted since. */
  message(socket: WebSocket, message: ArrayBuffer | string): void {
    const knownId = this.#ids.get(socket);
    const known = knownId === undefined ? undefined : this.#connections.get(knownId);
    if (known) {
      this.#lastHeard.set(knownId!, Date.now());
      known.receive(typeof message === "string" ? message : new Uint8Array(message));
      return;
    }
    const attachment = attachmentOf(socket);
    const connection = attachment && (this.#connections.get(attachment.id) ?? this.#rebuild(socket, attachment));
    if (attachment) this.#lastHeard.set(attachment.id, Date.now());
    if (connection) connection.receive(typeof message === "string" ? message : new Uint8Array(message));
    else closeQuietly(socket, 1012, "the STOMP connection was lost: reconnect");
  }

  /** webSocketClose / webSocketError: what the connection held comes back. */
  closed(socket: WebSocket, code = 1000, reason = ""): void {
    const attachment = attachmentOf(socket);
    if (attachment) this.#forget(attachment);
    // Completes the closing handshake the client began (a no-op where the runtime already replied).
    closeQuietly(socket, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  /** Ends the connection of a socket that has closed (or is being closed): what it held comes back. */
  #forget(attachment: Attachment): void {
    void this.#connections.get(attachment.id)?.socketClosed();
    this.#connections.delete(attachment.id);
    this.#lastHeard.delete(attachment.id);
    if (attachment.stored) void this.ctx.storage.delete(STORED_STATE + attachment.id).catch(() => undefined);
  }

  /** Checks for silent clients `delayMs` from now, unless a check is due sooner. */
  #watch(delayMs: number): void {
    const due = Date.now() + delayMs;
    if (this.#check && this.#checkDue <= due) return;
    this.#check?.cancel();
    this.#checkDue = due;
    this.#check = this.clock().setTimer(delayMs, () => {
      this.#check = undefined;
      this.#checkDue = Infinity;
      this.#dropSilent();
    });
  }

  /** Closes (4000) every connection whose client promised heart-beats and has sent nothing for SILENT_INTERVALS of them. */
  #dropSilent(): void {
    const now = Date.now();
    let nextCheck = Infinity;
    for (const socket of this.ctx.getWebSockets(STOMP_TAG)) {
      const attachment = attachmentOf(socket);
      const connection = attachment && this.#connections.get(attachment.id);
      const every = connection?.clientHeartBeatMs ?? 0;
      if (!attachment || every === 0) continue;
      const echoed = this.ctx.getWebSocketAutoResponseTimestamp(socket)?.getTime() ?? 0;
      const heard = Math.max(this.#lastHeard.get(attachment.id) ?? 0, echoed);
      if (now - heard > every * SILENT_INTERVALS) {
        this.#forget(attachment);
        closeQuietly(socket, 4000, "no heart-beat from the client");
      } else nextCheck = Math.min(nextCheck, every);
    }
    if (nextCheck < Infinity) this.#watch(nextCheck);
  }

  /**
   * Rebuilds every connection whose socket outlived the object's eviction: called as the object
   * wakes for anything else (a REST request, an alarm), before it is handled, so that a message
   * put by that request finds their subscriptions (a topic's non-durable ones above all).
   */
  async rebuildAll(): Promise<void> {
    const rebuilding: Promise<void>[] = [];
    for (const socket of this.ctx.getWebSockets(STOMP_TAG)) {
      const attachment = attachmentOf(socket);
      if (attachment && !this.#connections.has(attachment.id)) {
        const connection = this.#rebuild(socket, attachment);
        if (connection) rebuilding.push(connection.restoring);
      }
    }
    await Promise.all(rebuilding);
  }

  #rebuild(socket: WebSocket, attachment: Attachment): (StompConnection & { restoring: Promise<void> }) | undefined {
    // A socket whose CONNECT was never handled has nothing to rebuild from.
    if (attachment.state === undefined && !attachment.stored) return undefined;
    const state = attachment.state ?? this.#storedState(attachment.id);
    const connection = Object.assign(this.#connection(socket, attachment.id, attachment.qmgr, undefined), { restoring: Promise.resolve() });
    this.#connections.set(attachment.id, connection);
    this.#ids.set(socket, attachment.id);
    // What the object knew of the client's last beat went with it: the client gets a fresh window.
    this.#lastHeard.set(attachment.id, Date.now());
    connection.restoring = connection.restore(state);
    return connection;
  }

  async #storedState(id: string): Promise<StompConnectionState> {
    const state = await this.ctx.storage.get<StompConnectionState>(STORED_STATE + id);
    if (state === undefined) throw new Error("the connection's state is not in storage");
    return state;
  }

  #connection(socket: WebSocket, id: string, qmgr: string, principal: Principal | undefined, login?: StompLogin): StompConnection {
    // Frames of one turn (a run's RECEIPTs, MESSAGEs back to back) go out as one WebSocket message:
    // flushed by a timer, after the turn's microtasks (a prefetch's deliveries) have run.
    const writes = coalescedWrites(
      (bytes, text) => {
        try {
          socket.send(text ? decoder.decode(bytes) : bytes);
        } catch {
          // the socket has closed: its close event ends the connection
        }
      },
      (flush) => setTimeout(flush, 0),
    );
    return new StompConnection(
      {
        ...(login ? { remoteAddress: login.remoteAddress } : {}),
        send: (frame, text) => writes.send(frame, text),
        close: (code, reason) => {
          writes.flush();
          this.#connections.delete(id);
          this.#lastHeard.delete(id);
          closeQuietly(socket, code, reason);
        },
      },
      {
        // Relayed, the front Worker resolved CONNECT's host to this object's queue manager;
        // handed over, the socket came for it by its URL, and a host naming another is refused.
        queueManager: (host) => {
          if (login && host !== undefined && host !== qmgr)
            return Promise.reject(new MQError("MQRC_Q_MGR_NAME_ERROR", `this socket was opened for queue manager ${qmgr}, not ${JSON.stringify(host)}`));
          return this.queueManager(qmgr);
        },
        // Relayed, the front checked the credentials too; a rebuilt connection never asks.
        authenticate: login ? login.check : async () => principal,
        heartBeatEchoed: true,
        // Echoed beats cost the object nothing: the client's own rate is taken, down to one a second (each is still relayed by the front).
        heartBeat: { send: HEART_BEAT_FLOOR_MS, receive: HEART_BEAT_FLOOR_MS },
        persist: (state) => this.#persist(socket, id, qmgr, state),
        // @stomp/stompjs writes each ACK as a WebSocket message of its own, each a turn and a
        // storage commit here: those arriving before this timer settle in one.
        settleWindow: (close) => setTimeout(close, 0),
      },
    );
  }

  /** The state in the socket's attachment, or in storage when it is too large for one (2 KiB). */
  #persist(socket: WebSocket, id: string, qmgr: string, state: StompConnectionState): void {
    // CONNECTED (or a rebuild) has fixed how often the client beats: from now on its silence is watched.
    if (state.heartBeatMs !== undefined) this.#watch(state.heartBeatMs);
    try {
      socket.serializeAttachment({ id, qmgr, state } satisfies Attachment);
      return;
    } catch {
      // too large: below
    }
    void this.ctx.storage.put(STORED_STATE + id, state).catch(() => undefined);
    try {
      socket.serializeAttachment({ id, qmgr, stored: true } satisfies Attachment);
    } catch {
      // the socket has closed
    }
  }
}

function attachmentOf(socket: WebSocket): Attachment | undefined {
  try {
    return (socket.deserializeAttachment() as Attachment | null) ?? undefined;
  } catch {
    return undefined;
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // already closed
  }
}
