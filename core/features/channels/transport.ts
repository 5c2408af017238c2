/**
 * What two message channel agents say to each other, and the transport that carries it.
 * Frames are plain, structured-cloneable data, one JSON document each but for a message's
 * body (text, bytes or JSON as it was put), so a WebSocket or a series of HTTP requests can
 * carry the same frames later (bytes as a binary frame, or the MQXQH the codec writes).
 *
 * The exchange, after IBM's message channel protocol (Intercommunication, "Message sequence
 * numbering", "In-doubt channels"): the sender opens with `start`; the receiver answers
 * `status` with the last batch it committed (sequence number and LUWID), from which the sender
 * resolves its in-doubt batch; then batches: `message` frames, each with its sequence number,
 * and `endBatch`, which the receiver answers with `confirm` once it has committed the batch's
 * puts and its sync record in one unit of work. `error` ends the session with a reason.
 *
 * A requester (RQSTR) opens its connection with `request` instead: the server (SVR) at the far
 * end then runs the sending agent on that same connection, beginning with `start`, and the
 * requester the receiving agent (IBM's requester-server form, no callback).
 *
 * PING CHANNEL opens a connection with `ping` and the receiving end echoes its data in
 * `pingReply`; no message moves. A sender whose operator ran RESET CHANNEL sends `reset` after
 * the receiver's `status`, and the receiver takes the sequence number and answers `status` again.
 * `close` ends a session normally (DISCINT, or STOP at the sending end): the partner does not retry.
 * `heartbeat` and `heartbeatReply` flow while the sender's transmission queue is empty (HBINT,
 * heartbeats.ts), so either end finds a dead connection without a message.
 */
import type { MQReasonName } from "../../base/errors.js";
import type { BodyFormat, MessageBody, MessageType, Transmission } from "../../message/message.js";
import type { Property } from "../../message/properties.js";

/** A message as it crosses the channel: its descriptor, context and properties, and where it is bound. */
export interface WireMessage {
  to: Transmission;
  messageId: string;
  correlationId: string;
  correlationIdText?: string;
  priority: number;
  persistent: boolean;
  /** Milliseconds it had left to live when the sender took it, or null. */
  expiry: number | null;
  putTime: number;
  replyToQueue: string;
  replyToQueueManager: string;
  messageType: MessageType;
  type: string;
  format: string;
  contentType?: string;
  properties: Property[];
  bodyFormat: BodyFormat;
  body: MessageBody;
}

export type ChannelFrame =
  /** `heartbeatInterval`: the sender's HBINT, seconds (absent from a partner built before heartbeats: none then). */
  | { type: "start"; channel: string; from: string; sequenceWrap: number; heartbeatInterval?: number }
  /** `heartbeatInterval`: the interval both ends use, the larger of their HBINTs (absent: no heartbeats). */
  | { type: "status"; lastSeq: number; lastLuwid: string; heartbeatInterval?: number }
  | { type: "message"; seq: number; message: WireMessage }
  /** A non-persistent message of an NPMSPEED(FAST) channel: put at once, outside the batch's unit of work. */
  | { type: "fastMessage"; seq: number; message: WireMessage }
  | { type: "endBatch"; luwid: string; firstSeq: number; lastSeq: number; count: number }
  | { type: "confirm"; luwid: string; lastSeq: number }
  | { type: "error"; reason: MQReasonName; text: string }
  | { type: "request"; channel: string; from: string }
  | { type: "ping"; channel: string; from: string; data: string }
  | { type: "pingReply"; data: string }
  | { type: "reset"; seq: number }
  | { type: "close"; text: string }
  /** HBINT: a sender with nothing to send asks whether its partner is still there; the receiver answers `heartbeatReply`. */
  | { type: "heartbeat" }
  | { type: "heartbeatReply" };

/**
 * One connection between two agents: an ordered, asynchronous duplex of frames. `send` fails
 * (MQRC_CONNECTION_BROKEN) once the connection is cut or closed; `next` answers the next frame
 * from the partner, or undefined once the connection has ended.
 */
export interface ChannelTransport {
  send(frame: ChannelFrame): Promise<void>;
  next(): Promise<ChannelFrame | undefined>;
  close(): void;
  /**
   * On a connection a partner made after authenticating (adapters/http/channels): what that
   * principal may put, checked for each message the receiving channel puts; it throws
   * MQRC_NOT_AUTHORIZED, and the message goes to the dead-letter queue with that reason, as
   * IBM's receiving MCA does with its MCAUSER's authority. Absent: no check.
   */
  putAuthority?: ((queue: string) => void) | undefined;
}

/** How a sending channel reaches its partner: by the channel's name and CONNAME. */
export interface ChannelConnector {
  connect(channel: string, connectionName: string, from: string): Promise<ChannelTransport>;
  /**
   * The network as the connector's runtime knows it, when it does (a browser's
   * `navigator.onLine` and its online/offline events: adapters/browser/channels). While it is
   * offline a channel does not dial: it stays RETRYING, its retries neither tried (each would
   * fail at once) nor counted, until `whenOnline`, which dials at once.
   */
  readonly network?: ChannelNetwork | undefined;
}

export interface ChannelNetwork {
  readonly online: boolean;
  /** Resolves when the network is back (at once when it is up). */
  whenOnline(): Promise<void>;
}

/** What a queue manager offers a connector as the receiving end: it runs the named receiving channel on the connection. */
export interface ChannelAcceptor {
  readonly name: string;
  acceptChannel(channel: string, transport: ChannelTransport): void;
}
