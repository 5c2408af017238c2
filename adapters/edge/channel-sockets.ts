/**
 * The receiving end of channels in a queue manager's object: each partner's WebSocket is taken
 * with the Hibernation API (`ctx.acceptWebSocket`), so an idle channel costs the object no
 * duration while it waits, and its frames come to the object's webSocketMessage/webSocketClose
 * handlers, which pass them to the session's SocketTransport.
 *
 * A session (the receiving agent's loop, the batch it is collecting) lives in memory only. An
 * object evicted while a socket stays open wakes for that socket's next message without it:
 * the socket is then closed with 1012 (service restart), so that the sender sees its
 * connection end, reconnects, and resolves its in-doubt batch against the receiver's sync
 * record, which is in storage. Nothing is lost: a batch is put only with its sync record.
 */
import type { QueueManager } from "../../core/index.js";
import { SocketTransport } from "../../core/features/channels/index.js";
import type { Principal } from "../http/index.js";
import { checkPrincipalAuthority } from "../http/security/authority.js";

/** WebSocket close code for a socket whose session this object no longer has (RFC 6455 registry: Service Restart). */
export const CLOSE_SESSION_LOST = 1012;

interface Attachment {
  session: string;
  channel: string;
  from: string;
}

export class ChannelSockets {
  readonly #sessions = new Map<string, SocketTransport>();

  constructor(private readonly ctx: DurableObjectState) {}

  /** Sessions this object holds now (after an eviction, none). */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Takes a partner's socket for the receiving channel `channel` on `qm`: the 101 response to
   * hand back. A socket of the same channel still open here is ended first (IBM's
   * ADOPTMCA(ALL), as the Node endpoint does): a sender that reconnects after its object was
   * evicted must not wait on a socket its old self left, and the receiving agent's next session
   * waits for the one before it to end. Only the same partner's (`from`): a CLUSRCVR is dialled
   * by the cluster-sender of every member under its own name, one session per partner, and
   * adopting across partners had four members' senders end each other's connections in turn.
   */
  accept(qm: QueueManager, channel: string, from: string, principal?: Principal): Response {
    const tag = `channel:${channel}`;
    for (const before of this.ctx.getWebSockets(tag))
      if (this.#partnerOf(before) === from) this.closed(before, 1000, "adopted by a new connection of the channel");
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const session = crypto.randomUUID();
    this.ctx.acceptWebSocket(server, [tag]);
    server.serializeAttachment({ session, channel, from } satisfies Attachment);
    const transport = new SocketTransport({
      send: (message) => server.send(message),
      close: (code, reason) => {
        this.#sessions.delete(session);
        server.close(code, reason);
      },
    });
    // A partner outside the Worker's channel puts as the principal that authenticated it (IBM's MCAUSER).
    if (principal) transport.putAuthority = (queue) => checkPrincipalAuthority(qm, principal, "QUEUE", queue, "PUT");
    this.#sessions.set(session, transport);
    qm.acceptChannel(channel, transport);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** webSocketMessage: a frame for its session, or, when the session was lost with an eviction, the socket closed. */
  message(socket: WebSocket, message: ArrayBuffer | string): void {
    const transport = this.#transportOf(socket);
    if (transport) return transport.received(message);
    try {
      socket.close(CLOSE_SESSION_LOST, "the receiving queue manager restarted: reconnect");
    } catch {
      // already closing
    }
  }

  /** webSocketClose / webSocketError: the session ends; frames already read are still processed. */
  closed(socket: WebSocket, code = 1000, reason = ""): void {
    const session = this.#sessionOf(socket);
    if (session !== undefined) {
      this.#sessions.get(session)?.ended();
      this.#sessions.delete(session);
    }
    try {
      // Completes the closing handshake the partner began (a no-op where the runtime already replied).
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  #transportOf(socket: WebSocket): SocketTransport | undefined {
    const session = this.#sessionOf(socket);
    return session === undefined ? undefined : this.#sessions.get(session);
  }

  #partnerOf(socket: WebSocket): string | undefined {
    try {
      return (socket.deserializeAttachment() as Attachment | null)?.from;
    } catch {
      return undefined;
    }
  }

  #sessionOf(socket: WebSocket): string | undefined {
    try {
      return (socket.deserializeAttachment() as Attachment | null)?.session;
    } catch {
      return undefined;
    }
  }
}
