/**
 * Who has published on each topic, for DISPLAY TPSTATUS TYPE(PUB): one publisher per JMS
 * connection that published there, and one for publications made through the queue
 * manager's own API (qm.publish, the REST API), which have no connection. The figures live in
 * memory, since the queue manager opened; a connection's go when it is seen closed.
 */
import { fnv1a64 } from "../../base/hash.js";

export interface PublisherStatus {
  topic: string;
  /** The publishing connection's id (48 hex digits), zeros for the queue manager's API. */
  connectionId: string;
  /** Publications it made on the topic since the queue manager opened (NUMPUBS). */
  publications: number;
  /** When the last one was (LPUBDATE, LPUBTIME). */
  lastPublished: number;
}

const NO_CONNECTION = "0".repeat(48);

export class Publishers {
  /** Topic -> publisher (a connection, or null for the API) -> figures. */
  readonly #byTopic = new Map<string, Map<object | null, PublisherStatus>>();
  readonly #ids = new WeakMap<object, string>();
  #nextId = 0;

  /** Counts a committed publication. */
  published(topic: string, connection: object | undefined, now: number): void {
    let publishers = this.#byTopic.get(topic);
    if (!publishers) this.#byTopic.set(topic, (publishers = new Map()));
    const key = connection ?? null;
    const figures = publishers.get(key) ?? { topic, connectionId: key === null ? NO_CONNECTION : this.connectionId(key), publications: 0, lastPublished: 0 };
    figures.publications++;
    figures.lastPublished = now;
    publishers.set(key, figures);
  }

  /** The publishers of a topic still publishing: a closed connection is forgotten. */
  of(topic: string): PublisherStatus[] {
    const publishers = this.#byTopic.get(topic);
    if (!publishers) return [];
    for (const connection of publishers.keys()) if (connection !== null && (connection as { closed?: unknown }).closed === true) publishers.delete(connection);
    return [...publishers.values()];
  }

  topics(): Iterable<string> {
    return this.#byTopic.keys();
  }

  /** A connection's id as ACTCONN shows it: 48 hex digits, stable while it lives. */
  connectionId(connection: object): string {
    let id = this.#ids.get(connection);
    if (id === undefined) {
      const n = ++this.#nextId;
      id = [0, 1, 2].map((round) => fnv1a64(`connection:${round}:${n}`)).join("");
      this.#ids.set(connection, id);
    }
    return id;
  }
}
