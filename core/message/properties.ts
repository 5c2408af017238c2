/**
 * Typed user properties, as JMS and IBM MQ message properties know them. Integers and
 * floating-point values are kept apart (a JMS selector compares `int 5` and `double 5.0`
 * differently), names follow JMS identifier rules, and properties are held as an ordered
 * list of entries, never as keys of a plain object, so that a name like `__proto__` is just
 * a name.
 */
import { MQError } from "../base/errors.js";

export type PropertyType = "string" | "boolean" | "byte" | "short" | "int" | "long" | "float" | "double" | "null";
export type PropertyValue = string | number | boolean | bigint | null;

export interface Property {
  name: string;
  type: PropertyType;
  value: PropertyValue;
}

/** What a caller may give for a property: a bare value (type inferred) or an explicit type. */
export type PropertyInput = PropertyValue | { type: PropertyType; value: PropertyValue };

export type PropertiesInput = Readonly<Record<string, PropertyInput>> | ReadonlyMap<string, PropertyInput> | readonly Property[];

/** The stored form: JSON-safe, so a long beyond 2^53 travels as a decimal string. */
export interface StoredProperty {
  name: string;
  type: PropertyType;
  value: string | number | boolean | null;
}

const RESERVED_WORDS = new Set(["NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "IS", "ESCAPE"]);
const IDENTIFIER = /^[\p{L}\p{Sc}_][\p{L}\p{N}\p{Sc}_]*$/u;
const MAX_NAME_LENGTH = 4095;

const INTEGER_RANGES: Record<"byte" | "short" | "int", [number, number]> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  int: [-2147483648, 2147483647],
};
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Throws MQRC_PROPERTY_NAME_ERROR unless `name` is a JMS identifier a user may set. */
export function checkPropertyName(name: string): void {
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_NAME_LENGTH || !IDENTIFIER.test(name)) {
    throw new MQError(
      "MQRC_PROPERTY_NAME_ERROR",
      `property name ${JSON.stringify(name)} is not a valid identifier (a letter, _ or $, then letters, digits, _ or $)`,
    );
  }
  if (RESERVED_WORDS.has(name.toUpperCase())) {
    throw new MQError("MQRC_PROPERTY_NAME_ERROR", `property name ${name} is a reserved word of the selector language`);
  }
  if (name.startsWith("JMS")) {
    throw new MQError("MQRC_PROPERTY_NAME_ERROR", `property name ${name} begins with JMS, which is reserved for the provider`);
  }
}

function typeError(name: string, detail: string): MQError {
  return new MQError("MQRC_PROPERTY_TYPE_ERROR", `property ${name}: ${detail}`);
}

/** Checks one property and returns it in canonical form. */
export function toProperty(name: string, input: PropertyInput): Property {
  checkPropertyName(name);
  if (input !== null && typeof input === "object") {
    return { name, type: input.type, value: checkTyped(name, input.type, input.value) };
  }
  return { name, ...inferType(name, input) };
}

function inferType(name: string, value: PropertyValue): { type: PropertyType; value: PropertyValue } {
  switch (typeof value) {
    case "string":
      return { type: "string", value };
    case "boolean":
      return { type: "boolean", value };
    case "bigint":
      return { type: "long", value: checkTyped(name, "long", value) };
    case "number":
      if (Number.isInteger(value) && value >= -2147483648 && value <= 2147483647) return { type: "int", value };
      if (Number.isSafeInteger(value)) return { type: "long", value };
      return { type: "double", value };
    default:
      if (value === null) return { type: "null", value: null };
      throw typeError(name, `a value of type ${typeof value} cannot be a property`);
  }
}

function checkTyped(name: string, type: PropertyType, value: PropertyValue): PropertyValue {
  switch (type) {
    case "string":
      if (typeof value !== "string") throw typeError(name, "a string property needs a string value");
      return value;
    case "boolean":
      if (typeof value !== "boolean") throw typeError(name, "a boolean property needs true or false");
      return value;
    case "null":
      if (value !== null) throw typeError(name, "a null property needs the value null");
      return null;
    case "float":
    case "double":
      if (typeof value !== "number") throw typeError(name, `a ${type} property needs a number`);
      return value;
    case "byte":
    case "short":
    case "int": {
      const [min, max] = INTEGER_RANGES[type];
      if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        throw typeError(name, `a ${type} property needs an integer from ${min} to ${max}`);
      }
      return value;
    }
    case "long": {
      if (typeof value === "number" && Number.isSafeInteger(value)) return value;
      if (typeof value === "bigint" && value >= LONG_MIN && value <= LONG_MAX) {
        return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
      }
      throw typeError(name, "a long property needs an integer within 64 bits (a bigint beyond 2^53)");
    }
    default:
      throw typeError(name, `unknown property type ${JSON.stringify(type)}`);
  }
}

/** Validates a caller's properties, refusing a name given twice. */
export function toProperties(input: PropertiesInput | undefined): Property[] {
  if (input === undefined || input === null) return [];
  const out: Property[] = [];
  const seen = new Set<string>();
  const add = (name: string, value: PropertyInput) => {
    if (seen.has(name)) throw new MQError("MQRC_PROPERTY_NAME_ERROR", `property ${name} is given twice`);
    seen.add(name);
    out.push(toProperty(name, value));
  };
  if (Array.isArray(input)) {
    for (const p of input as readonly unknown[]) {
      if (p === null || typeof p !== "object")
        throw typeError("(properties)", `a list of properties holds {name, type, value} objects; ${String(p)} is not one`);
      const { name, type, value } = p as Property;
      add(name, { type, value });
    }
  } else if (input instanceof Map) {
    for (const [name, value] of input) add(name, value);
  } else if (typeof input === "object") {
    for (const name of Object.keys(input)) add(name, (input as Record<string, PropertyInput>)[name]!);
  } else {
    throw typeError("(properties)", "properties must be an object, a Map or a list of {name, type, value}");
  }
  return out;
}

/** The stored form; JSON has no bigint, NaN or Infinity, so those travel as their decimal text. */
export function storeProperties(properties: readonly Property[]): StoredProperty[] {
  return properties.map((p) => ({
    name: p.name,
    type: p.type,
    value: typeof p.value === "bigint" || (typeof p.value === "number" && !Number.isFinite(p.value)) ? String(p.value) : p.value,
  }));
}

export function loadProperties(stored: readonly StoredProperty[]): Property[] {
  return stored.map((p) => ({
    name: p.name,
    type: p.type,
    value: typeof p.value !== "string" ? p.value : p.type === "long" ? BigInt(p.value) : p.type === "double" || p.type === "float" ? Number(p.value) : p.value,
  }));
}

/** The value of a property by name, or undefined when the message has none by that name. */
export function propertyValue(properties: readonly Property[], name: string): PropertyValue | undefined {
  for (const p of properties) if (p.name === name) return p.value;
  return undefined;
}
