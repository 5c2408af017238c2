/**
 * IBM's cluster workload-management algorithm, the steps in IBM's order, as a pure function of
 * the instances a put may go to: each step keeps the best by one attribute, and a step that
 * would leave nothing keeps what it had (so a suspended or unreachable queue manager is only
 * avoided when another can take the message). The last step spreads by CLWLWGHT: the instance
 * whose channel has carried the fewest messages for its weight, so that over many puts the
 * shares follow the weights (IBM's least-recently-used with weighting).
 */

export interface Instance {
  queueManager: string;
  /** This queue manager's own instance (CLWLUSEQ decides whether it is preferred); with ANY it competes with the rank, priorities and weight of its own CLUSRCVR, as IBM's does. */
  local: boolean;
  putEnabled: boolean;
  /** The cluster-sender toward it is RETRYING or STOPPED (never for a local instance). */
  unreachable: boolean;
  suspended: boolean;
  channelRank: number;
  queueRank: number;
  networkPriority: number;
  channelPriority: number;
  queuePriority: number;
  weight: number;
  /** Messages this queue manager has sent toward it (the channel's MRU count). */
  sent: number;
}

function keepBest(instances: Instance[], score: (i: Instance) => number): Instance[] {
  let best = -Infinity;
  for (const i of instances) best = Math.max(best, score(i));
  return instances.filter((i) => score(i) === best);
}

function keepIf(instances: Instance[], keep: (i: Instance) => boolean): Instance[] {
  const kept = instances.filter(keep);
  return kept.length > 0 ? kept : instances;
}

/** The instance a put goes to, or undefined when there is none; `useQueue` is CLWLUSEQ resolved (QMGR taken from the queue manager). */
export function chooseInstance(all: readonly Instance[], useQueue: "local" | "any"): Instance | undefined {
  let candidates = all.filter((i) => i.putEnabled);
  if (candidates.length === 0) return undefined;
  const local = candidates.find((i) => i.local);
  if (local && useQueue === "local") return local;
  candidates = keepIf(candidates, (i) => i.local || !i.unreachable);
  candidates = keepBest(candidates, (i) => i.channelRank);
  candidates = keepBest(candidates, (i) => i.queueRank);
  candidates = keepIf(candidates, (i) => !i.suspended);
  candidates = keepBest(candidates, (i) => i.networkPriority);
  candidates = keepBest(candidates, (i) => i.channelPriority);
  candidates = keepBest(candidates, (i) => i.queuePriority);
  let chosen = candidates[0]!;
  for (const i of candidates.slice(1)) {
    const [a, b] = [(i.sent + 1) / i.weight, (chosen.sent + 1) / chosen.weight];
    if (a < b || (a === b && i.queueManager < chosen.queueManager)) chosen = i;
  }
  return chosen;
}
