/**
 * STOMP over WebSocket on a Node HTTP server, with `ws`: upgrades at `/stomp` offering one of
 * the subprotocols v12.stomp, v11.stomp, v10.stomp become a StompConnection each. The only
 * file of adapters/http/stomp that imports Node or `ws`; the rest runs in a Durable Object too.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { StompConnection, type StompServerOptions } from "./connection.js";
import { chooseSubprotocol } from "./subprotocols.js";
import { coalescedWrites } from "./coalesced-writes.js";

export const STOMP_PATH = "/stomp";

/** Bytes handed to a socket and not yet written out, above which MESSAGE frames wait. */
const HIGH_WATER_BYTES = 1024 * 1024;

export interface StompEndpoint {
  /** Ends every STOMP connection (what each held comes back) and stops taking new ones. */
  close(): Promise<void>;
}

/** Takes the server's WebSocket upgrades at /stomp; any other upgrade is refused with 404. */
export function attachStompEndpoint(server: Server, options: StompServerOptions): StompEndpoint {
  const endpoint = stompEndpoint(options);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!endpoint.upgrade(request, socket, head)) refuseUpgrade(socket);
  };
  server.on("upgrade", onUpgrade);
  return {
    close: async () => {
      server.off("upgrade", onUpgrade);
      await endpoint.close();
    },
  };
}

/** An upgrade no endpoint takes: 404. */
export function refuseUpgrade(socket: Duplex): void {
  socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
}

/**
 * The endpoint, for a server that routes its upgrades itself (serveHttp: STOMP and channels):
 * `upgrade` takes one at /stomp and answers false for any other path.
 */
export function stompEndpoint(options: StompServerOptions): StompEndpoint & { upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean } {
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => chooseSubprotocol(offered),
    // A frame's body is bounded by MAXMSGL (the parser refuses larger); this bounds one WebSocket message.
    maxPayload: 101 * 1024 * 1024,
  });
  const connections = new Set<StompConnection>();
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== STOMP_PATH) return false;
    sockets.handleUpgrade(request, socket, head, (ws) => accept(ws, request.socket.remoteAddress));
    return true;
  };
  const accept = (ws: WebSocket, remoteAddress: string | undefined) => {
    // Bytes sent and not yet written to the socket (ws calls back once they are), and who waits for room.
    let unwritten = 0;
    const waiting: (() => void)[] = [];
    const written = (bytes: number) => {
      unwritten -= bytes;
      if (unwritten < HIGH_WATER_BYTES) for (const wake of waiting.splice(0)) wake();
    };
    ws.on("close", () => {
      unwritten = 0;
      for (const wake of waiting.splice(0)) wake();
    });
    // Frames of one turn go out as one WebSocket message (coalesced-writes.ts).
    const writes = coalescedWrites((bytes, text) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(bytes, { binary: !text }, () => written(bytes.byteLength));
    }, setImmediate);
    const connection = new StompConnection(
      {
        remoteAddress,
        send: (frame, text) => {
          if (ws.readyState !== ws.OPEN) return;
          unwritten += frame.byteLength;
          writes.send(frame, text);
        },
        drained: () => (unwritten < HIGH_WATER_BYTES || ws.readyState !== ws.OPEN ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
        pause: () => ws.pause(),
        resume: () => ws.resume(),
        close: (code, reason) => {
          writes.flush();
          if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
        },
      },
      options,
    );
    connections.add(connection);
    ws.on("message", (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      connection.receive(isBinary ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString("utf8"));
    });
    ws.on("error", () => ws.terminate());
    ws.on("close", () => {
      void connection.socketClosed().finally(() => connections.delete(connection));
    });
  };
  return {
    upgrade,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await Promise.all([...connections].map((connection) => connection.socketClosed()));
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
