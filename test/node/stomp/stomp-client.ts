/**
 * What the STOMP socket tests share: @stomp/stompjs clients over `ws` against a serveHttp
 * server, a raw WebSocket for what stompjs will not send (silence, malformed frames), and
 * waiting for messages.
 */
import { Client, type IMessage, type StompHeaders } from "@stomp/stompjs";
import WebSocket from "ws";

export const PROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"];

export interface TestClient {
  client: Client;
  /** The client's socket, to cut it without a DISCONNECT. */
  socket(): WebSocket;
  /** Resolves with the ERROR frame's message header when the server refuses something. */
  errors: string[];
  close(): Promise<void>;
}

export function stompUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, "ws")}/stomp`;
}

/** A connected stompjs client (no heart-beats, no reconnects). */
export async function connect(url: string, connectHeaders: StompHeaders): Promise<TestClient> {
  let socket: WebSocket | undefined;
  const errors: string[] = [];
  const client = new Client({
    webSocketFactory: () => (socket = new WebSocket(url, PROTOCOLS)),
    connectHeaders,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      errors.push(frame.headers.message ?? "");
      reject(new Error(`ERROR ${frame.headers.message}`));
    };
    client.onWebSocketClose = () => reject(new Error("closed before CONNECTED"));
    client.activate();
  });
  client.onStompError = (frame) => void errors.push(frame.headers.message ?? "");
  return { client, socket: () => socket!, errors, close: () => client.deactivate() };
}

/** Collects the messages a subscription gets. */
export class Inbox {
  readonly messages: IMessage[] = [];
  #waiters: (() => void)[] = [];

  readonly take = (message: IMessage): void => {
    this.messages.push(message);
    for (const wake of this.#waiters.splice(0)) wake();
  };

  /** Waits until `count` messages have come (5 s at most). */
  async until(count: number): Promise<IMessage[]> {
    const deadline = Date.now() + 5000;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.messages.length} of ${count} messages came`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.messages.slice(0, count);
  }
}

/**
 * A raw WebSocket speaking STOMP by hand: frames as text, everything the server sends, and its
 * close. One WebSocket message may carry several frames (the server writes the frames of one
 * turn together): `received` has one entry per frame, each with its NUL.
 */
export async function rawSocket(url: string): Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(url, PROTOCOLS);
  const received: string[] = [];
  ws.on("message", (data) => received.push(...data.toString().split(/(?<=\0)/)));
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("error", reject);
  });
  return { ws, received, closed };
}

/** Waits up to 5 s for `check` to be true. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
