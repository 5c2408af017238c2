/**
 * The `ibm-mq-usr` header (REST API v3): a message's user properties.
 *
 * IBM's documentation of this header's syntax was not in any source we could read, so
 * the syntax is ours: a JSON array of `{"name", "value", "type"}` objects, e.g.
 *
 *   ibm-mq-usr: [{"name":"colour","value":"blue"},{"name":"size","value":3,"type":"short"}]
 *
 * `type` is one of string, boolean, byte, short, int, long, float, double, null, and may
 * be left out to infer it from the JSON value (string, boolean, int/long/double, null).
 * A long beyond 2^53 is written as a decimal string. HTTP header values are Latin-1, so
 * other characters are written as JSON \u escapes; responses escape them the same way.
 * (IBM's older MQ bridge for HTTP used `x-msg-usr: name;value;type, ...`; a client of
 * that style will get a 400 here, not a silent misreading.)
 */
import type { Property, PropertyInput, PropertyType, PropertyValue } from "../../core/index.js";
import { badHeader } from "./errors.js";
import { HEADER } from "./headers.js";

const PROPERTY_TYPES: ReadonlySet<string> = new Set<PropertyType>(["string", "boolean", "byte", "short", "int", "long", "float", "double", "null"]);
const DECIMAL_INTEGER = /^-?\d+$/;

/** Parses the header into what core's put takes; name and range rules are core's to check. */
export function parseUserProperties(header: string): Map<string, PropertyInput> {
  const fail = (why: string) => badHeader(HEADER.userProperties, header, "MQRC_PROPERTY_TYPE_ERROR", why);
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw fail('the value must be a JSON array such as [{"name":"colour","value":"blue","type":"string"}]');
  }
  if (!Array.isArray(parsed)) throw fail("the value must be a JSON array of {name, value, type} objects");
  const properties = new Map<string, PropertyInput>();
  for (const entry of parsed) {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) throw fail("each property must be an object with name, value and optionally type");
    const { name, value, type } = entry as Record<string, unknown>;
    if (typeof name !== "string") throw fail("each property needs a string name");
    if (properties.has(name)) throw fail(`property ${name} is given twice`);
    if (!("value" in entry)) throw fail(`property ${name} has no value`);
    if (value !== null && typeof value === "object") throw fail(`property ${name}: a value is a string, number, boolean or null`);
    if (type === undefined) {
      properties.set(name, value as PropertyValue);
      continue;
    }
    if (typeof type !== "string" || !PROPERTY_TYPES.has(type)) throw fail(`property ${name}: unknown type ${JSON.stringify(type)}`);
    // JSON has no 64-bit integers: a long may come as a decimal string.
    const typed = type === "long" && typeof value === "string" && DECIMAL_INTEGER.test(value) ? BigInt(value) : value;
    properties.set(name, { type: type as PropertyType, value: typed as PropertyValue });
  }
  return properties;
}

/** The header value for a message's properties, or undefined when it has none. */
export function formatUserProperties(properties: readonly Property[]): string | undefined {
  if (properties.length === 0) return undefined;
  return asciiJson(properties.map(userPropertyJson));
}

/** One property as JSON: a long beyond JSON's safe integers becomes a decimal string. */
export function userPropertyJson(property: Property): { name: string; value: string | number | boolean | null; type: PropertyType } {
  const value = typeof property.value === "bigint" ? property.value.toString() : property.value;
  return { name: property.name, value, type: property.type };
}

/** JSON with every non-ASCII character escaped, so that it is a valid header value. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => "\\u" + char.charCodeAt(0).toString(16).padStart(4, "0"));
}
