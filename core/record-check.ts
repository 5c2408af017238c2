/**
 * Stored records can be wrong (a bug of an older version, a hand-edited database, a torn
 * write outside a transaction). A record that cannot be used is reported and left where it
 * is, never deleted, and never allowed to stop a queue manager from opening.
 */
import type { MessageRecord } from "./message.js";

/** What is wrong with a stored message record, or undefined when it can be used. */
export function messageRecordProblem(record: unknown): string | undefined {
  if (record === null || typeof record !== "object") return "the record is not an object";
  const r = record as Partial<MessageRecord>;
  if (typeof r.seq !== "number" || !Number.isSafeInteger(r.seq) || r.seq < 0) return `its seq ${JSON.stringify(r.seq)} is not a whole number`;
  if (typeof r.queue !== "string" || r.queue === "") return "it names no queue";
  if (typeof r.messageId !== "string" || !/^[0-9a-f]{48}$/.test(r.messageId)) return "its message id is not 48 hexadecimal characters";
  if (typeof r.correlationId !== "string" || !/^[0-9a-f]{48}$/.test(r.correlationId)) return "its correlation id is not 48 hexadecimal characters";
  if (typeof r.priority !== "number" || !Number.isInteger(r.priority) || r.priority < 0 || r.priority > 9) return `its priority ${JSON.stringify(r.priority)} is not 0 to 9`;
  if (typeof r.persistent !== "boolean") return "its persistence is not a boolean";
  if (r.expiresAt !== null && typeof r.expiresAt !== "number") return "its expiry is neither a time nor null";
  if (typeof r.putTime !== "number") return "its put time is not a number";
  if (!Array.isArray(r.properties)) return "its properties are not a list";
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
