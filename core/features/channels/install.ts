/**
 * Channels built on the queue manager's parts: the agents' host (messages through the
 * messaging port, in-doubt batches through the XA resource, sync records as store meta).
 * Loaded by the first START CHANNEL of a sender with a connector, or the first connection
 * a partner makes (feature.ts).
 */
import type { JsonValue } from "../../message/message.js";
import type { FeatureParts } from "../feature.js";
import { ChannelAgents } from "./agents.js";
import type { ChannelHost } from "./host.js";

export async function createChannelAgents(parts: FeatureParts): Promise<ChannelAgents> {
  // The sync records as the store has them when channels are first used: only channels write
  // them, and they tell this copy. Read here rather than kept from open, so that a queue
  // manager that never runs a channel carries none of this.
  const { meta } = await parts.kernel.store.load();
  const records = new Map<string, JsonValue>(meta.filter(({ key }) => key.startsWith("channel/")).map(({ key, value }) => [key, value]));
  const host: ChannelHost = {
    name: parts.name,
    put: parts.put,
    get: parts.get,
    beginUnitOfWork: parts.beginUnitOfWork,
    xa: parts.xa,
    deadLetterQueue: () => parts.attributes().deadLetterQueue,
    now: () => parts.clock.now(),
    channel: (name) => parts.objects.get("channel", name)?.attributes,
    channels: () => parts.objects.list(["channel"]),
    syncRecord: (key) => records.get(key),
    writeSyncRecord: async (key, value) => {
      await parts.kernel.commit([value === null ? { op: "deleteMeta", key } : { op: "putMeta", key, value }]);
      if (value === null) records.delete(key);
      else records.set(key, value);
    },
    syncRecordCommitted: (key, value) => void records.set(key, value),
    queueManagerAttributes: parts.attributes,
    // Where a confirmed batch's messages are told as sent, for whoever follows single messages.
    events: parts.kernel.events,
  };
  // A stopped channel deleted since: its STOPPED goes with it, so one defined again later starts inactive.
  for (const key of records.keys()) {
    const stopped = /^channel\/(.+)\/stopped$/.exec(key)?.[1];
    if (stopped !== undefined && !parts.objects.get("channel", stopped)) await host.writeSyncRecord(key, null);
  }
  const agents = new ChannelAgents(host, parts.clock, parts.channelConnector);
  // Clusters run on channels: a queue manager that can dial its partners may be a cluster member
  // (core/features/clusters, loaded here, so only a queue manager with a connector carries it).
  let node: { close(): Promise<void> } | undefined;
  agents.opened = async (manager) => {
    const { openCluster } = await import("../clusters/install.js");
    node = await openCluster(manager as never, parts.kernel.queues);
  };
  agents.closing = async () => void (await node?.close());
  return agents;
}
