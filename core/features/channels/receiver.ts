/**
 * The receiving message channel agent (CHLTYPE RCVR). It answers a sender's `start` with its
 * sync record, collects a batch's messages in sequence (a frame delivered twice is dropped by
 * its sequence number), and at `endBatch` puts them to their queues and writes its sync record
 * in one unit of work, then confirms. A batch it already committed (the sender did not see the
 * confirm) is confirmed again, never put twice. A message it cannot put goes to the dead-letter
 * queue with an MQDLH giving the reason, and the batch goes on; with no dead-letter queue the
 * batch is backed out and the channel stops, the reason sent to the sender. A `fastMessage`
 * (NPMSPEED(FAST)) is put as it comes, outside the batch's unit of work, and counted in it.
 */
import { MQError, type MQReasonName } from "../../base/errors.js";
import type { Clock } from "../../base/clock.js";
import { heartbeatIntervalOf, heartbeatTimeoutMs, negotiateHeartbeat, SilenceWatch } from "./heartbeats.js";
import { nextSeq, readSync, receiverKey, type ChannelHost, type ReceiverSync } from "./host.js";
import { messageBytes } from "./message-bytes.js";
import { commitBatch, messageRetry, putFast } from "./puts.js";
import { freshStatus, type ChannelStatus } from "./status.js";
import type { ChannelTransport, WireMessage } from "./transport.js";

export async function runReceiver(
  host: ChannelHost,
  clock: Clock,
  channel: string,
  transport: ChannelTransport,
  status: (s: ChannelStatus) => void,
  /** A CLUSRCVR takes every member's cluster-sender of its name: each partner has its own sequence (`channel/partner`). */
  syncName = channel,
): Promise<void> {
  const key = receiverKey(syncName);
  const retry = messageRetry(host, clock, channel);
  let sync = readSync<ReceiverSync>(host, key);
  const shown = freshStatus(channel, "receiver", sync.seq, sync.luwid);
  shown.substate = "RECEIVE";
  status(shown);
  let wrap = 999_999_999;
  let batch: WireMessage[] = [];
  /** The batch's fast messages, put already: counted with `batch` against the sender's endBatch. */
  let fastCount = 0;
  let lastSeen = sync.seq;
  /** With heartbeats negotiated, the sending end may say nothing for only so long: then the connection is taken as dead and closed. */
  let silentFor = 0;
  const silence = new SilenceWatch(clock, () => {
    silentFor = silence.timeoutMs;
    transport.close();
  });
  const read = async () => {
    silence.reading();
    const frame = await transport.next();
    silence.heard();
    return frame;
  };
  const fail = async (reason: MQError) => {
    shown.status = "stopped";
    shown.reason = `${reason.reason}: ${reason.message}`;
    await transport.send({ type: "error", reason: reason.reason as MQReasonName, text: reason.message }).catch(() => undefined);
    transport.close();
  };
  try {
    for (let frame = await read(); frame; frame = await read()) {
      if (frame.type === "start") {
        // A new session (or the start frame again): what was collected and not committed is gone.
        wrap = frame.sequenceWrap;
        batch = [];
        fastCount = 0;
        lastSeen = sync.seq;
        const heartbeatInterval = negotiateHeartbeat(heartbeatIntervalOf(host.channel(channel)), frame.heartbeatInterval);
        shown.heartbeatInterval = heartbeatInterval;
        silence.watch(heartbeatTimeoutMs(heartbeatInterval));
        // A sender that offered no interval (built before heartbeats) is answered as before: no heartbeats.
        const offered = frame.heartbeatInterval === undefined ? {} : { heartbeatInterval };
        await transport.send({ type: "status", lastSeq: sync.seq, lastLuwid: sync.luwid, ...offered });
      } else if (frame.type === "reset") {
        // The sending end's RESET CHANNEL: this end takes its number, and says so.
        sync = { seq: frame.seq, luwid: "" };
        await host.writeSyncRecord(key, { ...sync });
        batch = [];
        fastCount = 0;
        lastSeen = sync.seq;
        Object.assign(shown, { lastSeq: sync.seq, lastLuwid: "", currentSeq: sync.seq });
        await transport.send({ type: "status", lastSeq: sync.seq, lastLuwid: sync.luwid });
      } else if (frame.type === "message" || frame.type === "fastMessage") {
        if (frame.seq === lastSeen && batch.length + fastCount > 0) continue; // delivered twice
        if (frame.seq !== nextSeq(lastSeen, wrap))
          return await fail(
            new MQError("MQRC_UNEXPECTED_ERROR", `channel ${channel}: message sequence number ${frame.seq}, expected ${nextSeq(lastSeen, wrap)} (AMQ9526)`),
          );
        if (frame.type === "message") batch.push(frame.message);
        else {
          fastCount++;
          shown.substate = "MQPUT";
          const lost = await putFast(host, frame.message, retry);
          shown.substate = "RECEIVE";
          if (lost) shown.reason = `${lost.reason}: a fast non-persistent ${lost.message}: discarded`;
        }
        lastSeen = frame.seq;
        shown.currentSeq = frame.seq;
        shown.bytesReceived += messageBytes(frame.message);
        shown.lastMessageAt = clock.now();
      } else if (frame.type === "endBatch") {
        if (frame.luwid === sync.luwid) {
          await transport.send({ type: "confirm", luwid: sync.luwid, lastSeq: sync.seq });
          continue;
        }
        if (frame.lastSeq !== lastSeen || frame.count !== batch.length + fastCount)
          return await fail(
            new MQError(
              "MQRC_UNEXPECTED_ERROR",
              `channel ${channel}: batch ${frame.luwid} ends at ${frame.lastSeq} with ${frame.count} messages; received up to ${lastSeen}, ${batch.length + fastCount}`,
            ),
          );
        shown.substate = "MQPUT";
        const refused = await commitBatch(host, key, batch, { seq: frame.lastSeq, luwid: frame.luwid }, retry);
        shown.substate = "RECEIVE";
        if (refused) return await fail(new MQError(refused.reason as MQReasonName, `${refused.message}: the channel stops`));
        sync = { seq: frame.lastSeq, luwid: frame.luwid };
        shown.messages += batch.length + fastCount;
        fastCount = 0;
        shown.batches++;
        shown.lastSeq = sync.seq;
        shown.lastLuwid = sync.luwid;
        batch = [];
        await transport.send({ type: "confirm", luwid: sync.luwid, lastSeq: sync.seq });
      } else if (frame.type === "heartbeat") {
        await transport.send({ type: "heartbeatReply" });
      } else if (frame.type === "close") {
        // The sending end ended the channel normally: inactive, nothing to retry.
        shown.status = "inactive";
        return;
      } else if (frame.type === "error") {
        // The partner refused or ended the channel (a requester's server stopped, or none defined): stopped, with its reason.
        shown.status = "stopped";
        shown.reason = `${frame.reason}: the sending end stopped the channel: ${frame.text}`;
        return;
      }
    }
  } catch {
    // The connection broke or the queue manager is closing: what was not committed is the sender's to send again.
  } finally {
    silence.stop();
    if (silentFor > 0 && shown.status === "running")
      shown.reason = `MQRC_CONNECTION_BROKEN: channel ${channel}: nothing came from the sending end (no message, no heartbeat) within ${silentFor / 1000} s: the connection is taken as dead (HBINT)`;
    transport.close();
    shown.substate = "";
    if (shown.status === "running") shown.status = "stopped";
  }
}
