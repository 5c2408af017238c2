/**
 * The client binding's socket in Node, serviced on a worker thread of its own, so that the
 * program's thread can block on it as IBM's `ibmmq` blocks in GetSync.
 *
 * JavaScript cannot wait for a socket on the thread that reads it: the answer would arrive
 * through the very event loop the wait holds. Here the WebSocket lives on a worker thread that
 * relays its events over a MessagePort; the session (client.ts) uses the relay as it would the
 * socket. A synchronous verb sends its request and then calls `receiveSync`, which takes the
 * relay's events off the port with receiveMessageOnPort and sleeps in Atomics.wait on a shared
 * counter the worker raises after each event it posts. Events that arrive for other purposes
 * meanwhile (other answers) are handled in order by the session as they are taken, so what
 * they resolve runs after the synchronous verb returns.
 *
 * Node only: node:worker_threads is named in a variable, so that a page's bundler leaves it out
 * (and `ws` likewise, in the worker, for Node 20, which has no WebSocket of its own).
 */

/** What the worker relays: the socket's events, a message's data as it came. */
export type RelayEvent = { type: "open" } | { type: "message"; data: ArrayBuffer | string } | { type: "error"; text: string } | { type: "close" };

/** A socket the program's thread can also wait on, blocking (a WebSocket's surface, as client.ts uses it). */
export interface BlockingSocket {
  binaryType: string;
  send(data: Uint8Array): void;
  close(): void;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  /** Blocks the thread until the socket's next event, and takes it (no listener sees it). */
  receiveSync(): RelayEvent;
}

interface WorkerThreads {
  Worker: new (code: string, options: object) => { terminate(): Promise<number>; on(type: string, listener: (error: Error) => void): void };
  MessageChannel: new () => { port1: Port; port2: Port };
  receiveMessageOnPort(port: Port): { message: RelayEvent } | undefined;
}

interface Port {
  postMessage(message: unknown, transfer?: unknown[]): void;
  on(type: "message", listener: (message: RelayEvent) => void): void;
  close(): void;
}

// The worker: a CommonJS script (Worker's eval form), so there is no file of its own to find
// beside a bundle. It opens the socket, relays its events, and sends what the port asks.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { port, url, protocols, wsPath, counter } = workerData;
const raised = new Int32Array(counter);
const Socket = globalThis.WebSocket ?? require(wsPath).WebSocket;
function relay(event, transfer) {
  port.postMessage(event, transfer);
  Atomics.add(raised, 0, 1);
  Atomics.notify(raised, 0);
}
// Whatever fails here ends the socket as far as the program's thread knows: it may be blocked
// waiting, and only a relayed event wakes it (not the Worker's own "error" event).
process.on("uncaughtException", (error) => {
  relay({ type: "error", text: String(error && error.message || error) });
  relay({ type: "close" });
  try { socket.close(); } catch {}
});
let socket;
try {
  socket = new Socket(url, protocols);
} catch (error) {
  relay({ type: "error", text: String(error && error.message || error) });
  relay({ type: "close" });
}
if (socket) {
  socket.binaryType = "arraybuffer";
  socket.addEventListener("open", () => relay({ type: "open" }));
  socket.addEventListener("message", (event) => relay({ type: "message", data: event.data }, typeof event.data === "string" ? [] : [event.data]));
  socket.addEventListener("error", (event) => relay({ type: "error", text: String(event.message || "socket error") }));
  socket.addEventListener("close", () => relay({ type: "close" }));
  port.on("message", (message) => (message === null ? socket.close() : socket.send(message)));
}
`;

let threads: Promise<WorkerThreads | undefined> | undefined;

/** node:worker_threads, when this runtime has it with what the relay needs (not a page, not workerd). */
function workerThreads(): Promise<WorkerThreads | undefined> {
  const name = "node:worker_threads";
  threads ??= (import(/* @vite-ignore */ name) as Promise<WorkerThreads>)
    .then((module) => (typeof module.receiveMessageOnPort === "function" && typeof SharedArrayBuffer === "function" ? module : undefined))
    .catch(() => undefined);
  return threads;
}

/** Where the worker finds `ws` when the runtime has no WebSocket (Node 20): as this module would import it. */
async function wsPath(): Promise<string> {
  if ((globalThis as { WebSocket?: unknown }).WebSocket) return "";
  const name = "node:module";
  const { createRequire } = (await import(/* @vite-ignore */ name)) as { createRequire(from: string): { resolve(id: string): string } };
  return createRequire(import.meta.url).resolve("ws");
}

/**
 * Opens `url` on a worker thread; resolves once the socket is open, rejects when it cannot be.
 * Undefined where the runtime has no worker threads (the caller uses its own WebSocket).
 */
export async function openThreadSocket(url: string, protocols: string[]): Promise<BlockingSocket | undefined> {
  const module = await workerThreads();
  if (module === undefined) return undefined;
  let path: string;
  try {
    path = await wsPath();
  } catch {
    return undefined; // no `ws` where this module is: the caller's own import says so
  }
  let socket: ThreadSocket;
  try {
    socket = new ThreadSocket(module, url, protocols, path);
  } catch {
    return undefined; // a runtime whose worker_threads cannot start one (a compatibility layer): its own WebSocket
  }
  return new Promise((resolve, reject) => {
    socket.addEventListener("open", () => resolve(socket));
    socket.addEventListener("error", (event) => reject(new Error(`${url} cannot be reached${event.data ? `: ${String(event.data)}` : ""}`)));
    socket.addEventListener("close", () => reject(new Error(`${url} cannot be reached`)));
  });
}

class ThreadSocket implements BlockingSocket {
  binaryType = "arraybuffer";
  readonly #listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  readonly #port: Port;
  readonly #raised = new Int32Array(new SharedArrayBuffer(4));
  readonly #worker;
  #closed = false;

  constructor(
    private readonly module: WorkerThreads,
    url: string,
    protocols: string[],
    wsPath: string,
  ) {
    const { port1, port2 } = new module.MessageChannel();
    this.#port = port1;
    this.#worker = new module.Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, url, protocols, wsPath, counter: this.#raised.buffer },
      transferList: [port2],
    });
    // A worker that cannot start (or fails) is a socket lost.
    this.#worker.on("error", (error) => {
      this.#dispatch({ type: "error", text: error.message });
      this.#dispatch({ type: "close" });
    });
    port1.on("message", (event) => this.#dispatch(event));
  }

  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  send(data: Uint8Array): void {
    if (!this.#closed) this.#port.postMessage(data);
  }

  close(): void {
    if (!this.#closed) this.#port.postMessage(null);
  }

  receiveSync(): RelayEvent {
    for (;;) {
      if (this.#closed) return { type: "close" };
      const seen = Atomics.load(this.#raised, 0);
      const taken = this.module.receiveMessageOnPort(this.#port);
      if (taken !== undefined) {
        if (taken.message.type === "close") this.#end();
        return taken.message;
      }
      Atomics.wait(this.#raised, 0, seen);
    }
  }

  #dispatch(event: RelayEvent): void {
    if (this.#closed) return;
    if (event.type === "close") this.#end();
    const data = event.type === "message" ? event.data : event.type === "error" ? event.text : undefined;
    for (const listener of this.#listeners.get(event.type) ?? []) listener({ data });
  }

  /** The socket is gone: the worker ends, and with it what kept the process alive. */
  #end(): void {
    this.#closed = true;
    this.#port.close();
    void this.#worker.terminate();
  }
}
