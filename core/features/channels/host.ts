/**
 * What a message channel agent needs of its queue manager, and the channel sync records it
 * keeps there. Both records are store meta keys (`channel/<name>/sender`, `.../receiver`),
 * because the Store contract's `commit` applies a batch atomically, meta included: the
 * receiver's record goes into the very batch that stores its puts (UnitOfWork.putMeta), so a
 * batch and the record of it land together or not at all. A SYSTEM.CHANNEL.SYNCQ message would
 * need a get of the old record and a put of the new one in every unit, and a scan at start.
 */
import type { Attributes } from "../../objects/definitions.js";
import type { JsonValue } from "../../message/message.js";
import type { MessagingPort, XAResource } from "../../kernel/index.js";
import type { MoveHost } from "../dead-letters/move-aside.js";

export interface ChannelHost extends Pick<MessagingPort, "put" | "get" | "beginUnitOfWork">, MoveHost {
  xa: Pick<XAResource, "recover" | "commit" | "rollback">;
  /** The channel's definition's attributes, or undefined when it is not defined. */
  channel(name: string): Attributes | undefined;
  /** Every channel defined here (the channel initiator finds one by its XMITQ). */
  channels(): { name: string; attributes: Attributes }[];
  /** A meta record as last committed. */
  syncRecord(key: string): JsonValue | undefined;
  /** Commits a meta record on its own; null deletes it. */
  writeSyncRecord(key: string, value: JsonValue): Promise<void>;
  /** Told after a unit carrying a meta record commits, so that syncRecord answers it. */
  syncRecordCommitted(key: string, value: JsonValue): void;
  /** The queue manager's attributes as they are now (CHLEV and CCSID, for channel events). */
  queueManagerAttributes(): Readonly<Record<string, unknown>>;
}

/** The last batch a receiver committed: its last sequence number and LUWID (0 and "" before the first). */
export interface ReceiverSync {
  seq: number;
  luwid: string;
}

/** A sender's last confirmed batch, and the batch it has sent and prepared but not yet seen confirmed. */
export interface SenderSync extends ReceiverSync {
  /** `fast`: the ids of its NPMSPEED(FAST) messages, put at the receiver already: discarded if the batch backs out. */
  inDoubt?: { luwid: string; lastSeq: number; count: number; fast?: string[] };
  /** RESET CHANNEL's number, for the receiver at the next start (IBM's RESETSEQ, pending). */
  resetSeq?: number;
}

export const senderKey = (channel: string) => `channel/${channel}/sender`;
export const receiverKey = (channel: string) => `channel/${channel}/receiver`;
/** Present (true) while STOP CHANNEL holds the channel stopped, so that it stays STOPPED across a restart. */
export const stoppedKey = (channel: string) => `channel/${channel}/stopped`;
/** The xid a sender prepares its batch's gets under: found again after a restart by the channel's name and LUWID. */
export const batchXid = (channel: string, luwid: string) => `CHANNEL/${channel}/${luwid}`;

export function readSync<T extends ReceiverSync>(host: ChannelHost, key: string): T {
  const stored = host.syncRecord(key) as Partial<T> | undefined;
  return { seq: 0, luwid: "", ...(stored ?? {}) } as T;
}

/** SEQWRAP: the number after `seq`, 1 after the highest. */
export function nextSeq(seq: number, wrap: number): number {
  return seq >= wrap ? 1 : seq + 1;
}

/** Makes each LUWID of this process different from the one before, within a millisecond. */
let luwidCounter = 0;

/**
 * A logical unit of work id as IBM shows it (LSTLUWID): 16 hexadecimal characters, the time
 * (milliseconds, 12 digits) and a counter (4 digits). The receiver only compares it with the
 * sender's in-doubt one, so it must differ from every earlier id of the channel: the clock
 * moves on across restarts, and the counter within one millisecond.
 */
export function newLuwid(now: number): string {
  luwidCounter = (luwidCounter + 1) % 0x10000;
  return (Math.floor(now).toString(16).padStart(12, "0").slice(-12) + luwidCounter.toString(16).padStart(4, "0")).toUpperCase();
}
