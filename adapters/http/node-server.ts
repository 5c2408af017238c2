/**
 * The HTTP facade on Node's own HTTP server (@hono/node-server), for a queue manager that
 * lives in a Node process: `serveHttp({ port, tokens, users, sessionSecret, queueManagers })`. A client that
 * disconnects aborts its request's signal here (ending a waiting get) and cancels its
 * response body (backing out a get whose message it never read).
 */
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { QueueManager } from "../../core/index.js";
import { createHttpApp, type HttpAppOptions } from "./index.js";
import { memoryDirectory } from "./queue-manager-directory.js";

export { openFileStore } from "./node-store.js";
import { FailedLoginLimiter, UserDirectory, parseUsers, type Principal } from "./security/index.js";
import { limitKey, tokenKey, userKey } from "./security/limit-keys.js";
import { MQError } from "../../core/index.js";
import { attachStompEndpoint, type StompEndpoint } from "./stomp/node-websocket.js";

export interface NodeServerOptions extends Omit<HttpAppOptions, "queueManager" | "queueManagers" | "installation"> {
  /**
   * The queue managers served, by name; a request naming any other is 404 (MQRC_Q_MGR_NAME_ERROR).
   * These are configured: the admin API's dltmqm refuses them.
   */
  queueManagers: Iterable<QueueManager>;
  /** Opens a queue manager the admin API's crtmqm creates (default: in memory). */
  createQueueManager?: (name: string) => Promise<QueueManager>;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: loopback only, unless told otherwise. */
  hostname?: string;
  /** STOMP over WebSocket at /stomp (adapters/http/stomp): the heart-beats the server offers, in ms (default 10,000 each). */
  stompHeartBeat?: { send: number; receive: number };
}

export interface NodeServer {
  /** http://host:port, with the port that was bound. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and ends the open ones. */
  close(): Promise<void>;
}

export async function serveHttp(options: NodeServerOptions): Promise<NodeServer> {
  // One failed-login limit for REST and STOMP: guesses over either count against both.
  const loginRateLimit = options.loginRateLimit instanceof FailedLoginLimiter ? options.loginRateLimit : new FailedLoginLimiter(options.loginRateLimit);
  options = { ...options, loginRateLimit };
  const { directory, resolve } = memoryDirectory({
    configured: options.queueManagers,
    ...(options.createQueueManager ? { open: options.createQueueManager } : {}),
  });
  const app = createHttpApp({
    // Failed logins are counted per socket address, which a client cannot choose (a header it could).
    clientAddress: (c) => getConnInfo(c).remote.address,
    ...options,
    queueManager: resolve,
    queueManagers: directory,
    installation: {
      platform: process.platform === "win32" ? "windows" : "unix",
      operatingSystem: `${process.platform} ${process.arch}, Node.js ${process.version}`,
    },
  });
  const hostname = options.hostname ?? "127.0.0.1";
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    const answer = (request: Request, env: unknown) =>
      request.method === "DELETE" ? streamGotMessage(app.fetch(request, env)) : answerAfterBody(request, app.fetch(request, env));
    server = serve({ fetch: answer, port: options.port ?? 0, hostname }, (info) => resolve(info.port));
  });
  const stomp = attachStomp(server as import("node:http").Server, options, loginRateLimit, resolve, [...options.queueManagers][0]?.name);
  return {
    url: `http://${hostname}:${port}`,
    port,
    close: async () => {
      await stomp.close();
      await new Promise<void>((resolve) => {
        const http = server as import("node:http").Server;
        http.close(() => resolve());
        http.closeAllConnections?.();
      });
    },
  };
}

/**
 * STOMP at /stomp: the same users, tokens and failed-login limit as the REST API (counted per
 * claimed user or token at the socket's address); `host` names the queue manager, the first
 * configured when absent.
 */
function attachStomp(
  server: import("node:http").Server,
  options: NodeServerOptions,
  limiter: FailedLoginLimiter,
  resolve: (name: string) => Promise<QueueManager>,
  first: string | undefined,
): StompEndpoint {
  const users = typeof options.users === "string" || options.users === undefined ? parseUsers(options.users as string | undefined) : options.users;
  const directory = new UserDirectory(users, options.tokens ?? []);
  return attachStompEndpoint(server, {
    queueManager: (host) => {
      const name = host ?? first;
      return name === undefined ? undefined : resolve(name).catch(() => undefined);
    },
    authenticate: async (login, passcode, address) => {
      if (passcode === undefined) return undefined;
      const asUser = login !== undefined && login !== "";
      const client = limitKey(address, await (asUser ? userKey(login) : tokenKey(passcode)));
      const wait = await limiter.admit(client);
      if (wait > 0) throw new MQError("MQRC_NOT_AUTHORIZED", `too many failed logins from this client; try again in ${wait} s`);
      let principal: Principal | undefined;
      try {
        principal = asUser ? await directory.checkPassword(login, passcode, "basic") : await directory.checkToken(passcode);
      } finally {
        limiter.settle(client, principal === undefined);
      }
      return principal;
    },
    ...(options.stompHeartBeat ? { heartBeat: options.stompHeartBeat } : {}),
  });
}

/**
 * @hono/node-server reads a body ahead, before it writes the headers, to send a small one with
 * a Content-Length; a got message's body (a DELETE's 200) commits its get when read to its
 * end, so it must be read as it is written to the socket: chunked, which node-server streams.
 */
async function streamGotMessage(response: Response | Promise<Response>): Promise<Response> {
  const answer = await response;
  if (answer.status === 200 && answer.body !== null) answer.headers.set("transfer-encoding", "chunked");
  return answer;
}

/** The most of a refused request's unread body the server reads and drops before it answers. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A request refused before its body was read (413 for a body over a route's limit, 400, 401):
 * the rest of the body is read and dropped before the answer goes, up to DRAIN_LIMIT_BYTES.
 * Otherwise the socket is closed on a client still sending, which then sees ECONNRESET instead
 * of the answer that says what was wrong.
 */
async function answerAfterBody(request: Request, response: Response | Promise<Response>): Promise<Response> {
  const answer = await response;
  const body = request.body;
  if (answer.status < 400 || body === null || body.locked) return answer;
  const reader = body.getReader();
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      dropped += value.byteLength;
      if (dropped > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away: there is no one to answer.
  }
  return answer;
}
