/**
 * What a full repository sends each partial repository, as IBM's do: only the records it has an
 * interest in, not every record of the cluster (which made the traffic grow with the square of
 * the members). A partial repository is interested in
 *
 * - the queue-manager records of the full repositories (it publishes to two of them);
 * - the records of each name it subscribed to: a cluster queue's instances (deleted ones too) or
 *   a cluster queue-manager alias's, the queue-manager record of each queue manager that hosts
 *   one (how to reach it), and the record of a queue manager of that name (a put naming it);
 * - a deletion of one of its own records (RESET CLUSTER ACTION(FORCEREMOVE)).
 *
 * Subscriptions themselves go to the full repositories only. A full repository is sent
 * everything.
 */
import type { ClusterRecord, QueueManagerRecord } from "./records.js";
import { recordKey } from "./records.js";
import type { Repository } from "./repository.js";

/** Everything `member` is interested in within `cluster` (a join's answer). */
export function interestOf(repository: Repository, cluster: string, member: string): ClusterRecord[] {
  const found = new Map<string, ClusterRecord>();
  for (const record of repository.queueManagers(cluster)) if (record.fullRepository || record.qmgr === member) found.set(recordKey(record), record);
  const subscribed: string[] = [];
  for (const record of repository.ofCluster(cluster)) {
    if (record.qmgr !== member) continue;
    found.set(recordKey(record), record);
    if (record.kind === "subscription" && !record.deleted) subscribed.push(record.queue);
  }
  for (const record of answerFor(repository, cluster, subscribed)) found.set(recordKey(record), record);
  return [...found.values()];
}

/** The records a subscriber of `queues` is sent: their instances and the queue-manager records of their hosts. */
export function answerFor(repository: Repository, cluster: string, queues: readonly string[]): ClusterRecord[] {
  const found: ClusterRecord[] = [];
  const hosts = new Set<string>();
  for (const queue of queues)
    for (const record of repository.recordsOfQueue(cluster, queue)) {
      found.push(record);
      hosts.add(record.qmgr);
    }
  // A name subscribed to may be a queue manager's (a put naming it): its record too.
  for (const host of new Set([...hosts, ...queues])) {
    const record = repository.get(`M ${cluster} ${host}`);
    if (record) found.push(record);
  }
  return found;
}

/**
 * The partial repositories that hear of `records` (new to this full repository), each with the
 * records it is sent: a queue's subscribers get its record and its host's queue-manager record;
 * a queue-manager record goes to the subscribers of the queues it hosts (to everyone for a full
 * repository's); a deletion also goes to the queue manager it deletes. `except` (the sender) and
 * the full repositories (sent everything, elsewhere) are left out.
 */
export function recipientsOf(
  repository: Repository,
  cluster: string,
  records: readonly ClusterRecord[],
  self: string,
  except: string | undefined,
): Map<string, ClusterRecord[]> {
  const isPartial = (qmgr: string) => {
    const member = repository.get(`M ${cluster} ${qmgr}`) as QueueManagerRecord | undefined;
    return member !== undefined && !member.deleted && !member.fullRepository && qmgr !== self && qmgr !== except;
  };
  const out = new Map<string, Map<string, ClusterRecord>>();
  const send = (to: string, record: ClusterRecord | undefined) => {
    if (!record || !isPartial(to)) return;
    let batch = out.get(to);
    if (!batch) out.set(to, (batch = new Map()));
    batch.set(recordKey(record), record);
  };
  for (const record of records) {
    if (record.kind === "subscription") continue;
    if (record.deleted) send(record.qmgr, record);
    if (record.kind === "queue") {
      const host = repository.get(`M ${cluster} ${record.qmgr}`);
      for (const subscriber of repository.subscribers(cluster, record.queue)) {
        send(subscriber, record);
        send(subscriber, host);
      }
    } else if (record.fullRepository) for (const member of repository.queueManagers(cluster)) send(member.qmgr, record);
    else
      for (const name of [record.qmgr, ...repository.queuesOf(cluster, record.qmgr)])
        for (const subscriber of repository.subscribers(cluster, name)) send(subscriber, record);
  }
  return new Map([...out].map(([to, batch]) => [to, [...batch.values()]]));
}
