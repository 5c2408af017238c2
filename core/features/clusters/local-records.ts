/**
 * What this queue manager's own definitions say of its clusters: the clusters it is in (a
 * CLUSRCVR's CLUSTER or CLUSNL, and REPOS or REPOSNL for a full repository), its queue-manager
 * record in each (from the CLUSRCVR) and a record for each local queue with CLUSTER or CLUSNL.
 */
import type { Attributes } from "../../objects/definitions.js";
import type { ClusterHost } from "./host.js";
import type { QueueManagerRecord, QueueRecord } from "./records.js";

/** A CLUSTER name and a CLUSNL namelist's names, blank ones left out. */
function namesOf(host: ClusterHost, cluster: unknown, namelist: unknown): string[] {
  const names = [String(cluster ?? "").trim()];
  const list = String(namelist ?? "").trim();
  if (list !== "") {
    const values = host.object("namelist", list)?.attributes.names;
    if (Array.isArray(values)) names.push(...values.map(String));
  }
  return [...new Set(names.filter((n) => n !== ""))];
}

function receivers(host: ClusterHost) {
  return host.objects(["channel"]).filter((c) => c.attributes.channelType === "clusterReceiver");
}

/** The clusters this queue manager is in; `fullOnly`: those it is a full repository for. */
export function clustersOf(host: ClusterHost, fullOnly = false): string[] {
  const attributes = host.attributes as Attributes;
  const full = namesOf(host, attributes.repository, attributes.repositoryNamelist);
  if (fullOnly) return full;
  return [...new Set([...full, ...receivers(host).flatMap((c) => namesOf(host, c.attributes.cluster, c.attributes.clusterNamelist))])];
}

const int = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);

/** The records this queue manager publishes of itself, version and expiry left for the node to set. */
export function localRecords(host: ClusterHost, suspended: ReadonlySet<string>): (QueueManagerRecord | QueueRecord)[] {
  const qmid = `${host.name}_${host.createdAt}`;
  const full = new Set(clustersOf(host, true));
  const records: (QueueManagerRecord | QueueRecord)[] = [];
  const member = new Set<string>();
  for (const channel of receivers(host)) {
    const a = channel.attributes;
    for (const cluster of namesOf(host, a.cluster, a.clusterNamelist)) {
      if (member.has(cluster)) continue; // one CLUSRCVR per cluster: the first defined
      member.add(cluster);
      records.push({
        kind: "qmgr",
        cluster,
        qmgr: host.name,
        qmid,
        version: 0,
        expires: 0,
        channel: channel.name,
        connectionName: String(a.connectionName ?? ""),
        fullRepository: full.has(cluster),
        suspended: suspended.has(cluster),
        networkPriority: int(a.networkPriority, 0),
        weight: int(a.clusterWorkloadWeight, 50),
        rank: int(a.clusterWorkloadRank, 0),
        priority: int(a.clusterWorkloadPriority, 0),
      });
    }
  }
  for (const queue of host.objects(["localQueue", "remoteQueue"])) {
    const a = queue.attributes;
    const remote = queue.type === "remoteQueue";
    for (const cluster of namesOf(host, a.cluster, a.clusterNamelist)) {
      if (!member.has(cluster)) continue; // IBM: a queue is advertised in a cluster only through a CLUSRCVR of it
      records.push({
        kind: "queue",
        cluster,
        qmgr: host.name,
        qmid,
        version: 0,
        expires: 0,
        queue: queue.name,
        rank: int(a.clusterWorkloadRank, 0),
        priority: int(a.clusterWorkloadPriority, 0),
        defaultBind: (String(a.defaultBind ?? "open") as QueueRecord["defaultBind"]) ?? "open",
        defaultPriority: int(a.defaultPriority, 0),
        defaultPersistence: a.defaultPersistence === true,
        putEnabled: a.putEnabled !== false,
        ...(remote ? { queueType: String(a.remoteName ?? "") === "" ? ("queueManagerAlias" as const) : ("remote" as const) } : {}),
      });
    }
  }
  return records;
}
