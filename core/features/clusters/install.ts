/**
 * Clusters as a feature: loaded by the channels' code when a queue manager opens with a channel
 * connector (core/features/channels/install.ts). A queue manager that is in a cluster (a CLUSRCVR
 * with CLUSTER or CLUSNL, or REPOS/REPOSNL) runs its node from open; one that joins later (MQSC
 * ALTER QMGR REPOS, DEFINE CHANNEL CHLTYPE(CLUSRCVR)) starts it then (`clusterChanged`).
 */
import type { LocalQueue } from "../../kernel/index.js";
import type { ClusterHost } from "./host.js";
import { clustersOf } from "./local-records.js";
import { ClusterNode, type ClusterOptions } from "./node.js";
import { registerClusterRouter } from "./registry.js";

interface Candidate {
  /** What name resolution knows the queue manager by (registry.ts). */
  key: object;
  node?: ClusterNode;
  starting?: Promise<ClusterNode>;
}

const candidates = new WeakMap<object, Candidate>();
let defaultOptions: ClusterOptions = {};

/** The options nodes opened from now on take (a test's record lifetime). */
export function setClusterOptions(options: ClusterOptions): void {
  defaultOptions = options;
}

/** At open: remembers the queue manager, and starts its node if it is in a cluster. Answers what its close must end. */
export async function openCluster(host: ClusterHost, key: object): Promise<{ close(): Promise<void> }> {
  const candidate: Candidate = { key };
  candidates.set(host, candidate);
  if (clustersOf(host).length > 0) await start(host, candidate);
  return {
    close: async () => {
      registerClusterRouter(key, undefined);
      await candidate.node?.close();
    },
  };
}

function start(host: ClusterHost, candidate: Candidate): Promise<ClusterNode> {
  candidate.starting ??= (async () => {
    const node = new ClusterNode(host, defaultOptions);
    node.routes.localQueues = candidate.key as ReadonlyMap<string, LocalQueue>;
    registerClusterRouter(candidate.key, node.routes);
    candidate.node = node;
    await node.start();
    return node;
  })();
  return candidate.starting;
}

/** The node of `host`, if it runs. */
export function clusterNodeOf(host: object): ClusterNode | undefined {
  return candidates.get(host)?.node;
}

/** Whether `host` was opened with a channel connector (only such a queue manager can be a member). */
export function canCluster(host: object): boolean {
  return candidates.has(host);
}

/** After a command that may change what the queue manager publishes: its node syncs, or starts if it has just joined. */
export async function clusterChanged(host: ClusterHost): Promise<void> {
  const candidate = candidates.get(host);
  if (!candidate) return;
  // A join each time: the CLUSSDR to a full repository may be what was just defined.
  if (candidate.node) return candidate.node.sync({ join: true });
  if (clustersOf(host).length > 0) await start(host, candidate);
}
