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
 */
import type { QueueManager } from "../../core/index.js";
import type { Principal } from "../http/index.js";
import { StompConnection } from "../http/stomp/connection.js";
import type { StompConnectionState } from "../http/stomp/connection-state.js";

/** The path of a queue manager object's STOMP socket: reached only through a stub, from the front Worker. */
export const OBJECT_STOMP_PATH = "/.webmq/stomp";
export const STOMP_TAG = "stomp";
const STORED_STATE = "stomp-connection:";
const HEART_BEAT_FLOOR_MS = 1000;

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

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly queueManager: (name: string) => Promise<QueueManager>,
  ) {}

  /** Connections this object holds in memory now (after an eviction, none until rebuilt). */
  get size(): number {
    return this.#connections.size;
  }

  /** Takes a client's socket for `qmgr`, its CONNECT checked by the front Worker as `principal`; the 101 to hand back. */
  accept(qmgr: string, principal: Principal): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [STOMP_TAG]);
    const id = crypto.randomUUID();
    server.serializeAttachment({ id, qmgr } satisfies Attachment);
    this.#connections.set(id, this.#connection(server, id, qmgr, principal));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** webSocketMessage: a frame for its connection, rebuilt first when the object was evicted since. */
  message(socket: WebSocket, message: ArrayBuffer | string): void {
    const attachment = attachmentOf(socket);
    const connection = attachment && (this.#connections.get(attachment.id) ?? this.#rebuild(socket, attachment));
    if (connection) connection.receive(typeof message === "string" ? message : new Uint8Array(message));
    else closeQuietly(socket, 1012, "the STOMP connection was lost: reconnect");
  }

  /** webSocketClose / webSocketError: what the connection held comes back. */
  closed(socket: WebSocket, code = 1000, reason = ""): void {
    const attachment = attachmentOf(socket);
    if (attachment) {
      void this.#connections.get(attachment.id)?.socketClosed();
      this.#connections.delete(attachment.id);
      if (attachment.stored) void this.ctx.storage.delete(STORED_STATE + attachment.id).catch(() => undefined);
    }
    // Completes the closing handshake the client began (a no-op where the runtime already replied).
    closeQuietly(socket, code === 1005 || code === 1006 ? 1000 : code, reason);
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
    connection.restoring = connection.restore(state);
    return connection;
  }

  async #storedState(id: string): Promise<StompConnectionState> {
    const state = await this.ctx.storage.get<StompConnectionState>(STORED_STATE + id);
    if (state === undefined) throw new Error("the connection's state is not in storage");
    return state;
  }

  #connection(socket: WebSocket, id: string, qmgr: string, principal: Principal | undefined): StompConnection {
    return new StompConnection(
      {
        send: (frame, text) => {
          try {
            socket.send(text ? decoder.decode(frame) : frame);
          } catch {
            // the socket has closed: its close event ends the connection
          }
        },
        close: (code, reason) => {
          this.#connections.delete(id);
          closeQuietly(socket, code, reason);
        },
      },
      {
        // The front Worker resolved CONNECT's host to this object's queue manager.
        queueManager: () => this.queueManager(qmgr),
        // It checked the credentials too; a rebuilt connection never asks.
        authenticate: async () => principal,
        heartBeatEchoed: true,
        // Echoed beats cost the object nothing: the client's own rate is taken, down to one a second (each is still relayed by the front).
        heartBeat: { send: HEART_BEAT_FLOOR_MS, receive: HEART_BEAT_FLOOR_MS },
        persist: (state) => this.#persist(socket, id, qmgr, state),
      },
    );
  }

  /** The state in the socket's attachment, or in storage when it is too large for one (2 KiB). */
  #persist(socket: WebSocket, id: string, qmgr: string, state: StompConnectionState): void {
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
