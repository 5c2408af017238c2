/**
 * Channels over WebSocket on a Node HTTP server, with `ws`: the receiving end's upgrades at
 * /ibmmq/channel and /ibmmq/channel/{qmgr} (address.ts), each a ChannelSocketSession, and the
 * sending end's connector with `ws`'s WebSocket (Node 20 has no global one). The only file of
 * adapters/http/channels that imports Node or `ws`.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { ChannelConnector } from "../../../core/features/channels/index.js";
import { CHANNEL_SUBPROTOCOL, channelPathTarget } from "./address.js";
import { webSocketChannelConnector, type ChannelWebSocketConstructor, type WebSocketChannelConnectorOptions } from "./connector.js";
import type { ChannelCredentials } from "./credentials.js";
import { ChannelSessions, ChannelSocketSession, type ChannelEndpointOptions } from "./endpoint.js";

export interface ChannelEndpoint {
  /** Takes an upgrade whose path is the endpoint's (answers false for any other path, leaving it to the caller). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Cuts every channel's connection (their batches in doubt are resolved when they start again) and takes no more. */
  close(): Promise<void>;
}

export function channelEndpoint(options: ChannelEndpointOptions): ChannelEndpoint {
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has(CHANNEL_SUBPROTOCOL) ? CHANNEL_SUBPROTOCOL : false),
    // A frame carries one message, up to IBM's largest MAXMSGL, and its header.
    maxPayload: 101 * 1024 * 1024,
  });
  let closed = false;
  options = { sessions: new ChannelSessions(), ...options };
  return {
    upgrade(request, socket, head) {
      const target = channelPathTarget(new URL(request.url ?? "/", "http://localhost").pathname);
      if (target === undefined) return false;
      const offered = String(request.headers["sec-websocket-protocol"] ?? "")
        .split(",")
        .map((protocol) => protocol.trim());
      if (closed || !offered.includes(CHANNEL_SUBPROTOCOL)) {
        const status = closed ? "503 Service Unavailable" : "400 Bad Request";
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return true;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const session = new ChannelSocketSession(
          {
            send: (message) => ws.send(message, { binary: true }),
            close: (code, reason) => ws.close(code, reason),
          },
          options,
          { ...target, ...(request.socket.remoteAddress === undefined ? {} : { remoteAddress: request.socket.remoteAddress }) },
        );
        ws.on("message", (data, isBinary) => {
          const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
          session.received(isBinary ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString("utf8"));
        });
        ws.on("error", () => ws.terminate());
        ws.on("close", () => session.ended());
      });
      return true;
    },
    close: async () => {
      closed = true;
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

/** The connector for a queue manager in Node: `QueueManager.open({ name, store, channelConnector: nodeChannelConnector({ credentials }) })`. */
export function nodeChannelConnector(
  options: Omit<WebSocketChannelConnectorOptions, "WebSocket"> & { credentials?: ChannelCredentials } = {},
): ChannelConnector {
  return webSocketChannelConnector({ ...options, WebSocket: WebSocket as unknown as ChannelWebSocketConstructor });
}
