/**
 * Channels from partners outside the Worker (a browser page's queue manager, a `serveHttp`):
 * the WebSocket endpoint at /ibmmq/channel and /ibmmq/channel/{qmgr}, the same path, subprotocol
 * and handshake as Node's (adapters/http/channels). The front Worker holds the partner's socket
 * and runs the platform-neutral ChannelSocketSession on it: the `auth` frame checked with the
 * REST API's users and tokens under the same failed-login limit as REST logins, the role
 * allowed to run channels (MQWebAdmin, MQWebChannel; 2035 otherwise), the queue manager that
 * defines the receiving channel found. Only then is a queue manager's object woken: the
 * session's connection is relayed, frame by frame, to that object's channel socket, the same
 * one a sending object of this Worker opens (object-channel-connector.ts).
 *
 * Why relay rather than hand the partner's socket to the object: the credentials come inside
 * the first frame (a browser's WebSocket cannot send an Authorization header), so the Worker
 * must read that frame before it knows whether to wake an object and which; a socket a Worker
 * has accepted cannot be passed on. The object's end still hibernates while idle; the
 * partner's leg is held by the front Worker, which costs CPU time only per frame.
 */
import type { QueueManager } from "../../core/index.js";
import type { ChannelTransport } from "../../core/features/channels/index.js";
import {
  CHANNEL_SUBPROTOCOL,
  ChannelSessions,
  ChannelSocketSession,
  UserDirectory,
  channelPathTarget,
  parseUsers,
  socketLogin,
  type FailedLoginLimiter,
  type Principal,
} from "../http/index.js";
import { parseTokens, type EdgeEnv } from "./env.js";
import { openObjectChannel } from "./object-channel-connector.js";
import { rpc } from "./rpc-errors.js";
import { isServedQueueManager, servedNames } from "./served-names.js";

/** The RPC method of a queue manager's object the endpoint asks (QueueManagerObject's). */
interface ReceivingChannelsRpc {
  receivingChannels(name: string): Promise<string[]>;
}

/** Each receiving channel's open connection in this isolate: a new one ends the one before it (IBM's ADOPTMCA(ALL)). */
const sessions = new ChannelSessions();

/**
 * Answers a partner's WebSocket upgrade at the endpoint's path; undefined for any other request
 * (a plain GET of the path is the REST API's, as under serveHttp, whose endpoint takes upgrades only).
 */
export function acceptPartnerChannel(request: Request, env: EdgeEnv, limiter: FailedLoginLimiter): Response | undefined {
  const target = channelPathTarget(new URL(request.url).pathname);
  if (target === undefined || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return undefined;
  const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((protocol) => protocol.trim());
  if (!offered.includes(CHANNEL_SUBPROTOCOL))
    return new Response(`a channel's connection is a WebSocket with the subprotocol ${CHANNEL_SUBPROTOCOL}`, { status: 400 });
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  // ArrayBuffers, which the frame decoder reads; workerd's standard default is Blob.
  server.binaryType = "arraybuffer";
  server.accept();
  const remoteAddress = request.headers.get("CF-Connecting-IP") ?? undefined;
  // The principal the session's auth frame proved: the object's receiving agent puts as it.
  const login = socketLogin(new UserDirectory(parseUsers(env.MQ_USERS), parseTokens(env.MQ_TOKENS)), limiter);
  const proved: { principal?: Principal } = {};
  const session = new ChannelSocketSession(
    { send: (message) => server.send(message), close: (code, reason) => server.close(code, reason) },
    {
      authenticate: async (...credentials) => {
        const principal = await login(...credentials);
        if (principal) proved.principal = principal;
        return principal;
      },
      queueManager: async (name) => ((await isServedQueueManager(env, name).catch(() => false)) ? relayTo(env, name, proved) : undefined),
      queueManagers: async () => Promise.all((await servedNames(env)).map((name) => relayTo(env, name, proved))),
      sessions,
    },
    { ...target, ...(remoteAddress === undefined ? {} : { remoteAddress }) },
  );
  server.addEventListener("message", (event) => session.received(event.data as ArrayBuffer | string));
  server.addEventListener("close", () => session.ended());
  server.addEventListener("error", () => session.ended());
  return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Protocol": CHANNEL_SUBPROTOCOL } });
}

/**
 * What the session needs of a queue manager (its name, whether it defines the receiving
 * channel, and acceptChannel), standing in for the one in `name`'s object: the channel's
 * connection is relayed to that object.
 */
async function relayTo(env: EdgeEnv, name: string, proved: { principal?: Principal }): Promise<QueueManager> {
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)) as unknown as ReceivingChannelsRpc;
  const receiving = new Set(await rpc(stub.receivingChannels(name)).catch(() => [] as string[]));
  const standIn = {
    name,
    object: (type: string, channel: string) => (type === "channel" && receiving.has(channel) ? { attributes: { channelType: "receiver" } } : undefined),
    acceptChannel: (channel: string, partner: ChannelTransport) => {
      openObjectChannel(env, name, channel, "a partner outside this Worker", proved.principal).then(
        (object) => relay(partner, object),
        () => partner.close(),
      );
    },
  };
  return standIn as unknown as QueueManager;
}

/** Frames both ways until either end ends; then both are closed. */
function relay(a: ChannelTransport, b: ChannelTransport): void {
  const pump = async (from: ChannelTransport, to: ChannelTransport) => {
    for (let frame = await from.next(); frame; frame = await from.next()) await to.send(frame);
  };
  const end = () => {
    a.close();
    b.close();
  };
  void pump(a, b)
    .catch(() => undefined)
    .finally(end);
  void pump(b, a)
    .catch(() => undefined)
    .finally(end);
}
