/** The open JMS connections of one queue manager, and the client ids they hold: one open connection per client id (JMS). */
import type { Connection } from "./connection.js";
import type { ClientIdRegistry } from "./host.js";

export class Connections {
  readonly #open = new Set<Connection>();
  readonly #clientIds = new Set<string>();
  readonly #ids = new WeakMap<Connection, number>();
  #counter = 0;
  readonly #registry: ClientIdRegistry = {
    claim: (id) => {
      if (this.#clientIds.has(id)) return false;
      this.#clientIds.add(id);
      return true;
    },
    release: (id) => void this.#clientIds.delete(id),
    closed: (connection) => void this.#open.delete(connection as Connection),
  };

  /** Registers the connection `connect` makes (it claims its client id through the registry it is given). */
  open(connect: (registry: ClientIdRegistry) => Connection): Connection {
    const connection = connect(this.#registry);
    this.#open.add(connection);
    this.#ids.set(connection, ++this.#counter);
    return connection;
  }

  /** The open connections, oldest first: each one's number (from 1, never reused) and client id. */
  list(): { id: number; clientId: string | undefined }[] {
    return [...this.#open].map((connection) => ({ id: this.#ids.get(connection)!, clientId: connection.clientId }));
  }

  /** Closes every open connection (the queue manager is closing): their sessions end, what they held goes back. */
  async closeAll(): Promise<void> {
    for (const connection of [...this.#open]) if (!connection.closed) await connection.close().catch(() => undefined);
  }
}
