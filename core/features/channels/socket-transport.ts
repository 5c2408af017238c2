/**
 * A channel's connection over a message socket (a WebSocket in a browser, a Worker or a Durable
 * Object, or `ws` in Node): each frame one binary message (wire-codec.ts). The socket's owner
 * drives it, because each runtime hands messages over differently (listeners, `ws` events, a
 * hibernating Durable Object's webSocketMessage): it calls `received` with each message and
 * `ended` when the socket closes. A message that is not a frame ends the connection: the
 * partner is told why (an `error` frame with MQRC_FORMAT_ERROR) and the socket closed.
 */
import { MQError } from "../../base/errors.js";
import type { ChannelFrame, ChannelTransport } from "./transport.js";
import { decodeChannelFrame, encodeChannelFrame } from "./wire-codec.js";

/** What the transport needs of a socket. */
export interface FrameSocket {
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** WebSocket close codes the channel uses: a normal end, and a partner that broke the protocol. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_PROTOCOL_ERROR = 1002;

export class SocketTransport implements ChannelTransport {
  readonly #frames: ChannelFrame[] = [];
  readonly #waiting: ((frame: ChannelFrame | undefined) => void)[] = [];
  #ended = false;
  putAuthority?: ((queue: string) => void) | undefined;

  constructor(private readonly socket: FrameSocket) {}

  get isEnded(): boolean {
    return this.#ended;
  }

  async send(frame: ChannelFrame): Promise<void> {
    if (this.#ended) throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection is closed");
    try {
      this.socket.send(encodeChannelFrame(frame));
    } catch (cause) {
      this.ended();
      throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection could not send", { cause });
    }
  }

  next(): Promise<ChannelFrame | undefined> {
    if (this.#frames.length > 0) return Promise.resolve(this.#frames.shift());
    if (this.#ended) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  close(): void {
    if (this.#ended) return;
    this.ended();
    try {
      this.socket.close(CLOSE_NORMAL, "channel ended");
    } catch {
      // already closed by the other end
    }
  }

  /** One message from the socket. */
  received(message: Uint8Array | ArrayBuffer | string): void {
    if (this.#ended) return;
    let frame: ChannelFrame;
    try {
      if (typeof message === "string") throw new MQError("MQRC_FORMAT_ERROR", "a channel frame that cannot be read: it came as text, not as a binary message");
      frame = decodeChannelFrame(message);
    } catch (error) {
      const reason = error instanceof MQError ? error : new MQError("MQRC_FORMAT_ERROR", String(error));
      try {
        this.socket.send(encodeChannelFrame({ type: "error", reason: "MQRC_FORMAT_ERROR", text: reason.message }));
        this.socket.close(CLOSE_PROTOCOL_ERROR, "not a channel frame");
      } catch {
        // the socket is gone anyway
      }
      this.ended();
      return;
    }
    const waiter = this.#waiting.shift();
    if (waiter) waiter(frame);
    else this.#frames.push(frame);
  }

  /** The socket closed (or failed): frames still unread are read, then `next` answers undefined. */
  ended(): void {
    if (this.#ended) return;
    this.#ended = true;
    for (const waiter of this.#waiting.splice(0)) waiter(undefined);
  }
}
