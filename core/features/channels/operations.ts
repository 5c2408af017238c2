/**
 * The operator's commands on a channel that is not running, IBM's RESOLVE, RESET and PING
 * CHANNEL: each acts on this end's sync record, or (PING) on a connection of its own, never on
 * a running agent's (agents.ts refuses them while one runs, as IBM does).
 */
import { MQError } from "../../base/errors.js";
import type { Clock } from "../../base/clock.js";
import { readSync, receiverKey, senderKey, type ChannelHost, type SenderSync } from "./host.js";
import { resolveInDoubt } from "./in-doubt.js";
import { channelTypeOf, SENDING_TYPES } from "./settings.js";
import type { ChannelConnector } from "./transport.js";

/** Why a command was refused, for MQSC to answer with IBM's reason (MQRCCF) and message. */
export type ChannelRefusal = "inUse" | "notInDoubt" | "inDoubt" | "wrongType" | "notReachable" | "pingFailed";

export type ChannelCommandResult = { ok: true; text: string } | { ok: false; refusal: ChannelRefusal; text: string };

const refused = (refusal: ChannelRefusal, text: string): ChannelCommandResult => ({ ok: false, refusal, text });

/**
 * RESOLVE CHANNEL ACTION(COMMIT|BACKOUT) at the sending end, without the partner: COMMIT makes
 * the in-doubt batch's gets final (the messages leave the transmission queue, as if the
 * receiver had confirmed); BACKOUT puts them back to be sent again. A resolution that differs
 * from what the receiver did loses or doubles the batch, as IBM warns.
 */
export async function resolveChannel(host: ChannelHost, name: string, action: "commit" | "backout"): Promise<ChannelCommandResult> {
  if (!SENDING_TYPES.has(channelTypeOf(host.channel(name))))
    return refused("wrongType", `RESOLVE CHANNEL applies to sender and server channels; ${name} is a ${channelTypeOf(host.channel(name))} channel`);
  const sync = readSync<SenderSync>(host, senderKey(name));
  if (!sync.inDoubt) return refused("notInDoubt", `channel ${name} has no batch in doubt`);
  const { count, luwid } = sync.inDoubt;
  // resolveInDoubt commits the batch whose LUWID the receiver names: naming it (or not) is the decision.
  await resolveInDoubt(host, name, String(host.channel(name)?.transmissionQueue ?? ""), sync, action === "commit" ? luwid : "");
  return {
    ok: true,
    text: `${count} messages of batch ${luwid} ${action === "commit" ? "committed (removed from" : "backed out (back on"} the transmission queue)`,
  };
}

/** What DISPLAY CHSTATUS SAVED shows: the last batch confirmed, and the one in doubt (CURSEQNO, CURLUWID) if any. */
export interface SavedChannelStatus {
  lastSeq: number;
  lastLuwid: string;
  currentSeq: number;
  currentLuwid: string;
  inDoubt: boolean;
}

/** The channel's sync record as DISPLAY CHSTATUS SAVED shows it; undefined when it never committed a batch (or reset) here. */
export function savedStatus(host: ChannelHost, name: string): SavedChannelStatus | undefined {
  const sending = SENDING_TYPES.has(channelTypeOf(host.channel(name)));
  const key = sending ? senderKey(name) : receiverKey(name);
  if (host.syncRecord(key) === undefined) return undefined;
  const sync = readSync<SenderSync>(host, key);
  const current = sync.inDoubt ? { seq: sync.inDoubt.lastSeq, luwid: sync.inDoubt.luwid } : { seq: sync.seq, luwid: sync.luwid };
  return { lastSeq: sync.seq, lastLuwid: sync.luwid, currentSeq: current.seq, currentLuwid: current.luwid, inDoubt: sync.inDoubt !== undefined };
}

/**
 * RESET CHANNEL SEQNUM(n): at a receiving end the record takes `n` at once; at a sending end
 * too, and the reset is kept pending for the next start, which tells the receiver (a `reset`
 * frame) so that both ends agree. Refused while the sending end has a batch in doubt: its
 * resolution needs the sequence numbers it was sent with (RESOLVE CHANNEL first).
 */
export async function resetChannel(host: ChannelHost, name: string, seq: number): Promise<ChannelCommandResult> {
  const type = channelTypeOf(host.channel(name));
  if (SENDING_TYPES.has(type)) {
    const sync = readSync<SenderSync>(host, senderKey(name));
    if (sync.inDoubt)
      return refused("inDoubt", `channel ${name} has batch ${sync.inDoubt.luwid} in doubt: resolve it (start the channel, or RESOLVE CHANNEL) first`);
    await host.writeSyncRecord(senderKey(name), { seq, luwid: "", resetSeq: seq });
    return { ok: true, text: `message sequence number ${seq}, sent to the partner at the next start` };
  }
  if (type === "receiver" || type === "requester" || type === "clusterReceiver") {
    await host.writeSyncRecord(receiverKey(name), { seq, luwid: "" });
    return { ok: true, text: `message sequence number ${seq} at this end only: reset the sending end to match` };
  }
  return refused("wrongType", `RESET CHANNEL applies to message channels; ${name} is a ${type} channel`);
}

/** PING CHANNEL: connects to the partner as a start would, exchanges `ping` and its echo, moves no message. */
export async function pingChannel(
  host: ChannelHost,
  clock: Clock,
  connector: ChannelConnector | undefined,
  name: string,
  dataLength: number,
): Promise<ChannelCommandResult> {
  const attributes = host.channel(name);
  const connectionName = String(attributes?.connectionName ?? "").trim();
  if (!SENDING_TYPES.has(channelTypeOf(attributes)) || connectionName === "")
    return refused("wrongType", `PING CHANNEL applies to sender and fully qualified server channels; ${name} cannot reach its partner from here`);
  if (!connector) return refused("notReachable", `queue manager ${host.name} was opened with no channel connector`);
  const data = pingData(clock.now(), dataLength);
  let transport;
  try {
    transport = await connector.connect(name, connectionName, host.name);
  } catch (error) {
    return refused("notReachable", error instanceof MQError ? `${error.reason}: ${error.message}` : String(error));
  }
  try {
    await transport.send({ type: "ping", channel: name, from: host.name, data });
    const reply = await transport.next();
    if (reply?.type === "pingReply" && reply.data === data) return { ok: true, text: `${data.length} bytes returned by ${connectionName}` };
    if (reply?.type === "error") return refused("pingFailed", `${reply.reason}: ${reply.text}`);
    return refused("pingFailed", reply ? `the partner answered ${reply.type}, not the data sent` : "the partner closed the connection");
  } catch (error) {
    return refused("pingFailed", error instanceof MQError ? `${error.reason}: ${error.message}` : String(error));
  } finally {
    transport.close();
  }
}

/** DATALEN characters that differ from ping to ping, so that an echo of an earlier one is not taken for this one's. */
function pingData(now: number, length: number): string {
  const stamp = now.toString(36);
  return stamp.repeat(Math.ceil(length / stamp.length)).slice(0, length);
}

/** What MQSC asks of a channel's agents (QueueManager.channelOperations): RESOLVE, RESET, PING, and the saved status. */
export interface ChannelOperations {
  resolve(name: string, action: "commit" | "backout"): Promise<ChannelCommandResult>;
  reset(name: string, seq: number): Promise<ChannelCommandResult>;
  ping(name: string, dataLength: number): Promise<ChannelCommandResult>;
  saved(name: string): SavedChannelStatus | undefined;
  /** Resolves once the session the channel's agent runs now (if any) has ended: what watches a channel without polling it waits on. */
  ended(name: string): Promise<void>;
}
