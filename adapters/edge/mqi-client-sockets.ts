/**
 * MQI client connections in a queue manager's object: each socket the front Worker hands over
 * (mqi-client-endpoint.ts) runs an MqiClientSession (adapters/http/mqi-client/session.ts), the
 * same admission and session as under serveHttp, with the Worker's users and tokens (MQ_USERS,
 * MQ_TOKENS) for CONNAUTH and this object's failed-login limit.
 *
 * Why these sockets are accepted plainly, not with the Hibernation API as STOMP's and channels'
 * are: a session's open handles, unit of work, browse cursors and waiting gets are live objects
 * of the queue manager in memory, which cannot be written to an attachment and rebuilt. A
 * hibernatable socket would let the runtime evict the object under an idle client (or one
 * waiting in MQGET), losing them without a word to the client. An accepted socket keeps the
 * object in memory while the client is connected, as a SVRCONN channel instance lives as long
 * as its client's connection; the cost is the object's duration for that time.
 *
 * When the object ends anyway (a deploy, a runtime restart, an exceeded limit), its sockets
 * close with it: the client's next call, and any call in flight, is MQRC_CONNECTION_BROKEN
 * (2009), as IBM's client answers when its channel ends. The unit of work it had in flight was
 * never committed, so the reopened queue manager has its messages as they were before it:
 * backed out. The socket's own close (the client disconnected without MQDISC, or was killed)
 * backs the unit out at once, as under serveHttp.
 */
import type { QueueManager } from "../../core/index.js";
import { FailedLoginLimiter, UserDirectory, parseUsers, socketLogin } from "../http/index.js";
import { MqiClientSession } from "../http/mqi-client/session.js";
import { parseTokens, type EdgeEnv } from "./env.js";

/** The path of a queue manager object's MQI client socket: reached only through a stub, from the front Worker. */
export const OBJECT_MQI_CLIENT_PATH = "/.webmq/mqi-client";

export class MqiClientSockets {
  #directory: UserDirectory | undefined;
  #login: ReturnType<typeof socketLogin> | undefined;

  constructor(
    private readonly env: EdgeEnv,
    private readonly queueManager: (name: string) => Promise<QueueManager>,
  ) {}

  /** Takes a client's socket for queue manager `qmgr`, from `remoteAddress`; the 101 to hand back. */
  accept(qmgr: string, remoteAddress: string): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.binaryType = "arraybuffer";
    server.accept();
    const directory = this.#users();
    const session = new MqiClientSession(
      {
        send: (message) => server.send(message),
        close: (code, reason) => server.close(code, reason),
      },
      {
        // The object's own queue manager, blank naming it too; any other name is 2058 (mqi-client-endpoint.ts).
        queueManager: (name) => (name === "" || name === qmgr ? this.queueManager(qmgr) : Promise.resolve(undefined)),
        authenticate: this.#login!,
        userInfo: (name) => ({ role: directory.roleOf(name), groups: directory.groupsOf(name) }),
      },
      remoteAddress,
    );
    server.addEventListener("message", (event) => session.received(event.data as ArrayBuffer | string));
    server.addEventListener("close", () => session.ended());
    server.addEventListener("error", () => session.ended());
    return new Response(null, { status: 101, webSocket: client });
  }

  #users(): UserDirectory {
    this.#directory ??= new UserDirectory(parseUsers(this.env.MQ_USERS), parseTokens(this.env.MQ_TOKENS));
    this.#login ??= socketLogin(this.#directory, new FailedLoginLimiter());
    return this.#directory;
  }
}
