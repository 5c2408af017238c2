/**
 * The shape of the attribute catalogue: for each MQSC object type, every attribute IBM MQ
 * defines for it, with its MQSC keyword, its plain-English name (the TypeScript API's
 * name), its type, its default and its range (its help line is in help.ts). The catalogue
 * is data; core/mqsc reads it to parse, check, default and display attributes, so MQSC
 * keywords are mapped in one place.
 */
import type { JsonValue } from "../../message/message.js";

export type AttributeType =
  /** A whole number in [min, max]; `words` are keywords that stand for a number (e.g. NOLIMIT). */
  | { kind: "integer"; min: number; max: number; words?: Record<string, number> }
  /** Free text of at most maxLength characters ("" when blank). */
  | { kind: "string"; maxLength: number }
  /** An MQ object name (48 characters at most unless maxLength says otherwise), "" when blank. */
  | { kind: "name"; maxLength?: number }
  /** One of a set of keywords: plain-English value -> MQSC keyword, e.g. { first: "FIRST" }. */
  | { kind: "enum"; values: Record<string, string> }
  /** A two-valued keyword attribute shown as a boolean, e.g. PUT(ENABLED|DISABLED). */
  | { kind: "boolean"; true: string; false: string }
  /** A keyword pair written without parentheses, e.g. TRIGGER / NOTRIGGER; `keyword` is the "on" word. */
  | { kind: "flag"; off: string }
  /** A list of items, e.g. NAMES(A, B, C). */
  | { kind: "list"; item: AttributeType; maxItems: number };

export interface AttributeSpec {
  /** Plain English, camelCase: the TypeScript API's name, e.g. "triggerType". */
  name: string;
  /** The MQSC keyword as DISPLAY shows it, e.g. "TRIGTYPE". For a flag, the "on" word. */
  keyword: string;
  /** Other keywords MQSC accepts for it (IBM's synonyms), e.g. ["TARGQ"] for TARGET. */
  synonyms?: string[];
  type: AttributeType;
  /** The default, in plain-English form (for an enum, the English value). */
  default: JsonValue;
  /**
   * An attribute of ours, not IBM's (Sun MQ's destination limits, ...): set and shown by
   * name, but left out of DISPLAY ... ALL, so a client that holds IBM's list meets no keys it
   * does not know.
   */
  extension?: true;
}

/** An object type as MQSC names it (QLOCAL, CHANNEL, ...). */
export interface ObjectTypeSpec {
  /** The MQSC object keyword, e.g. "QLOCAL". */
  mqscType: string;
  /** IBM's synonyms for the object keyword, e.g. ["QL"]. */
  synonyms: string[];
  attributes: AttributeSpec[];
}
