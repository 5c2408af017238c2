/**
 * The listener container: the product's message-driven bean, as seed 000 sets one up so that
 * it never stalls. Each message is handled in its own unit of work: a handler that returns
 * commits the get, one that throws rolls it back (the backout count rises, kept in the store
 * for persistent messages). A message whose backout count reaches the queue's BOTHRESH (or
 * the listener's maxRetries, where a WebSphere listener port would stop) is moved to BOQNAME
 * in the same unit of work as its get; failing that, to the dead-letter queue with a
 * dead-letter header; failing that too, it stays where it is, held aside, and the listener
 * goes on with the messages behind it. Handler, store and move failures are counted and
 * reported as events; the listener carries on.
 */
import { describeError } from "../../base/errors.js";
import { LazyFeature } from "../../base/lazy-feature.js";
import { loadSelectorCompiler } from "../../selector/on-demand.js";
import { ListenerEvents, type ListenerEvent } from "./listener-events.js";
import { checkListenOptions, type ListenOptions } from "./listen-options.js";
import type { ListenerHost, ListenerStats, MessageHandler } from "./listener-types.js";
import type { ListenerWork } from "./listener-work.js";

export type { ListenOptions } from "./listen-options.js";

/** The work of a listener (listener-work.ts), loaded when the first listener starts. */
const listenerWork = new LazyFeature("the listener", () => import("./listener-work.js"));

export type { ListenerHost, ListenerStats, MessageHandler } from "./listener-types.js";

export class Listener extends ListenerEvents {
  readonly queue: string;
  /** Configuration warnings found when the listener started (also told as "warning" events). */
  readonly warnings: string[] = [];
  readonly #stats: ListenerStats = { processed: 0, rolledBack: 0, backedOut: 0, deadLettered: 0, discarded: 0, errors: 0 };
  #closed = false;
  /** The work, once its code is loaded; messages are taken from then on. */
  #work: ListenerWork | undefined;
  readonly #started: Promise<void>;

  constructor(host: ListenerHost, queue: string, handler: MessageHandler, options: ListenOptions) {
    super();
    this.queue = queue;
    const resolved = checkListenOptions(options);
    const { backoutThreshold } = host.queueAttributes(queue);
    // The seed's stalling configuration: a listener port that gives up before the queue's
    // backout threshold moves the message aside.
    if (resolved.maxRetries <= backoutThreshold || backoutThreshold === 0) {
      const why =
        backoutThreshold === 0
          ? `queue ${queue} has no backout threshold (BOTHRESH 0), so a poison message is never moved aside by the queue; this listener moves it once it has failed maxRetries (${resolved.maxRetries}) times`
          : `maxRetries (${resolved.maxRetries}) is at or below queue ${queue}'s BOTHRESH (${backoutThreshold}): a WebSphere listener port configured so stops on a poison message before the queue moves it aside; this listener moves it aside after maxRetries instead`;
      this.warnings.push(why);
      // Told once the caller has had the chance to listen for it.
      void Promise.resolve().then(() => this.#report({ type: "warning", detail: why }, false));
    }
    // A listener that cannot start (its code cannot be loaded, its selector is refused, the
    // queue went meanwhile) says so with an "error" event and is closed.
    // The selector compiler too, when it is the first selector: a bad one is refused as the work starts.
    const selectors = resolved.selector === undefined ? undefined : loadSelectorCompiler();
    this.#started = Promise.all([listenerWork.get(), selectors]).then(
      ([{ ListenerWork }]) => {
        if (this.#closed) return;
        try {
          this.#work = new ListenerWork(
            host,
            queue,
            handler,
            resolved,
            this.#stats,
            (event, count) => this.#report(event, count),
            () => this.#closed,
          );
        } catch (error) {
          this.#failedToStart(error);
        }
      },
      (error: unknown) => this.#failedToStart(error),
    );
  }

  get stats(): ListenerStats {
    return { ...this.#stats };
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Stops taking messages, lets running handlers finish, puts held-aside messages back as they were. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#started;
    await this.#work?.close();
  }

  #failedToStart(error: unknown): void {
    this.#closed = true;
    this.#report({ type: "error", detail: `the listener on queue ${this.queue} could not start: ${describeError(error)}`, error });
  }

  /** Dispatches an event; errors and failures are counted unless `count` is false. */
  #report(event: Omit<ListenerEvent, "queue">, count = event.type === "error"): void {
    if (count) this.#stats.errors++;
    this.dispatch({ ...event, queue: this.queue });
  }
}
