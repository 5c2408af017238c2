/**
 * The repository's records, as IBM's full and partial repositories keep them: one per cluster
 * queue manager (what its CLUSRCVR says: how to reach it, its workload attributes, whether it is
 * a full repository or suspended) and one per instance of a cluster queue. A record belongs to
 * the queue manager it describes (its origin): only that one makes a newer version of it, but
 * for RESET CLUSTER ACTION(FORCEREMOVE), which a full repository makes as a deletion. A record
 * lives for its lifetime (IBM: 30 days) and its origin publishes it again before then (IBM:
 * after about 27); one not refreshed in time expires from every cache that holds it.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** IBM's lifetime of a repository record, and when its owner publishes it again. */
export const DEFAULT_RECORD_LIFETIME_MS = 30 * DAY_MS;
export const REPUBLISH_FRACTION = 0.9;

interface RecordBase {
  cluster: string;
  /** The queue manager the record describes, and the one that publishes it. */
  qmgr: string;
  qmid: string;
  /** Newer wins: the origin's clock in ms times 1000, plus a counter within the ms. */
  version: number;
  /** When a cache drops the record if no newer version came (version time plus the lifetime). */
  expires: number;
  /** A deletion (the queue's CLUSTER removed, the qmgr left or was force-removed): kept until it expires, so an older copy cannot come back. */
  deleted?: true;
}

export interface QueueManagerRecord extends RecordBase {
  kind: "qmgr";
  /** The CLUSRCVR's name: the auto-defined cluster-sender toward it has that name. */
  channel: string;
  connectionName: string;
  fullRepository: boolean;
  suspended: boolean;
  networkPriority: number;
  weight: number;
  rank: number;
  priority: number;
}

export interface QueueRecord extends RecordBase {
  kind: "queue";
  queue: string;
  /**
   * What the host advertises (IBM's CLUSQT): a local queue (absent), a remote queue definition
   * (a put to it goes to the host, which sends it on), or a queue-manager alias (a QREMOTE with a
   * blank RNAME: a put to any queue at queue manager `queue` goes to the host, which maps it).
   */
  queueType?: "remote" | "queueManagerAlias";
  rank: number;
  priority: number;
  defaultBind: "open" | "notFixed" | "group";
  defaultPriority: number;
  defaultPersistence: boolean;
  putEnabled: boolean;
}

/**
 * A partial repository's subscription (IBM's): it wants the records of cluster queue `queue`
 * (its instances, and the queue-manager records of their hosts), and updates to them. The
 * subscriber owns it and publishes it to the full repositories, which keep it, share it with
 * each other and send the subscriber only what it subscribed to; it is never sent to another
 * partial repository.
 */
export interface SubscriptionRecord extends RecordBase {
  kind: "subscription";
  queue: string;
}

export type ClusterRecord = QueueManagerRecord | QueueRecord | SubscriptionRecord;

export function recordKey(record: ClusterRecord): string {
  if (record.kind === "qmgr") return `M ${record.cluster} ${record.qmgr}`;
  return `${record.kind === "queue" ? "Q" : "S"} ${record.cluster} ${record.queue} ${record.qmgr}`;
}

/** Whether `incoming` replaces `held` (none held, or a newer version). */
export function isNewer(incoming: ClusterRecord, held: ClusterRecord | undefined): boolean {
  return held === undefined || incoming.version > held.version;
}

/** Checks what came over a channel: a record that is not one is dropped (the command queue is open to any member). */
export function isRecord(value: unknown): value is ClusterRecord {
  if (value === null || typeof value !== "object") return false;
  const r = value as Partial<ClusterRecord>;
  if (typeof r.cluster !== "string" || typeof r.qmgr !== "string" || typeof r.version !== "number" || typeof r.expires !== "number") return false;
  if (r.kind === "qmgr") return typeof r.channel === "string" && typeof r.connectionName === "string";
  return (r.kind === "queue" || r.kind === "subscription") && typeof r.queue === "string";
}

/** The same record with only its version and expiry moved: whether a local change needs publishing. */
export function sameContent(a: ClusterRecord, b: ClusterRecord): boolean {
  const strip = ({ version: _v, expires: _e, ...rest }: ClusterRecord) => JSON.stringify(rest);
  return strip(a) === strip(b);
}
