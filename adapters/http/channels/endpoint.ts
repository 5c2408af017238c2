/**
 * The receiving end of a channel's WebSocket, one `ChannelSocketSession` per socket, whatever
 * runtime holds the socket (the Node binding in node-websocket.ts; a Durable Object's
 * hibernatable WebSocket at the edge): its owner calls `received` with each message and
 * `ended` when it closes. The first frame must be `auth`: the credentials are checked with the
 * REST API's users and tokens under its failed-login limit (security/socket-login.ts), the
 * principal must be allowed to run channels (MQWebAdmin or MQWebChannel), and the queue
 * manager (named by the path, or the one here that defines a receiving channel of that name)
 * must have the receiving channel. Any refusal is an `error` frame with its reason, then a
 * close; otherwise `accepted`, and from then on the socket is a SocketTransport that the queue
 * manager's acceptChannel runs the channel on (its first frame is the sender's `start`).
 *
 * A new connection for a channel whose previous one is still open here ends the previous one
 * (IBM's ADOPTMCA(ALL), its default): a sender that restarted, or whose network dropped, must
 * not wait for a half-open socket to time out, since a receiving channel runs one session at a
 * time. The receiver commits or drops what the old session had before the new one starts.
 *
 * Why refusals come after authentication, as frames, rather than as an HTTP status on the
 * upgrade: a browser's WebSocket shows no status, so the sender could not say why; and a
 * client that has not authenticated learns nothing of which queue managers or channels exist.
 */
import { MQError, type MQReasonName, type QueueManager } from "../../../core/index.js";
import { SocketTransport, decodeWireFrame, encodeChannelFrame, type FrameSocket } from "../../../core/features/channels/index.js";
import type { SocketLogin } from "../security/socket-login.js";
import { mayRunChannels } from "../security/roles.js";

export interface ChannelEndpointOptions {
  /** The queue manager of that name here, or undefined. */
  queueManager(name: string): Promise<QueueManager | undefined>;
  /** Every queue manager served here, in order: the first that defines the receiving channel runs it when the path names none. */
  queueManagers(): Promise<QueueManager[]>;
  authenticate: SocketLogin;
  /** How long a socket has to send its `auth` frame, in ms (default 15,000). */
  handshakeTimeoutMs?: number;
  /** The channels' open sessions, shared by every socket of the endpoint, for adoption. */
  sessions?: ChannelSessions;
}

/** The open session of each receiving channel (by queue manager and channel): a new one ends the one before it. */
export class ChannelSessions {
  readonly #open = new Map<string, ChannelSocketSession>();

  adopt(key: string, session: ChannelSocketSession): void {
    const before = this.#open.get(key);
    this.#open.set(key, session);
    if (before && before !== session) before.close("adopted by a new connection of the channel");
  }

  ended(key: string, session: ChannelSocketSession): void {
    if (this.#open.get(key) === session) this.#open.delete(key);
  }
}

/** Close codes: a refused channel (policy), a frame that could not be read (protocol). */
const CLOSE_REFUSED = 1008;
const CLOSE_PROTOCOL_ERROR = 1002;

export class ChannelSocketSession {
  #transport: SocketTransport | undefined;
  #state: "waiting" | "checking" | "refused" | "open" = "waiting";
  #ended = false;
  #key: string | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly socket: FrameSocket,
    private readonly options: ChannelEndpointOptions,
    private readonly target: { queueManager?: string; remoteAddress?: string },
  ) {
    const timeout = options.handshakeTimeoutMs ?? 15_000;
    this.#timer = setTimeout(() => this.#refuse("MQRC_CONNECTION_BROKEN", `no auth frame in ${timeout} ms`, CLOSE_REFUSED), timeout);
  }

  received(message: Uint8Array | ArrayBuffer | string): void {
    if (this.#transport) return this.#transport.received(message);
    if (this.#state === "waiting") {
      this.#state = "checking";
      void this.#handshake(message).catch((error: unknown) =>
        this.#refuse("MQRC_UNEXPECTED_ERROR", error instanceof Error ? error.message : String(error), CLOSE_REFUSED),
      );
    } else if (this.#state === "checking") {
      // The sender waits for `accepted` before it says more: anything else is not a channel's partner.
      this.#refuse("MQRC_FORMAT_ERROR", "a frame came before auth was answered", CLOSE_PROTOCOL_ERROR);
    }
  }

  ended(): void {
    this.#ended = true;
    clearTimeout(this.#timer);
    this.#transport?.ended();
    if (this.#key !== undefined) this.options.sessions?.ended(this.#key, this);
  }

  /** Ends the session from this side (an adopted channel's old connection). */
  close(why: string): void {
    this.ended();
    try {
      this.socket.close(1000, why);
    } catch {
      // already closed
    }
  }

  async #handshake(message: Uint8Array | ArrayBuffer | string): Promise<void> {
    let frame;
    try {
      if (typeof message === "string") throw new MQError("MQRC_FORMAT_ERROR", "a channel frame that cannot be read: it came as text, not as a binary message");
      frame = decodeWireFrame(message);
    } catch (error) {
      return this.#refuse("MQRC_FORMAT_ERROR", error instanceof Error ? error.message : String(error), CLOSE_PROTOCOL_ERROR);
    }
    if (frame.type !== "auth") return this.#refuse("MQRC_FORMAT_ERROR", `a channel's connection opens with auth, not ${frame.type}`, CLOSE_PROTOCOL_ERROR);
    const { channel } = frame;
    const login = frame.user;
    const passcode = frame.user !== undefined ? frame.password : frame.token;
    let principal;
    try {
      principal = await this.options.authenticate(login, passcode, this.target.remoteAddress);
    } catch (error) {
      return this.#refuse("MQRC_NOT_AUTHORIZED", error instanceof Error ? error.message : String(error), CLOSE_REFUSED);
    }
    if (principal === undefined)
      return this.#refuse(
        "MQRC_NOT_AUTHORIZED",
        passcode === undefined
          ? `channel ${channel} came with no credentials (give its connector channelCredentials)`
          : `the credentials of channel ${channel} are not accepted`,
        CLOSE_REFUSED,
      );
    if (!mayRunChannels(principal.role))
      return this.#refuse(
        "MQRC_NOT_AUTHORIZED",
        `${principal.name} has the role ${principal.role}, which may not run channels (MQWebAdmin or MQWebChannel may)`,
        CLOSE_REFUSED,
      );
    const found = await this.#receivingQueueManager(channel);
    if (typeof found === "string")
      return this.#refuse(found === "none" ? "MQRC_Q_MGR_NAME_ERROR" : "MQRC_UNKNOWN_OBJECT_NAME", this.#why(found, channel), CLOSE_REFUSED);
    clearTimeout(this.#timer);
    if (this.#ended || this.#state !== "checking") return;
    this.#state = "open";
    this.socket.send(encodeChannelFrame({ type: "accepted", queueManager: found.name }));
    this.#transport = new SocketTransport(this.socket);
    this.#key = `${found.name}/${channel}`;
    this.options.sessions?.adopt(this.#key, this);
    found.acceptChannel(channel, this.#transport);
  }

  /** The queue manager that runs `channel`, or why there is none: "none" (no queue manager of the path's name), "no channel". */
  async #receivingQueueManager(channel: string): Promise<QueueManager | "none" | "no channel"> {
    const receives = (qm: QueueManager) => qm.object("channel", channel)?.attributes.channelType === "receiver";
    if (this.target.queueManager !== undefined) {
      const qm = await this.options.queueManager(this.target.queueManager);
      if (!qm) return "none";
      return receives(qm) ? qm : "no channel";
    }
    return (await this.options.queueManagers()).find(receives) ?? "no channel";
  }

  #why(found: "none" | "no channel", channel: string): string {
    if (found === "none") return `there is no queue manager ${this.target.queueManager} here`;
    const where = this.target.queueManager === undefined ? "no queue manager here defines" : `queue manager ${this.target.queueManager} defines no`;
    return `${where} receiving channel ${channel} (AMQ9520)`;
  }

  #refuse(reason: MQReasonName, text: string, code: number): void {
    clearTimeout(this.#timer);
    if (this.#ended || this.#state === "refused" || this.#state === "open") return;
    this.#state = "refused";
    try {
      this.socket.send(encodeChannelFrame({ type: "error", reason, text }));
      this.socket.close(code, reason);
    } catch {
      // the socket is gone
    }
  }
}
