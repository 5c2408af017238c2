/**
 * Retained publications (MQPMO_RETAIN): the last publication on a topic that asked to be
 * retained is kept, persistent, on SYSTEM.RETAINED.PUB.QUEUE (its topic in the property
 * MQTopicString), replacing the one before it in the same unit of work. A subscription made
 * afterwards is given a copy of each retained publication its topic matches and its selector
 * selects, flagged with the property MQIsRetained, as MQ does.
 */
import type { Message, PutMessage } from "../../message/message.js";
import type { MessagingPort, UnitOfWork } from "../../kernel/index.js";
import type { Selector } from "../../selector/index.js";
import { messageFields } from "../../selector/message-fields.js";
import { matchesTopic } from "./topic-string.js";

export const RETAINED_QUEUE = "SYSTEM.RETAINED.PUB.QUEUE";
export const TOPIC_PROPERTY = "MQTopicString";
export const RETAINED_PROPERTY = "MQIsRetained";

export interface RetainedHost extends Pick<MessagingPort, "defineQueue" | "browse" | "get" | "put"> {
  hasQueue(name: string): boolean;
}

/** Makes sure the retained publications' queue exists (before a unit of work uses it). */
export async function ensureRetainedQueue(host: RetainedHost): Promise<void> {
  if (!host.hasQueue(RETAINED_QUEUE)) await host.defineQueue(RETAINED_QUEUE, { maxDepth: 999_999_999, description: "Retained publications, one per topic" });
}

/** Stages, in `unit`, the publication as the topic's retained one, in place of the one before. */
export async function stageRetained(host: RetainedHost, topic: string, message: PutMessage, unit: UnitOfWork): Promise<void> {
  await host.get(RETAINED_QUEUE, { unitOfWork: unit, selector: `${TOPIC_PROPERTY} = '${topic.replaceAll("'", "''")}'` });
  const properties = { ...propertiesRecord(message), [TOPIC_PROPERTY]: topic };
  await host.put(RETAINED_QUEUE, { ...message, persistent: true, properties }, { unitOfWork: unit });
}

/** Puts on `queue` a copy of each retained publication the subscription's topic and selector take; how many. */
export async function deliverRetained(
  host: RetainedHost,
  subscriptionTopic: string,
  queue: string,
  selector: Selector | undefined,
  durable: boolean,
  unit: UnitOfWork,
): Promise<number> {
  if (!host.hasQueue(RETAINED_QUEUE)) return 0;
  let delivered = 0;
  for await (const retained of host.browse(RETAINED_QUEUE)) {
    const topic = retained.properties.find((p) => p.name === TOPIC_PROPERTY)?.value;
    if (typeof topic !== "string" || !matchesTopic(subscriptionTopic, topic)) continue;
    if (selector && !selector.matches((name) => (name === "JMSMessageID" ? null : messageFields(recordOf(retained))(name)))) continue;
    const properties = retained.properties.filter((p) => p.name !== TOPIC_PROPERTY);
    await host.put(
      queue,
      {
        body: retained.body,
        bodyFormat: retained.bodyFormat,
        priority: retained.priority,
        persistent: durable && retained.persistent,
        correlationId: retained.correlationId,
        ...(retained.correlationIdText === undefined ? {} : { correlationIdText: retained.correlationIdText }),
        type: retained.type,
        properties: [...properties, { name: RETAINED_PROPERTY, type: "boolean", value: true }],
      },
      { unitOfWork: unit },
    );
    delivered++;
  }
  return delivered;
}

/** The topics that have a retained publication (TPSTATUS RETAINED). */
export async function retainedTopics(host: RetainedHost): Promise<Set<string>> {
  const topics = new Set<string>();
  if (!host.hasQueue(RETAINED_QUEUE)) return topics;
  for await (const retained of host.browse(RETAINED_QUEUE)) {
    const topic = retained.properties.find((p) => p.name === TOPIC_PROPERTY)?.value;
    if (typeof topic === "string") topics.add(topic);
  }
  return topics;
}

// --- Internal helpers ---

function propertiesRecord(message: PutMessage): Record<string, unknown> {
  const input = message.properties;
  if (input === undefined) return {};
  if (Array.isArray(input))
    return Object.fromEntries((input as { name: string; type: string; value: unknown }[]).map((p) => [p.name, { type: p.type, value: p.value }]));
  if (input instanceof Map) return Object.fromEntries(input);
  return { ...(input as Record<string, unknown>) };
}

/** The parts of a record a selector reads, from a browsed message. */
function recordOf(message: Message) {
  return {
    messageId: message.messageId,
    correlationId: message.correlationId,
    priority: message.priority,
    persistent: message.persistent,
    putTime: message.putTime,
    expiresAt: null,
    type: message.type,
    backoutCount: 0,
    properties: message.properties.map((p) => ({ name: p.name, type: p.type, value: typeof p.value === "bigint" ? String(p.value) : p.value })),
  } as never;
}
