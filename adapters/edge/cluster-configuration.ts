/**
 * Clusters named in configuration (`MQ_CLUSTERS`): several queue managers of this Worker form a
 * cluster whose channels run object to object. Each member's object, as it opens its queue
 * manager, defines what IBM's cluster set-up asks of that member and it lacks: its CLUSRCVR
 * (`<cluster>.<qmgr>`, CONNAME naming itself: the CONNAME rule reaches it object to object), a
 * CLUSSDR to a full repository (`<cluster>.<repository>`: a partial repository's to the first
 * listed, a full repository's to each other one) and, on the full repositories, REPOS. Applied
 * as MQSC, only what is missing: an operator's ALTER (CLWLWGHT, a CONNAME) is kept across
 * restarts, and a restart defines nothing twice. The rest is core's (core/features/clusters).
 *
 * ```toml
 * MQ_CLUSTERS = '{"DEMO": {"repositories": ["QM1", "QM2"], "members": ["QM1", "QM2", "QM3", "QM4"]}}'
 * ```
 */
import { checkObjectName, type QueueManager } from "../../core/index.js";
import { ConfigurationError } from "../http/configuration-error.js";
import { parseConfigurationJson } from "./configuration-list.js";

const VARIABLE = "MQ_CLUSTERS";
/** IBM's channel names are at most 20 characters: `<cluster>.<qmgr>` must fit. */
const CHANNEL_NAME_LENGTH = 20;

export interface ConfiguredCluster {
  name: string;
  /** The full repositories (REPOS), first the one partial repositories' CLUSSDR names. */
  repositories: string[];
  /** Every member, the full repositories among them. */
  members: string[];
}

/** MQ_CLUSTERS read and checked: JSON `{ CLUSTER: { repositories: [...], members: [...] } }` (a string, or the object in [vars]). */
export function parseClusterConfiguration(value: unknown): ConfiguredCluster[] {
  if (value === undefined || value === null || value === "") return [];
  const parsed = parseConfigurationJson(VARIABLE, value, '{"CLUSTER": {"repositories": [...], "members": [...]}}');
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new ConfigurationError(VARIABLE, `${VARIABLE} must be an object naming each cluster: {"CLUSTER": {"repositories": [...], "members": [...]}}`);
  return Object.entries(parsed as Record<string, unknown>).map(([name, entry]) => {
    const at = `${VARIABLE}.${name}`;
    checked(() => checkObjectName(name, "cluster"), at);
    if (entry === null || typeof entry !== "object") throw new ConfigurationError(VARIABLE, `${at} must be an object { repositories, members }`);
    const fields = entry as Record<string, unknown>;
    const names = (key: string): string[] => {
      const list = fields[key];
      if (!Array.isArray(list) || list.length === 0 || list.some((n) => typeof n !== "string" || n === ""))
        throw new ConfigurationError(VARIABLE, `${at}.${key} must be a non-empty array of queue manager names`);
      for (const qmgr of list as string[]) {
        checked(() => checkObjectName(qmgr, "queue manager"), `${at}.${key}`);
        if (`${name}.${qmgr}`.length > CHANNEL_NAME_LENGTH)
          throw new ConfigurationError(
            VARIABLE,
            `${at}: the channel ${name}.${qmgr} would be longer than ${CHANNEL_NAME_LENGTH} characters; shorten the cluster's name`,
          );
      }
      return [...new Set(list as string[])];
    };
    const repositories = names("repositories");
    const members = [...new Set([...repositories, ...names("members")])];
    return { name, repositories, members };
  });
}

/** The clusters a queue manager is a member of. */
export function clustersOfMember(clusters: readonly ConfiguredCluster[], qmgr: string): ConfiguredCluster[] {
  return clusters.filter((cluster) => cluster.members.includes(qmgr));
}

/**
 * The MQSC that makes `qm` the member its configuration says, for what it lacks (empty when it
 * lacks nothing). REPOS is set only while the queue manager names no full repository itself.
 */
export function memberSetup(qm: QueueManager, clusters: readonly ConfiguredCluster[]): string[] {
  const commands: string[] = [];
  const member = clustersOfMember(clusters, qm.name);
  const fullOf = member.filter((cluster) => cluster.repositories.includes(qm.name));
  const repos = String(qm.attributes.repository ?? "").trim();
  const reposNamelist = String(qm.attributes.repositoryNamelist ?? "").trim();
  if (fullOf.length > 1 && reposNamelist === "" && !fullOf.every((c) => c.name === repos))
    throw new ConfigurationError(VARIABLE, `${qm.name} is a full repository of ${fullOf.map((c) => c.name).join(" and ")}: give it REPOSNL by MQSC`);
  if (fullOf.length === 1 && repos === "" && reposNamelist === "") commands.push(`ALTER QMGR REPOS(${fullOf[0]!.name})`);
  for (const cluster of member) {
    const own = `${cluster.name}.${qm.name}`;
    if (!qm.object("channel", own)) commands.push(`DEFINE CHANNEL('${own}') CHLTYPE(CLUSRCVR) CONNAME('${qm.name}') CLUSTER(${cluster.name})`);
    const full = cluster.repositories.includes(qm.name) ? cluster.repositories.filter((r) => r !== qm.name) : cluster.repositories.slice(0, 1);
    for (const repository of full) {
      const channel = `${cluster.name}.${repository}`;
      if (!qm.object("channel", channel)) commands.push(`DEFINE CHANNEL('${channel}') CHLTYPE(CLUSSDR) CONNAME('${repository}') CLUSTER(${cluster.name})`);
    }
  }
  return commands;
}

/** Runs memberSetup's MQSC on the opened queue manager; a command refused stops the open with IBM's message. */
export async function applyClusterConfiguration(qm: QueueManager, clusters: readonly ConfiguredCluster[]): Promise<void> {
  const commands = memberSetup(qm, clusters);
  if (commands.length === 0) return;
  const result = await qm.mqsc(commands.join("\n"));
  if (result.notProcessed > 0 || result.syntaxErrors > 0)
    throw new ConfigurationError(VARIABLE, `${qm.name} could not be set up as ${VARIABLE} says:\n${result.transcript}`);
}

function checked(check: () => void, at: string): void {
  try {
    check();
  } catch (error) {
    throw new ConfigurationError(VARIABLE, `${at}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
