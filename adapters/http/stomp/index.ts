/**
 * STOMP 1.2 (1.0 and 1.1 negotiated) over any socket, mapped onto the JMS layer. Platform-neutral:
 * the Node binding (node-websocket.ts, with `ws`) is apart, so a Durable Object can use this too.
 */
export { StompConnection, type StompTransport, type StompServerOptions, type StompPrincipal } from "./connection.js";
export { FrameParser, encodeFrame, header, type StompFrame, type StompVersion, type ParseResult } from "./frame.js";
export { STOMP_SUBPROTOCOLS } from "./subprotocols.js";
