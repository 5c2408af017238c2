/**
 * The names and messages by which the contexts of an origin (tabs, workers, a SharedWorker)
 * find the one that runs a database's queue manager. Everything here is keyed by the
 * IndexedDB database's name: one owner per database per origin.
 */
import type { GetOptions, Message } from "../../../core/index.js";

/** The Web Lock whose holder runs the queue manager; the others queue for it, so one takes over when it goes. */
export const ownerLockName = (databaseName: string) => `webmq-owner:${databaseName}`;

/**
 * A lock each owner holds while it serves, named by its id: a client asks for it once it
 * knows the owner, and is granted it the moment that owner is gone (its tab closed, its
 * SharedWorker ended), before any successor has opened the manager.
 */
export const aliveLockName = (owner: string) => `webmq-alive:${owner}`;

/** Where the owner announces itself and clients ask for a link. */
export const controlChannelName = (databaseName: string) => `webmq-control:${databaseName}`;

/** Where the owner tells every context what changed, after it is committed. */
export const changesChannelName = (databaseName: string) => `webmq-changes:${databaseName}`;

/** A link's own channel (a port relayed over it, port-relay.ts). */
export const linkChannelName = (databaseName: string, link: string) => `webmq-link:${databaseName}:${link}`;

/**
 * A lock the client holds while its link lives: the owner asks for it when it serves the link,
 * and is granted it when the link has ended (closed, or its context gone), then frees the link.
 */
export const linkLockName = (link: string) => `webmq-link-alive:${link}`;

export type ControlMessage =
  /** A client asking who owns the database now. */
  | { t: "who" }
  /** The owner, on taking the lock and in answer to "who". */
  | { t: "owner"; owner: string; name: string }
  /** A client asking owner `owner` to serve it on link `link`. */
  | { t: "connect"; owner: string; link: string }
  /** The owner, on a link's channel: the link is served, calls may start. */
  | { t: "linked" }
  /** A context asking the owner how it stands (SharedQueueManager.ownerStatus); `ask` pairs the answer. */
  | { t: "status?"; ask: string }
  /** The owner's answer: who it is and how many links (one per client context's open manager) it serves. */
  | { t: "status"; ask: string; owner: string; links: number };

/** What the owner broadcasts after commits and definitions, coalesced per turn of its event loop. */
export interface ChangeNotice {
  t: "changed";
  owner: string;
  /** Queues whose contents changed, with their CURDEPTH after it. */
  depths: Record<string, number>;
  /** True when objects were defined, altered or deleted (a DEFINE in any tab). */
  objects: boolean;
}

/** The owner's calls behind a confirmed get (confirmed-get.ts), beside the manager's own on each link. */
export interface ConfirmedGetFacade {
  /** Takes the next message of `queue` under syncpoint for the caller's `xid` (prepared when persistent), or null. */
  takeMessage(queue: string, options: GetOptions | undefined, xid: string): Promise<Message | null>;
  /** Commits or rolls back what `xid` took; nothing when it is not held here (committed already, or rolled back). */
  settleMessage(xid: string, outcome: "commit" | "rollback"): Promise<void>;
}
