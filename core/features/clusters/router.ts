/**
 * Name resolution's questions to the cluster (registry.ts): which instance a put to a cluster
 * queue goes to (the workload algorithm, workload.ts, over what the repository knows and the
 * state of the cluster-sender toward each), and which transmission queue leads to a member.
 * DEFBIND(GROUP) keeps a message group (the message property GroupId, as MQMD GroupId; JMSX names are reserved here) on the instance its first message went to;
 * DEFBIND(OPEN) fixes a handle's instance at open (the handle's later puts name it).
 *
 * Messages waiting on the transmission queue of a cluster-sender that is RETRYING or STOPPED,
 * for a queue whose DEFBIND is NOTFIXED, are put again (reallocated) to another instance, in one
 * unit of work with their get: exactly once, wherever they land.
 */
import { copyOf } from "../dead-letters/move-aside.js";
import type { TimerHandle } from "../../base/clock.js";
import type { PutMessage } from "../../message/message.js";
import type { LocalQueue, PutTarget } from "../../kernel/index.js";
import type { Attributes } from "../../objects/definitions.js";
import { clusterTarget, type ClusterRoute, type ClusterRouter } from "./registry.js";
import { COMMAND_QUEUE, transmissionQueueOf, type ClusterHost } from "./host.js";
import type { Members } from "./members.js";
import type { Repository } from "./repository.js";
import { chooseInstance, type Instance } from "./workload.js";
import type { QueueRecord } from "./records.js";

/** How often, while cluster transmission queues hold messages, those of unreachable members are looked at. */
export const REALLOCATION_INTERVAL_MS = 5_000;

export class ClusterRoutes implements ClusterRouter {
  /** Messages routed toward each member (the weighting's count). */
  readonly sent = new Map<string, number>();
  /** DEFBIND(GROUP): `queue group` to the queue manager its group went to. */
  readonly #groups = new Map<string, string>();
  #timer: TimerHandle | undefined;
  #closed = false;
  /** Messages reallocated (NOTFIXED) since open. */
  reallocated = 0;

  constructor(
    private readonly host: ClusterHost,
    private readonly repository: Repository,
    private readonly members: Members,
    private readonly clusters: () => string[] = () => [],
    /** The node's subscription to a name (node.ts `lookup`). */
    private readonly subscribe: (name: string) => Promise<void> | undefined = () => undefined,
  ) {}

  queue(name: string, message: PutMessage | undefined): ClusterRoute | undefined {
    const route = this.#choose(name, message, false);
    return route === "local" ? undefined : route;
  }

  /**
   * This queue manager's local queues (name resolution's map, the registry's key), whose
   * clustered ones get a `spread` (CLWLUSEQ): set at open and after each sync, as the queues a
   * sync publishes are the clustered ones.
   */
  localQueues: ReadonlyMap<string, LocalQueue> | undefined;

  markLocalInstances(clustered: ReadonlySet<string>): void {
    for (const [name, queue] of this.localQueues ?? []) {
      if (clustered.has(name)) queue.spread = (message) => this.#fromLocal(name, queue, message);
      else delete queue.spread;
    }
  }

  /**
   * A put naming no queue manager to a clustered local queue: with CLWLUSEQ(ANY) (or QMGR and the
   * queue manager's ANY) the local instance is one of the cluster's, chosen by the same algorithm;
   * with LOCAL, or when the local instance is chosen, undefined (the put stays here). A put that
   * arrived over a channel names this queue manager and never gets here (IBM re-balances no
   * message a cluster channel brought).
   */
  #fromLocal(name: string, queue: LocalQueue, message: PutMessage | undefined): PutTarget | undefined {
    const attributes = this.host.object("queue", name)?.attributes;
    let use = attributes?.clusterWorkloadUseQueue ?? "queueManager";
    if (use === "queueManager") use = (this.host.attributes as Attributes).clusterWorkloadUseQueue ?? "local";
    if (use !== "any" || !this.localQueues) return undefined;
    const route = this.#choose(name, message, true);
    if (route === undefined || route === "local")
      // DEFBIND(OPEN): a handle that chose the local instance at open keeps it (its puts name this queue manager).
      return route === "local" && attributes?.defaultBind === "open"
        ? Object.assign({ queue, defaults: queue.attributes }, { boundTo: this.host.name })
        : undefined;
    return clusterTarget(this.localQueues, name, route);
  }

  /** The instance the workload algorithm chooses: remote ones, and with `withLocal` this queue manager's own ("local"). */
  #choose(name: string, message: PutMessage | undefined, withLocal: boolean, alias = false): ClusterRoute | "local" | undefined {
    // A queue's instances, or (`alias`) the hosts of a cluster queue-manager alias of that name.
    const records = this.repository.instances(name).filter((r) => (withLocal || r.qmgr !== this.host.name) && (r.queueType === "queueManagerAlias") === alias);
    if (records.length === 0) return undefined;
    const byQmgr = new Map<string, QueueRecord>();
    const instances: Instance[] = [];
    for (const record of records) {
      const local = record.qmgr === this.host.name;
      const member = this.members.record(record.cluster, record.qmgr);
      if (!member || (!local && !this.members.ready(member.channel)) || byQmgr.has(record.qmgr)) continue;
      byQmgr.set(record.qmgr, record);
      const state = local ? undefined : this.host.channelStatus(member.channel);
      instances.push({
        queueManager: record.qmgr,
        local,
        putEnabled: local ? this.host.object("queue", name)?.attributes.putEnabled !== false : record.putEnabled,
        unreachable: state === "retrying" || state === "stopped" || state === "stopping",
        suspended: member.suspended,
        channelRank: member.rank,
        queueRank: record.rank,
        networkPriority: member.networkPriority,
        channelPriority: member.priority,
        queuePriority: record.priority,
        weight: member.weight,
        sent: this.sent.get(record.qmgr) ?? 0,
      });
    }
    const first = byQmgr.values().next().value;
    if (!first) return undefined;
    const group = first.defaultBind === "group" ? groupOf(message) : undefined;
    const groupKey = group === undefined ? undefined : `${name} ${group}`;
    const bound = groupKey === undefined ? undefined : this.#groups.get(groupKey);
    const chosen = instances.find((i) => i.queueManager === bound) ?? chooseInstance(instances, "any");
    if (!chosen) return undefined;
    if (groupKey !== undefined) this.#groups.set(groupKey, chosen.queueManager);
    if (chosen.local) {
      this.sent.set(chosen.queueManager, (this.sent.get(chosen.queueManager) ?? 0) + 1);
      return "local";
    }
    const record = byQmgr.get(chosen.queueManager)!;
    const route = this.#routeTo(chosen.queueManager, record.cluster);
    if (!route) return undefined;
    return {
      ...route,
      defaultPriority: record.defaultPriority,
      defaultPersistence: record.defaultPersistence,
      ...(record.defaultBind === "open" ? { boundTo: chosen.queueManager } : {}),
    };
  }

  queueManager(name: string): ClusterRoute | undefined {
    const way = this.members.channelTo(name, this.clusters());
    if (way) return this.#route(way.channel, way.remoteQueueManager);
    // A cluster queue-manager alias: to a host of it (chosen as among a queue's instances), the message still for `name`, which the host maps.
    const route = this.#choose(name, undefined, false, true);
    if (route === undefined || route === "local") return undefined;
    return { transmissionQueue: route.transmissionQueue, queueManager: name, defaultPriority: 0, defaultPersistence: false };
  }

  /**
   * Before a put to `name` (a queue, or with `queueManager` a queue manager) that no definition
   * here names: a partial repository's subscription (node.ts), unless a queue manager of that
   * name is known already (or is a manual CLUSSDR's address: the node's own first messages).
   */
  lookup(name: string, queueManager = false): Promise<void> | undefined {
    // Never for the node's own messages (it works one thing at a time: waiting on itself would never end).
    if (queueManager && (this.members.isChannelAddress(name) || this.clusters().some((c) => this.repository.get(`M ${c} ${name}`)))) return undefined;
    return this.subscribe(name);
  }

  #routeTo(queueManager: string, cluster: string): ClusterRoute | undefined {
    const way = this.members.channelTo(queueManager, [cluster]);
    return way && this.#route(way.channel, way.remoteQueueManager);
  }

  /** The route over `channel`, counted, its channel started when it is not running (a cluster-sender runs only while it has work). */
  #route(channel: string, remoteQueueManager: string): ClusterRoute {
    if (remoteQueueManager !== "") this.sent.set(remoteQueueManager, (this.sent.get(remoteQueueManager) ?? 0) + 1);
    const state = this.host.channelStatus(channel);
    if (state === undefined) this.host.startChannel(channel);
    this.#arm();
    return { transmissionQueue: transmissionQueueOf(channel), queueManager: remoteQueueManager, defaultPriority: 0, defaultPersistence: false };
  }

  #arm(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = this.host.clock.setTimer(REALLOCATION_INTERVAL_MS, () => {
      this.#timer = undefined;
      void this.reallocate().then(
        (waiting) => waiting && this.#arm(),
        () => undefined,
      );
    });
  }

  /** Moves NOTFIXED messages off the transmission queues of unreachable members; whether any cluster transmission queue still holds messages. */
  async reallocate(): Promise<boolean> {
    let waiting = false;
    for (const channel of this.host.objects(["channel"])) {
      if (channel.attributes.channelType !== "clusterSender" || this.#closed || this.host.closed) continue;
      const xmitq = transmissionQueueOf(channel.name);
      if (!this.host.object("queue", xmitq) || this.host.queueStatus(xmitq).depth === 0) continue;
      waiting = true;
      const state = this.host.channelStatus(channel.name);
      // Messages waiting for a channel that is not running (put before a restart, or after DISCINT ended it): start it.
      if (state === undefined) this.host.startChannel(channel.name);
      if (state !== "retrying" && state !== "stopped") continue;
      await this.#moveAway(xmitq);
    }
    return waiting;
  }

  async #moveAway(xmitq: string): Promise<void> {
    const cursor = this.host.browse(xmitq);
    const ids: string[] = [];
    for (let m = await cursor.next(); m !== null; m = await cursor.next()) {
      const to = m.transmission;
      if (!to || to.remoteQueue === COMMAND_QUEUE) continue;
      const instances = this.repository.instances(to.remoteQueue);
      if (instances.some((r) => r.qmgr === to.remoteQueueManager && r.defaultBind === "notFixed")) ids.push(m.messageId);
    }
    cursor.close();
    for (const messageId of ids) {
      const unit = this.host.beginUnitOfWork();
      try {
        const message = await this.host.get(xmitq, { messageId, unitOfWork: unit });
        const to = message?.transmission;
        if (!message || !to) {
          await unit.rollback();
          continue;
        }
        // Put again by its queue's name: the workload algorithm now leaves the unreachable member out.
        await this.host.put(to.remoteQueue, copyOf(message), { unitOfWork: unit, context: { messageId: message.messageId, putTime: message.putTime } });
        await unit.commit();
        this.reallocated++;
      } catch {
        await unit.rollback().catch(() => undefined);
      }
    }
  }

  /** At open: cluster-senders with messages waiting start, and the reallocation looks at them. */
  async resume(): Promise<void> {
    if (await this.reallocate()) this.#arm();
  }

  close(): void {
    this.#closed = true;
    this.markLocalInstances(new Set());
    this.#timer?.cancel();
  }
}

/** A JMS message group's id (GroupId), however the properties were given. */
function groupOf(message: PutMessage | undefined): string | undefined {
  const properties = message?.properties;
  if (!properties) return undefined;
  if (Array.isArray(properties)) return properties.find((p) => p.name === "GroupId")?.value as string | undefined;
  if (properties instanceof Map) return properties.get("GroupId") as string | undefined;
  const value = (properties as Record<string, unknown>).GroupId;
  return value === undefined ? undefined : String(value);
}
