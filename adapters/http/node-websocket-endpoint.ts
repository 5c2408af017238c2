/**
 * A WebSocket endpoint on a Node HTTP server, with `ws`, for the protocols whose sessions are
 * written without Node (channels, MQI clients): it takes the upgrades of its paths under one
 * subprotocol, refuses the others (400; 503 once closed), and feeds each socket's frames to a
 * session the protocol makes. What differs between protocols is only the path and the session.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";

/** What a protocol's session needs of its socket (core's FrameSocket has the same shape). */
export interface BinarySocket {
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** A protocol's session over one socket. */
export interface SocketSession {
  received(data: Uint8Array | string): void;
  ended(): void;
}

export interface NodeWebSocketEndpoint {
  /** Takes an upgrade whose path is the endpoint's (answers false for any other path, leaving it to the caller). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Cuts every connection (their sessions end) and takes no more. */
  close(): Promise<void>;
}

export function nodeWebSocketEndpoint<Target>(
  subprotocol: string,
  /** What a path leads to, or undefined for a path not the endpoint's. */
  route: (pathname: string) => Target | undefined,
  openSession: (socket: BinarySocket, target: Target, request: IncomingMessage) => SocketSession,
): NodeWebSocketEndpoint {
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has(subprotocol) ? subprotocol : false),
    // A frame carries one message, up to IBM's largest MAXMSGL, and its header.
    maxPayload: 101 * 1024 * 1024,
  });
  let closed = false;
  return {
    upgrade(request, socket, head) {
      const target = route(new URL(request.url ?? "/", "http://localhost").pathname);
      if (target === undefined) return false;
      const offered = String(request.headers["sec-websocket-protocol"] ?? "")
        .split(",")
        .map((protocol) => protocol.trim());
      if (closed || !offered.includes(subprotocol)) {
        const status = closed ? "503 Service Unavailable" : "400 Bad Request";
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return true;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const session = openSession(
          { send: (message) => ws.send(message, { binary: true }), close: (code, reason) => ws.close(code, reason) },
          target,
          request,
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
