/**
 * The repository cache: every record this queue manager holds, in memory for name resolution and
 * kept as persistent messages on SYSTEM.CLUSTER.REPOSITORY.QUEUE (where IBM keeps its cache), one
 * message per record, so that a queue manager reopened on its store knows its clusters at once.
 * A newer version replaces the message of the older in one unit of work; a record expired is
 * dropped from both.
 */
import type { UnitOfWork } from "../../kernel/index.js";
import { REPOSITORY_QUEUE, type ClusterHost } from "./host.js";
import { isNewer, isRecord, recordKey, type ClusterRecord, type QueueRecord } from "./records.js";

export class Repository {
  readonly #records = new Map<string, ClusterRecord>();
  readonly #messageIds = new Map<string, string>();
  /** Queue records by queue name: name resolution looks a cluster queue's instances up here. */
  readonly #byQueue = new Map<string, Map<string, QueueRecord>>();

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
    if (held?.kind === "queue") this.#byQueue.get(held.queue)?.delete(key);
    if (record) this.#records.set(key, record);
    else this.#records.delete(key);
    if (record?.kind === "queue") {
      let instances = this.#byQueue.get(record.queue);
      if (!instances) this.#byQueue.set(record.queue, (instances = new Map()));
      instances.set(key, record);
    }
  }

  /** The instances of cluster queue `queue` that are not deleted, in every cluster held. */
  instances(queue: string): QueueRecord[] {
    return [...(this.#byQueue.get(queue)?.values() ?? [])].filter((r) => !r.deleted);
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

  /** Keeps `record` if it is newer than the one held; whether it was. In `unit` when given (the command message's get commits with it). */
  async apply(record: ClusterRecord, unit?: UnitOfWork): Promise<boolean> {
    const key = recordKey(record);
    if (!isNewer(record, this.#records.get(key))) return false;
    await this.#write(key, record, unit);
    return true;
  }

  /** Drops records past their expiry; answers them. */
  async expire(now: number): Promise<ClusterRecord[]> {
    const expired = [...this.#records.values()].filter((r) => r.expires <= now);
    for (const record of expired) await this.#write(recordKey(record), undefined);
    return expired;
  }

  /** Forgets a record outright (REFRESH CLUSTER drops what others told). */
  async remove(record: ClusterRecord): Promise<void> {
    await this.#write(recordKey(record), undefined);
  }

  async #write(key: string, record: ClusterRecord | undefined, given?: UnitOfWork): Promise<void> {
    const unit = given ?? this.host.beginUnitOfWork();
    try {
      const old = this.#messageIds.get(key);
      if (old !== undefined) await this.host.get(REPOSITORY_QUEUE, { messageId: old, unitOfWork: unit });
      const put = record ? await this.host.put(REPOSITORY_QUEUE, { body: record as never, persistent: true }, { unitOfWork: unit }) : undefined;
      if (!given) await unit.commit();
      this.#set(key, record);
      if (put) this.#messageIds.set(key, put.messageId);
      else this.#messageIds.delete(key);
    } catch (error) {
      if (!given) await unit.rollback().catch(() => undefined);
      throw error;
    }
  }
}
