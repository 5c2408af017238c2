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
  /** A meta record as last committed. */
  syncRecord(key: string): JsonValue | undefined;
  /** Commits a meta record on its own. */
  writeSyncRecord(key: string, value: JsonValue): Promise<void>;
  /** Told after a unit carrying a meta record commits, so that syncRecord answers it. */
  syncRecordCommitted(key: string, value: JsonValue): void;
}

/** The last batch a receiver committed: its last sequence number and LUWID (0 and "" before the first). */
export interface ReceiverSync {
  seq: number;
  luwid: string;
}

/** A sender's last confirmed batch, and the batch it has sent and prepared but not yet seen confirmed. */
export interface SenderSync extends ReceiverSync {
  inDoubt?: { luwid: string; lastSeq: number; count: number };
}

export const senderKey = (channel: string) => `channel/${channel}/sender`;
export const receiverKey = (channel: string) => `channel/${channel}/receiver`;
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

/** A logical unit of work id as IBM shows it (LSTLUWID): 16 hexadecimal characters. */
export function newLuwid(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}
