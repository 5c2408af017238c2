/** Channels' values, an entry of their own so that `import "webmq"` does not carry them: the connector that joins two queue managers of one program. */
export { LinkedChannels, type FaultAction, type Direction, type LinkFaults } from "./linked-pair.js";
export type { ChannelAcceptor, ChannelConnector, ChannelFrame, ChannelTransport, WireMessage } from "./transport.js";
export type { ChannelStatus } from "./status.js";
