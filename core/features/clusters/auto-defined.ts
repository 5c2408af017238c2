/**
 * How an auto-defined cluster-sender is told apart: a channel object (the channels' agents move
 * its messages as any sender's) whose DESCR says so. IBM shows them in DISPLAY CLUSQMGR only, not
 * in DISPLAY CHANNEL (core/features/mqsc/object-commands.ts leaves them out), and deletes them when
 * their member leaves the cluster (members.ts `prune`). Its own small file, so the MQSC chunk can
 * ask without loading the clusters' code.
 */
import type { ObjectDefinition } from "../../objects/definitions.js";

export const AUTO_DEFINED = "auto-defined cluster-sender";

export function isAutoDefinedSender(definition: ObjectDefinition | undefined): boolean {
  return definition?.type === "channel" && definition.attributes.channelType === "clusterSender" && definition.attributes.description === AUTO_DEFINED;
}
