/** Channels' values, an entry of their own so that `import "webmq"` does not carry them: the in-process connector. */
export { InProcessChannels, type FaultAction, type Direction, type LinkFaults } from "./in-process.js";
export type { ChannelAcceptor, ChannelConnector, ChannelFrame, ChannelTransport, WireMessage } from "./transport.js";
export type { ChannelStatus } from "./status.js";
