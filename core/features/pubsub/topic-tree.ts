/**
 * The topic tree as DISPLAY TPSTATUS sees it: a node for each topic string in use (a topic
 * object's TOPICSTR, a subscription's topic string, a retained publication's or a publisher's
 * topic) and for each level above it, as MQ makes the levels of 'a/b/c' nodes too. A node's
 * attributes resolve as MQ resolves ASPARENT: from the topic object that is the node's admin
 * node, else the nearest one up the tree, else SYSTEM.BASE.TOPIC, else the values IBM ships
 * SYSTEM.BASE.TOPIC with (MQ uses those even when the object is missing).
 */
import type { JsonValue } from "../../message/message.js";
import type { Attributes, ObjectDefinition } from "../../objects/definitions.js";

export const BASE_TOPIC = "SYSTEM.BASE.TOPIC";

/** SYSTEM.BASE.TOPIC as IBM ships it, in the catalogue's plain-English values. */
const BASE_VALUES: Attributes = {
  cluster: "",
  clusterRoute: "direct",
  communicationInformation: "SYSTEM.DEFAULT.COMMINFO.MULTICAST",
  defaultPutResponse: "sync",
  defaultPriority: 0,
  defaultPersistence: "no",
  durableSubscriptions: "yes",
  multicast: "disabled",
  durableModelQueue: "SYSTEM.DURABLE.MODEL.QUEUE",
  nonDurableModelQueue: "SYSTEM.NDURABLE.MODEL.QUEUE",
  nonPersistentMessageDelivery: "allAvailable",
  persistentMessageDelivery: "allDurable",
  publish: "enabled",
  publicationScope: "all",
  subscribe: "enabled",
  subscriptionScope: "all",
  useDeadLetterQueue: "yes",
};

/** The attributes a topic node resolves (the TPSTATUS TYPE(TOPIC) ones that come from topic objects). */
export const RESOLVED_ATTRIBUTES = Object.keys(BASE_VALUES);

/** Topic objects by their TOPICSTR (the first by name where two share one), SYSTEM.BASE.TOPIC apart. */
export class TopicObjects {
  readonly #byString = new Map<string, ObjectDefinition>();
  readonly #base: ObjectDefinition | undefined;

  constructor(topics: Iterable<ObjectDefinition>) {
    let base: ObjectDefinition | undefined;
    for (const topic of topics) {
      if (topic.name === BASE_TOPIC) base = topic;
      const topicString = String(topic.attributes.topicString ?? "");
      if (topicString !== "" && !this.#byString.has(topicString)) this.#byString.set(topicString, topic);
    }
    this.#base = base;
  }

  /** The topic object whose TOPICSTR is exactly this node's (its admin node), if any. */
  adminOf(topic: string): ObjectDefinition | undefined {
    return this.#byString.get(topic);
  }

  topicStrings(): Iterable<string> {
    return this.#byString.keys();
  }

  /** One attribute of a node, resolved up the tree. */
  resolve(topic: string, name: string): JsonValue {
    for (const node of [...ancestry(topic)]) {
      const value = this.#byString.get(node)?.attributes[name];
      if (value !== undefined && !inherits(value)) return value;
    }
    const base = this.#base?.attributes[name];
    return base !== undefined && !inherits(base) ? base : BASE_VALUES[name]!;
  }

  /** Every resolved attribute of a node. */
  resolveAll(topic: string): Attributes {
    return Object.fromEntries(RESOLVED_ATTRIBUTES.map((name) => [name, this.resolve(topic, name)]));
  }
}

/** A topic string and each level above it, nearest first: 'a/b/c', 'a/b', 'a'. */
export function* ancestry(topic: string): Iterable<string> {
  for (let node = topic; ;) {
    yield node;
    const cut = node.lastIndexOf("/");
    if (cut < 0) return;
    node = node.slice(0, cut);
  }
}

// --- Internal helpers ---

/** ASPARENT (as text or as its number) and blank names take the value from further up. */
function inherits(value: JsonValue): boolean {
  return value === "asParent" || value === -2 || value === "";
}
