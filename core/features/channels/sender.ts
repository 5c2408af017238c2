/**
 * The sending message channel agent (CHLTYPE SDR). At start it resolves its in-doubt batch
 * against the receiver's sync record: a batch the receiver committed is committed here (its
 * gets from the transmission queue made final, not sent again); one it did not is backed out
 * here, its messages back on the transmission queue to be sent again. Then it sends batches:
 * up to BATCHSZ messages got from the transmission queue in one unit of work (waiting up to
 * BATCHINT for more), each with the next sequence number (SEQWRAP). Before asking the receiver
 * to commit, it records the batch as in doubt and prepares its gets under the batch's LUWID,
 * so that a restart finds them still taken; it commits them only once the receiver confirms.
 */
import { MQError } from "../../base/errors.js";
import type { StopSignal } from "../jms/stop-signal.js";
import type { Message } from "../../message/message.js";
import type { Clock } from "../../base/clock.js";
import type { UnitOfWork } from "../../kernel/index.js";
import { batchXid, newLuwid, nextSeq, readSync, senderKey, type ChannelHost, type SenderSync } from "./host.js";
import { heartbeatTimeoutMs, withinHeartbeat } from "./heartbeats.js";
import { discardFast, resolveInDoubt } from "./in-doubt.js";
import { messageBytes } from "./message-bytes.js";
import { PartnerFrames } from "./partner-frames.js";
import type { ChannelStatus } from "./status.js";
import type { ChannelFrame, ChannelTransport, WireMessage } from "./transport.js";

/** Reasons a session ends with that the channel retries (SHORTRTY, LONGRTY): the link, or the partner's queue manager or channel going away. */
const RETRIED = new Set(["MQRC_CONNECTION_BROKEN", "MQRC_Q_MGR_STOPPING", "MQRC_CHANNEL_NOT_AVAILABLE"]);

export interface SenderSettings {
  channel: string;
  transmissionQueue: string;
  batchSize: number;
  /** BATCHINT, ms: how long a batch waits for more messages once it has one. */
  batchInterval: number;
  sequenceWrap: number;
  /** NPMSPEED(FAST): non-persistent messages go outside the batch's unit of work (put at once at the receiver, never resent). */
  nonPersistentFast: boolean;
  /** BATCHLIM, bytes: a batch ends after the message that takes its data to this; 0 no limit. */
  batchLimitBytes: number;
  /** DISCINT, ms: a channel with no message for this long ends normally (inactive); 0 never. */
  disconnectInterval: number;
  /** HBINT, seconds: offered to the receiver at start, which answers the interval both use (heartbeats.ts); 0 none. */
  heartbeatInterval: number;
}

export async function runSender(
  host: ChannelHost,
  clock: Clock,
  settings: SenderSettings,
  transport: ChannelTransport,
  shown: ChannelStatus,
  stop: StopSignal,
): Promise<void> {
  const { channel, transmissionQueue } = settings;
  const key = senderKey(channel);
  let unit: UnitOfWork | undefined;
  /** The batch's NPMSPEED(FAST) messages sent so far: put at the receiver already, never to be sent again. */
  let sentFast: string[] = [];
  const partner = new PartnerFrames(transport);
  try {
    shown.substate = "RESYNCH";
    await transport.send({ type: "start", channel, from: host.name, sequenceWrap: settings.sequenceWrap, heartbeatInterval: settings.heartbeatInterval });
    const isStatus = (f: ChannelFrame): f is Extract<ChannelFrame, { type: "status" }> => f.type === "status";
    let remote = await expectFrame(partner, isStatus);
    const heartbeatMs = (remote.heartbeatInterval ?? 0) * 1000;
    shown.heartbeatInterval = remote.heartbeatInterval ?? 0;
    const stored = readSync<SenderSync>(host, key);
    let sync = await resolveInDoubt(host, channel, transmissionQueue, stored, remote.lastLuwid);
    if (stored.resetSeq !== undefined) {
      // RESET CHANNEL here: the receiver takes the same number before any batch, and the reset is no longer pending.
      await transport.send({ type: "reset", seq: stored.resetSeq });
      remote = await expectFrame(partner, isStatus);
      sync = { seq: stored.resetSeq, luwid: "" };
      await host.writeSyncRecord(key, { ...sync });
    }
    if (remote.lastSeq !== sync.seq || remote.lastLuwid !== sync.luwid)
      throw new MQError(
        "MQRC_UNEXPECTED_ERROR",
        `channel ${channel}: the receiver's last batch is ${remote.lastSeq} (${remote.lastLuwid || "none"}), this sender's ${sync.seq} (${sync.luwid || "none"}): message sequence number error (AMQ9526); RESET CHANNEL at both ends`,
      );
    Object.assign(shown, { lastSeq: sync.seq, lastLuwid: sync.luwid, currentSeq: sync.seq, inDoubt: false });
    let seq = sync.seq;
    let idleSince = clock.now();
    /** When the partner last answered (a confirm or a heartbeat's reply): the next heartbeat is due an interval after. */
    let heardAt = idleSince;
    while (!stop.aborted) {
      const idleLeft = settings.disconnectInterval > 0 ? idleSince + settings.disconnectInterval - clock.now() : Infinity;
      if (idleLeft <= 0) {
        // DISCINT: idle long enough, the channel ends normally and its partner is told so (it does not retry).
        await transport.send({ type: "close", text: `channel ${channel} had no message for its disconnect interval (DISCINT)` });
        shown.status = "inactive";
        return;
      }
      unit = host.beginUnitOfWork();
      shown.substate = "MQGET";
      const watch = partner.watch(stop);
      // One wait, until a message comes (the queue's put wakes it), DISCINT ends the channel, a
      // heartbeat is due (HBINT), STOP or the partner speaks (the watch's signal): no other timer,
      // so an idle channel at the edge costs no alarm but those (Infinity, DISCINT(0) HBINT(0): none).
      const heartbeatLeft = heartbeatMs > 0 ? Math.max(0, heardAt + heartbeatMs - clock.now()) : Infinity;
      const batch = await takeBatch(host, clock, settings, unit, watch.signal, Math.min(idleLeft, heartbeatLeft)).finally(watch.done);
      if (partner.heard) {
        // The partner spoke (or went) between batches: an end or an error ends the session; anything else is a leftover, passed over.
        const frame = await partner.next();
        if (!frame) throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection ended while it waited for messages");
        if (frame.type === "error") throw new MQError(frame.reason, `the receiving end stopped the channel: ${frame.text}`);
      }
      if (batch.length === 0) {
        await unit.rollback({ countBackout: false });
        if (heartbeatMs > 0 && !stop.aborted && clock.now() - heardAt >= heartbeatMs) {
          shown.substate = "HEARTBEATING";
          await transport.send({ type: "heartbeat" });
          const isReply = (f: ChannelFrame): f is ChannelFrame => f.type === "heartbeatReply";
          const what = `channel ${channel}: the receiving end did not answer a heartbeat`;
          await withinHeartbeat(expectFrame(partner, isReply), clock, heartbeatTimeoutMs(heartbeatMs / 1000), what);
          heardAt = clock.now();
        }
        continue;
      }
      const firstSeq = nextSeq(seq, settings.sequenceWrap);
      let at = seq;
      shown.substate = "SEND";
      for (const message of batch) {
        at = nextSeq(at, settings.sequenceWrap);
        shown.currentSeq = at;
        const wire = toWire(message);
        const fast = settings.nonPersistentFast && !message.persistent;
        if (fast) sentFast.push(message.messageId);
        await transport.send({ type: fast ? "fastMessage" : "message", seq: at, message: wire });
        shown.bytesSent += messageBytes(wire);
        shown.lastMessageAt = clock.now();
      }
      const luwid = newLuwid(clock.now());
      const inDoubt = { luwid, lastSeq: at, count: batch.length, ...(sentFast.length > 0 ? { fast: sentFast } : {}) };
      await host.writeSyncRecord(key, { seq, luwid: shown.lastLuwid, inDoubt });
      // The record of the batch as confirmed goes with the gets' commit, written only if it commits.
      const committed = { seq: at, luwid };
      unit.putMeta(key, committed);
      await unit.prepare(batchXid(channel, luwid));
      shown.inDoubt = true;
      await transport.send({ type: "endBatch", luwid, firstSeq, lastSeq: at, count: batch.length });
      shown.substate = "RECEIVE";
      await expectFrame(partner, (f): f is ChannelFrame => f.type === "confirm" && f.luwid === luwid);
      shown.substate = "SYNCPOINT";
      await unit.commit();
      unit = undefined;
      sentFast = [];
      host.syncRecordCommitted(key, committed);
      // Told once the partner has confirmed and the gets committed: each message is the partner's now, and only now.
      for (const message of batch) host.events?.emit({ type: "sent", queue: transmissionQueue, messageId: message.messageId, channel });
      seq = at;
      Object.assign(shown, { lastSeq: at, lastLuwid: luwid, inDoubt: false, messages: shown.messages + batch.length, batches: shown.batches + 1 });
      idleSince = heardAt = clock.now();
    }
    // Stopped by its operator with nothing in doubt (MODE QUIESCE): the partner ends normally too.
    await transport.send({ type: "close", text: `channel ${channel} was stopped at ${host.name}` }).catch(() => undefined);
    shown.status = "stopped";
    shown.substate = "";
  } catch (error) {
    shown.substate = "";
    // An active unit's gets go back on the transmission queue; a prepared one waits, in doubt, for the next start.
    if (unit?.state === "active") {
      await unit.rollback({ countBackout: false }).catch(() => undefined);
      await discardFast(host, transmissionQueue, sentFast);
    }
    const reason = error instanceof MQError ? error : new MQError("MQRC_UNEXPECTED_ERROR", String(error));
    shown.reason = `${reason.reason}: ${reason.message}`;
    shown.status = RETRIED.has(reason.reason) ? "retrying" : "stopped";
  } finally {
    transport.close();
  }
}

/** Up to BATCHSZ messages in `unit`: the first waited for, the rest as long as BATCHINT allows, ending after the one that reaches BATCHLIM. */
async function takeBatch(host: ChannelHost, clock: Clock, settings: SenderSettings, unit: UnitOfWork, stop: StopSignal, firstWait: number): Promise<Message[]> {
  const first = await host.get(settings.transmissionQueue, { unitOfWork: unit, wait: firstWait, signal: stop });
  if (!first) return [];
  const batch = [first];
  let bytes = messageBytes(first);
  const until = clock.now() + settings.batchInterval;
  while (batch.length < settings.batchSize && !stop.aborted && (settings.batchLimitBytes === 0 || bytes < settings.batchLimitBytes)) {
    const wait = Math.max(0, until - clock.now());
    const next = await host.get(settings.transmissionQueue, { unitOfWork: unit, wait, signal: stop });
    if (!next) break;
    batch.push(next);
    bytes += messageBytes(next);
  }
  return batch;
}

/** The next frame `wanted` accepts; frames left over from before (a status or confirm sent twice) are passed over. */
async function expectFrame<T extends ChannelFrame>(partner: PartnerFrames, wanted: (frame: ChannelFrame) => frame is T): Promise<T> {
  for (;;) {
    const frame = await partner.next();
    if (!frame) throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection ended");
    if (frame.type === "error") throw new MQError(frame.reason, `the receiving end stopped the channel: ${frame.text}`);
    if (wanted(frame)) return frame;
  }
}

function toWire(message: Message): WireMessage {
  const wire: WireMessage = {
    to: message.transmission ?? { remoteQueue: "", remoteQueueManager: "" },
    messageId: message.messageId,
    correlationId: message.correlationId,
    priority: message.priority,
    persistent: message.persistent,
    expiry: message.expiry,
    putTime: message.putTime,
    replyToQueue: message.replyToQueue,
    replyToQueueManager: message.replyToQueueManager,
    messageType: message.messageType,
    type: message.type,
    format: message.format,
    properties: message.properties,
    bodyFormat: message.bodyFormat,
    body: message.body,
  };
  if (message.correlationIdText !== undefined) wire.correlationIdText = message.correlationIdText;
  if (message.contentType !== undefined) wire.contentType = message.contentType;
  return wire;
}
