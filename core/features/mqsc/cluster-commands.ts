/**
 * MQSC's cluster commands (core/features/clusters; loaded by execute.ts on first use):
 * DISPLAY CLUSQMGR and DISPLAY QCLUSTER (what the repository holds, with IBM's attribute names),
 * REFRESH CLUSTER, RESET CLUSTER ... ACTION(FORCEREMOVE) (at a full repository), and SUSPEND /
 * RESUME QMGR CLUSTER(name). A queue manager in no cluster, or opened without a channel connector,
 * answers that the cluster is not found (AMQ8147E, MQRC_UNKNOWN_OBJECT_NAME), saying why.
 */
import { MQRC } from "../../base/errors.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { MqscSyntax } from "./commands.js";
import { matchesGeneric, type DisplayItem } from "./display.js";
import type { MqscHost } from "./host.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { failed, succeeded, type MqscMessage, type MqscObject, type Outcome } from "./result.js";
import { item, select } from "./status-commands.js";
import { canCluster, clusterNodeOf } from "../clusters/install.js";
import type { ClusterNode } from "../clusters/node.js";

const message = (id: string, text: string): MqscMessage => ({ id, text });

export async function runClusterCommand(host: MqscHost, verb: string, objectKeyword: string, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const node = clusterNodeOf(host);
  if (verb === "DISPLAY" && objectKeyword === "CLUSQMGR") return displayClusterQueueManagers(host, node, target, rest);
  if (verb === "DISPLAY" && objectKeyword === "QCLUSTER") return displayClusterQueues(node, target, rest);
  const cluster = verb === "REFRESH" || verb === "RESET" ? objectName(target, true) : clusterOption(target, rest);
  if (!node) {
    const why = canCluster(host)
      ? `queue manager ${host.name} is in no cluster: define a CLUSRCVR channel with CLUSTER(${cluster})`
      : `queue manager ${host.name} was opened without a channel connector, so it cannot take part in a cluster`;
    return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [message("AMQ8147E", `IBM MQ object ${cluster} not found: ${why}.`)]);
  }
  if (cluster !== "*" && !node.clusters().includes(cluster))
    return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [
      message("AMQ8147E", `IBM MQ object ${cluster} not found: queue manager ${host.name} is not in cluster ${cluster}.`),
    ]);
  switch (verb) {
    case "REFRESH":
      await node.refresh(cluster);
      return succeeded([message("AMQ8559I", "Refresh Cluster accepted.")]);
    case "RESET": {
      const options = readOptions(rest, ["QMNAME", "ACTION", "QUEUES"]);
      const qmname = options.get("QMNAME");
      const action = options.get("ACTION");
      if (!qmname || action !== "FORCEREMOVE") throw new MqscSyntax("RESET CLUSTER needs QMNAME(name) ACTION(FORCEREMOVE)", target.position);
      if (!node.isFullRepository(cluster))
        return failed(MQRCCF.MQRCCF_COMMAND_FAILED, [
          message("AMQ9431E", `Queue manager ${host.name} is not a full repository for cluster ${cluster}: RESET CLUSTER runs at a full repository.`),
        ]);
      const removed = await node.forceRemove(cluster, qmname);
      if (removed === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [message("AMQ8147E", `IBM MQ object ${qmname} not found in cluster ${cluster}.`)]);
      return succeeded([message("AMQ8559I", "Reset Cluster accepted.")]);
    }
    case "SUSPEND":
    case "RESUME":
      await node.suspend(cluster, verb === "SUSPEND");
      return succeeded([
        verb === "SUSPEND" ? message("AMQ8588I", "Suspend Queue Manager Cluster accepted.") : message("AMQ8589I", "Resume Queue Manager Cluster accepted."),
      ]);
  }
  throw new MqscSyntax(`${verb} ${objectKeyword} is not a cluster command`, target.position);
}

/** SUSPEND QMGR CLUSTER(name): the cluster is an option after QMGR. */
function clusterOption(target: MqscParameter, rest: MqscParameter[]): string {
  if (target.values !== undefined) throw new MqscSyntax("QMGR takes no value here: SUSPEND QMGR CLUSTER(name)", target.position);
  const cluster = readOptions(rest, ["CLUSTER", "MODE"]).get("CLUSTER");
  if (!cluster) throw new MqscSyntax("name the cluster: CLUSTER(name) (CLUSNL is not supported here)", target.position);
  return cluster;
}

function readOptions(rest: MqscParameter[], allowed: string[]): Map<string, string> {
  const options = new Map<string, string>();
  for (const parameter of rest) {
    if (!allowed.includes(parameter.keyword) || parameter.values?.length !== 1)
      throw new MqscSyntax(`${parameter.keyword} is not an option here; this command takes ${allowed.map((a) => `${a}(...)`).join(", ")}`, parameter.position);
    options.set(parameter.keyword, parameter.values[0]!.text);
  }
  return options;
}

function readDisplay(rest: MqscParameter[], command: string): { requested: MqscParameter[]; cluster: string | undefined } {
  const requested: MqscParameter[] = [];
  let cluster: string | undefined;
  for (const parameter of rest) {
    if (parameter.keyword === "CLUSTER" && parameter.values?.length === 1) cluster = parameter.values[0]!.text;
    else if (parameter.values === undefined) requested.push(parameter);
    else throw new MqscSyntax(`${parameter.keyword}(...) is not an option of ${command}`, parameter.position);
  }
  return { requested, cluster };
}

function displayClusterQueueManagers(host: MqscHost, node: ClusterNode | undefined, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const { requested, cluster } = readDisplay(rest, "DISPLAY CLUSQMGR");
  const objects: MqscObject[] = [];
  const records = node ? [...node.repository.all()] : [];
  for (const record of records) {
    if (record.kind !== "qmgr" || record.deleted || !matchesGeneric(pattern, record.qmgr) || (cluster && !matchesGeneric(cluster, record.cluster))) continue;
    const own = record.qmgr === host.name;
    const manual = !own && node!.members.manualSenders(record.cluster).includes(record.channel);
    const state = own ? undefined : host.channelStatus(record.channel);
    const items: DisplayItem[] = [
      item("CLUSQMGR", record.qmgr),
      item("CHANNEL", record.channel),
      item("CLUSTER", record.cluster),
      item("CONNAME", record.connectionName),
      item("DEFTYPE", own ? "CLUSRCVR" : manual ? "CLUSSDRB" : "CLUSSDRA"),
      item("QMID", record.qmid),
      item("QMTYPE", record.fullRepository ? "REPOS" : "NORMAL"),
      item("STATUS", own ? "RUNNING" : (state ?? "inactive").toUpperCase()),
      item("SUSPEND", record.suspended ? "YES" : "NO"),
      item("CLWLPRTY", record.priority),
      item("CLWLRANK", record.rank),
      item("CLWLWGHT", record.weight),
      item("NETPRTY", record.networkPriority),
    ];
    objects.push(select(items, requested, 3));
  }
  if (objects.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [message("AMQ8147E", `IBM MQ object ${pattern} not found.`)]);
  return succeeded([message("AMQ8441I", "Display Cluster Queue Manager details.")], objects);
}

function displayClusterQueues(node: ClusterNode | undefined, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const { requested, cluster } = readDisplay(rest, "DISPLAY QCLUSTER");
  const objects: MqscObject[] = [];
  for (const record of node ? node.repository.all() : []) {
    if (record.kind !== "queue" || record.deleted || !matchesGeneric(pattern, record.queue) || (cluster && !matchesGeneric(cluster, record.cluster))) continue;
    const items: DisplayItem[] = [
      item("QUEUE", record.queue),
      item("TYPE", "QCLUSTER"),
      item("CLUSQMGR", record.qmgr),
      item("CLUSQT", record.queueType === "remote" ? "QREMOTE" : record.queueType === "queueManagerAlias" ? "QMGR" : "QLOCAL"),
      item("CLUSTER", record.cluster),
      item("QMID", record.qmid),
      item("CLWLPRTY", record.priority),
      item("CLWLRANK", record.rank),
      item("DEFBIND", { open: "OPEN", notFixed: "NOTFIXED", group: "GROUP" }[record.defaultBind]),
      item("DEFPRTY", record.defaultPriority),
      item("DEFPSIST", record.defaultPersistence ? "YES" : "NO"),
      item("PUT", record.putEnabled ? "ENABLED" : "DISABLED"),
    ];
    objects.push(select(items, requested, 3));
  }
  if (objects.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [message("AMQ8147E", `IBM MQ object ${pattern} not found.`)]);
  return succeeded([message("AMQ8409I", "Display Queue details.")], objects);
}
