/**
 * Stored records can be wrong (a bug of an older version, a hand-edited database, a torn
 * write outside a transaction). A record that cannot be used is reported and left where it
 * is, never deleted, and never allowed to stop a queue manager from opening.
 */
import type { MessageRecord } from "../message/message.js";

/** What is wrong with a stored message record, or undefined when it can be used. */
export function messageRecordProblem(record: unknown): string | undefined {
  if (record === null || typeof record !== "object") return "the record is not an object";
  const r = record as Partial<MessageRecord>;
  if (typeof r.seq !== "number" || !Number.isSafeInteger(r.seq) || r.seq < 0) return `its seq ${JSON.stringify(r.seq)} is not a whole number`;
  if (typeof r.queue !== "string" || r.queue === "") return "it names no queue";
  if (typeof r.messageId !== "string" || !/^[0-9a-f]{48}$/.test(r.messageId)) return "its message id is not 48 hexadecimal characters";
  if (typeof r.correlationId !== "string" || !/^[0-9a-f]{48}$/.test(r.correlationId)) return "its correlation id is not 48 hexadecimal characters";
  if (typeof r.priority !== "number" || !Number.isInteger(r.priority) || r.priority < 0 || r.priority > 9)
    return `its priority ${JSON.stringify(r.priority)} is not 0 to 9`;
  if (typeof r.persistent !== "boolean") return "its persistence is not a boolean";
  // Non-persistent messages never touch the store: a stored one that says so was damaged, and
  // taking it as non-persistent would skip the checks of its stored body and never delete it.
  if (!r.persistent) return "it is stored but says it is not persistent";
  if (r.expiresAt !== null && typeof r.expiresAt !== "number") return "its expiry is neither a time nor null";
  if (typeof r.putTime !== "number") return "its put time is not a number";
  if (!Array.isArray(r.properties)) return "its properties are not a list";
  for (const property of r.properties as unknown[]) {
    const problem = storedPropertyProblem(property);
    if (problem !== undefined) return `a property ${problem}`;
  }
  if (r.bodyFormat !== "text" && r.bodyFormat !== "bytes" && r.bodyFormat !== "json") return `its body format ${JSON.stringify(r.bodyFormat)} is unknown`;
  return undefined;
}

/** A stored record the queue manager left aside when it opened. */
export interface DamagedRecord {
  /** "message" or the object's kind. */
  kind: string;
  /** The seq of a message, the name of an object, when the record has one. */
  key: string;
  problem: string;
}

/** Kinds of value a stored property of each type may hold (properties.ts: longs, NaN and infinities travel as text). */
const STORED_VALUE_KINDS: Record<string, readonly string[]> = {
  string: ["string"],
  boolean: ["boolean"],
  byte: ["number"],
  short: ["number"],
  int: ["number"],
  long: ["number", "integer text"],
  float: ["number", "number text"],
  double: ["number", "number text"],
  null: ["null"],
};

/**
 * What is wrong with one stored property, as far as reading it back goes: its shape, not the
 * rules a put applies to names and ranges (the product itself stores names a user may not
 * give, such as MQIsRetained, and what a put accepted must stay readable).
 */
export function storedPropertyProblem(property: unknown): string | undefined {
  if (property === null || typeof property !== "object") return "is not an object";
  const { name, type, value } = property as { name?: unknown; type?: unknown; value?: unknown };
  if (typeof name !== "string") return "has no name";
  const kinds = typeof type === "string" && Object.hasOwn(STORED_VALUE_KINDS, type) ? STORED_VALUE_KINDS[type]! : undefined;
  if (kinds === undefined) return `${name} has an unknown type ${JSON.stringify(type)}`;
  const kind =
    value === null
      ? "null"
      : typeof value === "string" && kinds.includes("integer text") && /^-?\d+$/.test(value)
        ? "integer text"
        : typeof value === "string" && kinds.includes("number text") && /^(NaN|-?Infinity)$/.test(value)
          ? "number text"
          : typeof value;
  return kinds.includes(kind) ? undefined : `${name} of type ${type} holds ${JSON.stringify(value)}`;
}
