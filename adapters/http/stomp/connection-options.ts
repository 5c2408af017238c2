/**
 * What a STOMP connection (connection.ts) is given: its socket (`StompTransport`), and the
 * server's side of it (`StompServerOptions`: queue managers, authentication, heart-beats, and
 * the edge's hooks for hibernation). Each platform fills them in: the Node bindings
 * (node-websocket.ts, node-tcp.ts) and the edge's Durable Object (adapters/edge/stomp-sockets.ts).
 */
import type { QueueManager } from "../../../core/index.js";
import type { Role } from "../security/roles.js";
import type { StompConnectionState } from "./connection-state.js";

/** The socket, as the connection needs it. */
export interface StompTransport {
  /** One frame; `text` says it may go as a WebSocket text message (its bytes are UTF-8). */
  send(frame: Uint8Array, text: boolean): void;
  close(code: number, reason: string): void;
  /**
   * Resolves once the socket has room again (what it has not yet written under its high-water
   * mark): MESSAGE frames wait for it, so a client that does not read holds its messages on
   * the queue, not in the server's memory.
   */
  drained?(): Promise<void>;
  /** Stop and restart reading the socket: while too many frames wait to be handled, it is paused. */
  pause?(): void;
  resume?(): void;
  /** The client's address (for the failed-login limit), where the platform knows it. */
  readonly remoteAddress?: string | undefined;
}

export interface StompPrincipal {
  name: string;
  role: Role;
  /** The groups the authority records know the principal by. */
  groups?: string[];
}

export interface StompServerOptions {
  /** The queue manager a CONNECT's `host` names; `undefined` (absent or `/`) is the first configured. */
  queueManager(host: string | undefined): QueueManager | undefined | Promise<QueueManager | undefined>;
  /**
   * login + passcode as a user and password, or passcode alone as a bearer token, from the
   * client at `remoteAddress`; undefined when refused (or an MQError, e.g. too many failures).
   */
  authenticate(login: string | undefined, passcode: string | undefined, remoteAddress: string | undefined): Promise<StompPrincipal | undefined>;
  /** What the server offers: heart-beats it can send and wants to receive, in ms (default 10,000 each; 0 for none). */
  heartBeat?: { send: number; receive: number };
  /** Bytes of command and headers a frame may have beside its body (default 64 KiB). */
  headerAllowanceBytes?: number;
  /**
   * The platform answers each heart-beat EOL the client sends with one, without the
   * connection (the edge's WebSocket auto-response, which does not wake a hibernating
   * Durable Object): the server then beats exactly as often as the client, and keeps no
   * timers of its own (a timer would keep the object from hibernating). heart-beats.ts says
   * what is negotiated.
   */
  heartBeatEchoed?: boolean;
  /**
   * Told what the connection would need to be rebuilt (connection-state.ts), after CONNECT and
   * each change of its subscriptions or temporary queues: the edge keeps it in the socket's
   * attachment.
   */
  persist?(state: StompConnectionState): void;
  /**
   * Where each frame is a turn and a storage commit of its own (the edge's Durable Object), the
   * window in which ACKs and NACKs outside a transaction that arrive in separate WebSocket
   * messages join one run, settled in one turn (frame-queue.ts): calls `close` when it ends
   * (the edge: a 0 ms timer). RECEIPTs still follow the run's commit; a socket closing in the
   * window settles what was ACKed first.
   */
  settleWindow?(close: () => void): void;
}
