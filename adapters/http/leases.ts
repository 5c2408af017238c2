/**
 * Leased gets: a REST get that the client confirms, for clients that must lose nothing.
 *
 * A plain DELETE commits its get once the server has handed the whole body to the runtime
 * (committing-body.ts), which is as far as a server can see: bytes in the kernel's socket
 * buffers count as sent, so a client that reads part of a large body and goes away has still
 * taken the message (adapters/http/README.md gives the sizes). A leased get
 * (`DELETE .../message?lease=<ms>`) instead takes the message in a unit of work that stays
 * open after the answer: the message is invisible to every other get and browse until the
 * client confirms it (`DELETE .../message?confirm=<token>`, the token from the `webmq-lease`
 * response header), gives it back (`?release=<token>`), or the lease ends. A lease that ends
 * unconfirmed, or a release, backs the unit out: the message is on its queue again with its
 * backout count raised, so a listener's BOTHRESH/BOQNAME handling sees every failed try.
 *
 * The timer is the queue manager's Clock (the edge's rides on Durable Object alarms). The
 * leases live in memory with the app: a restart (an evicted Durable Object, a new process)
 * forgets them, and the units they held were never committed, so their messages are back on
 * their queues (persistent ones from the store; non-persistent ones are gone with the
 * restart, as any non-persistent message is).
 */
import type { Clock, QueueManager, TimerHandle, UnitOfWork } from "../../core/index.js";
import { RestError } from "./errors.js";

/** The response header that names a leased get's lease, and the one that says when it ends. */
export const LEASE_HEADER = "webmq-lease";
export const LEASE_EXPIRES_HEADER = "webmq-lease-expires";

/** How many ended leases are remembered, so a late or repeated confirm is told what happened to its lease. */
const REMEMBERED_ENDINGS = 4096;

interface HeldLease {
  qmgr: string;
  queue: string;
  unit: UnitOfWork;
  timer: TimerHandle;
  expiresAt: number;
}

type Ending = { how: "confirmed" | "released" | "expired" | "lost"; qmgr: string; queue: string; at: number };

export interface LeaseGranted {
  token: string;
  expiresAt: number;
}

export class MessageLeases {
  readonly #held = new Map<string, HeldLease>();
  /** The most recent endings, oldest first (a Map keeps insertion order). */
  readonly #ended = new Map<string, Ending>();

  /** Holds `unit` (a get, not yet committed) for `ms`; backs it out, counting the backout, if it is not confirmed by then. */
  hold(manager: QueueManager, qmgr: string, queue: string, unit: UnitOfWork, ms: number): LeaseGranted {
    const clock: Clock = manager.clock;
    const token = crypto.randomUUID();
    const expiresAt = clock.now() + ms;
    const timer = clock.setTimer(ms, () => void this.#end(token, "expired", (held) => held.unit.rollback()));
    this.#held.set(token, { qmgr, queue, unit, timer, expiresAt });
    return { token, expiresAt };
  }

  /** How many leases are held now. */
  get size(): number {
    return this.#held.size;
  }

  /** Commits the leased get: the message is gone for good. A repeated confirm of the same lease succeeds again. */
  async confirm(token: string, qmgr: string, queue: string): Promise<void> {
    const ended = this.#ended.get(token);
    if (ended?.how === "confirmed" && ended.qmgr === qmgr && ended.queue === queue) return;
    const held = this.#find(token, qmgr, queue, "confirm");
    await this.#end(token, "confirmed", (lease) => lease.unit.commit());
    if (held.unit.state !== "committed") throw leaseEnded(token, queue, "lost", Date.now(), "confirm");
  }

  /** Gives the message back now, its backout count raised (the client could not process it). */
  async release(token: string, qmgr: string, queue: string): Promise<void> {
    this.#find(token, qmgr, queue, "release");
    await this.#end(token, "released", (lease) => lease.unit.rollback());
  }

  #find(token: string, qmgr: string, queue: string, action: "confirm" | "release"): HeldLease {
    const held = this.#held.get(token);
    if (held && held.qmgr === qmgr && held.queue === queue) return held;
    const ended = this.#ended.get(token);
    if (ended && ended.qmgr === qmgr && ended.queue === queue) throw leaseEnded(token, queue, ended.how, ended.at, action);
    throw unknownLease(token, qmgr, queue, action);
  }

  async #end(token: string, how: Ending["how"], settle: (held: HeldLease) => Promise<void>): Promise<void> {
    const held = this.#held.get(token);
    if (!held) return;
    this.#held.delete(token);
    held.timer.cancel();
    let outcome = how;
    try {
      await settle(held);
    } catch {
      // A commit the store refused backs the unit out (MQRC_BACKED_OUT); a queue manager that
      // has closed took its units with it. Either way the message is not gone.
      outcome = how === "confirmed" ? "lost" : how;
      if (held.unit.state === "active") await held.unit.rollback().catch(() => undefined);
    }
    this.#remember(token, { how: outcome, qmgr: held.qmgr, queue: held.queue, at: Date.now() });
  }

  #remember(token: string, ending: Ending): void {
    this.#ended.set(token, ending);
    if (this.#ended.size > REMEMBERED_ENDINGS) this.#ended.delete(this.#ended.keys().next().value!);
  }
}

/**
 * 409 MQWB0920E: the lease ended before this request. Expired or released: MQRC_BACKED_OUT,
 * the message went back on the queue (and may since have been got again); confirmed (a
 * release after a confirm): MQRC_NO_MSG_AVAILABLE, the message is gone for good.
 */
function leaseEnded(token: string, queue: string, how: Ending["how"], at: number, action: "confirm" | "release"): RestError {
  const what: Record<Ending["how"], string> = {
    expired: "it expired unconfirmed, so the message went back on the queue with its backout count raised, and may since have been got again",
    released: "it was released, so the message went back on the queue with its backout count raised, and may since have been got again",
    lost: "its confirm could not be committed, so the message went back on the queue with its backout count raised",
    confirmed: "it was confirmed, so the message is gone from the queue for good",
  };
  return new RestError({
    status: 409,
    msgId: "MQWB0920E",
    inserts: [token, queue, new Date(at).toISOString()],
    detail: `The lease ended because ${what[how]}; the ${action} changed nothing.`,
    reason: how === "confirmed" ? "MQRC_NO_MSG_AVAILABLE" : "MQRC_BACKED_OUT",
  });
}

/** 404 MQWB0921E, MQRC_UOW_NOT_AVAILABLE: no lease of that token is held on this queue. */
function unknownLease(token: string, qmgr: string, queue: string, action: "confirm" | "release"): RestError {
  return new RestError({
    status: 404,
    msgId: "MQWB0921E",
    inserts: [token, queue, qmgr],
    detail: `The ${action} names a lease this server never gave on this queue, one that ended long ago, or one given before the server restarted (a restart puts every leased message back on its queue). Use the ${LEASE_HEADER} header of a get made with ?lease=<ms>, on the same queue.`,
    reason: "MQRC_UOW_NOT_AVAILABLE",
  });
}
