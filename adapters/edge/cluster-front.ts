/**
 * A REST client that does not care which member of a cluster serves it names the cluster
 * instead of a queue manager: `/ibmmq/rest/v3/messaging/qmgr/<CLUSTER>/queue/Q/message`, for a
 * cluster MQ_CLUSTERS configures (a served queue manager of the same name wins). The front
 * Worker hands the request to one member, chosen by rendezvous hashing (highest random weight)
 * of the client: its `x-webmq-client-id` header when it sends one, else its principal and
 * address. The answer names the member in `x-webmq-qmgr`.
 *
 * Why a hash of the client, not round robin or load: IBM's uniform clusters spread applications
 * (connections), not single calls, because what a client does is tied to a member: a get by
 * message id, a browse, a leased get's confirmation, reading a reply where its request was put.
 * A client keeps its member while the members stay the same; many clients spread evenly; a
 * member added or removed moves only the clients whose highest weight it has (about 1/n of
 * them), where a modulo hash would move nearly all. Load is not known at the front (each
 * member's depth is in its object), and asking would cost a call per request.
 */
import type { Principal } from "../http/index.js";
import { parseClusterConfiguration, type ConfiguredCluster } from "./cluster-configuration.js";
import type { EdgeEnv } from "./env.js";

/** The header a client names itself by, to be spread over members as that client. */
export const CLIENT_ID_HEADER = "x-webmq-client-id";
/** The response header naming the member that served a request made to a cluster's name. */
export const MEMBER_HEADER = "x-webmq-qmgr";

/** The configured cluster called `name`, if any. */
export function configuredCluster(env: EdgeEnv, name: string): ConfiguredCluster | undefined {
  return parseClusterConfiguration(env.MQ_CLUSTERS).find((cluster) => cluster.name === name);
}

/** Who the client is, for the hash: what it says in x-webmq-client-id, else its principal at its address. */
export function clientKey(request: Request, principal: Principal | undefined): string {
  const named = request.headers.get(CLIENT_ID_HEADER)?.trim();
  if (named) return `id:${named}`;
  return `principal:${principal?.name ?? ""}@${request.headers.get("CF-Connecting-IP") ?? ""}`;
}

/** The member the client is mapped to: the one whose hash with the client's key is highest. */
export function memberFor(cluster: ConfiguredCluster, key: string): string {
  let best = cluster.members[0]!;
  let bestWeight = -1;
  for (const member of cluster.members) {
    const weight = fnv1a32(`${key}\u0000${member}`);
    if (weight > bestWeight) [best, bestWeight] = [member, weight];
  }
  return best;
}

/** The request's URL with the cluster's name in the path replaced by the member's. */
export function urlForMember(url: string, cluster: string, member: string): string {
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.replace(`/qmgr/${encodeURIComponent(cluster)}/`, `/qmgr/${encodeURIComponent(member)}/`);
  return parsed.href;
}

// --- Internal helpers ---

/** FNV-1a, 32 bits, then a final avalanche (murmur3's fmix32) so that similar keys spread. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
