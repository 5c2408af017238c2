/**
 * The receiving message channel agent (CHLTYPE RCVR). It answers a sender's `start` with its
 * sync record, collects a batch's messages in sequence (a frame delivered twice is dropped by
 * its sequence number), and at `endBatch` puts them to their queues and writes its sync record
 * in one unit of work, then confirms. A batch it already committed (the sender did not see the
 * confirm) is confirmed again, never put twice. A message it cannot put goes to the dead-letter
 * queue with an MQDLH giving the reason, and the batch goes on; with no dead-letter queue the
 * batch is backed out and the channel stops, the reason sent to the sender.
 */
import { MQError, type MQReasonName } from "../../base/errors.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { MessageContext } from "../../kernel/index.js";
import { copyOf, moveToDeadLetterQueue } from "../dead-letters/move-aside.js";
import { nextSeq, readSync, receiverKey, type ChannelHost, type ReceiverSync } from "./host.js";
import { freshStatus, type ChannelStatus } from "./status.js";
import type { ChannelTransport, WireMessage } from "./transport.js";

export async function runReceiver(host: ChannelHost, channel: string, transport: ChannelTransport, status: (s: ChannelStatus) => void): Promise<void> {
  const key = receiverKey(channel);
  let sync = readSync<ReceiverSync>(host, key);
  const shown = freshStatus(channel, "receiver", sync.seq, sync.luwid);
  status(shown);
  let wrap = 999_999_999;
  let batch: WireMessage[] = [];
  let lastSeen = sync.seq;
  const fail = async (reason: MQError) => {
    shown.status = "stopped";
    shown.reason = `${reason.reason}: ${reason.message}`;
    await transport.send({ type: "error", reason: reason.reason as MQReasonName, text: reason.message }).catch(() => undefined);
    transport.close();
  };
  try {
    for (let frame = await transport.next(); frame; frame = await transport.next()) {
      if (frame.type === "start") {
        // A new session (or the start frame again): what was collected and not committed is gone.
        wrap = frame.sequenceWrap;
        batch = [];
        lastSeen = sync.seq;
        await transport.send({ type: "status", lastSeq: sync.seq, lastLuwid: sync.luwid });
      } else if (frame.type === "message") {
        if (frame.seq === lastSeen && batch.length > 0) continue; // delivered twice
        if (frame.seq !== nextSeq(lastSeen, wrap))
          return await fail(
            new MQError("MQRC_UNEXPECTED_ERROR", `channel ${channel}: message sequence number ${frame.seq}, expected ${nextSeq(lastSeen, wrap)} (AMQ9526)`),
          );
        batch.push(frame.message);
        lastSeen = frame.seq;
        shown.currentSeq = frame.seq;
      } else if (frame.type === "endBatch") {
        if (frame.luwid === sync.luwid) {
          await transport.send({ type: "confirm", luwid: sync.luwid, lastSeq: sync.seq });
          continue;
        }
        if (frame.lastSeq !== lastSeen || frame.count !== batch.length)
          return await fail(
            new MQError(
              "MQRC_UNEXPECTED_ERROR",
              `channel ${channel}: batch ${frame.luwid} ends at ${frame.lastSeq} with ${frame.count} messages; received up to ${lastSeen}, ${batch.length}`,
            ),
          );
        const refused = await commitBatch(host, key, batch, { seq: frame.lastSeq, luwid: frame.luwid });
        if (refused) return await fail(refused);
        sync = { seq: frame.lastSeq, luwid: frame.luwid };
        shown.messages += batch.length;
        shown.batches++;
        shown.lastSeq = sync.seq;
        shown.lastLuwid = sync.luwid;
        batch = [];
        await transport.send({ type: "confirm", luwid: sync.luwid, lastSeq: sync.seq });
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
    transport.close();
    if (shown.status === "running") shown.status = "stopped";
  }
}

/** Puts the batch and the sync record in one unit of work; the reason the channel must stop, when it must. */
async function commitBatch(host: ChannelHost, key: string, batch: WireMessage[], sync: ReceiverSync): Promise<MQError | undefined> {
  const unit = host.beginUnitOfWork();
  for (const wire of batch) {
    const { message, context } = toPut(wire);
    let failure: unknown;
    try {
      if (wire.to.remoteQueueManager !== host.name && wire.to.remoteQueueManager !== "")
        throw new MQError("MQRC_UNKNOWN_REMOTE_Q_MGR", `queue manager ${host.name} does not route to ${wire.to.remoteQueueManager}`);
      await host.put(wire.to.remoteQueue, message, { unitOfWork: unit, context });
      continue;
    } catch (error) {
      failure = error;
    }
    const reason = failure instanceof MQError ? failure.reasonCode : 2195;
    const asMessage = { ...wire, backoutCount: 0 } as unknown as Message;
    const notMoved = await moveToDeadLetterQueue(host, asMessage, wire.to.remoteQueue, reason, unit, "webmq channel");
    if (notMoved) {
      await unit.rollback();
      const why = failure instanceof Error ? failure.message : String(failure);
      return new MQError(
        failure instanceof MQError ? (failure.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR",
        `message ${wire.messageId} for ${wire.to.remoteQueue} could not be put (${why}) nor dead-lettered (${notMoved instanceof Error ? notMoved.message : String(notMoved)}): the channel stops`,
      );
    }
  }
  unit.putMeta(key, { ...sync });
  await unit.commit();
  host.syncRecordCommitted(key, { ...sync });
  return undefined;
}

function toPut(wire: WireMessage): { message: PutMessage; context: MessageContext } {
  return { message: copyOf(wire), context: { messageId: wire.messageId, putTime: wire.putTime } };
}
