/**
 * What `openBrowserQueueManager` returns: the origin's one queue manager for a database, the
 * same calls whichever context runs it (a SharedWorker, this tab, another tab), all async.
 * Calls go to the owner over a link that follows it (owner-link.ts); what happens to a call
 * in flight when the owner goes is calls.ts's rule.
 */
import type { ConnectionOptions, ListenOptions, Message, QueueManager } from "../../../core/index.js";
import { holdLease, type RemoteQueueManager } from "../../worker/index.js";
import { brokenCursor, callOwner, type WhenOwnerGoes } from "./calls.js";
import { watchChanges } from "./change-feed.js";
import { confirmedGet } from "./confirmed-get.js";
import type { OwnerLink, OwnerStatus } from "./owner-link.js";
import type { ChangeNotice } from "./protocol.js";
import { SharedConnection } from "./shared-jms.js";
import { SharedListener } from "./shared-listener.js";

type Remote = RemoteQueueManager;
type Args<K extends keyof Remote> = Remote[K] extends (...args: infer A) => unknown ? A : never;
type Result<K extends keyof Remote> = Remote[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/** A browse across the boundary: next() until null; a browse open when the owner goes fails with MQRC_CONNECTION_BROKEN. */
export interface SharedBrowseCursor {
  next(): Promise<Message | null>;
  close(): Promise<void>;
}

/** Where this context stands: it runs the manager, or talks to the context that does. */
export type SharedRole = "owner" | "client";

export class SharedQueueManager {
  readonly name: string;
  readonly databaseName: string;
  readonly #links: OwnerLink;
  readonly #owning: () => boolean;
  readonly #owned: Promise<QueueManager>;
  readonly #stop: () => Promise<void>;
  readonly #unwatch = new Set<() => void>();
  /** What close() must close first: the JMS connections and listeners made from this manager and still open. */
  readonly #connections = new Set<SharedConnection>();
  readonly #listeners = new Set<SharedListener>();
  /** The lease that the owner's confirmed gets of this manager name: released at close, and with this context. */
  #getLease: ReturnType<typeof holdLease> | undefined;

  /** @internal index.ts opens it. */
  constructor(name: string, databaseName: string, links: OwnerLink, owning: () => boolean, owned: Promise<QueueManager>, stop: () => Promise<void>) {
    this.name = name;
    this.#owned = owned;
    this.databaseName = databaseName;
    this.#links = links;
    this.#owning = owning;
    this.#stop = stop;
  }

  /** "owner" while this context runs the queue manager (tab mode), "client" otherwise. */
  get role(): SharedRole {
    return this.#owning() ? "owner" : "client";
  }

  /**
   * The QueueManager itself, once this context runs it (tab mode: it won the election, at
   * once or when the owner before it went away); never, when a SharedWorker runs it. For what
   * must live next to the manager and cannot cross: listeners with local handlers, trigger
   * monitors, event subscribers. They live as long as this context owns the manager.
   */
  whenOwner(): Promise<QueueManager> {
    return this.#owned;
  }

  put(...[queue, message, options]: Args<"put">): Promise<Result<"put">> {
    // The page's own manager takes the message as put is called; this call posts it later (once
    // the link is known, with the rest of its turn): what the caller changes after calling must not go.
    const taken = structuredClone(message);
    return this.#call("interrupted", "the put", (r) => r.put(queue, taken, options));
  }

  /**
   * A get the owner commits only once this context has the message (confirmed-get.ts): an
   * owner that goes meanwhile loses nothing, and the get is issued again to the new one (its
   * wait starts again) or its message returned, whichever is true. A get in a unit of work of
   * the caller's is that unit's, and is passed on as it is.
   */
  async get(...[queue, options]: Args<"get">): Promise<Result<"get">> {
    if (options?.unitOfWork) return this.#call("reissue", "the get", (r) => r.get(queue, options));
    this.#links.checkOpen();
    this.#getLease ??= holdLease();
    return confirmedGet(this.#links, (await this.#getLease).name, queue, options);
  }

  list(...args: Args<"list">): Promise<Result<"list">> {
    return this.#call("reissue", "the list", (r) => r.list(...args));
  }

  async browse(...args: Args<"browse">): Promise<SharedBrowseCursor> {
    // Opening reads nothing yet: one cut short by the owner's going is opened on the next owner.
    const { link, cursor } = await callOwner(this.#links, "reissue", async (link) => ({ link, cursor: await link.remote.browse(...args) }), "the browse");
    const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
      const outcome = await Promise.race([work().then((value) => ({ value })), link.replaced.then(() => undefined)]);
      if (!outcome) throw brokenCursor();
      return outcome.value;
    };
    return { next: () => guarded(() => cursor.next()), close: () => guarded(async () => void (await cursor.close())) };
  }

  queueNames(): Promise<string[]> {
    return this.#call("reissue", "queueNames", (r) => r.queueNames());
  }

  queueAttributes(...args: Args<"queueAttributes">): Promise<Result<"queueAttributes">> {
    return this.#call("reissue", "queueAttributes", (r) => r.queueAttributes(...args));
  }

  queueStatus(...args: Args<"queueStatus">): Promise<Result<"queueStatus">> {
    return this.#call("reissue", "queueStatus", (r) => r.queueStatus(...args));
  }

  attributes(): Promise<Result<"attributes">> {
    return this.#call("reissue", "attributes", (r) => r.attributes());
  }

  objects(...args: Args<"objects">): Promise<Result<"objects">> {
    return this.#call("reissue", "objects", (r) => r.objects(...args));
  }

  defineQueue(...args: Args<"defineQueue">): Promise<Result<"defineQueue">> {
    return this.#call("interrupted", "the definition", (r) => r.defineQueue(...args));
  }

  alterQueue(...args: Args<"alterQueue">): Promise<Result<"alterQueue">> {
    return this.#call("interrupted", "the change", (r) => r.alterQueue(...args));
  }

  deleteQueue(...args: Args<"deleteQueue">): Promise<Result<"deleteQueue">> {
    return this.#call("interrupted", "the delete", (r) => r.deleteQueue(...args));
  }

  clearQueue(...args: Args<"clearQueue">): Promise<Result<"clearQueue">> {
    return this.#call("interrupted", "the clear", (r) => r.clearQueue(...args));
  }

  alterQueueManager(...args: Args<"alterQueueManager">): Promise<Result<"alterQueueManager">> {
    return this.#call("interrupted", "the change", (r) => r.alterQueueManager(...args));
  }

  defineObject(...args: Args<"defineObject">): Promise<Result<"defineObject">> {
    return this.#call("interrupted", "the definition", (r) => r.defineObject(...args));
  }

  alterObject(...args: Args<"alterObject">): Promise<Result<"alterObject">> {
    return this.#call("interrupted", "the change", (r) => r.alterObject(...args));
  }

  deleteObject(...args: Args<"deleteObject">): Promise<Result<"deleteObject">> {
    return this.#call("interrupted", "the delete", (r) => r.deleteObject(...args));
  }

  /** MQSC, as runmqsc runs it, on the shared manager; a script in flight when the owner goes is MQRC_CALL_INTERRUPTED. */
  mqsc(script: string): Promise<Awaited<ReturnType<QueueManager["mqsc"]>>> {
    return this.#call("interrupted", "the MQSC script", (r) => r.mqsc(script));
  }

  /** A JMS connection that follows the owner (shared-jms.ts), leased to this context. */
  async createConnection(options: ConnectionOptions = {}): Promise<SharedConnection> {
    // Refused before it takes a lease: a closed manager makes no connection.
    this.#links.checkOpen();
    const connection = new SharedConnection(this.#links, options, () => this.#connections.delete(connection));
    this.#connections.add(connection);
    return connection;
  }

  /** A listener on the owner with its handler here, leased to this context and started again on a new owner. */
  async listen(queue: string, handler: (message: Message) => unknown, options: ListenOptions = {}): Promise<SharedListener> {
    const listener = new SharedListener(this.#links, queue, handler, options, () => this.#listeners.delete(listener));
    this.#listeners.add(listener);
    try {
      await listener.ready();
    } catch (error) {
      await listener.close().catch(() => undefined);
      throw error;
    }
    return listener;
  }

  /**
   * What the context that runs the manager says of itself: its id (a new one each time the
   * manager changes hands) and how many links it serves, one for each manager opened (and not
   * yet closed) in a context of the origin, its own included: a link whose context closed
   * its manager or went away is freed, so the count comes back down.
   */
  ownerStatus(): Promise<OwnerStatus> {
    return this.#links.ownerStatus();
  }

  /** Calls `listener` with what the owner tells after each burst of commits and definitions, in every context. */
  onChange(listener: (notice: ChangeNotice) => void): () => void {
    const unwatch = watchChanges(this.databaseName, listener);
    this.#unwatch.add(unwatch);
    return () => {
      this.#unwatch.delete(unwatch);
      unwatch();
    };
  }

  /**
   * Ends this context's part: first the JMS connections made from it (on the owner, which rolls
   * back what their sessions held, as closing a JMS connection does) and its listeners, then
   * its link, its change watchers and, when it runs the manager, the manager (another context
   * takes over).
   */
  async close(): Promise<void> {
    // Each ends at once if the owner is gone meanwhile (the new owner's open rolled back what
    // it held); one that fails to close on the owner still leaves with this context's lease.
    await Promise.allSettled([...this.#connections].map((connection) => connection.close()));
    await Promise.allSettled([...this.#listeners].map((listener) => listener.close()));
    for (const unwatch of this.#unwatch) unwatch();
    this.#unwatch.clear();
    this.#links.close();
    // The owner, granted the lease, puts back what a get cut short by this close still held.
    if (this.#getLease) (await this.#getLease).release();
    await this.#stop();
  }

  #call<T>(whenOwnerGoes: WhenOwnerGoes, what: string, work: (remote: Remote) => Promise<T>): Promise<T> {
    return callOwner(this.#links, whenOwnerGoes, (link) => work(link.remote), what);
  }
}
