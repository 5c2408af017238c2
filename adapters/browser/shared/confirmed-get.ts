/**
 * A get answered to another context, confirmed by it. The owner takes the message under
 * syncpoint and, for a persistent one, prepares that unit of work (two-phase: the get is
 * recorded in IndexedDB under an xid the caller chose, the message held); it answers; the
 * caller, once it has the message, asks the owner to commit, and only then returns it. So:
 *
 * - an owner that goes before it answers leaves the unit uncommitted or prepared: the caller
 *   asks the new owner to roll its xid back (the message is back, its backout count raised:
 *   it may have been delivered) and gets again;
 * - an owner that goes after it answered and before the commit was confirmed leaves the unit
 *   committed or prepared (never neither: it was prepared before the answer): the caller
 *   asks the new owner to commit the xid, which commits it if it is still prepared and does
 *   nothing if it was committed, and returns the message. Nothing lost, nothing twice.
 * - a caller that goes (its context closed, its manager closed) never confirms: the owner
 *   holds the caller's lease (a Web Lock named in the xid), is granted it then, and rolls its
 *   units back, including those a new owner found prepared in IndexedDB.
 *
 * A non-persistent message is not prepared (nothing of it is in IndexedDB): an owner that goes
 * with it loses it, as IBM MQ loses non-persistent messages at a queue manager restart; the
 * caller returns it if it had the answer (no one else can get it), and gets again otherwise.
 */
import type { GetOptions, Message, QueueManager, UnitOfWork } from "../../../core/index.js";
import type { Link, OwnerLink } from "./owner-link.js";
import type { ConfirmedGetFacade } from "./protocol.js";

/** What the owner serves, besides the QueueManagerFacade, for confirmed gets. */
/** Xids of confirmed gets: the prefix, the caller's lease (a Web Lock name), a unique tail. */
const XID_PREFIX = "webmq-get|";

export function confirmedGetXid(lease: string): string {
  return `${XID_PREFIX}${lease}|${crypto.randomUUID()}`;
}

function leaseOf(xid: unknown): string | undefined {
  if (typeof xid !== "string" || !xid.startsWith(XID_PREFIX) || xid.length > 256) return undefined;
  const lease = xid.slice(XID_PREFIX.length, xid.lastIndexOf("|"));
  return lease.length > 0 ? lease : undefined;
}

// --- The owner's side ---

interface Held {
  lease: string;
  /** The unit, while it is this owner's; absent for a unit found prepared in IndexedDB (resolved by xid). */
  unit?: UnitOfWork;
  /** Settles once the take is done (prepared, or refused). */
  taken: Promise<unknown>;
  /** Ends the take's wait, leaving every message on the queue (its caller has gone). */
  ended?: AbortController;
}

/**
 * In the owner: the confirmed-get calls on `manager`. `recover()` takes in the units a former
 * owner prepared for callers and left unresolved (QueueManager.open restored them, held).
 */
export function serveConfirmedGets(manager: QueueManager, stopping: AbortSignal): ConfirmedGetFacade & { recover(): Promise<void> } {
  const held = new Map<string, Held>();
  const watched = new Set<string>();
  /** Granted the caller's lease when it has gone: whatever it still holds goes back. */
  const watch = (lease: string) => {
    if (watched.has(lease)) return;
    watched.add(lease);
    void navigator.locks
      .request(lease, { signal: stopping }, async () => {
        watched.delete(lease);
        const mine = [...held].filter(([, h]) => h.lease === lease).map(([xid]) => xid);
        for (const xid of mine) held.get(xid)?.ended?.abort();
        await Promise.all(mine.map((xid) => settle(xid, "rollback").catch(() => undefined)));
      })
      .catch(() => undefined);
  };
  const settle = async (xid: string, outcome: "commit" | "rollback") => {
    const h = held.get(xid);
    if (!h) return;
    await h.taken.catch(() => undefined);
    if (held.get(xid) !== h) return;
    held.delete(xid);
    if (h.unit && h.unit.state === "active") {
      await (outcome === "commit" ? h.unit.commit() : h.unit.rollback());
      return;
    }
    if (h.unit && h.unit.state !== "prepared") return;
    await (outcome === "commit" ? manager.xaResource.commit(xid) : manager.xaResource.rollback(xid));
  };
  return {
    async recover() {
      for (const xid of await manager.xaResource.recover()) {
        const lease = leaseOf(xid);
        if (lease === undefined) continue;
        held.set(xid, { lease, taken: Promise.resolve() });
        watch(lease);
      }
    },
    async takeMessage(queue, options, xid) {
      const lease = leaseOf(xid);
      if (lease === undefined || held.has(xid)) throw new TypeError("a confirmed get needs a fresh xid of confirmedGetXid's");
      const unit = manager.beginUnitOfWork();
      let done!: () => void;
      const ended = new AbortController();
      const h: Held = { lease, unit, ended, taken: new Promise<void>((resolve) => (done = resolve)) };
      // Held before the get waits, so that a caller gone meanwhile has its message put back.
      held.set(xid, h);
      watch(lease);
      try {
        const message = await manager.get(queue, { ...options, unitOfWork: unit, signal: ended.signal });
        if (message?.persistent) await unit.prepare(xid);
        if (!message) {
          held.delete(xid);
          await unit.rollback();
        }
        return message;
      } catch (error) {
        // A failed get took nothing; a failed prepare backed its unit out.
        if (held.get(xid) === h) held.delete(xid);
        if (unit.state === "active") await unit.rollback().catch(() => undefined);
        throw error;
      } finally {
        done();
      }
    },
    settleMessage: (xid, outcome) => settle(xid, outcome === "commit" ? "commit" : "rollback"),
  };
}

// --- The caller's side ---

export type ConfirmedGetRemote = Pick<Link["remote"], "takeMessage" | "settleMessage">;

const GONE: unique symbol = Symbol("owner gone");

/** `work` on `link`, or GONE when that link's owner goes first. */
async function onLink<T>(link: Link, work: (remote: Link["remote"]) => Promise<T>): Promise<T | typeof GONE> {
  return Promise.race([work(link.remote), link.replaced.then((): typeof GONE => GONE)]);
}

/** Settles `xid` on whoever owns the manager, following the owner until one answers. */
async function settleOnOwner(links: OwnerLink, xid: string, outcome: "commit" | "rollback"): Promise<void> {
  for (;;) {
    const link = await links.current();
    if ((await onLink(link, (remote) => remote.settleMessage(xid, outcome))) !== GONE) return;
  }
}

/** In a context that uses the shared manager: a get that the owner commits only once this context has the message. */
export async function confirmedGet(links: OwnerLink, lease: string, queue: string, options?: GetOptions): Promise<Message | null> {
  for (;;) {
    const xid = confirmedGetXid(lease);
    const link = await links.current();
    const message = await onLink(link, (remote) => remote.takeMessage(queue, options, xid));
    if (message === GONE) {
      // Taken or not, prepared or not: the new owner puts back what the xid holds. The wait starts again.
      await settleOnOwner(links, xid, "rollback");
      continue;
    }
    if (message === null) return null;
    if (!message.persistent) {
      // Held in the owner's memory only: an owner that goes takes it with it whatever this
      // says, so the commit is not waited for. It is sent, so that the owner's lease watch
      // (this context gone first) is what puts back a message no one received.
      void link.remote.settleMessage(xid, "commit").catch(() => undefined);
      return message;
    }
    // Prepared before the answer: committed by the old owner, or still prepared for the new one to commit.
    if ((await onLink(link, (remote) => remote.settleMessage(xid, "commit"))) === GONE) await settleOnOwner(links, xid, "commit");
    return message;
  }
}
