/**
 * MQI client connections over WebSocket on a Node HTTP server, with `ws`: upgrades at
 * /ibmmq/client under the subprotocol webmq.mqi.v1, each an MqiClientSession. The only file of
 * adapters/http/mqi-client that imports Node or `ws`.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { MQI_CLIENT_PATH, MQI_CLIENT_SUBPROTOCOL } from "../../mqi/client-protocol.js";
import { MqiClientSession, type MqiClientEndpointOptions } from "./session.js";

export interface MqiClientEndpoint {
  /** Takes an upgrade whose path is /ibmmq/client (answers false for any other path). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Ends every client connection (their units of work back out) and takes no more. */
  close(): Promise<void>;
}

export function mqiClientEndpoint(options: MqiClientEndpointOptions): MqiClientEndpoint {
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has(MQI_CLIENT_SUBPROTOCOL) ? MQI_CLIENT_SUBPROTOCOL : false),
    // A frame carries one message, up to IBM's largest MAXMSGL, and its header.
    maxPayload: 101 * 1024 * 1024,
  });
  let closed = false;
  return {
    upgrade(request, socket, head) {
      const path = new URL(request.url ?? "/", "http://localhost").pathname.replace(/\/$/, "");
      if (path !== MQI_CLIENT_PATH) return false;
      const offered = String(request.headers["sec-websocket-protocol"] ?? "")
        .split(",")
        .map((protocol) => protocol.trim());
      if (closed || !offered.includes(MQI_CLIENT_SUBPROTOCOL)) {
        const status = closed ? "503 Service Unavailable" : "400 Bad Request";
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return true;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const session = new MqiClientSession(
          { send: (message) => ws.send(message, { binary: true }), close: (code, reason) => ws.close(code, reason) },
          options,
          request.socket.remoteAddress ?? "",
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
