/**
 * STOMP over plain TCP on Node (`serveHttp({ stompPort })`), as ActiveMQ and RabbitMQ offer it
 * on 61613: for clients that speak STOMP over a socket rather than a WebSocket, stomp.py
 * (Debian's python3-stomp) above all. Each connection is a StompConnection, the same as at
 * /stomp: the same users, roles, authority records and failed-login limit. No TLS here; put a
 * TLS terminator in front for anything but loopback.
 */
import { createServer, type Server, type Socket } from "node:net";
import { StompConnection, type StompServerOptions } from "./connection.js";

/** Bytes handed to a socket and not yet written out, above which MESSAGE frames wait (as the WebSocket endpoint). */
const HIGH_WATER_BYTES = 1024 * 1024;

export interface StompTcpEndpoint {
  readonly port: number;
  /** Ends every connection (what each held comes back) and stops listening. */
  close(): Promise<void>;
}

export async function listenStompTcp(options: StompServerOptions, port: number, hostname: string): Promise<StompTcpEndpoint> {
  const connections = new Set<StompConnection>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const waiting: (() => void)[] = [];
    const wake = () => {
      for (const resolve of waiting.splice(0)) resolve();
    };
    socket.on("drain", wake);
    const connection = new StompConnection(
      {
        remoteAddress: socket.remoteAddress,
        send: (frame) => {
          if (!socket.destroyed) socket.write(frame);
        },
        drained: () =>
          socket.writableLength < HIGH_WATER_BYTES || socket.destroyed ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
        pause: () => socket.pause(),
        resume: () => socket.resume(),
        // An ERROR frame is written before close: end() lets it out before the FIN.
        close: () => socket.end(),
      },
      options,
    );
    connections.add(connection);
    socket.on("data", (data: Buffer) => connection.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      sockets.delete(socket);
      wake();
      void connection.socketClosed().finally(() => connections.delete(connection));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([...connections].map((connection) => connection.socketClosed()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
