/**
 * The queue manager's object definitions: what is defined, under which name, with which
 * attributes. It checks a definition or change against the catalogue and MQ's rules and
 * hands back the new definition; the manager commits it and then applies it here, so a
 * failed commit changes nothing.
 */
import { checkObjectName } from "./attributes.js";
import { MQError } from "../base/errors.js";
import { compileLoaded as compileSelector } from "../selector/on-demand.js";
import {
  applyAttributes,
  defaultAttributes,
  describeType,
  kindOf,
  OBJECT_TYPES,
  systemDefaultName,
  type Attributes,
  type ObjectDefinition,
  type ObjectType,
} from "./definitions.js";
import { objectKey, type ObjectKind, type ObjectRecord } from "../store/store.js";

export interface DefineOptions {
  /** Replace an existing definition (MQSC REPLACE) instead of failing. */
  replace?: boolean;
  /** Copy attributes from this object of the same type instead of its SYSTEM.DEFAULT object (MQSC LIKE). */
  like?: string;
}

export class ObjectCatalogue {
  readonly #definitions = new Map<string, ObjectDefinition>();

  get(kind: ObjectKind, name: string): ObjectDefinition | undefined {
    return this.#definitions.get(objectKey(kind, name));
  }

  /** The definition of `name` as `type`; MQRC_UNKNOWN_OBJECT_NAME or MQRC_OBJECT_TYPE_ERROR otherwise. */
  definitionOf(type: ObjectType, name: string): ObjectDefinition {
    const found = this.get(kindOf(type), name);
    if (!found) throw notFound(type, name);
    if (found.type !== type) throw wrongType(name, found.type, type);
    return found;
  }

  /** Every definition of the types given (all when none), sorted by name. */
  list(types?: readonly ObjectType[]): ObjectDefinition[] {
    return [...this.#definitions.values()].filter((d) => !types || types.includes(d.type)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The definitions of one kind, unsorted and uncopied: for a hot path such as a publication's subscriptions. */
  *ofKind(kind: ObjectKind): Iterable<ObjectDefinition> {
    const prefix = objectKey(kind, "");
    for (const [key, definition] of this.#definitions) if (key.startsWith(prefix)) yield definition;
  }

  set(definition: ObjectDefinition): void {
    this.#definitions.set(objectKey(kindOf(definition.type), definition.name), definition);
  }

  delete(type: ObjectType, name: string): void {
    this.#definitions.delete(objectKey(kindOf(type), name));
  }

  /**
   * A definition from its stored record, with attributes the catalogue has since gained at
   * their defaults. A stored attribute that is no longer valid is left at its default and
   * reported in `problems`; a record that is not a definition at all gives none.
   */
  restore(record: ObjectRecord): { definition?: ObjectDefinition; problems: string[] } {
    if (record === null || typeof record !== "object" || typeof record.name !== "string") return { problems: ["the record is not an object definition"] };
    const type = record.type as ObjectType;
    if (!OBJECT_TYPES.includes(type) || kindOf(type) !== record.kind) return { problems: [`its type ${JSON.stringify(record.type)} is unknown`] };
    const stored = record.attributes !== null && typeof record.attributes === "object" ? record.attributes : {};
    const channelType = type === "channel" && typeof stored.channelType === "string" ? stored.channelType : undefined;
    let attributes = defaultAttributes(type, channelType);
    const problems: string[] = [];
    for (const [name, value] of Object.entries(stored)) {
      try {
        attributes = applyAttributes(type, attributes, { [name]: value });
      } catch (error) {
        problems.push(`attribute ${name} was not usable and is back at its default: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const createdAt = typeof record.createdAt === "number" ? record.createdAt : 0;
    return {
      definition: { type, name: record.name, attributes, createdAt, alteredAt: typeof record.alteredAt === "number" ? record.alteredAt : createdAt },
      problems,
    };
  }

  /** The new definition that DEFINE would make, checked but not applied. */
  planDefine(type: ObjectType, name: string, changes: Attributes, options: DefineOptions, now: number): ObjectDefinition {
    checkName(type, name);
    const existing = this.get(kindOf(type), name);
    if (existing && existing.type !== type) throw wrongType(name, existing.type, type);
    if (existing && !options.replace) {
      throw new MQError("MQRC_OBJECT_ALREADY_EXISTS", `${describeType(type)} ${name} already exists; use replace to redefine it`);
    }
    if (type === "channel" && existing && changes.channelType !== undefined && existing.attributes.channelType !== changes.channelType) {
      throw new MQError(
        "MQRC_OPTIONS_ERROR",
        `channel ${name} is a ${String(existing.attributes.channelType)} channel; delete it to define it with another type`,
      );
    }
    let base: Attributes;
    if (options.like !== undefined) {
      base = this.definitionOf(type, options.like).attributes;
      if (type === "channel" && changes.channelType !== undefined && base.channelType !== changes.channelType) {
        throw new MQError(
          "MQRC_OPTIONS_ERROR",
          `channel ${options.like} is a ${String(base.channelType)} channel, not a ${String(changes.channelType)} one to copy`,
        );
      }
    } else {
      // As in MQ, a new definition (and a REPLACE) starts from the type's SYSTEM.DEFAULT object.
      const defaultName = systemDefaultName(type, changes);
      const template = defaultName !== undefined && defaultName !== name ? this.get(kindOf(type), defaultName) : undefined;
      base = template && template.type === type ? template.attributes : defaultAttributes(type, type === "channel" ? stringOr(changes.channelType) : undefined);
    }
    if (type === "channel" && changes.channelType === undefined && options.like === undefined) {
      throw new MQError("MQRC_OPTIONS_ERROR", `channel ${name} needs a channel type (CHLTYPE)`);
    }
    const attributes = applyAttributes(type, base, changes);
    checkDefinition(type, name, attributes);
    return { type, name, attributes, createdAt: existing?.createdAt ?? now, alteredAt: now };
  }

  /** The definition that ALTER would leave, checked but not applied. */
  planAlter(type: ObjectType, name: string, changes: Attributes, now: number): ObjectDefinition {
    const existing = this.definitionOf(type, name);
    if (type === "channel" && changes.channelType !== undefined && changes.channelType !== existing.attributes.channelType) {
      throw new MQError("MQRC_OPTIONS_ERROR", `the channel type of ${name} cannot be altered; delete and define it again`);
    }
    const attributes = applyAttributes(type, existing.attributes, changes);
    checkDefinition(type, name, attributes);
    return { ...existing, attributes, alteredAt: now };
  }
}

export function toRecord(definition: ObjectDefinition): ObjectRecord {
  return {
    kind: kindOf(definition.type),
    name: definition.name,
    type: definition.type,
    attributes: { ...definition.attributes },
    createdAt: definition.createdAt,
    alteredAt: definition.alteredAt,
  };
}

// --- Internal helpers ---

function checkName(type: ObjectType, name: string): void {
  if (type === "channel") checkObjectName(name, "channel", 20);
  else if (type === "subscription") {
    if (typeof name !== "string" || name.length === 0 || name.length > 10240) {
      throw new MQError("MQRC_OBJECT_NAME_ERROR", "a subscription name is 1 to 10240 characters");
    }
  } else checkObjectName(name, describeType(type));
}

/** MQ's rules that span attributes, checked when an object is defined or altered. */
function checkDefinition(type: ObjectType, name: string, attributes: Attributes): void {
  if (type === "subscription" && attributes.topicString === "" && attributes.topicObject === "") {
    throw new MQError("MQRC_OPTIONS_ERROR", `subscription ${name} needs a topic string (TOPICSTR) or a topic object (TOPICOBJ)`);
  }
  // A selector that cannot work is refused when the subscription is made (MQRC_SELECTOR_SYNTAX_ERROR);
  // the administration loads the compiler before it defines or alters a subscription.
  if (type === "subscription" && typeof attributes.selector === "string" && attributes.selector !== "") compileSelector(attributes.selector);
  if (type === "aliasQueue" && attributes.target === name) {
    throw new MQError("MQRC_ALIAS_BASE_Q_TYPE_ERROR", `alias queue ${name} cannot resolve to itself`);
  }
}

function notFound(type: ObjectType, name: string): MQError {
  return new MQError("MQRC_UNKNOWN_OBJECT_NAME", `${describeType(type)} ${name} is not defined`);
}

function wrongType(name: string, actual: ObjectType, wanted: ObjectType): MQError {
  return new MQError("MQRC_OBJECT_TYPE_ERROR", `${name} is a ${describeType(actual)}, not a ${describeType(wanted)}`);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
