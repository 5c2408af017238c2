/** Message channels over WebSocket, platform-neutral: the sending end's connector and the receiving end's session, with their addressing and credentials. */
export { CHANNEL_PATH, CHANNEL_SUBPROTOCOL, channelPathTarget, channelUrls, type AddressOptions } from "./address.js";
export { webSocketChannelConnector, type ChannelWebSocket, type ChannelWebSocketConstructor, type WebSocketChannelConnectorOptions } from "./connector.js";
export { ChannelSessions, ChannelSocketSession, type ChannelEndpointOptions } from "./endpoint.js";
export type { ChannelCredential, ChannelCredentials } from "./credentials.js";
