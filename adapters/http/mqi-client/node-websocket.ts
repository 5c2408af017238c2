/**
 * MQI client connections over WebSocket on a Node HTTP server, with `ws`: upgrades at
 * /ibmmq/client under the subprotocol webmq.mqi.v1, each an MqiClientSession. The only file of
 * adapters/http/mqi-client that reaches Node and `ws` (through ../node-websocket-endpoint.ts).
 */
import { MQI_CLIENT_PATH, MQI_CLIENT_SUBPROTOCOL } from "../../mqi/client-protocol.js";
import { nodeWebSocketEndpoint, type NodeWebSocketEndpoint } from "../node-websocket-endpoint.js";
import { MqiClientSession, type MqiClientEndpointOptions } from "./session.js";

/** Takes upgrades at /ibmmq/client (answers false for any other path); close() ends every client connection (their units of work back out). */
export type MqiClientEndpoint = NodeWebSocketEndpoint;

export function mqiClientEndpoint(options: MqiClientEndpointOptions): MqiClientEndpoint {
  return nodeWebSocketEndpoint(
    MQI_CLIENT_SUBPROTOCOL,
    (pathname) => (pathname.replace(/\/$/, "") === MQI_CLIENT_PATH ? true : undefined),
    (socket, _target, request) => new MqiClientSession(socket, options, request.socket.remoteAddress ?? ""),
  );
}
