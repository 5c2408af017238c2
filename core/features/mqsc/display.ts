/**
 * DISPLAY's layout and filters: attributes in runmqsc's two columns, dates and times as MQ
 * writes them, generic names with a trailing `*`, and WHERE clauses.
 */
import type { JsonValue } from "../../message/message.js";
import type { MqscValue } from "./parser.js";

/** One attribute as DISPLAY shows it: the KEYWORD(value) text and its runCommandJSON value. */
export interface DisplayItem {
  keyword: string;
  text: string;
  json: JsonValue;
}

const INDENT = "   ";
const COLUMN = 40;

/** runmqsc's layout: items two to a line, the second in column 44, long ones on a line of their own. */
export function layout(items: readonly DisplayItem[]): string[] {
  const lines: string[] = [];
  let pending: string | undefined;
  for (const { text } of items) {
    if (pending === undefined) {
      if (text.length >= COLUMN) lines.push(INDENT + text);
      else pending = text;
      continue;
    }
    if (text.length >= COLUMN) {
      lines.push(INDENT + pending, INDENT + text);
    } else {
      lines.push(INDENT + pending.padEnd(COLUMN) + text);
    }
    pending = undefined;
  }
  if (pending !== undefined) lines.push(INDENT + pending);
  return lines;
}

/** MQ's date and time attributes (CRDATE(2026-11-30) CRTIME(14.05.09)), in UTC. */
export function dateAndTime(ms: number | null | undefined): { date: string; time: string } {
  if (!ms) return { date: " ", time: " " };
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19).replace(/:/g, ".") };
}

/** A name in a DISPLAY may end in `*` to match every name that starts with what precedes it. */
export function matchesGeneric(pattern: string, name: string): boolean {
  return pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

export function isGeneric(pattern: string): boolean {
  return pattern.endsWith("*");
}

export interface WhereClause {
  keyword: string;
  operator: string;
  value: string;
}

const OPERATORS = new Set(["LT", "GT", "EQ", "NE", "LE", "GE", "LK", "NL", "CT", "EX"]);

/** Reads WHERE(keyword operator value); returns a message when it cannot. */
export function readWhere(values: MqscValue[]): WhereClause | string {
  if (values.length !== 3) return "WHERE needs a keyword, an operator and a value, e.g. WHERE(CURDEPTH GT 0)";
  const [keyword, operator, value] = values as [MqscValue, MqscValue, MqscValue];
  if (!OPERATORS.has(operator.text.toUpperCase())) return `WHERE operator ${operator.text} is not one of ${[...OPERATORS].join(", ")}`;
  return { keyword: keyword.text.toUpperCase(), operator: operator.text.toUpperCase(), value: value.text };
}

/** Whether an object's displayed values satisfy the clause. */
export function satisfies(clause: WhereClause, items: ReadonlyMap<string, DisplayItem>): boolean {
  const item = items.get(clause.keyword);
  if (!item) return false;
  const actual = item.json;
  if (clause.operator === "CT" || clause.operator === "EX") {
    const list = Array.isArray(actual) ? actual.map(String) : [String(actual)];
    const has = list.some((v) => matchesGeneric(clause.value, v));
    return clause.operator === "CT" ? has : !has;
  }
  if (clause.operator === "LK" || clause.operator === "NL") {
    const like = matchesGeneric(clause.value.toUpperCase(), String(actual).toUpperCase());
    return clause.operator === "LK" ? like : !like;
  }
  const numeric = typeof actual === "number" && /^[+-]?\d+$/.test(clause.value);
  // Text compares without trailing blanks, as MQ pads it: WHERE(DESCR EQ ' ') finds a blank DESCR.
  const left = numeric ? (actual as number) : String(actual).toUpperCase().trimEnd();
  const right = numeric ? Number(clause.value) : clause.value.toUpperCase().trimEnd();
  switch (clause.operator) {
    case "LT":
      return left < right;
    case "GT":
      return left > right;
    case "LE":
      return left <= right;
    case "GE":
      return left >= right;
    case "EQ":
      return left === right;
    default:
      return left !== right;
  }
}
