/**
 * The other members of this queue manager's clusters as the repository knows them, and the
 * cluster-sender channel toward each: a manually defined CLUSSDR (to a full repository) or one
 * defined here when the member's record arrives (IBM's auto-defined cluster-sender, named as the
 * member's CLUSRCVR, CONNAME from its record), each with its own transmission queue
 * SYSTEM.CLUSTER.TRANSMIT.<channel> (IBM's DEFCLXQ(CHANNEL)), so that the channels' agents move
 * cluster messages exactly as they move any other.
 */
import type { ClusterHost } from "./host.js";
import { CLUSTER_QUEUE_MAX_DEPTH, transmissionQueueOf } from "./host.js";
import type { ClusterRecord, QueueManagerRecord } from "./records.js";
import type { Repository } from "./repository.js";

import { AUTO_DEFINED, isAutoDefinedSender } from "./auto-defined.js";
/** How a put names a manual CLUSSDR whose partner's name is not known yet (at a first join). */
const CHANNEL_ADDRESS = "CLUSSDR.";

export class Members {
  /** Channels whose definition and transmission queue are in place: a route may use them. */
  readonly #ready = new Set<string>();

  constructor(
    private readonly host: ClusterHost,
    private readonly repository: Repository,
  ) {}

  of(cluster: string): QueueManagerRecord[] {
    return [...this.repository.queueManagers(cluster)].filter((record) => !record.deleted);
  }

  record(cluster: string, qmgr: string): QueueManagerRecord | undefined {
    const record = this.repository.get(`M ${cluster} ${qmgr}`);
    return record?.kind === "qmgr" && !record.deleted ? record : undefined;
  }

  fullRepositories(cluster: string): QueueManagerRecord[] {
    return this.repository.fullRepositories(cluster).filter((m) => m.qmgr !== this.host.name);
  }

  isFullRepository(cluster: string, qmgr: string): boolean {
    return this.record(cluster, qmgr)?.fullRepository === true;
  }

  /** The CLUSSDRs defined by hand for `cluster`. */
  manualSenders(cluster: string): string[] {
    return this.host
      .objects(["channel"])
      .filter((c) => c.attributes.channelType === "clusterSender" && c.attributes.description !== AUTO_DEFINED && c.attributes.cluster === cluster)
      .map((c) => c.name);
  }

  channelAddress(channel: string): string {
    return CHANNEL_ADDRESS + channel;
  }

  isChannelAddress(queueManager: string): boolean {
    return queueManager.startsWith(CHANNEL_ADDRESS);
  }

  /** The channel a put naming `queueManager` goes over, when one is ready: a member's, or a manual CLUSSDR's address. */
  channelTo(queueManager: string, clusters: readonly string[]): { channel: string; remoteQueueManager: string } | undefined {
    if (queueManager.startsWith(CHANNEL_ADDRESS)) {
      const channel = queueManager.slice(CHANNEL_ADDRESS.length);
      return this.#ready.has(channel) ? { channel, remoteQueueManager: "" } : undefined;
    }
    for (const cluster of clusters) {
      const member = this.record(cluster, queueManager);
      if (member && this.#ready.has(member.channel)) return { channel: member.channel, remoteQueueManager: queueManager };
    }
    return undefined;
  }

  ready(channel: string): boolean {
    return this.#ready.has(channel);
  }

  /**
   * Defines what is missing: a cluster-sender toward each member this queue manager knows (a
   * partial repository knows only the full repositories and the hosts of the queues it uses, so
   * its senders are defined on first use), a transmission queue for each cluster-sender. With
   * `fresh`, only toward the members those records name (a command's records), else all.
   */
  async ensureSenders(clusters: readonly string[], fresh?: readonly ClusterRecord[]): Promise<void> {
    const wanted = new Map<string, { connectionName: string; cluster: string }>();
    if (!fresh)
      for (const channel of this.host.objects(["channel"]))
        if (channel.attributes.channelType === "clusterSender")
          wanted.set(channel.name, { connectionName: "", cluster: String(channel.attributes.cluster ?? "") });
    const members = fresh
      ? fresh.filter((r): r is QueueManagerRecord => r.kind === "qmgr" && !r.deleted && clusters.includes(r.cluster))
      : clusters.flatMap((cluster) => this.of(cluster));
    for (const member of members)
      if (member.qmgr !== this.host.name && !wanted.has(member.channel))
        wanted.set(member.channel, { connectionName: member.connectionName, cluster: member.cluster });
    for (const [channel, { connectionName, cluster }] of wanted) {
      if (this.#ready.has(channel)) continue;
      if (!this.host.object("channel", channel))
        await this.host.defineObject("channel", channel, { channelType: "clusterSender", connectionName, cluster, description: AUTO_DEFINED });
      const xmitq = transmissionQueueOf(channel);
      if (!this.host.object("queue", xmitq))
        await this.host.defineObject("localQueue", xmitq, { usage: "transmission", defaultPersistence: true, maxDepth: CLUSTER_QUEUE_MAX_DEPTH });
      this.#ready.add(channel);
    }
  }

  /** A member gone (its record deleted or expired): no route takes its channel (`prune` then deletes it). */
  forget(record: ClusterRecord): void {
    if (record.kind === "qmgr" && (record.deleted || record.expires <= this.host.clock.now())) this.#ready.delete(record.channel);
  }

  /**
   * Deletes the auto-defined cluster-senders whose member is gone from every cluster (IBM deletes
   * them too), each with its transmission queue; one whose queue still holds messages stays
   * until it is empty (delivered, or reallocated when NOTFIXED), and goes at a later sync.
   */
  async prune(): Promise<void> {
    const live = new Set<string>();
    for (const record of this.repository.all()) if (record.kind === "qmgr" && !record.deleted && record.qmgr !== this.host.name) live.add(record.channel);
    for (const channel of this.host.objects(["channel"])) {
      if (!isAutoDefinedSender(channel) || live.has(channel.name)) continue;
      const xmitq = transmissionQueueOf(channel.name);
      if (this.host.object("queue", xmitq) && this.host.queueStatus(xmitq).depth > 0) continue;
      this.#ready.delete(channel.name);
      try {
        if (this.host.channelStatus(channel.name) !== undefined) await this.host.stopChannel(channel.name);
        await this.host.deleteObject("channel", channel.name);
        if (this.host.object("queue", xmitq)) await this.host.deleteObject("localQueue", xmitq);
      } catch {
        // Closing, or the queue in use: the next sync tries again.
      }
    }
  }
}
