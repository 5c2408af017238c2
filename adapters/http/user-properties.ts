/**
 * The `ibm-mq-usr` header (REST API v3): a message's user properties.
 *
 * IBM's reference says v3 takes user properties in this header but, in every copy of it we
 * could read, not its syntax. Two forms are accepted:
 *
 * - IBM's documented syntax for user properties in an HTTP header, that of the MQ bridge
 *   for HTTP's x-msg-usr (and, by its name, z/OS Connect's MQ service provider's ibm-mq-usr):
 *   comma-separated `name;value;type`, types boolean (TRUE/FALSE), i1, i2, i4, i8, r4, r8
 *   and string, a string value in double quotes when it holds `,` or `;`:
 *
 *     ibm-mq-usr: colour;"sky blue";string, size;3;i2, urgent;TRUE;boolean
 *
 *   The type may be left out: the value is then a string.
 * - Ours, a JSON array of `{"name", "value", "type"}` (a value starting with `[`):
 *
 *     ibm-mq-usr: [{"name":"colour","value":"blue"},{"name":"size","value":3,"type":"short"}]
 *
 *   `type` is one of string, boolean, byte, short, int, long, float, double, null, and may be
 *   left out to infer it from the JSON value (string, boolean, int/long/double, null). A long
 *   beyond 2^53 is written as a decimal string, an infinite or NaN float or double as
 *   "Infinity", "-Infinity" or "NaN" (JSON has no such numbers).
 *
 * Responses (get, browse, message list) give the properties in our JSON form. HTTP header
 * values are Latin-1, so other characters are written as JSON \u escapes there.
 */
import { MQError, type MQReasonName, type Property, type PropertyInput, type PropertyType, type PropertyValue } from "../../core/index.js";
import { toProperty } from "../../core/internal.js";
import { badHeader } from "./errors.js";
import { HEADER } from "./headers.js";

const PROPERTY_TYPES: ReadonlySet<string> = new Set<PropertyType>(["string", "boolean", "byte", "short", "int", "long", "float", "double", "null"]);
const DECIMAL_INTEGER = /^-?\d+$/;
const NON_FINITE = /^(-?Infinity|NaN)$/;

/** Parses the header into what core's put takes; name and range rules are core's to check. */
export function parseUserProperties(header: string): Map<string, PropertyInput> {
  const properties = header.trimStart().startsWith("[") ? parseJsonProperties(header) : parseBridgeProperties(header);
  // Core's name and range rules, checked here so that a property that breaks them is a bad
  // header (MQWB0302E, with core's reason) before anything is put.
  for (const [name, input] of properties) {
    try {
      toProperty(name, input);
    } catch (error) {
      if (!(error instanceof MQError)) throw error;
      throw badHeader(HEADER.userProperties, header, error.reason as MQReasonName, error.message);
    }
  }
  return properties;
}

/** x-msg-usr's types, by IBM's names, as core's. */
const BRIDGE_TYPES: Readonly<Record<string, PropertyType>> = {
  boolean: "boolean",
  i1: "byte",
  i2: "short",
  i4: "int",
  i8: "long",
  r4: "float",
  r8: "double",
  string: "string",
};
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** IBM's `name;value;type, ...` (x-msg-usr's syntax). */
function parseBridgeProperties(header: string): Map<string, PropertyInput> {
  const fail = (why: string) =>
    badHeader(
      HEADER.userProperties,
      header,
      "MQRC_PROPERTY_TYPE_ERROR",
      `${why}; the value is name;value;type, ... (types boolean, i1, i2, i4, i8, r4, r8, string) or a JSON array of {name, value, type}`,
    );
  const properties = new Map<string, PropertyInput>();
  let at = 0;
  const skipBlanks = () => {
    while (header[at] === " " || header[at] === "\t") at++;
  };
  /** Up to (not over) the next of `stops`, or a double-quoted string. */
  const field = (stops: string, quotable: boolean): { text: string; quoted: boolean } => {
    skipBlanks();
    if (quotable && header[at] === '"') {
      const end = header.indexOf('"', at + 1);
      if (end < 0) throw fail("a quoted value has no closing quote");
      const text = header.slice(at + 1, end);
      at = end + 1;
      skipBlanks();
      return { text, quoted: true };
    }
    const start = at;
    while (at < header.length && !stops.includes(header[at]!)) at++;
    return { text: header.slice(start, at).trim(), quoted: false };
  };
  while (at < header.length) {
    const name = field(";,", false).text;
    if (header[at] !== ";") throw fail(`property ${JSON.stringify(name)} has no value`);
    at++;
    const value = field(";,", true);
    let type = "string";
    if (header[at] === ";") {
      at++;
      type = field(",", false).text;
    }
    if (at < header.length && header[at] !== ",") throw fail(`unexpected ${JSON.stringify(header[at])} after property ${name}`);
    at++;
    if (name === "") throw fail("a property has no name");
    if (properties.has(name)) throw fail(`property ${name} is given twice`);
    // Own keys only: "constructor" or "toString" is no type, whatever Object.prototype holds.
    const coreType = Object.hasOwn(BRIDGE_TYPES, type) ? BRIDGE_TYPES[type] : undefined;
    if (!coreType) throw fail(`property ${name}: unknown type ${JSON.stringify(type)}`);
    properties.set(name, { type: coreType, value: bridgeValue(name, value.text, coreType, fail) });
  }
  return properties;
}

function bridgeValue(name: string, text: string, type: PropertyType, fail: (why: string) => Error): PropertyValue {
  switch (type) {
    case "string":
      return text;
    case "boolean":
      if (!/^(true|false)$/i.test(text)) throw fail(`property ${name}: a boolean is TRUE or FALSE`);
      return text.toLowerCase() === "true";
    case "long":
      if (!DECIMAL_INTEGER.test(text)) throw fail(`property ${name}: an i8 is a whole number`);
      return BigInt(text);
    case "float":
    case "double":
      if (!DECIMAL_NUMBER.test(text)) throw fail(`property ${name}: a ${type === "float" ? "r4" : "r8"} is a number`);
      return Number(text);
    default:
      // i1, i2, i4: core checks each one's range.
      if (!DECIMAL_INTEGER.test(text)) throw fail(`property ${name}: an integer is a whole number`);
      return Number(text);
  }
}

/** Ours: a JSON array of {name, value, type}. */
function parseJsonProperties(header: string): Map<string, PropertyInput> {
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
    // JSON has no 64-bit integers, infinities or NaN: a long may come as a decimal string, a
    // float or double as "Infinity", "-Infinity" or "NaN" (as formatUserProperties writes them).
    const typed =
      type === "long" && typeof value === "string" && DECIMAL_INTEGER.test(value)
        ? BigInt(value)
        : (type === "double" || type === "float") && typeof value === "string" && NON_FINITE.test(value)
          ? Number(value)
          : value;
    properties.set(name, { type: type as PropertyType, value: typed as PropertyValue });
  }
  return properties;
}

/** The header value for a message's properties, or undefined when it has none. */
export function formatUserProperties(properties: readonly Property[]): string | undefined {
  if (properties.length === 0) return undefined;
  return asciiJson(properties.map(userPropertyJson));
}

/**
 * One property as JSON: a long beyond JSON's safe integers becomes a decimal string, and a
 * float or double that is infinite or NaN its name ("Infinity", "-Infinity", "NaN"), which
 * JSON.stringify would otherwise turn into null.
 */
export function userPropertyJson(property: Property): { name: string; value: string | number | boolean | null; type: PropertyType } {
  const value =
    typeof property.value === "bigint" || (typeof property.value === "number" && !Number.isFinite(property.value)) ? String(property.value) : property.value;
  return { name: property.name, value, type: property.type };
}

/** JSON with every non-ASCII character escaped, so that it is a valid header value. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => "\\u" + char.charCodeAt(0).toString(16).padStart(4, "0"));
}
