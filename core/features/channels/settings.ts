/**
 * What a channel's definition means to its agents: which end of the exchange a CHLTYPE is, and
 * the sending agent's settings read from the attributes (the catalogue's defaults where unset).
 */
import type { Attributes } from "../../objects/definitions.js";
import { heartbeatIntervalOf } from "./heartbeats.js";
import type { SenderSettings } from "./sender.js";
export { dialsOut } from "../../objects/channel-dialing.js";

/** The channel types whose agent sends from a transmission queue: SDR, and SVR (requested, or fully qualified and started). */
export const SENDING_TYPES = new Set(["sender", "server", "clusterSender"]);
/** The channel types whose agent receives: RCVR and CLUSRCVR (a partner dials it), RQSTR (it dials its server). */
export const RECEIVING_TYPES = new Set(["receiver", "requester", "clusterReceiver"]);

export function channelTypeOf(attributes: Attributes | undefined): string {
  return String(attributes?.channelType ?? "");
}

export function senderSettings(channel: string, attributes: Attributes): SenderSettings {
  return {
    channel,
    // A cluster-sender has a transmission queue of its own (IBM's DEFCLXQ(CHANNEL)), named after it.
    transmissionQueue: attributes.channelType === "clusterSender" ? `SYSTEM.CLUSTER.TRANSMIT.${channel}` : String(attributes.transmissionQueue ?? ""),
    batchSize: Math.max(1, Number(attributes.batchSize ?? 50)),
    batchInterval: Math.max(0, Number(attributes.batchInterval ?? 0)),
    sequenceWrap: Math.max(100, Number(attributes.sequenceNumberWrap ?? 999_999_999)),
    nonPersistentFast: String(attributes.nonPersistentMessageSpeed ?? "fast") === "fast",
    batchLimitBytes: Math.max(0, Number(attributes.batchDataLimit ?? 5000)) * 1024,
    disconnectInterval: Math.max(0, Number(attributes.disconnectInterval ?? 6000)) * 1000,
    heartbeatInterval: heartbeatIntervalOf(attributes),
  };
}
