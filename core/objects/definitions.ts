/**
 * Object definitions of every type MQ has (queues of four types, processes, topics,
 * subscriptions, channels, namelists, listeners) with their attributes in plain English, checked
 * against the catalogue (core/objects/catalogue): each attribute's type, range and default
 * are IBM's. The queue manager keeps definitions; only local queues hold messages.
 */
import { MQError } from "../base/errors.js";
import type { JsonValue } from "../message/message.js";
import { CATALOGUE, QUEUE_MANAGER, channelAttributeNames } from "./catalogue/index.js";
import type { AttributeSpec, AttributeType, ObjectTypeSpec } from "./catalogue/types.js";
import type { ObjectKind } from "../store/store.js";

export type ObjectType =
  "localQueue" | "aliasQueue" | "remoteQueue" | "modelQueue" | "process" | "topic" | "subscription" | "channel" | "namelist" | "listener";

export const OBJECT_TYPES: readonly ObjectType[] = [
  "localQueue",
  "aliasQueue",
  "remoteQueue",
  "modelQueue",
  "process",
  "topic",
  "subscription",
  "channel",
  "namelist",
  "listener",
];

export type Attributes = { [name: string]: JsonValue };

/** A defined object as the manager keeps it. */
export interface ObjectDefinition {
  type: ObjectType;
  name: string;
  attributes: Attributes;
  /** When it was defined and last altered, in milliseconds since the epoch (CRDATE/ALTDATE). */
  createdAt: number;
  alteredAt: number;
}

/** Each MQ object kind is its own namespace; the four queue types share one. */
export function kindOf(type: ObjectType): ObjectKind {
  switch (type) {
    case "localQueue":
    case "aliasQueue":
    case "remoteQueue":
    case "modelQueue":
      return "queue";
    default:
      return type;
  }
}

export function isQueueType(type: ObjectType): boolean {
  return kindOf(type) === "queue";
}

/** The catalogue entry of an object type. */
export function specOf(type: ObjectType): ObjectTypeSpec {
  return CATALOGUE[type];
}

/** The SYSTEM.DEFAULT object whose attributes a new definition starts from, as in MQ. */
export function systemDefaultName(type: ObjectType, attributes: Attributes = {}): string | undefined {
  switch (type) {
    case "localQueue":
      return "SYSTEM.DEFAULT.LOCAL.QUEUE";
    case "aliasQueue":
      return "SYSTEM.DEFAULT.ALIAS.QUEUE";
    case "remoteQueue":
      return "SYSTEM.DEFAULT.REMOTE.QUEUE";
    case "modelQueue":
      return "SYSTEM.DEFAULT.MODEL.QUEUE";
    case "process":
      return "SYSTEM.DEFAULT.PROCESS";
    case "namelist":
      return "SYSTEM.DEFAULT.NAMELIST";
    case "topic":
      return "SYSTEM.DEFAULT.TOPIC";
    case "subscription":
      return "SYSTEM.DEFAULT.SUB";
    case "listener":
      return "SYSTEM.DEFAULT.LISTENER.TCP";
    case "channel":
      return attributes.channelType === undefined ? undefined : DEFAULT_CHANNELS[String(attributes.channelType)];
  }
}

const DEFAULT_CHANNELS: Record<string, string> = {
  sender: "SYSTEM.DEF.SENDER",
  server: "SYSTEM.DEF.SERVER",
  receiver: "SYSTEM.DEF.RECEIVER",
  requester: "SYSTEM.DEF.REQUESTER",
  serverConnection: "SYSTEM.DEF.SVRCONN",
  clientConnection: "SYSTEM.DEF.CLNTCONN",
  clusterSender: "SYSTEM.DEF.CLUSSDR",
  clusterReceiver: "SYSTEM.DEF.CLUSRCVR",
};

/** Every attribute of the type at IBM's default (for a channel, those of its channel type). */
export function defaultAttributes(type: ObjectType, channelType?: string): Attributes {
  const out: Attributes = {};
  for (const spec of applicableSpecs(type, channelType)) out[spec.name] = spec.default;
  return out;
}

/** The catalogue entries that apply: all of them, or for a channel those of its type. */
export function applicableSpecs(type: ObjectType, channelType?: string): AttributeSpec[] {
  const all = specOf(type).attributes;
  if (type !== "channel" || channelType === undefined) return all;
  const names = channelAttributeNames(channelType);
  return all.filter((spec) => names.has(spec.name));
}

/**
 * Applies `changes` over `base`, checking each against the catalogue; an unknown name, a
 * value of the wrong type or out of range fails with MQRC_OPTIONS_ERROR and names it.
 */
export function applyAttributes(type: ObjectType, base: Attributes, changes: Attributes): Attributes {
  const channelType = type === "channel" ? String(changes.channelType ?? base.channelType ?? "") : undefined;
  const specs = applicableSpecs(type, channelType || undefined);
  const out: Attributes = { ...base };
  if (channelType) {
    // Attributes that a channel of this type does not have are dropped (a LIKE from another type).
    const names = new Set(specs.map((s) => s.name));
    for (const name of Object.keys(out)) if (!names.has(name)) delete out[name];
    for (const spec of specs) if (!(spec.name in out)) out[spec.name] = spec.default;
  }
  return applySpecs(specs, out, changes, (name) =>
    specOf(type).attributes.some((s) => s.name === name)
      ? `${name} does not apply to a ${channelType} channel`
      : `a ${describeType(type)} has no attribute ${JSON.stringify(name)}`,
  );
}

/** The queue manager's attributes: IBM's defaults, then `changes` checked against the catalogue. */
export function applyQueueManagerAttributes(base: Attributes, changes: Attributes): Attributes {
  return applySpecs(QUEUE_MANAGER.attributes, base, changes, (name) => `the queue manager has no attribute ${JSON.stringify(name)} that can be altered`);
}

export function queueManagerDefaults(): Attributes {
  const out: Attributes = {};
  for (const spec of QUEUE_MANAGER.attributes) out[spec.name] = spec.default;
  return out;
}

export function describeType(type: ObjectType): string {
  return {
    localQueue: "local queue",
    aliasQueue: "alias queue",
    remoteQueue: "remote queue",
    modelQueue: "model queue",
    process: "process",
    topic: "topic",
    subscription: "subscription",
    channel: "channel",
    namelist: "namelist",
    listener: "listener",
  }[type];
}

// --- Internal helpers ---

function applySpecs(specs: readonly AttributeSpec[], base: Attributes, changes: Attributes, unknown: (name: string) => string): Attributes {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const out: Attributes = { ...base };
  for (const name of Object.keys(changes)) {
    const value = changes[name];
    if (value === undefined) continue;
    const spec = byName.get(name);
    if (!spec) throw new MQError("MQRC_OPTIONS_ERROR", unknown(name));
    out[name] = checkValue(spec, spec.type, value);
  }
  return out;
}

function checkValue(spec: AttributeSpec, type: AttributeType, value: JsonValue): JsonValue {
  const fail = (expected: string) => new MQError("MQRC_OPTIONS_ERROR", `${spec.name} (${spec.keyword}) must be ${expected}; got ${JSON.stringify(value)}`);
  switch (type.kind) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) throw fail(`a whole number from ${type.min} to ${type.max}`);
      if ((value < type.min || value > type.max) && !(type.words && Object.values(type.words).includes(value))) {
        throw fail(`a whole number from ${type.min} to ${type.max}`);
      }
      return value;
    case "string":
      if (typeof value !== "string" || value.length > type.maxLength) throw fail(`text of at most ${type.maxLength} characters`);
      return value;
    case "name": {
      const max = type.maxLength ?? 48;
      if (typeof value !== "string" || value.length > max || (value !== "" && !/^[A-Za-z0-9._/%]+$/.test(value))) {
        throw fail(`an MQ name of at most ${max} characters from A-Z a-z 0-9 . / _ %, or ""`);
      }
      return value;
    }
    case "enum":
      if (typeof value !== "string" || !(value in type.values))
        throw fail(
          `one of ${Object.keys(type.values)
            .map((v) => JSON.stringify(v))
            .join(", ")}`,
        );
      return value;
    case "boolean":
    case "flag":
      if (typeof value !== "boolean") throw fail("true or false");
      return value;
    case "list":
      if (!Array.isArray(value) || value.length > type.maxItems) throw fail(`a list of at most ${type.maxItems} items`);
      return value.map((item) => checkValue(spec, type.item, item));
  }
}
