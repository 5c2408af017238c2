/** Channels' values, an entry of their own so that `import "webmq"` does not carry them: the connectors that join queue managers (in one program, or over a socket) and the frames' wire form. */
export { LinkedChannels, type FaultAction, type Direction, type LinkFaults } from "./linked-pair.js";
export type { ChannelAcceptor, ChannelConnector, ChannelFrame, ChannelNetwork, ChannelTransport, WireMessage } from "./transport.js";
export type { ChannelStatus } from "./status.js";
export { SocketTransport, type FrameSocket } from "./socket-transport.js";
export { decodeChannelFrame, decodeWireFrame, encodeChannelFrame, type HandshakeFrame, type WireFrame } from "./wire-codec.js";
