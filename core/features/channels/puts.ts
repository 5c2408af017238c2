/**
 * How a receiving agent puts what it receives: a batch's messages and its sync record in one
 * unit of work; an NPMSPEED(FAST) message at once in a unit of its own; each put tried again as
 * MRRTY and MRTMR say, then dead-lettered with an MQDLH giving the reason.
 */
import { MQError, type MQReasonName } from "../../base/errors.js";
import type { Clock } from "../../base/clock.js";
import type { Message, PutMessage } from "../../message/message.js";
import type { MessageContext, UnitOfWork } from "../../kernel/index.js";
import { copyOf, moveToDeadLetterQueue } from "../dead-letters/move-aside.js";
import type { ChannelHost, ReceiverSync } from "./host.js";
import type { WireMessage } from "./transport.js";

/** Puts the batch and the sync record in one unit of work; the reason the channel must stop, when it must. */
export async function commitBatch(host: ChannelHost, key: string, batch: WireMessage[], sync: ReceiverSync, retry: MessageRetry): Promise<MQError | undefined> {
  const unit = host.beginUnitOfWork();
  for (const wire of batch) {
    const refused = await putOrDeadLetter(host, wire, unit, retry);
    if (refused) {
      await unit.rollback();
      return refused;
    }
  }
  unit.putMeta(key, { ...sync });
  await unit.commit();
  host.syncRecordCommitted(key, { ...sync });
  return undefined;
}

/**
 * An NPMSPEED(FAST) message, put as it comes, in a unit of its own (its dead letter with it).
 * One that can be neither put nor dead-lettered is discarded: a fast message may be lost, as
 * IBM's may, and stopping the channel would not bring it back. Answers why, when it was lost.
 */
export async function putFast(host: ChannelHost, wire: WireMessage, retry: MessageRetry): Promise<MQError | undefined> {
  const unit = host.beginUnitOfWork();
  const refused = await putOrDeadLetter(host, wire, unit, retry);
  if (refused) await unit.rollback();
  else await unit.commit();
  return refused;
}

/** Puts one message in `unit`, tried again as MRRTY says, else to the dead-letter queue in `unit`; the reason when neither could be done. */
async function putOrDeadLetter(host: ChannelHost, wire: WireMessage, unit: UnitOfWork, retry: MessageRetry): Promise<MQError | undefined> {
  {
    const { message, context } = toPut(wire);
    let failure: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        if (wire.to.remoteQueueManager !== host.name && wire.to.remoteQueueManager !== "")
          throw new MQError("MQRC_UNKNOWN_REMOTE_Q_MGR", `queue manager ${host.name} does not route to ${wire.to.remoteQueueManager}`);
        await host.put(wire.to.remoteQueue, message, { unitOfWork: unit, context });
        failure = undefined;
        break;
      } catch (error) {
        failure = error;
      }
      if (attempt >= retry.count || !(failure instanceof MQError) || !RETRIED_PUTS.has(failure.reason)) break;
      await retry.wait();
    }
    if (failure === undefined) return undefined;
    const reason = failure instanceof MQError ? failure.reasonCode : 2195;
    const asMessage = { ...wire, backoutCount: 0 } as unknown as Message;
    const notMoved = await moveToDeadLetterQueue(host, asMessage, wire.to.remoteQueue, reason, unit, "webmq channel");
    if (notMoved) {
      const why = failure instanceof Error ? failure.message : String(failure);
      return new MQError(
        failure instanceof MQError ? (failure.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR",
        `message ${wire.messageId} for ${wire.to.remoteQueue} could not be put (${why}) nor dead-lettered (${notMoved instanceof Error ? notMoved.message : String(notMoved)})`,
      );
    }
  }
  return undefined;
}

/**
 * MRRTY and MRTMR: a put refused for a reason that can clear by itself (the queue full, or put
 * inhibited for a moment) is tried again MRRTY times, MRTMR ms apart, before the message goes to
 * the dead-letter queue. The batch waits meanwhile, as IBM's does; the sender waits for its confirm.
 */
export interface MessageRetry {
  count: number;
  wait(): Promise<void>;
}

const RETRIED_PUTS = new Set(["MQRC_Q_FULL", "MQRC_PUT_INHIBITED"]);

export function messageRetry(host: ChannelHost, clock: Clock, channel: string): MessageRetry {
  const attributes = host.channel(channel) ?? {};
  const interval = Math.max(0, Number(attributes.messageRetryInterval ?? 1000));
  return {
    count: Math.max(0, Number(attributes.messageRetryCount ?? 10)),
    wait: () => new Promise<void>((resolve) => void clock.setTimer(interval, resolve)),
  };
}

function toPut(wire: WireMessage): { message: PutMessage; context: MessageContext } {
  return { message: copyOf(wire), context: { messageId: wire.messageId, putTime: wire.putTime } };
}
