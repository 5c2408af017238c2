/**
 * The nodes a compiled selector is made of, and how each kind is built from its operands:
 * the static type checks the JMS TCK asks for, and SQL's three-valued evaluation (null is
 * UNKNOWN). The parser (compile.ts) calls these builders as it reads the selector.
 */
import { SelectorError } from "./selector-error.js";
import { narrow, type FieldLookup, type SelectorValue } from "./values.js";

export type Evaluate = (field: FieldLookup) => SelectorValue;
export type StaticType = "boolean" | "numeric" | "string" | "any";

export interface Node {
  type: StaticType;
  evaluate: Evaluate;
  /** Where the node starts, for errors. */
  at: number;
  /** Set on an identifier: its name. */
  identifier?: string;
  /** Set on a string literal. */
  literal?: string;
}

// --- Node builders ---

export function logical(left: Node, right: Node, op: "AND" | "OR"): Node {
  requireType(left, "boolean", op);
  requireType(right, "boolean", op);
  const [l, r] = [left.evaluate, right.evaluate];
  const evaluate: Evaluate =
    op === "AND"
      ? (f) => {
          const a = asBoolean(l(f));
          if (a === false) return false;
          const b = asBoolean(r(f));
          if (b === false) return false;
          return a === true && b === true ? true : null;
        }
      : (f) => {
          const a = asBoolean(l(f));
          if (a === true) return true;
          const b = asBoolean(r(f));
          if (b === true) return true;
          return a === false && b === false ? false : null;
        };
  return { type: "boolean", at: left.at, evaluate };
}

export function compare(left: Node, right: Node, op: string, at: number): Node {
  const ordering = op !== "=" && op !== "<>";
  if (ordering) {
    requireType(left, "numeric", op);
    requireType(right, "numeric", op);
  } else if (left.type !== "any" && right.type !== "any" && left.type !== right.type) {
    throw new SelectorError(`${op} compares a ${left.type} with a ${right.type}`, at);
  }
  const [l, r] = [left.evaluate, right.evaluate];
  return {
    type: "boolean",
    at: left.at,
    evaluate: (f) => {
      const a = l(f);
      const b = r(f);
      if (a === null || b === null) return null;
      if (isNumber(a) && isNumber(b)) {
        switch (op) {
          case "=":
            return a == b; // eslint-disable-line eqeqeq -- a bigint equals the number of the same value
          case "<>":
            return a != b; // eslint-disable-line eqeqeq
          case "<":
            return a < b;
          case "<=":
            return a <= b;
          case ">":
            return a > b;
          default:
            return a >= b;
        }
      }
      // Values of different types compare as UNKNOWN; strings and booleans only by = and <>.
      if (typeof a !== typeof b || ordering) return null;
      return op === "=" ? a === b : a !== b;
    },
  };
}

export function arithmetic(left: Node, right: Node, op: string, at: number): Node {
  // + joins strings, as Artemis and ActiveMQ allow: name + '!' = 'James!'.
  if (op === "+" && (left.type === "string" || right.type === "string")) {
    requireType(left, "string", op);
    requireType(right, "string", op);
    const [l, r] = [left.evaluate, right.evaluate];
    return {
      type: "string",
      at,
      evaluate: (f) => {
        const a = l(f);
        const b = r(f);
        return typeof a === "string" && typeof b === "string" ? a + b : null;
      },
    };
  }
  requireType(left, "numeric", op);
  requireType(right, "numeric", op);
  const [l, r] = [left.evaluate, right.evaluate];
  // Two identifiers: + adds numbers or joins strings, whichever the message holds.
  if (op === "+" && left.type === "any" && right.type === "any") {
    return {
      type: "any",
      at,
      evaluate: (f) => {
        const a = l(f);
        const b = r(f);
        if (typeof a === "string" && typeof b === "string") return a + b;
        return isNumber(a) && isNumber(b) ? Number(a) + Number(b) : null;
      },
    };
  }
  const apply =
    op === "+"
      ? (a: number, b: number) => a + b
      : op === "-"
        ? (a: number, b: number) => a - b
        : op === "*"
          ? (a: number, b: number) => a * b
          : (a: number, b: number) => a / b;
  return {
    type: "numeric",
    at,
    evaluate: (f) => {
      const a = l(f);
      const b = r(f);
      if (!isNumber(a) || !isNumber(b)) return null;
      return apply(Number(a), Number(b));
    },
  };
}

export function requireType(node: Node, type: StaticType, where: string): void {
  if (node.type !== "any" && node.type !== type)
    throw new SelectorError(`${where} takes a ${type === "numeric" ? "number" : type}, not a ${node.type === "numeric" ? "number" : node.type}`, node.at);
}

// --- Helpers ---

export function isNumber(value: SelectorValue): value is number | bigint {
  return typeof value === "number" || typeof value === "bigint";
}

export function asBoolean(value: SelectorValue): boolean | null {
  return typeof value === "boolean" ? value : null;
}

/**
 * LIKE's pattern as an anchored regular expression: % any run, _ one character. The escape
 * character makes the next character literal when that is %, _ or itself, and is an ordinary
 * character otherwise (so an escape of % or _ still acts as a wildcard there), as Artemis
 * and ActiveMQ read it.
 */
export function likePattern(pattern: string, escape: string | undefined): RegExp {
  let source = "";
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const next = chars[i + 1];
    if (escape !== undefined && c === escape && (next === "%" || next === "_" || next === escape)) {
      source += escapeRegExp(next);
      i++;
    } else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, "u");
}

export function escapeRegExp(c: string): string {
  return c.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
