/**
 * A sender's batch in doubt, resolved: at the next start by what the receiver says it last
 * committed, or by RESOLVE CHANNEL. A batch backed out goes back on the transmission queue to
 * be sent again, all but its NPMSPEED(FAST) non-persistent messages: those were put at the
 * receiver outside the batch's unit of work as they came, so they are discarded, never sent
 * twice (nor are they the receiver's to lose: a fast message may be lost, as IBM's may).
 */
import { batchXid, senderKey, type ChannelHost, type SenderSync } from "./host.js";

/**
 * Commits or backs out the batch the sender last prepared, as the receiver's last LUWID says,
 * and any other batch of this channel still prepared (none should be); answers the record then.
 */
export async function resolveInDoubt(
  host: ChannelHost,
  channel: string,
  transmissionQueue: string,
  sync: SenderSync,
  receiverLuwid: string,
): Promise<SenderSync> {
  const prepared = (await host.xa.recover()).filter((xid) => xid.startsWith(batchXid(channel, "")));
  let resolved: SenderSync = { seq: sync.seq, luwid: sync.luwid };
  if (sync.inDoubt && receiverLuwid === sync.inDoubt.luwid) resolved = { seq: sync.inDoubt.lastSeq, luwid: sync.inDoubt.luwid };
  for (const xid of prepared) {
    if (xid === batchXid(channel, resolved.luwid) && resolved.luwid !== sync.luwid) await host.xa.commit(xid);
    else await host.xa.rollback(xid);
  }
  if (sync.inDoubt && resolved.luwid !== sync.inDoubt.luwid) await discardFast(host, transmissionQueue, sync.inDoubt.fast ?? []);
  if (sync.inDoubt) await host.writeSyncRecord(senderKey(channel), { ...resolved, ...(sync.resetSeq === undefined ? {} : { resetSeq: sync.resetSeq }) });
  return resolved;
}

/** Takes the fast messages of a batch backed out off the transmission queue again, for good. */
export async function discardFast(host: ChannelHost, transmissionQueue: string, messageIds: readonly string[]): Promise<void> {
  for (const messageId of messageIds) await host.get(transmissionQueue, { messageId }).catch(() => undefined);
}
