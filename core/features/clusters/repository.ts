/**
 * The repository cache: every record this queue manager holds, in memory for name resolution and
 * kept as persistent messages on SYSTEM.CLUSTER.REPOSITORY.QUEUE (where IBM keeps its cache), one
 * message per record, so that a queue manager reopened on its store knows its clusters at once.
 * A newer version replaces the message of the older in one unit of work; a record expired is
 * dropped from both.
 */
import { REPOSITORY_QUEUE, type ClusterHost } from "./host.js";
import { isNewer, isRecord, recordKey, type ClusterRecord, type QueueManagerRecord, type QueueRecord } from "./records.js";

export class Repository {
  readonly #records = new Map<string, ClusterRecord>();
  readonly #messageIds = new Map<string, string>();
  /** Queue records by queue name: name resolution looks a cluster queue's instances up here. */
  readonly #byQueue = new Map<string, Map<string, QueueRecord>>();
  /** Queue-manager records by cluster, then name (DISPLAY CLUSQMGR, the members, the fan-out). */
  readonly #members = new Map<string, Map<string, QueueManagerRecord>>();
  /** The full repositories' records by cluster (each partial repository sends to two of them). */
  readonly #full = new Map<string, Map<string, QueueManagerRecord>>();
  /** At a full repository: who subscribed to each cluster queue (`cluster queue` to subscribers). */
  readonly #subscribers = new Map<string, Set<string>>();
  /** The queues each queue manager has records of (`cluster qmgr`): who hears of its queue-manager record. */
  readonly #hosted = new Map<string, Set<string>>();

  constructor(private readonly host: ClusterHost) {}

  /** Reads the cache back from its queue (a message that is not a record is left alone). */
  async load(): Promise<void> {
    const cursor = this.host.browse(REPOSITORY_QUEUE);
    for (let message = await cursor.next(); message !== null; message = await cursor.next()) {
      const record: unknown = message.body;
      if (!isRecord(record)) continue;
      const key = recordKey(record);
      if (!isNewer(record, this.#records.get(key))) continue;
      this.#set(key, record);
      this.#messageIds.set(key, message.messageId);
    }
    cursor.close();
  }

  #set(key: string, record: ClusterRecord | undefined): void {
    const held = this.#records.get(key);
    if (held) this.#unindex(key, held);
    if (record) {
      this.#records.set(key, record);
      this.#index(key, record);
    } else this.#records.delete(key);
  }

  #index(key: string, record: ClusterRecord): void {
    if (record.kind === "qmgr") {
      entry(this.#members, record.cluster, () => new Map<string, QueueManagerRecord>()).set(record.qmgr, record);
      if (record.fullRepository && !record.deleted) entry(this.#full, record.cluster, () => new Map<string, QueueManagerRecord>()).set(record.qmgr, record);
    } else if (record.kind === "queue") {
      entry(this.#byQueue, record.queue, () => new Map<string, QueueRecord>()).set(key, record);
      entry(this.#hosted, `${record.cluster} ${record.qmgr}`, () => new Set<string>()).add(record.queue);
    } else if (!record.deleted) entry(this.#subscribers, `${record.cluster} ${record.queue}`, () => new Set<string>()).add(record.qmgr);
  }

  #unindex(key: string, record: ClusterRecord): void {
    if (record.kind === "qmgr") {
      this.#members.get(record.cluster)?.delete(record.qmgr);
      this.#full.get(record.cluster)?.delete(record.qmgr);
    } else if (record.kind === "queue") {
      this.#byQueue.get(record.queue)?.delete(key);
      this.#hosted.get(`${record.cluster} ${record.qmgr}`)?.delete(record.queue);
    } else this.#subscribers.get(`${record.cluster} ${record.queue}`)?.delete(record.qmgr);
  }

  /** The full repositories of `cluster` (the queue-manager records that say so, not deleted). */
  fullRepositories(cluster: string): QueueManagerRecord[] {
    return [...(this.#full.get(cluster)?.values() ?? [])];
  }

  /** The queue-manager records of `cluster` (deleted ones too). */
  queueManagers(cluster: string): IterableIterator<QueueManagerRecord> {
    return (this.#members.get(cluster) ?? new Map<string, QueueManagerRecord>()).values();
  }

  /** The records of cluster queue `queue` in `cluster`, deleted ones too (what a subscriber of it is sent). */
  recordsOfQueue(cluster: string, queue: string): QueueRecord[] {
    return [...(this.#byQueue.get(queue)?.values() ?? [])].filter((r) => r.cluster === cluster);
  }

  /** The partial repositories subscribed to `queue` in `cluster` (known at a full repository). */
  subscribers(cluster: string, queue: string): ReadonlySet<string> {
    return this.#subscribers.get(`${cluster} ${queue}`) ?? new Set();
  }

  /** The queues `qmgr` has records of in `cluster`. */
  queuesOf(cluster: string, qmgr: string): ReadonlySet<string> {
    return this.#hosted.get(`${cluster} ${qmgr}`) ?? new Set();
  }

  /** The instances of cluster queue `queue` that are not deleted, in every cluster held. */
  instances(queue: string): QueueRecord[] {
    return [...(this.#byQueue.get(queue)?.values() ?? [])].filter((r) => !r.deleted);
  }

  /** The records of `cluster`. */
  *ofCluster(cluster: string): IterableIterator<ClusterRecord> {
    for (const record of this.#records.values()) if (record.cluster === cluster) yield record;
  }

  get(key: string): ClusterRecord | undefined {
    return this.#records.get(key);
  }

  all(): IterableIterator<ClusterRecord> {
    return this.#records.values();
  }

  get size(): number {
    return this.#records.size;
  }

  /** Keeps `record` if it is newer than the one held; whether it was. */
  async apply(record: ClusterRecord): Promise<boolean> {
    return (await this.applyAll([record])).length === 1;
  }

  /** Keeps each record newer than the one held, all in one unit of work (one store commit); answers those kept. */
  async applyAll(records: readonly ClusterRecord[]): Promise<ClusterRecord[]> {
    const fresh = new Map<string, ClusterRecord>();
    for (const record of records) {
      const key = recordKey(record);
      if (isNewer(record, fresh.get(key) ?? this.#records.get(key))) fresh.set(key, record);
    }
    if (fresh.size > 0) await this.#write(fresh);
    return [...fresh.values()];
  }

  /** Drops records past their expiry; answers them. */
  async expire(now: number): Promise<ClusterRecord[]> {
    const expired = [...this.#records.values()].filter((r) => r.expires <= now);
    if (expired.length > 0) await this.#write(new Map(expired.map((r) => [recordKey(r), undefined])));
    return expired;
  }

  /** Forgets a record outright (REFRESH CLUSTER drops what others told). */
  async remove(record: ClusterRecord): Promise<void> {
    await this.#write(new Map([[recordKey(record), undefined]]));
  }

  /** Each key's record replaced (undefined: removed) on the queue in one unit of work, then in memory once it committed. */
  async #write(changes: ReadonlyMap<string, ClusterRecord | undefined>): Promise<void> {
    const unit = this.host.beginUnitOfWork();
    const ids = new Map<string, string | undefined>();
    try {
      for (const [key, record] of changes) {
        const old = this.#messageIds.get(key);
        if (old !== undefined) await this.host.get(REPOSITORY_QUEUE, { messageId: old, unitOfWork: unit });
        const put = record ? await this.host.put(REPOSITORY_QUEUE, { body: record as never, persistent: true }, { unitOfWork: unit }) : undefined;
        ids.set(key, put?.messageId);
      }
      await unit.commit();
    } catch (error) {
      await unit.rollback().catch(() => undefined);
      throw error;
    }
    for (const [key, record] of changes) {
      this.#set(key, record);
      const id = ids.get(key);
      if (id === undefined) this.#messageIds.delete(key);
      else this.#messageIds.set(key, id);
    }
  }
}

function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
