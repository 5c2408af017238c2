/**
 * The sending end's connector over WebSocket: `webSocketChannelConnector({ WebSocket,
 * credentials })` as a queue manager's `channelConnector`. It takes the runtime's WebSocket
 * constructor (the global one in browsers, Workers and Node 22; `ws`'s in Node 20), so it
 * imports nothing of any platform. For each address the CONNAME gives (address.ts), in turn:
 * open the socket, send `auth` (the channel, this queue manager, the channel's credentials),
 * and wait for `accepted`; the connection is then the channel's (a SocketTransport) and the
 * agent sends `start`. An address that cannot be reached is passed over for the next; a
 * partner that answers with a refusal (2035, no such receiving channel, no such queue manager)
 * ends the attempt with its reason, which START CHANNEL shows (RETRYING, with the reason).
 */
import { MQError, MQRC, type MQReasonName } from "../../../core/index.js";
import { SocketTransport, decodeWireFrame, encodeChannelFrame, type ChannelConnector, type ChannelTransport } from "../../../core/features/channels/index.js";
import { CHANNEL_SUBPROTOCOL, channelUrls, type AddressOptions } from "./address.js";
import { authFields, type ChannelCredentials } from "./credentials.js";

/** What the connector needs of a WebSocket: the standard interface, which `ws`'s WebSocket also has. */
export interface ChannelWebSocket {
  binaryType: string;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "message" | "close" | "error", listener: (event: { data?: unknown; code?: number; reason?: string }) => void): void;
}

export type ChannelWebSocketConstructor = new (url: string, protocols?: string | string[]) => ChannelWebSocket;

export interface WebSocketChannelConnectorOptions extends AddressOptions {
  WebSocket: ChannelWebSocketConstructor;
  credentials?: ChannelCredentials;
  /** How long one address has to open and answer `auth`, in ms (default 15,000). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function webSocketChannelConnector(options: WebSocketChannelConnectorOptions): ChannelConnector {
  return {
    async connect(channel, connectionName, from) {
      const urls = channelUrls(connectionName, options);
      const failures: string[] = [];
      for (const url of urls) {
        try {
          return await open(options, url, channel, from);
        } catch (error) {
          const refusal = error as MQError & { refused?: boolean };
          if (refusal.refused) throw error;
          failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      throw new MQError("MQRC_CONNECTION_BROKEN", `channel ${channel}: no partner could be reached (AMQ9202): ${failures.join("; ")}`);
    },
  };
}

/** One address: the connection once the partner has accepted the channel. */
function open(options: WebSocketChannelConnectorOptions, url: string, channel: string, from: string): Promise<ChannelTransport> {
  return new Promise((resolve, reject) => {
    let socket: ChannelWebSocket;
    try {
      socket = new options.WebSocket(url, [CHANNEL_SUBPROTOCOL]);
    } catch (error) {
      reject(error);
      return;
    }
    socket.binaryType = "arraybuffer";
    let transport: SocketTransport | undefined;
    let settled = false;
    const fail = (error: MQError, refused = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(Object.assign(error, { refused }));
      try {
        socket.close(1000, "channel not started");
      } catch {
        // not open yet, or gone
      }
    };
    const timer = setTimeout(
      () => fail(new MQError("MQRC_CONNECTION_BROKEN", `no answer in ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`)),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    socket.addEventListener("open", () => {
      socket.send(encodeChannelFrame({ type: "auth", channel, from, ...authFields(options.credentials, channel) }));
    });
    socket.addEventListener("message", (event) => {
      const data = event.data as ArrayBuffer | Uint8Array | string;
      if (transport) return transport.received(data);
      if (settled) return;
      let frame;
      try {
        if (typeof data === "string") throw new MQError("MQRC_FORMAT_ERROR", "the partner answered with text, not a channel frame");
        frame = decodeWireFrame(data);
      } catch (error) {
        return fail(error instanceof MQError ? error : new MQError("MQRC_FORMAT_ERROR", String(error)), true);
      }
      if (frame.type === "error") {
        const reason = frame.reason in MQRC ? (frame.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR";
        return fail(new MQError(reason, `${url} refused channel ${channel}: ${frame.text}`), true);
      }
      if (frame.type !== "accepted") return fail(new MQError("MQRC_FORMAT_ERROR", `${url} answered auth with ${frame.type}, not accepted`), true);
      settled = true;
      clearTimeout(timer);
      transport = new SocketTransport({
        send: (message) => socket.send(message),
        // A browser's WebSocket closes only with 1000 or 3000-4999: the protocol error's 1002 goes as 4002.
        close: (code, reason) => socket.close(code === 1000 || code >= 3000 ? code : 4000 + (code % 1000), reason),
      });
      resolve(transport);
    });
    socket.addEventListener("close", (event) => {
      if (transport) transport.ended();
      else
        fail(
          new MQError(
            "MQRC_CONNECTION_BROKEN",
            `the connection closed before the channel was accepted (${event.code ?? "no code"}${event.reason ? `: ${event.reason}` : ""})`,
          ),
        );
    });
    socket.addEventListener("error", () => {
      if (transport) transport.ended();
      else fail(new MQError("MQRC_CONNECTION_BROKEN", "the connection could not be opened"));
    });
  });
}
