/**
 * One queue manager's part in its clusters (IBM's repository manager): it publishes what its
 * CLUSRCVR channels and clustered queues say, keeps the records the full repositories send
 * (repository.ts), defines a cluster-sender toward each member it learns of (members.ts), and
 * answers name resolution with the instance the workload algorithm picks (router.ts).
 *
 * The protocol (IBM's, in spirit): each message is a persistent put to SYSTEM.CLUSTER.COMMAND.QUEUE
 * at the other queue manager, over the cluster-sender toward it, so it travels as any message
 * does, exactly once. A partial repository sends its records to the full repositories it knows
 * (at first through its manually defined CLUSSDR); a full repository keeps every record of its
 * cluster and sends each record it had not yet held to every other member (and to the other full
 * repositories when the record came from a partial one). A `join` also asks for everything the
 * full repository holds: a queue manager joins with it at each start, so that what changed while
 * it was down reaches it and the caches converge.
 */
import type { TimerHandle } from "../../base/clock.js";
import { CLUSTER_QUEUE_MAX_DEPTH, COMMAND_QUEUE, REPOSITORY_QUEUE, type ClusterHost } from "./host.js";
import { Members } from "./members.js";
import {
  DEFAULT_RECORD_LIFETIME_MS,
  REPUBLISH_FRACTION,
  isRecord,
  recordKey,
  sameContent,
  type ClusterRecord,
  type QueueManagerRecord,
  type SubscriptionRecord,
} from "./records.js";
import { Repository } from "./repository.js";
import { ClusterRoutes } from "./router.js";
import { localRecords, clustersOf } from "./local-records.js";
import { answerFor, interestOf, recipientsOf } from "./interest.js";

export interface ClusterOptions {
  /** How long a record lives unrefreshed (IBM: 30 days); its owner publishes it again at 90% of it. */
  recordLifetimeMs?: number;
}

interface CommandMessage {
  op: "join" | "publish";
  from: string;
  records: ClusterRecord[];
  /** A full repository's answer to subscriptions: the queues whose records this message carries (all of them, perhaps none). */
  answered?: string[];
}

/**
 * How long a put to a cluster queue this partial repository has not subscribed to waits for a
 * full repository's answer (IBM's MQOPEN waits too, and fails with MQRC_CLUSTER_RESOLUTION_ERROR
 * when none comes; here the put goes on and finds the name unknown: MQRC_UNKNOWN_OBJECT_NAME).
 */
export const ANSWER_WAIT_MS = 10_000;

/** Records in one command message at most: a join's answer to a new member goes in several. */
const RECORDS_PER_MESSAGE = 500;

export class ClusterNode {
  readonly repository: Repository;
  readonly members: Members;
  readonly routes: ClusterRoutes;
  readonly lifetime: number;
  /** Repository traffic: command messages this queue manager sent and handled (the scaling table). */
  readonly traffic = { sent: 0, received: 0 };
  #lastVersion = 0;
  #timer: TimerHandle | undefined;
  #closed = false;
  /** Work done one at a time (a command message, a sync): records are applied in order. */
  #queue: Promise<unknown> = Promise.resolve();
  #reading: Promise<void> | undefined;

  constructor(
    readonly host: ClusterHost,
    options: ClusterOptions = {},
  ) {
    this.lifetime = options.recordLifetimeMs ?? DEFAULT_RECORD_LIFETIME_MS;
    this.repository = new Repository(host);
    this.members = new Members(host, this.repository);
    this.routes = new ClusterRoutes(
      host,
      this.repository,
      this.members,
      () => this.clusters(),
      (queue) => this.lookup(queue),
    );
  }

  /** At open: the system queues, the cache from the store, then a join to the full repositories. */
  async start(): Promise<void> {
    for (const queue of [COMMAND_QUEUE, REPOSITORY_QUEUE])
      if (!this.host.object("queue", queue)) await this.host.defineObject("localQueue", queue, { defaultPersistence: true, maxDepth: CLUSTER_QUEUE_MAX_DEPTH });
    await this.repository.load();
    for (const record of this.repository.all()) if (record.qmgr === this.host.name) this.#lastVersion = Math.max(this.#lastVersion, record.version);
    await this.sync({ join: true });
    await this.routes.resume();
    this.#reading = this.#readCommands();
  }

  /** The clusters this queue manager is in: named by a CLUSRCVR or as a full repository. */
  clusters(): string[] {
    return this.#clusterNames().all;
  }

  isFullRepository(cluster: string): boolean {
    return this.#clusterNames().full.includes(cluster);
  }

  /**
   * Read from the definitions once per sync (each MQSC change that may alter them syncs): name
   * resolution asks for every put, and reading the channels' definitions each time costs as
   * much as there are members.
   */
  #clusterCache: { all: string[]; full: string[] } | undefined;
  #clusterNames(): { all: string[]; full: string[] } {
    return (this.#clusterCache ??= { all: clustersOf(this.host), full: clustersOf(this.host, true) });
  }

  /**
   * Brings the published records in line with the local definitions (a CLUSRCVR or a clustered
   * queue defined, altered or deleted; REPOS changed), publishes them again before they expire,
   * expires what others did not refresh, and defines the cluster-senders members need.
   */
  sync(options: { join?: boolean; force?: boolean } = {}): Promise<void> {
    this.#clusterCache = undefined;
    return this.#serial(async () => {
      this.#clusterCache = undefined;
      const now = this.host.clock.now();
      const changed: ClusterRecord[] = [];
      const wanted = new Map<string, ClusterRecord>(localRecords(this.host, this.#suspended()).map((r) => [recordKey(r), r]));
      for (const subscription of this.#subscriptions()) wanted.set(recordKey(subscription), subscription);
      for (const [key, fresh] of wanted) {
        const held = this.repository.get(key);
        const due = held !== undefined && now >= held.expires - this.lifetime * (1 - REPUBLISH_FRACTION);
        if (!options.force && held && !held.deleted && !due && sameContent(held, { ...fresh, version: held.version, expires: held.expires })) continue;
        changed.push(this.#versioned(fresh));
      }
      for (const held of [...this.repository.all()]) {
        if (held.qmgr !== this.host.name || held.deleted || wanted.has(recordKey(held))) continue;
        changed.push(this.#versioned({ ...held, deleted: true }));
      }
      await this.repository.applyAll(changed);
      this.routes.markLocalInstances(new Set([...wanted.values()].flatMap((r) => (r.kind === "queue" ? [r.queue] : []))));
      for (const record of await this.repository.expire(now)) this.members.forget(record);
      await this.members.prune();
      await this.members.ensureSenders(this.clusters());
      const clusters = new Set([...changed.map((r) => r.cluster), ...(options.join ? this.clusters() : [])]);
      for (const cluster of clusters) {
        // A join carries every record of this queue manager's (what it published before may never have left).
        const records = options.join
          ? [...this.repository.all()].filter((r) => r.cluster === cluster && r.qmgr === this.host.name)
          : changed.filter((r) => r.cluster === cluster);
        if (this.isFullRepository(cluster)) await this.#fanOut(cluster, records, undefined, options.join ?? false);
        else await this.#toFullRepositories(cluster, options.join ? "join" : "publish", records);
      }
      this.#arm();
    });
  }

  /**
   * This queue manager's subscriptions, as a sync wants them: those it holds (made by a put,
   * `lookup`), and one for each of its clustered queues whose CLWLUSEQ is ANY (the local
   * instance competes with the others, so it must know them). None in a cluster it is a full
   * repository for: it holds every record there.
   */
  #subscriptions(): SubscriptionRecord[] {
    const found: SubscriptionRecord[] = [];
    for (const record of this.repository.all())
      if (record.kind === "subscription" && record.qmgr === this.host.name && !record.deleted && !this.isFullRepository(record.cluster)) found.push(record);
    const qmgrUse = (this.host.attributes as { clusterWorkloadUseQueue?: string }).clusterWorkloadUseQueue ?? "local";
    for (const record of localRecords(this.host, this.#suspended())) {
      if (record.kind !== "queue" || record.queueType || this.isFullRepository(record.cluster)) continue;
      const use = this.host.object("queue", record.queue)?.attributes.clusterWorkloadUseQueue ?? "queueManager";
      if ((use === "queueManager" ? qmgrUse : use) === "any") found.push(this.#subscription(record.cluster, record.queue));
    }
    return found;
  }

  #subscription(cluster: string, queue: string): SubscriptionRecord {
    return { kind: "subscription", cluster, qmgr: this.host.name, qmid: `${this.host.name}_${this.host.createdAt}`, version: 0, expires: 0, queue };
  }

  /** Queues asked about since open (or REFRESH CLUSTER). */
  readonly #asked = new Set<string>();
  /** Puts waiting for a full repository's answer to a subscription, by queue name. */
  readonly #lookups = new Map<string, { done: Promise<void>; finish(): void }>();

  /**
   * Before a put to `queue`, which no definition here names: when this partial repository has
   * not subscribed to it, subscribes (to the full repositories) and answers a promise that
   * settles when one answers (or after ANSWER_WAIT_MS on the queue manager's clock), so that the
   * first put finds the instances. Undefined when there is nothing to wait for.
   */
  lookup(queue: string): Promise<void> | undefined {
    const pending = this.#lookups.get(queue);
    if (pending) return pending.done;
    // Asked once: a put after the answer (or the wait) resolves with what the cache holds.
    if (this.#asked.has(queue)) return undefined;
    const clusters = this.clusters().filter((c) => !this.isFullRepository(c) && !this.repository.get(`S ${c} ${queue} ${this.host.name}`));
    if (clusters.length === 0 || this.#closed) return undefined;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const timer = this.host.clock.setTimer(ANSWER_WAIT_MS, () => lookup.finish());
    const lookup = {
      done,
      finish: () => {
        timer.cancel();
        this.#lookups.delete(queue);
        this.#asked.add(queue);
        finish();
      },
    };
    this.#lookups.set(queue, lookup);
    void this.#serial(async () => {
      const records = await this.repository.applyAll(clusters.map((cluster) => this.#versioned(this.#subscription(cluster, queue))));
      for (const record of records) await this.#toFullRepositories(record.cluster, "publish", [record]);
    }).catch(() => lookup.finish());
    return done;
  }

  /** SUSPEND QMGR CLUSTER(name) / RESUME: the queue manager's record says so, and the workload algorithm avoids it. */
  async suspend(cluster: string, suspended: boolean): Promise<void> {
    this.#suspended();
    this.#suspendedSet[suspended ? "add" : "delete"](cluster);
    await this.sync({ force: true });
  }

  readonly #suspendedSet = new Set<string>();
  #suspendedRead = false;
  /** The clusters SUSPEND QMGR suspended this queue manager in: kept in its own records, so a restart keeps them. */
  #suspended(): Set<string> {
    if (!this.#suspendedRead) {
      this.#suspendedRead = true;
      for (const record of this.repository.all())
        if (record.kind === "qmgr" && record.qmgr === this.host.name && record.suspended && !record.deleted) this.#suspendedSet.add(record.cluster);
    }
    return this.#suspendedSet;
  }

  /** REFRESH CLUSTER(name): forgets what others told of the cluster and joins again (IBM's REPOS(NO)). */
  async refresh(cluster: string): Promise<void> {
    this.#asked.clear();
    await this.#serial(async () => {
      for (const record of [...this.repository.all()]) {
        if ((cluster === "*" || record.cluster === cluster) && record.qmgr !== this.host.name) {
          await this.repository.remove(record);
          this.members.forget(record);
        }
      }
    });
    await this.sync({ join: true, force: true });
  }

  /** RESET CLUSTER(name) QMNAME(x) ACTION(FORCEREMOVE), at a full repository: x's records deleted, the deletion sent to every member. */
  async forceRemove(cluster: string, queueManager: string): Promise<number> {
    return this.#serial(async () => {
      const removed: ClusterRecord[] = [];
      for (const record of [...this.repository.all()]) {
        if (record.cluster !== cluster || record.qmgr !== queueManager || record.deleted) continue;
        const deletion = { ...record, deleted: true as const, version: record.version + 1, expires: this.host.clock.now() + this.lifetime };
        await this.repository.apply(deletion);
        this.members.forget(deletion);
        removed.push(deletion);
      }
      await this.members.prune();
      if (removed.length > 0) await this.#fanOut(cluster, removed, undefined, false);
      return removed.filter((r) => r.kind === "qmgr").length;
    });
  }

  #versioned<R extends ClusterRecord>(record: R): R {
    const now = this.host.clock.now();
    this.#lastVersion = Math.max(this.#lastVersion + 1, now * 1000);
    return { ...record, version: this.#lastVersion, expires: now + this.lifetime };
  }

  /** Reads SYSTEM.CLUSTER.COMMAND.QUEUE for as long as the queue manager is open. */
  async #readCommands(): Promise<void> {
    while (!this.#closed && !this.host.closed) {
      const unit = this.host.beginUnitOfWork();
      let message;
      try {
        message = await this.host.get(COMMAND_QUEUE, { wait: Infinity, unitOfWork: unit });
      } catch {
        await unit.rollback().catch(() => undefined);
        return;
      }
      if (!message) {
        await unit.rollback().catch(() => undefined);
        continue;
      }
      try {
        await this.#serial(() => this.#handle(message.body as unknown));
        await unit.commit();
      } catch {
        // The queue manager closing under the handling: the message comes back at the next start.
        await unit.rollback().catch(() => undefined);
        if (this.host.closed) return;
      }
    }
  }

  async #handle(body: unknown): Promise<void> {
    const command = body as Partial<CommandMessage> | null;
    if (!command || (command.op !== "join" && command.op !== "publish") || typeof command.from !== "string" || !Array.isArray(command.records)) return;
    this.traffic.received++;
    const clusters = this.clusters();
    // What others say of this queue manager does not replace what it says, but for a deletion (FORCEREMOVE: it publishes again).
    const offered = command.records.filter((r) => isRecord(r) && clusters.includes(r.cluster) && (r.qmgr !== this.host.name || r.deleted));
    const fresh = await this.repository.applyAll(offered);
    for (const record of fresh) {
      if (record.deleted) this.members.forget(record);
      // A deletion of this queue manager's own record: its next version must be newer still.
      if (record.qmgr === this.host.name) this.#lastVersion = Math.max(this.#lastVersion, record.version);
    }
    if (fresh.some((r) => r.kind === "qmgr" && r.deleted)) await this.members.prune();
    await this.members.ensureSenders(clusters, fresh);
    for (const queue of Array.isArray(command.answered) ? command.answered : []) this.#lookups.get(String(queue))?.finish();
    const touched = new Set([...fresh.map((r) => r.cluster), ...(command.op === "join" ? this.#clustersOfSender(command.from) : [])]);
    for (const cluster of touched) {
      if (!this.isFullRepository(cluster)) continue;
      const records = fresh.filter((r) => r.cluster === cluster);
      await this.#fanOut(cluster, records, command.from, false);
      const fromPartial = !this.members.isFullRepository(cluster, command.from);
      if (command.op === "join")
        await this.#send(command.from, "publish", fromPartial ? interestOf(this.repository, cluster, command.from) : [...this.repository.ofCluster(cluster)]);
      else if (fromPartial) {
        // A partial repository's subscriptions (new or sent again): answered at once, with what there is.
        const subscribed = offered.flatMap((r) =>
          r.kind === "subscription" && r.cluster === cluster && r.qmgr === command.from && !r.deleted ? [r.queue] : [],
        );
        if (subscribed.length > 0) await this.#send(command.from, "publish", answerFor(this.repository, cluster, subscribed), subscribed);
      }
    }
  }

  #clustersOfSender(from: string): string[] {
    return this.clusters().filter((cluster) => this.repository.get(`M ${cluster} ${from}`));
  }

  /**
   * A full repository's part: `records` to every member but `except`; to the other full
   * repositories only when they came from this queue manager or a partial one (a full
   * repository's own fan-out already reached them). `join` asks the other full repositories for
   * what they hold (at a full repository's start).
   */
  async #fanOut(cluster: string, records: ClusterRecord[], except: string | undefined, join: boolean): Promise<void> {
    const fromFull = except !== undefined && this.members.isFullRepository(cluster, except);
    for (const member of this.members.fullRepositories(cluster)) {
      if (member.qmgr === except || fromFull) continue;
      if (records.length > 0 || join) await this.#send(member.qmgr, join ? "join" : "publish", records);
    }
    // Partial repositories: each only what it has an interest in (interest.ts).
    for (const [member, batch] of recipientsOf(this.repository, cluster, records, this.host.name, except)) await this.#send(member, "publish", batch);
    if (join) await this.#toFullRepositories(cluster, "join", records, true);
  }

  /** A partial repository's part: to two full repositories it knows (IBM's two), else through its manual CLUSSDRs. */
  async #toFullRepositories(cluster: string, op: CommandMessage["op"], records: ClusterRecord[], manualOnly = false): Promise<void> {
    if (records.length === 0 && op === "publish") return;
    const known = manualOnly ? [] : this.members.fullRepositories(cluster).slice(0, 2);
    const sentTo = new Set<string>();
    for (const repository of known) {
      await this.#send(repository.qmgr, op, records);
      sentTo.add(repository.channel);
    }
    if (known.length >= 2) return;
    for (const channel of this.members.manualSenders(cluster)) if (!sentTo.has(channel)) await this.#sendOver(channel, op, records);
  }

  async #send(queueManager: string, op: CommandMessage["op"], records: ClusterRecord[], answered?: string[]): Promise<void> {
    await this.#put(op, records, { queueManager }, answered);
  }

  /** Through a manual CLUSSDR whose partner's name this queue manager does not know yet. */
  async #sendOver(channel: string, op: CommandMessage["op"], records: ClusterRecord[]): Promise<void> {
    await this.#put(op, records, { queueManager: this.members.channelAddress(channel) });
  }

  async #put(op: CommandMessage["op"], records: ClusterRecord[], options: { queueManager: string }, answered?: string[]): Promise<void> {
    for (let i = 0; i === 0 || i < records.length; i += RECORDS_PER_MESSAGE) {
      const body: CommandMessage = { op, from: this.host.name, records: records.slice(i, i + RECORDS_PER_MESSAGE) };
      // The answer is complete with the last part.
      if (answered && i + RECORDS_PER_MESSAGE >= records.length) body.answered = answered;
      try {
        await this.host.put(COMMAND_QUEUE, { body: body as never, persistent: true }, options);
        this.traffic.sent++;
      } catch {
        // No way to that member yet (its cluster-sender not defined): the next sync or join covers it.
      }
    }
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** One timer, at the earliest of: an own record due for publishing again, a record expiring. */
  #arm(): void {
    this.#timer?.cancel();
    if (this.#closed) return;
    let due = Infinity;
    for (const record of this.repository.all()) {
      const at = record.qmgr === this.host.name && !record.deleted ? record.expires - this.lifetime * (1 - REPUBLISH_FRACTION) : record.expires;
      due = Math.min(due, at);
    }
    if (due === Infinity) return;
    const delay = Math.max(0, due - this.host.clock.now());
    this.#timer = this.host.clock.setTimer(Math.min(delay, 2 ** 31 - 1), () => void this.sync().catch(() => undefined));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const lookup of [...this.#lookups.values()]) lookup.finish();
    this.#timer?.cancel();
    this.routes.close();
    await this.#queue.catch(() => undefined);
  }

  /** Whether the reading loop has ended (after close). */
  get reading(): Promise<void> | undefined {
    return this.#reading;
  }
}
