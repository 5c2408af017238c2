/**
 * Whether START CHANNEL dials the partner: a sender (a cluster-sender too), a requester, or a server with a CONNAME
 * (IBM's "fully qualified" server, which may start the channel itself). A server without one
 * can only wait for its requester. Here, with the definitions, rather than in the channels'
 * code: the manager asks it at every START CHANNEL, before that code is loaded.
 */
import type { Attributes } from "./definitions.js";

export function dialsOut(attributes: Attributes | undefined): boolean {
  const type = String(attributes?.channelType ?? "");
  return type === "sender" || type === "clusterSender" || type === "requester" || (type === "server" && String(attributes?.connectionName ?? "").trim() !== "");
}
