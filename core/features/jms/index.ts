/**
 * `webmq/jms`: the JMS classes as values (for `instanceof` and DUPS_OK_BATCH). Connections come
 * from `qm.createConnection()`; the types are exported by `webmq` too. Kept out of `webmq` so
 * that an application that never uses JMS never downloads it (`npm run size`).
 */
export { Connection } from "./connection.js";
export type { ConnectionOptions, ExceptionListener } from "./connection.js";
export { Session, MessageProducer, MessageConsumer, DUPS_OK_BATCH } from "./session.js";
export type { AcknowledgeMode, SessionOptions, Queue, ConsumerOptions, MessageListener } from "./session.js";
export type { ReceivedMessage } from "./received-message.js";
export { XASession, SessionXAResource } from "./xa-session.js";
