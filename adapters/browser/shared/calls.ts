/**
 * How a call to the owner survives the owner going away. A call races the end of its link:
 * one that changes nothing, or whose repeat is what its caller wants (a read, a get that
 * waits), is issued again against the new owner; one whose effect may or may not have
 * happened (a put, a commit, a definition) is reported as MQRC_CALL_INTERRUPTED, as IBM MQ's
 * reconnecting clients report it, for the caller to check.
 */
import { MQError } from "../../../core/index.js";
import type { Link, OwnerLink } from "./owner-link.js";

export type WhenOwnerGoes = "reissue" | "interrupted";

const GONE: unique symbol = Symbol("owner gone");

/** Runs `work` against the current owner; what happens if that owner goes is `whenOwnerGoes`. */
export async function callOwner<T>(links: OwnerLink, whenOwnerGoes: WhenOwnerGoes, work: (link: Link) => Promise<T>, what: string): Promise<T> {
  for (;;) {
    const link = await links.current();
    const outcome = await Promise.race([work(link).then((value) => ({ value })), link.replaced.then((): typeof GONE => GONE)]);
    if (typeof outcome === "object") return outcome.value;
    if (whenOwnerGoes === "interrupted") throw interrupted(what);
  }
}

export function interrupted(what: string): MQError {
  return new MQError(
    "MQRC_CALL_INTERRUPTED",
    `${what} was interrupted: the context that ran the queue manager went away before it answered, so whether it happened is not known; another context now runs the queue manager`,
  );
}

export function backedOut(what: string): MQError {
  return new MQError(
    "MQRC_BACKED_OUT",
    `${what}: the context that ran the queue manager went away, so this session's unit of work was backed out (what it got is back on its queue); carry on with a new one`,
  );
}

export function brokenCursor(): MQError {
  return new MQError("MQRC_CONNECTION_BROKEN", "the context that ran the queue manager went away while this browse was open: browse again");
}
