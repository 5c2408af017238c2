/**
 * Attribute values between MQSC and plain English: reading `MAXDEPTH(5000)` or
 * `PUT(DISABLED)` into `maxDepth: 5000` or `putEnabled: false` by the catalogue's type,
 * with IBM's ranges, and writing them back as DISPLAY shows them.
 */
import type { JsonValue } from "../../message/message.js";
import type { AttributeSpec, AttributeType } from "../../objects/catalogue/types.js";
import type { MqscValue } from "./parser.js";

/** A value that breaks its attribute's type or range; the executor reports it with the attribute. */
export class AttributeValueError extends Error {
  override readonly name = "AttributeValueError";
  constructor(
    readonly keyword: string,
    readonly detail: string,
    readonly position: number,
  ) {
    super(`${keyword}: ${detail}`);
  }
}

/** Reads the values written after an attribute's keyword (none for a flag). */
export function readAttribute(spec: AttributeSpec, values: MqscValue[] | undefined, position: number, flagOn = true): JsonValue {
  const type = spec.type;
  if (type.kind === "flag") {
    if (values !== undefined) throw new AttributeValueError(spec.keyword, "takes no value in parentheses", position);
    return flagOn;
  }
  if (values === undefined) throw new AttributeValueError(spec.keyword, "needs a value in parentheses", position);
  if (type.kind === "list") {
    if (values.length > type.maxItems) throw new AttributeValueError(spec.keyword, `takes at most ${type.maxItems} items`, position);
    return values.map((v) => readOne(spec.keyword, type.item, v));
  }
  if (values.length === 0) {
    // DESCR() and the like blank a text attribute.
    if (type.kind === "string" || type.kind === "name") return "";
    throw new AttributeValueError(spec.keyword, "needs a value in parentheses", position);
  }
  if (values.length > 1) throw new AttributeValueError(spec.keyword, "takes one value", values[1]!.position);
  return readOne(spec.keyword, type, values[0]!);
}

function readOne(keyword: string, type: AttributeType, value: MqscValue): JsonValue {
  const fail = (detail: string) => new AttributeValueError(keyword, detail, value.position);
  const word = value.text.toUpperCase();
  switch (type.kind) {
    case "integer": {
      if (type.words && word in type.words) return type.words[word]!;
      if (!/^[+-]?\d+$/.test(value.text)) throw fail(`${JSON.stringify(value.text)} is not a whole number${wordsHint(type.words)}`);
      const n = Number(value.text);
      if (n < type.min || n > type.max) throw fail(`${n} is out of range: ${type.min} to ${type.max}${wordsHint(type.words)}`);
      return n;
    }
    case "string": {
      const text = trimTrailingBlanks(value.text);
      if (text.length > type.maxLength) throw fail(`is longer than ${type.maxLength} characters`);
      return text;
    }
    case "name": {
      const text = trimTrailingBlanks(value.text);
      const max = type.maxLength ?? 48;
      if (text.length > max) throw fail(`${JSON.stringify(text)} is longer than ${max} characters`);
      if (text !== "" && !/^[A-Za-z0-9._/%]+$/.test(text)) throw fail(`${JSON.stringify(text)} is not a valid name: use A-Z a-z 0-9 . / _ %`);
      return text;
    }
    case "enum": {
      for (const [english, keywordValue] of Object.entries(type.values)) if (keywordValue === word) return english;
      throw fail(`${JSON.stringify(value.text)} is not one of ${Object.values(type.values).join(", ")}`);
    }
    case "boolean":
      if (word === type.true) return true;
      if (word === type.false) return false;
      throw fail(`${JSON.stringify(value.text)} is not ${type.true} or ${type.false}`);
    case "flag":
      throw fail("takes no value");
    case "list":
      throw fail("lists do not nest");
  }
}

/** How DISPLAY writes a value: KEYWORD(value), a blank text as `( )`, a flag as its word. */
export function formatAttribute(spec: AttributeSpec, value: JsonValue): string {
  const type = spec.type;
  if (type.kind === "flag") return value === true ? spec.keyword : type.off;
  return `${spec.keyword}(${formatValue(type, value)})`;
}

export function formatValue(type: AttributeType, value: JsonValue): string {
  switch (type.kind) {
    case "integer": {
      if (type.words) for (const [word, n] of Object.entries(type.words)) if (n === value) return word;
      return String(value);
    }
    case "string":
    case "name":
      return value === "" || value === null ? " " : String(value);
    case "enum":
      return type.values[String(value)] ?? String(value);
    case "boolean":
      return value ? type.true : type.false;
    case "flag":
      return value ? "YES" : "NO";
    case "list":
      return Array.isArray(value) && value.length > 0 ? value.map((v) => formatValue(type.item, v)).join(",") : " ";
  }
}

/** The value as runCommandJSON shows it: numbers as numbers, keywords as MQSC words. */
export function jsonValue(type: AttributeType, value: JsonValue): JsonValue {
  switch (type.kind) {
    case "integer":
      return typeof value === "number" && !(type.words && Object.values(type.words).includes(value)) ? value : formatValue(type, value);
    case "string":
    case "name":
      return value ?? "";
    case "list":
      return Array.isArray(value) ? value.map((v) => jsonValue(type.item, v)) : [];
    default:
      return formatValue(type, value);
  }
}

function trimTrailingBlanks(text: string): string {
  return text.replace(/ +$/, "");
}

function wordsHint(words: Record<string, number> | undefined): string {
  return words ? ` (or ${Object.keys(words).join(", ")})` : "";
}
