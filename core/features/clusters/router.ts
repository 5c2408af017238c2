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
import type { ClusterRoute, ClusterRouter } from "./registry.js";
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
  ) {}

  queue(name: string, message: PutMessage | undefined): ClusterRoute | undefined {
    const records = this.repository.instances(name).filter((r) => r.qmgr !== this.host.name);
    if (records.length === 0) return undefined;
    const byQmgr = new Map<string, QueueRecord>();
    const instances: Instance[] = [];
    for (const record of records) {
      const member = this.members.record(record.cluster, record.qmgr);
      if (!member || !this.members.ready(member.channel) || byQmgr.has(record.qmgr)) continue;
      byQmgr.set(record.qmgr, record);
      const state = this.host.channelStatus(member.channel);
      instances.push({
        queueManager: record.qmgr,
        local: false,
        putEnabled: record.putEnabled,
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
    if (!way) return undefined;
    return this.#route(way.channel, way.remoteQueueManager);
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

  close(): void {
    this.#closed = true;
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
