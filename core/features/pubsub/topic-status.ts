/**
 * DISPLAY TPSTATUS's figures for the topic nodes a topic string selects: '+' stands for one
 * level and '#' for any number, itself included ('a/#' is 'a' and all below it), as IBM's
 * TPSTATUS documents; without a wildcard, the one node. Each node carries its resolved
 * attributes (topic-tree.ts), whether a retained publication waits on it, its subscriptions
 * (those made on exactly its topic string) and its publishers (publishers.ts).
 */
import type { Attributes } from "../../objects/definitions.js";
import type { PublisherStatus, Publishers } from "./publishers.js";
import { ancestry, type TopicObjects } from "./topic-tree.js";
import { matchesTopic } from "./topic-string.js";

export interface TopicSubscriptionStatus {
  /** The SUB object's name; undefined for a JMS non-durable subscription. */
  name?: string;
  id: string;
  user: string;
  durable: boolean;
  type: "ADMIN" | "API";
  resumedAt: number;
  messages: number;
  lastMessageTime: number | null;
  /** The subscriber's connection (48 hex digits), zeros when none is known to be connected. */
  connectionId: string;
}

export interface TopicNodeStatus {
  topic: string;
  /** The topic object that is this node's admin node, or "". */
  admin: string;
  /** CLUSTER, DEFPRTY, DURSUB, PUB, SUB, ... as resolved for this node (catalogue names and values). */
  attributes: Attributes;
  retained: boolean;
  subscriptions: TopicSubscriptionStatus[];
  publishers: PublisherStatus[];
}

export interface TopicStatusSources {
  topicObjects: TopicObjects;
  subscriptions: { topic: string; status: TopicSubscriptionStatus }[];
  retainedTopics: ReadonlySet<string>;
  publishers: Publishers;
}

/** The nodes `pattern` selects, in topic-string order; empty when none does. */
export function topicStatus(pattern: string, sources: TopicStatusSources): TopicNodeStatus[] {
  const used = new Set<string>([
    ...sources.topicObjects.topicStrings(),
    ...sources.retainedTopics,
    ...sources.publishers.topics(),
    ...sources.subscriptions.map((s) => s.topic),
  ]);
  const nodes = new Set<string>();
  for (const topic of used) for (const node of ancestry(topic)) if (node !== "") nodes.add(node);
  return [...nodes]
    .filter((node) => matchesTopic(pattern, node))
    .sort()
    .map((node) => ({
      topic: node,
      admin: sources.topicObjects.adminOf(node)?.name ?? "",
      attributes: sources.topicObjects.resolveAll(node),
      retained: sources.retainedTopics.has(node),
      subscriptions: sources.subscriptions.filter((s) => s.topic === node).map((s) => s.status),
      publishers: sources.publishers.of(node),
    }));
}
