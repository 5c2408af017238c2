/**
 * STOMP over WebSocket at /stomp on the front Worker (subprotocols v12.stomp, v11.stomp,
 * v10.stomp, as under serveHttp). The CONNECT frame carries what picks the Durable Object and
 * whether to wake it at all: `host` names the queue manager (absent or `/`: the first
 * configured), `login`/`passcode` the credentials, checked here with the REST API's users,
 * tokens and failed-login limit (socket-login.ts). A refused CONNECT is an ERROR frame and a
 * close, and wakes no object. An accepted one opens a WebSocket to the queue manager's object
 * (stomp-sockets.ts) with the principal signed on it, as REST requests carry theirs, sends it
 * the CONNECT and whatever followed, and relays frames both ways until either end closes.
 *
 * At /stomp/QMNAME the socket is handed over instead (`handOver`): forwarded unread to that
 * queue manager's object, which accepts it and checks CONNECT itself; frames then go straight
 * between the client and the object. The price: a refused CONNECT there has woken the object,
 * and failed logins are counted in the object, not in this Worker.
 *
 * Why /stomp relays rather than hands the socket over: the credentials are in the first frame, so the
 * Worker must accept the socket to read them, and a socket a Worker has accepted cannot be
 * passed to an object. The object's end is the one that hibernates; the Worker's leg costs
 * CPU time only per frame relayed. A client's heart-beat EOL is relayed too, and answered by
 * the object's runtime without waking it.
 */
import { MQError, checkObjectName } from "../../core/index.js";
import { UserDirectory, parseUsers, signPrincipal, socketLogin, type FailedLoginLimiter, type Principal } from "../http/index.js";
import { FrameParser, encodeFrame, header, type StompFrame } from "../http/stomp/frame.js";
import { chooseSubprotocol } from "../http/stomp/subprotocols.js";
import { edgeSecurity, parseTokens, type EdgeEnv } from "./env.js";
import { isServedQueueManager, servedNames } from "./served-names.js";
import { OBJECT_STOMP_PATH } from "./stomp-sockets.js";

export const STOMP_PATH = "/stomp";
/** A CONNECT has no body; this bounds what is buffered before it is read. */
const CONNECT_ALLOWANCE_BYTES = 64 * 1024;

type Data = string | ArrayBuffer;

/** Answers a WebSocket upgrade at /stomp (relayed) or /stomp/QMNAME (handed over); undefined for any other request. */
export function acceptStomp(request: Request, env: EdgeEnv, limiter: FailedLoginLimiter): Response | Promise<Response> | undefined {
  const path = new URL(request.url).pathname;
  const handover = path.startsWith(`${STOMP_PATH}/`) ? path.slice(STOMP_PATH.length + 1) : undefined;
  if (path !== STOMP_PATH && handover === undefined) return undefined;
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("STOMP is served here over WebSocket", { status: 426 });
  const protocol = chooseSubprotocol((request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim()));
  if (handover !== undefined) return handOver(request, env, handover, protocol);
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.binaryType = "arraybuffer";
  server.accept();
  const remoteAddress = request.headers.get("CF-Connecting-IP") ?? undefined;
  const parser = new FrameParser({ maxHeaderBytes: CONNECT_ALLOWANCE_BYTES, maxBodyBytes: CONNECT_ALLOWANCE_BYTES });
  // Everything the client sends until the object's socket is open, in order: CONNECT first.
  const early: Data[] = [];
  let connectRead = false;
  let object: WebSocket | undefined;
  let ended = false;
  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    closeQuietly(server, code, reason);
    if (object) closeQuietly(object, code, reason);
  };
  const refuse = (error: unknown) => {
    if (ended) return;
    server.send(errorFrame(error));
    end(1002, "CONNECT refused");
  };
  server.addEventListener("message", (event) => {
    const data = event.data as Data;
    if (object) return object.send(data);
    if (ended) return;
    early.push(data);
    // Read until CONNECT: what follows it is the object's to parse.
    if (connectRead) return;
    for (const result of parser.push(typeof data === "string" ? data : new Uint8Array(data))) {
      if ("error" in result) return refuse(new MQError(result.tooLarge ? "MQRC_MSG_TOO_BIG_FOR_Q_MGR" : "MQRC_FORMAT_ERROR", result.error));
      if ("frame" in result) {
        connectRead = true;
        connectToObject(result.frame, env, limiter, remoteAddress).then((socket) => {
          if (ended) return closeQuietly(socket, 1000, "the client has gone");
          object = socket;
          object.addEventListener("message", (event) => !ended && server.send(event.data as Data));
          object.addEventListener("close", (event) => end(normal(event.code), event.reason));
          object.addEventListener("error", () => end(1011, "the queue manager's connection failed"));
          for (const data of early.splice(0)) object.send(data);
        }, refuse);
        return;
      }
    }
  });
  server.addEventListener("close", (event) => end(normal(event.code), event.reason));
  server.addEventListener("error", () => end(1011, "the client's connection failed"));
  return new Response(null, { status: 101, webSocket: client, headers: protocol ? { "Sec-WebSocket-Protocol": protocol } : {} });
}

/** The object's socket for an accepted CONNECT; rejects with the MQError its ERROR frame says. */
async function connectToObject(frame: StompFrame, env: EdgeEnv, limiter: FailedLoginLimiter, remoteAddress: string | undefined): Promise<WebSocket> {
  if (frame.command !== "CONNECT" && frame.command !== "STOMP") throw new MQError("MQRC_HCONN_ERROR", `${frame.command} before CONNECT`);
  const name = await queueManagerNamed(env, header(frame, "host"));
  const login = socketLogin(new UserDirectory(parseUsers(env.MQ_USERS), parseTokens(env.MQ_TOKENS)), limiter);
  const principal: Principal | undefined = await login(header(frame, "login"), header(frame, "passcode"), remoteAddress);
  if (principal === undefined) throw new MQError("MQRC_NOT_AUTHORIZED", "the login and passcode were not accepted");
  const url = `https://queue-manager${OBJECT_STOMP_PATH}?qmgr=${encodeURIComponent(name)}`;
  const headers = new Headers({ Upgrade: "websocket" });
  await signPrincipal(headers, principal, await edgeSecurity(env).principalKey, { method: "GET", url });
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name));
  const response = await stub.fetch(url, { headers });
  const socket = response.webSocket;
  if (response.status !== 101 || socket === null)
    throw new MQError("MQRC_Q_MGR_NOT_AVAILABLE", `queue manager ${name} did not take the connection: ${await response.text()}`);
  socket.accept();
  return socket;
}

/**
 * /stomp/QMNAME: the client's socket goes to the queue manager's object unread, which accepts
 * it itself (Hibernation API) and checks CONNECT there, so no frame crosses this Worker. A name
 * this Worker does not serve is a 404 before any upgrade, and wakes no object.
 */
async function handOver(request: Request, env: EdgeEnv, pathName: string, protocol: string | false): Promise<Response> {
  let name = pathName;
  try {
    name = decodeURIComponent(pathName);
    checkObjectName(name, "queue manager");
    if (!(await isServedQueueManager(env, name))) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${JSON.stringify(name)} here`);
  } catch (error) {
    const reason = error instanceof MQError ? `${error.reason} (${error.reasonCode})` : "MQRC_Q_MGR_NAME_ERROR (2058)";
    return new Response(`${reason}: there is no queue manager ${JSON.stringify(name)} here`, { status: 404 });
  }
  const url = `https://queue-manager${OBJECT_STOMP_PATH}?qmgr=${encodeURIComponent(name)}&handover=1`;
  const headers = new Headers({ Upgrade: "websocket" });
  const address = request.headers.get("CF-Connecting-IP");
  if (address !== null) headers.set("CF-Connecting-IP", address);
  const response = await env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)).fetch(url, { headers });
  if (response.status !== 101 || response.webSocket === null) return response;
  return new Response(null, { status: 101, webSocket: response.webSocket, headers: protocol ? { "Sec-WebSocket-Protocol": protocol } : {} });
}

/** CONNECT's host: a served queue manager's name (absent or `/`: the first configured); 2058 for any other. */
async function queueManagerNamed(env: EdgeEnv, host: string | undefined): Promise<string> {
  if (host === undefined || host === "" || host === "/") {
    const first = (await servedNames(env))[0];
    if (first === undefined) throw new MQError("MQRC_Q_MGR_NAME_ERROR", "this Worker serves no queue manager");
    return first;
  }
  try {
    checkObjectName(host, "queue manager");
  } catch {
    throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${JSON.stringify(host)} here`);
  }
  // Only served names: any other would make a Durable Object for it.
  if (!(await isServedQueueManager(env, host))) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${JSON.stringify(host)} here`);
  return host;
}

/** The ERROR frame for a refused CONNECT, as StompConnection words one. */
function errorFrame(error: unknown): string {
  const mq = error instanceof MQError ? error : undefined;
  const reason = mq ? `${mq.reason} (${mq.reasonCode})` : "MQRC_UNEXPECTED_ERROR (2195)";
  const headers: [string, string][] = [
    ["message", `CONNECT: ${reason}`],
    ["content-type", "text/plain;charset=utf-8"],
  ];
  if (mq) headers.push(["reason-code", String(mq.reasonCode)]);
  const detail = new TextEncoder().encode(error instanceof Error ? error.message : String(error));
  return new TextDecoder().decode(encodeFrame("ERROR", headers, detail, "1.2"));
}

/** Close codes a peer may not send (1005, 1006: none given, abnormal) as a normal close. */
function normal(code: number): number {
  return code === 1005 || code === 1006 || code === 1015 ? 1000 : code;
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // already closed
  }
}
