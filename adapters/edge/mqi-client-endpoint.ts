/**
 * MQI client bindings (webmq/ibmmq's MQSERVER, MQCD, CCDT) at /ibmmq/client on the front
 * Worker, under the subprotocol webmq.mqi.v1 as under serveHttp. The socket is handed over
 * unread to one queue manager's object (mqi-client-sockets.ts), which admits the client
 * (SVRCONN, CHLAUTH, CONNAUTH, authority records) from its first request, `conn`, as
 * adapters/http/mqi-client/session.ts does under Node.
 *
 * Which object: /ibmmq/client is the Worker's default queue manager (the first served), as an
 * IBM listener's port belongs to one queue manager; /ibmmq/client/QMNAME is QMNAME's, reached
 * from a client whose CONNAME is that URL (ws://host:port/ibmmq/client/QMNAME). A `conn`
 * naming another queue manager than the object's is MQRC_Q_MGR_NAME_ERROR (2058) there, as
 * IBM's is on another queue manager's listener.
 *
 * Why handed over, not relayed as /stomp is: the queue manager is found without reading a
 * frame, so no frame crosses this Worker; the price is that a refused password is counted by
 * the object's failed-login limit, not this Worker's.
 */
import { checkObjectName } from "../../core/index.js";
import { MQI_CLIENT_PATH, MQI_CLIENT_SUBPROTOCOL, decodeClientFrame, encodeClientFrame } from "../mqi/client-protocol.js";
import type { EdgeEnv } from "./env.js";
import { OBJECT_MQI_CLIENT_PATH } from "./mqi-client-sockets.js";
import { isServedQueueManager, servedNames } from "./served-names.js";

/** Answers a WebSocket upgrade at /ibmmq/client[/QMNAME]; undefined for any other path. */
export async function acceptMqiClient(request: Request, env: EdgeEnv): Promise<Response | undefined> {
  const path = new URL(request.url).pathname.replace(/\/$/, "");
  const named = path.startsWith(`${MQI_CLIENT_PATH}/`) ? decodeURIComponent(path.slice(MQI_CLIENT_PATH.length + 1)) : undefined;
  if (path !== MQI_CLIENT_PATH && named === undefined) return undefined;
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("MQI clients connect here over WebSocket", { status: 426 });
  const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
  if (!offered.includes(MQI_CLIENT_SUBPROTOCOL)) return new Response(`the subprotocol ${MQI_CLIENT_SUBPROTOCOL} is required`, { status: 400 });
  const name = await queueManagerFor(env, named);
  if (name === undefined) return refuseConn(`there is no queue manager ${JSON.stringify(named ?? "")} here`);
  const url = `https://queue-manager${OBJECT_MQI_CLIENT_PATH}?qmgr=${encodeURIComponent(name)}`;
  const headers = new Headers({ Upgrade: "websocket" });
  // The client's address, for CHLAUTH's ADDRESSMAP and BLOCKADDR rules in the object.
  const address = request.headers.get("CF-Connecting-IP");
  if (address !== null) headers.set("CF-Connecting-IP", address);
  const response = await env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)).fetch(url, { headers });
  if (response.status !== 101 || response.webSocket === null) return response;
  return new Response(null, { status: 101, webSocket: response.webSocket, headers: { "Sec-WebSocket-Protocol": MQI_CLIENT_SUBPROTOCOL } });
}

/** The named queue manager if this Worker serves it, or the first served one; undefined when none. */
async function queueManagerFor(env: EdgeEnv, named: string | undefined): Promise<string | undefined> {
  if (named === undefined) return (await servedNames(env))[0];
  try {
    checkObjectName(named, "queue manager");
  } catch {
    return undefined;
  }
  // Only served names: any other would make a Durable Object for it.
  return (await isServedQueueManager(env, named)) ? named : undefined;
}

/**
 * No queue manager at the path: the socket is taken here and its `conn` answered
 * MQRC_Q_MGR_NAME_ERROR (2058), as IBM's client reports it; a refused upgrade would reach the
 * client as no host there (2538), and wake no object either way.
 */
function refuseConn(text: string): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.binaryType = "arraybuffer";
  server.accept();
  server.addEventListener("message", (event) => {
    try {
      const frame = decodeClientFrame(event.data as ArrayBuffer | string);
      if (!("ok" in frame)) server.send(encodeClientFrame({ id: frame.id, ok: false, reason: "MQRC_Q_MGR_NAME_ERROR", text }));
    } catch {
      // not a request: closed below all the same
    }
    server.close(1008, "MQRC_Q_MGR_NAME_ERROR");
  });
  return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Protocol": MQI_CLIENT_SUBPROTOCOL } });
}
