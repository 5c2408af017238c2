/**
 * IBM's v1 admin JSON for queues, mapped onto core's definitions (plain-English attribute
 * names, core/objects/catalogue): IBM groups a queue's attributes into named objects, and
 * this is the one table that says which attribute is which, in which object, under which
 * JSON name, with which words for its values.
 *
 *   {"name":"Q1","type":"local","general":{"description":"","inhibitPut":false,...},
 *    "storage":{"maximumDepth":5000,...},"trigger":{...},"events":{"depth":{...},
 *    "serviceInterval":{...}},"applicationDefaults":{...},"cluster":{...},"extended":{...},
 *    "dataCollection":{...},"alias":{...},"remote":{...},"model":{...},
 *    "timestamps":{"created":"...","altered":"..."},"status":{"currentDepth":0,...}}
 *
 * Sources: IBM MQ 9.0/9.1 "Request body attributes for queues", "Response body attributes for
 * queues" and "REST API and PCF equivalents for queues" (ibm.com/docs/en/ibm-mq/9.1.x?topic=
 * equivalents-rest-api-pcf-queues). Attributes IBM's REST names do not cover (z/OS ones,
 * SCOPE, CAPEXPRY, and ours: MAXBYTES, LIMITBHV, ...) are not in the table: MQSC sets them.
 */
import type { Attributes, JsonValue, ObjectDefinition, ObjectType } from "../../core/index.js";

/** How one REST attribute reads and writes one catalogue attribute. */
interface QueueField {
  /** Where IBM puts it: "storage.maximumDepth", "events.depth.highEnabled". */
  path: string;
  /** The catalogue attribute (plain English). */
  attribute: string;
  /** The queue types that have it. */
  types: readonly ObjectType[];
  /** IBM's words for an enum's values: REST word -> catalogue value. Absent: the value as it is. */
  words?: Readonly<Record<string, JsonValue>>;
  /** A boolean that IBM states the other way round (inhibitPut is PUT(DISABLED)). */
  inverted?: true;
}

const L: ObjectType = "localQueue";
const A: ObjectType = "aliasQueue";
const R: ObjectType = "remoteQueue";
const M: ObjectType = "modelQueue";
const ALL = [L, A, R, M] as const;
const LOCALS = [L, M] as const;
const AS_QMGR = { asQmgr: "queueManager" } as const;

export const QUEUE_FIELDS: readonly QueueField[] = [
  { path: "general.description", attribute: "description", types: ALL },
  { path: "general.inhibitPut", attribute: "putEnabled", types: ALL, inverted: true },
  { path: "general.inhibitGet", attribute: "getEnabled", types: [L, A, M], inverted: true },
  { path: "general.isTransmissionQueue", attribute: "usage", types: LOCALS, words: { true: "transmission", false: "normal" } },
  { path: "storage.maximumDepth", attribute: "maxDepth", types: LOCALS },
  { path: "storage.maximumMessageLength", attribute: "maxMessageLength", types: LOCALS },
  { path: "storage.messageDeliverySequence", attribute: "deliverySequence", types: LOCALS, words: { priority: "priority", fifo: "fifo" } },
  { path: "storage.nonPersistentMessageClass", attribute: "nonPersistentMessageClass", types: LOCALS, words: { normal: "normal", high: "high" } },
  { path: "trigger.enabled", attribute: "trigger", types: LOCALS },
  { path: "trigger.type", attribute: "triggerType", types: LOCALS, words: { none: "none", first: "first", every: "every", depth: "depth" } },
  { path: "trigger.depth", attribute: "triggerDepth", types: LOCALS },
  { path: "trigger.messagePriority", attribute: "triggerMessagePriority", types: LOCALS },
  { path: "trigger.data", attribute: "triggerData", types: LOCALS },
  { path: "trigger.processName", attribute: "processName", types: LOCALS },
  { path: "trigger.initiationQueueName", attribute: "initiationQueue", types: LOCALS },
  { path: "events.depth.highEnabled", attribute: "depthHighEvent", types: LOCALS },
  { path: "events.depth.highPercentage", attribute: "depthHighLimit", types: LOCALS },
  { path: "events.depth.lowEnabled", attribute: "depthLowEvent", types: LOCALS },
  { path: "events.depth.lowPercentage", attribute: "depthLowLimit", types: LOCALS },
  { path: "events.depth.fullEnabled", attribute: "depthMaxEvent", types: LOCALS },
  { path: "events.serviceInterval.duration", attribute: "serviceInterval", types: LOCALS },
  { path: "applicationDefaults.bindType", attribute: "defaultBind", types: [L, A, R], words: { onOpen: "open", notFixed: "notFixed", onGroup: "group" } },
  {
    path: "applicationDefaults.messagePropertyControl",
    attribute: "propertyControl",
    types: [L, A, M],
    words: { all: "all", compatible: "compatible", forceRFH2: "force", none: "none", version6Compatible: "v6Compatible" },
  },
  { path: "applicationDefaults.persistent", attribute: "defaultPersistence", types: ALL },
  { path: "applicationDefaults.priority", attribute: "defaultPriority", types: ALL },
  { path: "applicationDefaults.putResponse", attribute: "defaultPutResponse", types: ALL, words: { synchronous: "sync", asynchronous: "async" } },
  { path: "applicationDefaults.readAhead", attribute: "defaultReadAhead", types: [L, A, M], words: { no: "no", yes: "yes", disabled: "disabled" } },
  { path: "applicationDefaults.sharedInput", attribute: "defaultShareOption", types: LOCALS, words: { true: "shared", false: "exclusive" } },
  { path: "cluster.name", attribute: "cluster", types: [L, A, R] },
  { path: "cluster.namelist", attribute: "clusterNamelist", types: [L, A, R] },
  { path: "cluster.workloadPriority", attribute: "clusterWorkloadPriority", types: [L, A, R] },
  { path: "cluster.workloadRank", attribute: "clusterWorkloadRank", types: [L, A, R] },
  { path: "cluster.workloadQueueUse", attribute: "clusterWorkloadUseQueue", types: [L], words: { ...AS_QMGR, any: "any", local: "local" } },
  { path: "cluster.transmissionQueueForChannelName", attribute: "clusterChannelName", types: [L] },
  { path: "extended.allowSharedInput", attribute: "shareable", types: LOCALS },
  { path: "extended.backoutRequeueQueueName", attribute: "backoutRequeueQueue", types: LOCALS },
  { path: "extended.backoutThreshold", attribute: "backoutThreshold", types: LOCALS },
  { path: "extended.hardenGetBackout", attribute: "hardenBackout", types: LOCALS },
  { path: "extended.supportDistributionLists", attribute: "distributionLists", types: LOCALS },
  { path: "extended.retentionInterval", attribute: "retentionInterval", types: LOCALS },
  { path: "extended.custom", attribute: "custom", types: ALL },
  { path: "extended.enableMediaImageOperations", attribute: "mediaImageRecoverable", types: LOCALS, words: { ...AS_QMGR, yes: "yes", no: "no" } },
  { path: "dataCollection.accounting", attribute: "accounting", types: LOCALS, words: { ...AS_QMGR, on: "on", off: "off" } },
  { path: "dataCollection.monitoring", attribute: "monitoring", types: LOCALS, words: { ...AS_QMGR, off: "off", low: "low", medium: "medium", high: "high" } },
  { path: "dataCollection.statistics", attribute: "statistics", types: LOCALS, words: { ...AS_QMGR, on: "on", off: "off" } },
  { path: "alias.targetName", attribute: "target", types: [A] },
  { path: "alias.targetType", attribute: "targetType", types: [A], words: { queue: "queue", topic: "topic" } },
  { path: "remote.queueName", attribute: "remoteName", types: [R] },
  { path: "remote.qmgrName", attribute: "remoteQueueManager", types: [R] },
  { path: "remote.transmissionQueueName", attribute: "transmissionQueue", types: [R] },
  { path: "model.type", attribute: "definitionType", types: [M], words: { permanentDynamic: "permanentDynamic", temporaryDynamic: "temporaryDynamic" } },
];

/**
 * The service interval event is one MQSC attribute (QSVCIEV: HIGH, OK or NONE) that IBM's REST
 * shows as two flags; at most one of them can be true.
 */
const SERVICE_INTERVAL_FLAGS = { "events.serviceInterval.highEnabled": "high", "events.serviceInterval.okEnabled": "ok" } as const;

/** IBM's `type` words for each queue type, and back. */
export const QUEUE_TYPE_WORDS: Readonly<Record<string, ObjectType>> = { local: L, alias: A, remote: R, model: M };
export function queueTypeWord(type: ObjectType): string {
  return Object.keys(QUEUE_TYPE_WORDS).find((word) => QUEUE_TYPE_WORDS[word] === type) ?? type;
}

/** Every REST attribute path a queue of `type` has (the status object's aside), in IBM's order. */
export function queuePaths(type: ObjectType): string[] {
  const paths = QUEUE_FIELDS.filter((f) => f.types.includes(type)).map((f) => f.path);
  if (LOCALS.includes(type as (typeof LOCALS)[number])) paths.push(...Object.keys(SERVICE_INTERVAL_FLAGS));
  paths.push("timestamps.altered");
  if (type === L) paths.push("timestamps.created");
  return paths;
}

/** Every path any queue type has: what ?attributes= and ?filter= may name. */
export const ALL_QUEUE_PATHS: ReadonlySet<string> = new Set(ALL.flatMap((type) => queuePaths(type)));

/** The value of one REST attribute of a definition. */
export function queueValue(definition: ObjectDefinition, path: string): JsonValue | undefined {
  if (path === "timestamps.altered") return new Date(definition.alteredAt).toISOString();
  if (path === "timestamps.created") return new Date(definition.createdAt).toISOString();
  if (path in SERVICE_INTERVAL_FLAGS) return definition.attributes.serviceIntervalEvent === SERVICE_INTERVAL_FLAGS[path as keyof typeof SERVICE_INTERVAL_FLAGS];
  const field = QUEUE_FIELDS.find((f) => f.path === path);
  if (!field || !field.types.includes(definition.type)) return undefined;
  const value = definition.attributes[field.attribute] ?? null;
  if (field.inverted) return !value;
  if (field.words) {
    const word = Object.keys(field.words).find((w) => field.words![w] === value);
    if (word === "true" || word === "false") return word === "true";
    return word ?? value;
  }
  return value;
}

/** Sets `value` at a dotted path in nested objects. */
export function setPath(target: Record<string, JsonValue>, path: string, value: JsonValue): void {
  const parts = path.split(".");
  let at = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof at[part] !== "object" || at[part] === null) at[part] = {};
    at = at[part] as Record<string, JsonValue>;
  }
  at[parts.at(-1)!] = value;
}

/**
 * A request body's attributes (every key but name and type) as core attributes for a queue
 * of `type`. Throws a message naming the first attribute that is unknown, of another queue
 * type, or of the wrong kind of value.
 */
export function queueAttributesFromBody(body: Record<string, unknown>, type: ObjectType): Attributes {
  const out: Attributes = {};
  const flags: Partial<Record<"high" | "ok", boolean>> = {};
  const visit = (value: unknown, path: string) => {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path === "" ? key : `${path}.${key}`);
      return;
    }
    if (path in SERVICE_INTERVAL_FLAGS) {
      if (typeof value !== "boolean") throw new TypeError(`${path} is true or false; got ${JSON.stringify(value)}`);
      flags[SERVICE_INTERVAL_FLAGS[path as keyof typeof SERVICE_INTERVAL_FLAGS]] = value;
      return;
    }
    const field = QUEUE_FIELDS.find((f) => f.path === path);
    if (!field)
      throw new TypeError(
        `${path} is not an attribute of a queue here; the attributes are ${[...ALL_QUEUE_PATHS].filter((p) => !p.startsWith("timestamps.")).join(", ")}`,
      );
    if (!field.types.includes(type)) throw new TypeError(`${path} is not an attribute of a ${queueTypeWord(type)} queue`);
    if (field.inverted) {
      if (typeof value !== "boolean") throw new TypeError(`${path} is true or false; got ${JSON.stringify(value)}`);
      out[field.attribute] = !value;
    } else if (field.words) {
      const key = typeof value === "boolean" ? String(value) : typeof value === "string" ? value : undefined;
      if (key === undefined || !(key in field.words))
        throw new TypeError(`${path} is one of ${Object.keys(field.words).join(", ")}; got ${JSON.stringify(value)}`);
      out[field.attribute] = field.words[key]!;
    } else out[field.attribute] = value as JsonValue; // core checks its type and range
  };
  for (const [key, value] of Object.entries(body)) if (key !== "name" && key !== "type") visit(value, key);
  if (flags.high && flags.ok) throw new TypeError("events.serviceInterval.highEnabled and okEnabled cannot both be true");
  if (flags.high !== undefined || flags.ok !== undefined) out.serviceIntervalEvent = flags.high ? "high" : flags.ok ? "ok" : "none";
  return out;
}
