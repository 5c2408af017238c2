/**
 * The sending end's connector in Node, with `ws`'s WebSocket (Node 20 has no global one). A
 * file of its own, apart from the endpoint (node-websocket.ts), so that its declaration names
 * no Node type: webmq/http/node re-exports it to programs without @types/node.
 */
import { WebSocket } from "ws";
import type { ChannelConnector } from "../../../core/features/channels/index.js";
import { webSocketChannelConnector, type ChannelWebSocketConstructor, type WebSocketChannelConnectorOptions } from "./connector.js";
import type { ChannelCredentials } from "./credentials.js";

/** The connector for a queue manager in Node: `QueueManager.open({ name, store, channelConnector: nodeChannelConnector({ credentials }) })`. */
export function nodeChannelConnector(
  options: Omit<WebSocketChannelConnectorOptions, "WebSocket"> & { credentials?: ChannelCredentials } = {},
): ChannelConnector {
  return webSocketChannelConnector({ ...options, WebSocket: WebSocket as unknown as ChannelWebSocketConstructor });
}
