/**
 * A listener on the shared queue manager whose handler runs here: it runs on the owner (each
 * message's unit of work, backout and dead-lettering there), leased to this context, and is
 * started again on the new owner when the old one goes. A message this context was handling
 * when its owner went was rolled back by the new owner's open and is delivered again.
 */
import type { ListenOptions, ListenerStats, Message } from "../../../core/index.js";
import { holdLease, proxyHandler, type ListenerFacade } from "../../worker/index.js";
import type { Link, OwnerLink } from "./owner-link.js";
import type * as Comlink from "comlink";

export class SharedListener {
  readonly #links: OwnerLink;
  readonly #start: (link: Link, lease: string) => Promise<Comlink.Remote<ListenerFacade>>;
  readonly #lease = holdLease();
  #on: { link: Link; listener: Promise<Comlink.Remote<ListenerFacade>> } | undefined;
  #closed = false;
  readonly #stopFollowing: () => void;
  readonly #onClosed: () => void;

  /** @internal SharedQueueManager.listen makes it; `onClosed` tells it the listener needs no closing any more. */
  constructor(links: OwnerLink, queue: string, handler: (message: Message) => unknown, options: ListenOptions, onClosed: () => void = () => undefined) {
    this.#links = links;
    this.#onClosed = onClosed;
    this.#start = (link, lease) => link.remote.listen(queue, proxyHandler(handler), options, lease);
    this.#stopFollowing = links.onReplaced(() => void this.#follow().catch(() => undefined));
  }

  /**
   * @internal Starts the listener on the current owner. A start the owner's going cuts short
   * would never answer: it is made again on the next owner (and a second follower waits for
   * the start under way rather than returning before it).
   */
  async #follow(): Promise<void> {
    for (;;) {
      if (this.#closed) return;
      const link = await this.#links.current();
      // Closed while the link was awaited: start nothing that nobody would close.
      if (this.#closed) return;
      if (this.#on?.link !== link) this.#on = { link, listener: this.#lease.then((lease) => this.#start(link, lease.name)) };
      const started = await Promise.race([this.#on.listener.then(() => true), link.replaced.then(() => false)]);
      if (started) return;
    }
  }

  /** @internal */
  ready(): Promise<void> {
    return this.#follow();
  }

  /** The counts of the listener on the current owner (since it was started there); undefined while there is none. */
  async stats(): Promise<ListenerStats | undefined> {
    const on = this.#on;
    if (!on) return undefined;
    return Promise.race([on.listener.then((l) => l.stats()), on.link.replaced.then(() => undefined)]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#onClosed();
    this.#stopFollowing();
    const on = this.#on;
    this.#on = undefined;
    try {
      if (on) await Promise.race([on.listener.then((l) => l.close()), on.link.replaced]);
    } finally {
      // Closed on the owner (or the owner is gone): the lease has nothing left to guard.
      (await this.#lease).release();
    }
  }
}
