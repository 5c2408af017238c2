/**
 * The JMS layer (core/jms) on a queue manager: loaded by the first createConnection, so that an
 * application that never uses JMS never downloads it.
 */
import type { DefinitionPort } from "../../kernel/index.js";
import type { LocalQueueAttributes } from "../../objects/attributes.js";
import { Connection, type ConnectionOptions } from "./connection.js";
import type { ClientIdRegistry } from "./host.js";
import type { Broker } from "../pubsub/broker.js";
import { jmsHost, type JmsManagerPart } from "./jms-host.js";

/** Makes connections on one queue manager; `registry` holds the client ids of its open connections. */
export type Connector = (registry: ClientIdRegistry, options: ConnectionOptions) => Connection;

export function jmsConnector(
  qm: JmsManagerPart,
  admin: DefinitionPort,
  broker: Broker,
  queueAttributes: (queue: string) => LocalQueueAttributes | undefined,
): Connector {
  const host = jmsHost(qm, admin, broker, queueAttributes);
  return (registry, options) => new Connection(host, registry, options);
}
