/**
 * A context's link to whoever owns the database now. It asks who owns it, asks that owner for
 * a link of its own (comlink on a relayed port), and follows the owner: when another context
 * announces itself as the owner (it was granted the lock because the last one went away), the
 * link is replaced and everything waiting on the old one is told, so that it can be issued
 * again against the new owner or reported as interrupted.
 */
import type * as Comlink from "comlink";
import { MQError } from "../../../core/index.js";
import { wrapQueueManager, type RemoteQueueManager } from "../../worker/index.js";
import type { ConfirmedGetFacade } from "./protocol.js";
import { holdLock } from "./held-lock.js";
import { relayPort, type PortRelay } from "./port-relay.js";
import { aliveLockName, controlChannelName, linkChannelName, linkLockName, type ControlMessage } from "./protocol.js";

/** One link to one owner. `replaced` settles when that owner is gone (a new one announced) or the link closed. */
export interface Link {
  readonly owner: string;
  /** The name of the queue manager that owner runs (it announces it). */
  readonly ownerName: string;
  /** The owner's manager, and its confirmed gets (confirmed-get.ts). */
  readonly remote: RemoteQueueManager & Comlink.Remote<ConfirmedGetFacade>;
  readonly replaced: Promise<void>;
}

/** What the owner says of itself: its id, and how many links (one per open manager of a client context) it serves. */
export interface OwnerStatus {
  owner: string;
  links: number;
}

/** How long to wait for an owner's answer before asking again (an owner still opening answers when it is open). */
const ASK_AGAIN_MS = 1000;

export class OwnerLink {
  readonly #databaseName: string;
  readonly #control: BroadcastChannel;
  #owner: string | undefined;
  #ownerName = "";
  #ownerKnown: { promise: Promise<string>; resolve(owner: string): void };
  #link: Promise<Link> | undefined;
  #current: { link: Link; relay: PortRelay; end(): void; replace(): void } | undefined;
  #closed = false;
  readonly #onReplaced = new Set<() => void>();
  readonly #onOwnerGone: () => void;
  readonly #watching = new AbortController();
  readonly #watched = new Set<string>();
  readonly #statusAsked = new Map<string, (status: OwnerStatus) => void>();

  /** `onOwnerGone` is called when an owner this link knew has gone, before any successor is known. */
  constructor(databaseName: string, onOwnerGone: () => void = () => undefined) {
    this.#databaseName = databaseName;
    this.#onOwnerGone = onOwnerGone;
    this.#ownerKnown = deferred<string>();
    this.#control = new BroadcastChannel(controlChannelName(databaseName));
    this.#control.onmessage = (event: MessageEvent<ControlMessage>) => {
      const message = event.data;
      if (message?.t === "status" && typeof message.ask === "string") this.#statusAsked.get(message.ask)?.({ owner: message.owner, links: message.links });
      if (message?.t !== "owner" || typeof message.owner !== "string" || message.owner === this.#owner) return;
      this.#owner = message.owner;
      this.#ownerName = typeof message.name === "string" ? message.name : "";
      this.#ownerKnown.resolve(message.owner);
      this.#watch(message.owner);
      if (this.#current && this.#current.link.owner !== message.owner) this.#drop();
    };
  }

  /** The link to the current owner, made when first needed (waits for an owner to exist). */
  current(): Promise<Link> {
    if (this.#closed) return Promise.reject(closedLink());
    if (this.#current && this.#current.link.owner === this.#owner) return Promise.resolve(this.#current.link);
    this.#link ??= this.#connect().finally(() => (this.#link = undefined));
    return this.#link;
  }

  /** Asks the owner how it stands (asking again until an owner answers). */
  async ownerStatus(): Promise<OwnerStatus> {
    const ask = crypto.randomUUID();
    const answered = new Promise<OwnerStatus>((resolve) => this.#statusAsked.set(ask, resolve));
    try {
      for (;;) {
        if (this.#closed) throw closedLink();
        this.#control.postMessage({ t: "status?", ask } satisfies ControlMessage);
        const status = await Promise.race([answered, sleep(ASK_AGAIN_MS).then(() => undefined)]);
        if (status) return status;
      }
    } finally {
      this.#statusAsked.delete(ask);
    }
  }

  /** Calls `listener` each time the owner is replaced; returns the function that stops it. */
  onReplaced(listener: () => void): () => void {
    this.#onReplaced.add(listener);
    return () => this.#onReplaced.delete(listener);
  }

  /** Throws MQRC_HCONN_ERROR once the manager was closed in this context. */
  checkOpen(): void {
    if (this.#closed) throw closedLink();
  }

  close(): void {
    this.#closed = true;
    this.#watching.abort();
    this.#control.close();
    this.#drop();
  }

  // --- Internal helpers ---

  /** Asks for `owner`'s alive lock: granted when that owner is gone, and then the link is dropped at once. */
  #watch(owner: string): void {
    if (this.#watched.has(owner)) return;
    this.#watched.add(owner);
    void navigator.locks
      .request(aliveLockName(owner), { signal: this.#watching.signal }, () => {
        this.#watched.delete(owner);
        if (this.#owner !== owner || this.#closed) return;
        this.#forgetOwner();
        this.#drop();
        this.#onOwnerGone();
      })
      .catch(() => undefined);
  }

  async #connect(): Promise<Link> {
    for (;;) {
      if (this.#closed) throw closedLink();
      const owner = await this.#whoOwns();
      const id = crypto.randomUUID();
      const name = linkChannelName(this.#databaseName, id);
      const answers = new BroadcastChannel(name);
      const linked = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ASK_AGAIN_MS);
        answers.onmessage = (event: MessageEvent<ControlMessage>) => {
          if (event.data?.t !== "linked") return;
          clearTimeout(timer);
          resolve(true);
        };
      });
      // The relay listens before the owner is asked, so that nothing it says is missed. The
      // link's lock is held before it too: the owner asks for it to learn when the link ends
      // (closed here, or this context gone) and frees its end then.
      const relay = relayPort(name, "a");
      const releaseLink = await holdLock(linkLockName(id));
      const end = () => {
        relay.close();
        releaseLink();
      };
      this.#control.postMessage({ t: "connect", owner, link: id } satisfies ControlMessage);
      const ok = await linked;
      answers.close();
      // Closed while the owner answered: end the link at once rather than keep it unused.
      if (this.#closed) {
        end();
        throw closedLink();
      }
      if (!ok || owner !== this.#owner) {
        end();
        // No answer: that owner is gone or still opening; ask who owns it now.
        if (owner === this.#owner) this.#forgetOwner();
        continue;
      }
      const gone = deferred<void>();
      const link: Link = { owner, ownerName: this.#ownerName, remote: wrapQueueManager(relay.port) as Link["remote"], replaced: gone.promise };
      this.#current = { link, relay, end, replace: () => gone.resolve() };
      return link;
    }
  }

  async #whoOwns(): Promise<string> {
    while (this.#owner === undefined) {
      this.#control.postMessage({ t: "who" } satisfies ControlMessage);
      const known = await Promise.race([this.#ownerKnown.promise, sleep(ASK_AGAIN_MS).then(() => undefined)]);
      if (known !== undefined) break;
      if (this.#closed) throw closedLink();
    }
    return this.#owner!;
  }

  #forgetOwner(): void {
    this.#owner = undefined;
    this.#ownerKnown = deferred<string>();
  }

  #drop(): void {
    const current = this.#current;
    if (!current) return;
    this.#current = undefined;
    current.end();
    current.replace();
    for (const listener of [...this.#onReplaced]) listener();
  }
}

/** A call on a manager closed in this context, as a call on a disconnected handle is in MQ. */
function closedLink(): MQError {
  return new MQError("MQRC_HCONN_ERROR", "the queue manager was closed in this context: open it again to use it");
}

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
