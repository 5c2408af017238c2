/**
 * How a partner's connection opens, decided by its first frame and the channel defined here of
 * that name: `start` from a sender (or a fully qualified server) runs the receiving agent of a
 * RCVR or RQSTR; `request` from a requester runs the sending agent of an SVR; `ping` is answered
 * by a receiving channel with the data it carried. Anything else is refused with the reason
 * (an `error` frame), the connection then closed.
 */
import type { MQReasonName } from "../../base/errors.js";
import type { ChannelFrame, ChannelTransport } from "./transport.js";

export type Opening =
  { run: "receiver"; transport: ChannelTransport } | { run: "server" } | { run: "pingReply"; data: string } | { refuse: MQReasonName; text: string };

export function openingOf(
  first: ChannelFrame | undefined,
  transport: ChannelTransport,
  where: { qmgr: string; channel: string; type: string; stopped: boolean },
): Opening {
  const { qmgr, channel, type } = where;
  const receiving = type === "receiver" || type === "requester" || type === "clusterReceiver";
  const noSuch = (kind: string): Opening => ({
    refuse: "MQRC_UNKNOWN_OBJECT_NAME",
    text: `queue manager ${qmgr} defines no ${kind} channel ${channel} (AMQ9520)`,
  });
  if (!first) return { refuse: "MQRC_CONNECTION_BROKEN", text: "the connection ended before its first frame" };
  switch (first.type) {
    case "start":
      // A sender reaches a receiver; a fully qualified server may also start its requester (server-requester).
      if (!receiving) return noSuch("receiving");
      if (where.stopped) return stoppedHere(channel, qmgr);
      return { run: "receiver", transport: replaying(first, transport) };
    case "ping":
      return receiving ? { run: "pingReply", data: first.data } : noSuch("receiving");
    case "request":
      if (type !== "server") return noSuch("server");
      if (where.stopped) return stoppedHere(channel, qmgr);
      return { run: "server" };
    default:
      return { refuse: "MQRC_FORMAT_ERROR", text: `a channel's connection opens with start, request or ping, not ${first.type}` };
  }
}

/** A channel STOP CHANNEL stopped here refuses its partner until START CHANNEL (IBM's AMQ9558 at the other end). */
function stoppedHere(channel: string, qmgr: string): Opening {
  return { refuse: "MQRC_CHANNEL_STOPPED_BY_USER", text: `channel ${channel} is stopped at ${qmgr} (AMQ9558)` };
}

/** Sends `frame` if the connection still takes it, then closes it. */
export function sendAndClose(transport: ChannelTransport, frame: ChannelFrame): void {
  void transport
    .send(frame)
    .catch(() => undefined)
    .finally(() => transport.close());
}

/** The connection as the agent reads it: the frame already read to choose the agent, then the rest. */
function replaying(first: ChannelFrame, transport: ChannelTransport): ChannelTransport {
  let pending: ChannelFrame | undefined = first;
  return {
    send: (frame) => transport.send(frame),
    next: () => {
      const frame = pending;
      pending = undefined;
      return frame ? Promise.resolve(frame) : transport.next();
    },
    close: () => transport.close(),
  };
}
