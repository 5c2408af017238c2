/**
 * Channels over WebSocket on a Node HTTP server, with `ws`: the receiving end's upgrades at
 * /ibmmq/channel and /ibmmq/channel/{qmgr} (address.ts), each a ChannelSocketSession. With
 * node-connector.ts, the only files of adapters/http/channels that reach Node or `ws` (this one
 * through ../node-websocket-endpoint.ts).
 */
import { nodeWebSocketEndpoint, type NodeWebSocketEndpoint } from "../node-websocket-endpoint.js";
import type { ChannelConnector } from "../../../core/features/channels/index.js";
import { CHANNEL_SUBPROTOCOL, channelPathTarget } from "./address.js";
import { webSocketChannelConnector, type ChannelWebSocketConstructor, type WebSocketChannelConnectorOptions } from "./connector.js";
import type { ChannelCredentials } from "./credentials.js";
import { ChannelSessions, ChannelSocketSession, type ChannelEndpointOptions } from "./endpoint.js";

/** Takes upgrades at the channel paths (answers false for any other path); close() cuts every channel's connection (their batches in doubt are resolved when they start again). */
export type ChannelEndpoint = NodeWebSocketEndpoint;

export function channelEndpoint(options: ChannelEndpointOptions): ChannelEndpoint {
  options = { sessions: new ChannelSessions(), ...options };
  return nodeWebSocketEndpoint(
    CHANNEL_SUBPROTOCOL,
    channelPathTarget,
    (socket, target, request) =>
      new ChannelSocketSession(socket, options, {
        ...target,
        ...(request.socket.remoteAddress === undefined ? {} : { remoteAddress: request.socket.remoteAddress }),
      }),
  );
}
