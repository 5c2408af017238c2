/**
 * The HTTP facade on Node's own HTTP server (@hono/node-server), for a queue manager that
 * lives in a Node process: `serveHttp({ port, tokens, users, sessionSecret, queueManagers })`, with
 * STOMP over WebSocket at /stomp, message channels at /ibmmq/channel and MQI clients at
 * /ibmmq/client (SVRCONN channels, CHLAUTH and CONNAUTH: mqi-client/), authenticated with the
 * same users, tokens and failed-login limit as REST (one limit: guesses over any of them count
 * against all; STOMP's `host` names the queue manager, the first configured when absent). A client that
 * disconnects aborts its request's signal here (ending a waiting get) and cancels its
 * response body (backing out a get whose message it never read).
 */
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { QueueManager } from "../../core/index.js";
import { createHttpApp, type HttpAppOptions } from "./index.js";
import { memoryDirectory } from "./queue-manager-directory.js";

export { openFileStore } from "./node-store.js";
import { FailedLoginLimiter, UserDirectory, parseUsers } from "./security/index.js";
import { socketLogin } from "./security/socket-login.js";
import { refuseUpgrade, stompEndpoint } from "./stomp/node-websocket.js";
import { listenStompTcp } from "./stomp/node-tcp.js";
import type { StompServerOptions } from "./stomp/connection.js";
import { channelEndpoint } from "./channels/node-websocket.js";
import { mqiClientEndpoint } from "./mqi-client/node-websocket.js";
import { nodeChannelConnector } from "./channels/node-connector.js";
import type { ChannelCredentials } from "./channels/credentials.js";
export { nodeChannelConnector } from "./channels/node-connector.js";
export type { ChannelCredentials } from "./channels/credentials.js";

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
  /**
   * STOMP over plain TCP on this port too (0 picks a free one), as ActiveMQ and RabbitMQ offer it
   * on 61613, for clients without WebSocket such as stomp.py; off unless given. On `hostname`.
   */
  stompPort?: number;
  /**
   * The credentials of the sending channels of the queue managers the admin API's crtmqm
   * creates here (by channel name: a token, or a user and password, of the partner's REST API):
   * they are opened with a WebSocket channel connector that uses them. Configured queue managers
   * are opened by the caller, with `channelConnector: nodeChannelConnector({ credentials })`.
   */
  channelCredentials?: ChannelCredentials;
}

export interface NodeServer {
  /** http://host:port, with the port that was bound. */
  readonly url: string;
  readonly port: number;
  /** The STOMP-over-TCP port that was bound, when `stompPort` was given. */
  readonly stompPort?: number;
  /** Stops accepting connections and ends the open ones. */
  close(): Promise<void>;
}

export async function serveHttp(options: NodeServerOptions): Promise<NodeServer> {
  // One failed-login limit for REST, STOMP and channels: guesses over any count against all.
  const loginRateLimit = options.loginRateLimit instanceof FailedLoginLimiter ? options.loginRateLimit : new FailedLoginLimiter(options.loginRateLimit);
  options = { ...options, loginRateLimit };
  const channelConnector = nodeChannelConnector(options.channelCredentials ? { credentials: options.channelCredentials } : {});
  const { directory, resolve } = memoryDirectory({
    configured: options.queueManagers,
    open: options.createQueueManager ?? ((name) => QueueManager.open({ name, channelConnector })),
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
  const http = server as import("node:http").Server;
  const users = typeof options.users === "string" || options.users === undefined ? parseUsers(options.users as string | undefined) : options.users;
  const userDirectory = new UserDirectory(users, options.tokens ?? []);
  const login = socketLogin(userDirectory, loginRateLimit);
  const first = [...options.queueManagers][0]?.name;
  const stompOptions: StompServerOptions = {
    queueManager: (host) => {
      const name = host ?? first;
      return name === undefined ? undefined : resolve(name).catch(() => undefined);
    },
    authenticate: login,
    ...(options.stompHeartBeat ? { heartBeat: options.stompHeartBeat } : {}),
  };
  const stomp = stompEndpoint(stompOptions);
  const stompTcp = options.stompPort === undefined ? undefined : await listenStompTcp(stompOptions, options.stompPort, hostname);
  const channels = channelEndpoint({
    queueManager: (name) => resolve(name).catch(() => undefined),
    queueManagers: async () =>
      (await Promise.all((await directory.names()).map((name) => resolve(name).catch(() => undefined)))).filter((qm) => qm !== undefined),
    authenticate: login,
  });
  // MQI client bindings (webmq/ibmmq's MQSERVER, MQCD, CCDT) at /ibmmq/client; blank names the first queue manager.
  const mqiClients = mqiClientEndpoint({
    queueManager: (name) => (name || first ? resolve(name || first!).catch(() => undefined) : Promise.resolve(undefined)),
    authenticate: login,
    userInfo: (name) => ({ role: userDirectory.roleOf(name), groups: userDirectory.groupsOf(name) }),
  });
  http.on("upgrade", (request, socket, head) => {
    if (!stomp.upgrade(request, socket, head) && !channels.upgrade(request, socket, head) && !mqiClients.upgrade(request, socket, head)) refuseUpgrade(socket);
  });
  return {
    url: `http://${hostname}:${port}`,
    port,
    ...(stompTcp ? { stompPort: stompTcp.port } : {}),
    close: async () => {
      await Promise.all([stomp.close(), channels.close(), mqiClients.close(), stompTcp?.close()]);
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections?.();
      });
    },
  };
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
