/**
 * DISPLAY TPSTATUS(topicstr) TYPE(TOPIC | SUB | PUB): the status of the topic nodes a topic
 * string selects ('+' one level, '#' any number of levels, itself included), with the
 * attributes IBM lists for each TYPE on a distributed queue manager. TYPE(TOPIC) shows the
 * attributes as resolved up the tree (the values ASPARENT stands for); TYPE(SUB) one row per
 * subscription made on the node's own topic string; TYPE(PUB) one per publisher. The
 * publication figures are kept in memory since the queue manager opened (core/pubsub).
 */
import type { MqscHost } from "./host.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { CATALOGUE } from "../../objects/catalogue/index.js";
import type { TopicNodeStatus, TopicSubscriptionStatus } from "../pubsub/topic-status.js";
import type { PublisherStatus } from "../pubsub/publishers.js";
import { MqscSyntax } from "./commands.js";
import { dateAndTime, readWhere, satisfies, type DisplayItem, type WhereClause } from "./display.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, succeeded, type MqscObject, type Outcome } from "./result.js";
import { item, select } from "./status-commands.js";
import { formatValue, jsonValue } from "./values.js";

type StatusType = "TOPIC" | "SUB" | "PUB";

/** TYPE(TOPIC)'s attributes that come from topic objects, by their MQSC keyword (IBM's list). */
const RESOLVED = [
  "CLROUTE",
  "CLUSTER",
  "COMMINFO",
  "DEFPRESP",
  "DEFPRTY",
  "DEFPSIST",
  "DURSUB",
  "MCAST",
  "MDURMDL",
  "MNDURMDL",
  "NPMSGDLV",
  "PMSGDLV",
  "PUB",
  "PUBSCOPE",
  "SUB",
  "SUBSCOPE",
  "USEDLQ",
];

export async function displayTopicStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const pattern = objectName(target, true);
  let type: StatusType = "TOPIC";
  let where: WhereClause | undefined;
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    if (parameter.keyword === "TYPE") {
      const value = parameter.values?.[0]?.text.toUpperCase();
      if (parameter.values?.length !== 1 || (value !== "TOPIC" && value !== "SUB" && value !== "PUB"))
        throw new MqscSyntax("TYPE is TOPIC, SUB or PUB", parameter.position);
      type = value;
    } else if (parameter.keyword === "WHERE" && parameter.values) {
      const clause = readWhere(parameter.values);
      if (typeof clause === "string") throw new MqscSyntax(clause, parameter.position);
      where = clause;
    } else if (parameter.values === undefined) requested.push(parameter);
    else throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY TPSTATUS option`, parameter.position);
  }
  const nodes = await qm.topicStatus(pattern);
  // IBM documents the reason (3308) for a topic string no node matches; which AMQ message
  // runmqsc prints with it we could not confirm, so it is the general "object not found".
  if (nodes.length === 0) return failed(MQRCCF.MQRCCF_TOPIC_STRING_NOT_FOUND, [amq("objectNotFound", pattern)]);
  const rows: DisplayItem[][] = [];
  for (const node of nodes) {
    if (type === "TOPIC") rows.push(topicItems(node));
    else if (type === "SUB") for (const subscription of node.subscriptions) rows.push(subscriptionItems(node.topic, subscription));
    else for (const publisher of node.publishers) rows.push(publisherItems(publisher));
  }
  const objects: MqscObject[] = [];
  for (const items of rows) {
    if (where) {
      if (!items.some((i) => i.keyword === where.keyword))
        throw new MqscSyntax(
          `WHERE(${where.keyword} ...): ${where.keyword} is not a TYPE(${type}) status attribute`,
          rest.find((p) => p.keyword === "WHERE")!.position,
        );
      if (!satisfies(where, new Map(items.map((i) => [i.keyword, i])))) continue;
    }
    objects.push(select(items, requested, type === "SUB" ? 2 : 1));
  }
  return succeeded([amq("displayTopicStatusDetails")], objects);
}

// --- Internal helpers ---

function topicItems(node: TopicNodeStatus): DisplayItem[] {
  const resolved = RESOLVED.map((keyword) => {
    const spec = CATALOGUE.topic.attributes.find((a) => a.keyword === keyword)!;
    const value = node.attributes[spec.name] ?? spec.default;
    const text = formatValue(spec.type, value);
    return { keyword, text: `${keyword}(${text === "" ? " " : text})`, json: jsonValue(spec.type, value) };
  });
  const items = [
    item("ADMIN", node.admin),
    ...resolved,
    item("PUBCOUNT", node.publishers.length),
    item("RETAINED", node.retained ? "YES" : "NO"),
    item("SUBCOUNT", node.subscriptions.length),
  ].sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
  return [item("TOPICSTR", node.topic), ...items];
}

function subscriptionItems(topic: string, subscription: TopicSubscriptionStatus): DisplayItem[] {
  const last = dateAndTime(subscription.lastMessageTime);
  const resumed = dateAndTime(subscription.resumedAt);
  return [
    item("TOPICSTR", topic),
    item("SUBID", subscription.id),
    item("ACTCONN", subscription.connectionId),
    item("DURABLE", subscription.durable ? "YES" : "NO"),
    item("LMSGDATE", last.date.trim()),
    item("LMSGTIME", last.time.trim()),
    item("MCASTREL", "(,)"),
    item("NUMMSGS", subscription.messages),
    item("RESMDATE", resumed.date.trim()),
    item("RESMTIME", resumed.time.trim()),
    item("SUBTYPE", subscription.type),
    item("SUBUSER", subscription.user),
  ];
}

function publisherItems(publisher: PublisherStatus): DisplayItem[] {
  const last = dateAndTime(publisher.lastPublished);
  return [
    item("TOPICSTR", publisher.topic),
    item("ACTCONN", publisher.connectionId),
    item("LPUBDATE", last.date.trim()),
    item("LPUBTIME", last.time.trim()),
    item("MCASTREL", "(,)"),
    item("NUMPUBS", publisher.publications),
  ];
}
