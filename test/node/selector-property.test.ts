/**
 * Property tests of the selector language: any text either compiles or is refused with
 * MQRC_SELECTOR_SYNTAX_ERROR (2459) and a position inside it, never anything else; and random
 * well-typed expressions built from the grammar evaluate as a small reference evaluator says.
 */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { MQError } from "../../core/index.js";
import { compile, type SelectorValue } from "../../core/selector/index.js";

const selectorish = fc
  .array(
    fc.oneof(
      fc.constantFrom("a", "b", "s", "JMSPriority", "JMSType", "x.y", '"x.y"', "$p", "_q"),
      fc.constantFrom("AND", "OR", "NOT", "BETWEEN", "LIKE", "IN", "IS", "NULL", "TRUE", "FALSE", "ESCAPE", "and", "not"),
      fc.constantFrom(
        "=",
        "<>",
        "<",
        "<=",
        ">",
        ">=",
        "+",
        "-",
        "*",
        "/",
        "(",
        ")",
        ",",
        " ",
        "'",
        "''",
        "'x'",
        "'%_'",
        "1",
        "0x1F",
        "017",
        "1.5",
        ".5",
        "1e3",
        "9223372036854775808L",
        "1L",
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(" "));

describe("selectors never throw anything but 2459", () => {
  it("compiles any text or refuses it with MQRC_SELECTOR_SYNTAX_ERROR and a position in it", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), selectorish), (text) => {
        let selector;
        try {
          selector = compile(text);
        } catch (error) {
          expect(error).toBeInstanceOf(MQError);
          expect((error as MQError).reasonCode).toBe(2459);
          const position = (error as MQError & { position: number }).position;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(text.length);
          return;
        }
        // What compiles evaluates to true or false on any message, never throws.
        expect(typeof selector.matches((name) => (name === "a" ? 1 : name === "s" ? "x" : undefined))).toBe("boolean");
      }),
      fuzzOptions(3000),
    );
  });
});

// --- A reference evaluator over a tiny typed grammar ---

type Expr =
  | { kind: "num"; value: number }
  | { kind: "prop"; name: "a" | "b" | "n" }
  | { kind: "add" | "sub" | "mul"; left: Expr; right: Expr }
  | { kind: "cmp"; op: "=" | "<>" | "<" | "<=" | ">" | ">="; left: Expr; right: Expr }
  | { kind: "between"; value: Expr; low: Expr; high: Expr; not: boolean }
  | { kind: "and" | "or"; left: Expr; right: Expr }
  | { kind: "not"; operand: Expr }
  | { kind: "isnull"; name: "a" | "b" | "n"; not: boolean };

const numeric: fc.Arbitrary<Expr> = fc.letrec<{ num: Expr }>((tie) => ({
  num: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -20, max: 20 }).map((value) => ({ kind: "num" as const, value })),
    fc.constantFrom("a", "b", "n").map((name) => ({ kind: "prop" as const, name: name as "a" | "b" | "n" })),
    fc.record({ kind: fc.constantFrom("add" as const, "sub" as const, "mul" as const), left: tie("num"), right: tie("num") }),
  ),
})).num;

const condition: fc.Arbitrary<Expr> = fc.letrec<{ cond: Expr }>((tie) => ({
  cond: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      kind: fc.constant("cmp" as const),
      op: fc.constantFrom("=" as const, "<>" as const, "<" as const, "<=" as const, ">" as const, ">=" as const),
      left: numeric,
      right: numeric,
    }),
    fc.record({ kind: fc.constant("between" as const), value: numeric, low: numeric, high: numeric, not: fc.boolean() }),
    fc.record({ kind: fc.constant("isnull" as const), name: fc.constantFrom("a" as const, "b" as const, "n" as const), not: fc.boolean() }),
    fc.record({ kind: fc.constantFrom("and" as const, "or" as const), left: tie("cond"), right: tie("cond") }),
    fc.record({ kind: fc.constant("not" as const), operand: tie("cond") }),
  ),
})).cond;

function text(e: Expr): string {
  switch (e.kind) {
    case "num":
      return e.value < 0 ? `(${e.value})` : String(e.value);
    case "prop":
      return e.name;
    case "add":
      return `(${text(e.left)} + ${text(e.right)})`;
    case "sub":
      return `(${text(e.left)} - ${text(e.right)})`;
    case "mul":
      return `(${text(e.left)} * ${text(e.right)})`;
    case "cmp":
      return `(${text(e.left)} ${e.op} ${text(e.right)})`;
    case "between":
      return `(${text(e.value)} ${e.not ? "NOT " : ""}BETWEEN ${text(e.low)} AND ${text(e.high)})`;
    case "and":
      return `(${text(e.left)} AND ${text(e.right)})`;
    case "or":
      return `(${text(e.left)} OR ${text(e.right)})`;
    case "not":
      return `NOT ${text(e.operand)}`;
    case "isnull":
      return `(${e.name} IS ${e.not ? "NOT " : ""}NULL)`;
  }
}

/** SQL's three-valued logic, by the book: null is UNKNOWN. */
function reference(e: Expr, fields: Record<string, number | null>): SelectorValue {
  const num = (x: Expr) => reference(x, fields) as number | null;
  const bool = (x: Expr) => reference(x, fields) as boolean | null;
  switch (e.kind) {
    case "num":
      return e.value;
    case "prop":
      return fields[e.name] ?? null;
    case "add":
    case "sub":
    case "mul": {
      const [l, r] = [num(e.left), num(e.right)];
      if (l === null || r === null) return null;
      return e.kind === "add" ? l + r : e.kind === "sub" ? l - r : l * r;
    }
    case "cmp": {
      const [l, r] = [num(e.left), num(e.right)];
      if (l === null || r === null) return null;
      return { "=": l === r, "<>": l !== r, "<": l < r, "<=": l <= r, ">": l > r, ">=": l >= r }[e.op];
    }
    case "between": {
      const [v, lo, hi] = [num(e.value), num(e.low), num(e.high)];
      if (v === null || lo === null || hi === null) return null;
      return (lo <= v && v <= hi) !== e.not;
    }
    case "and": {
      const [l, r] = [bool(e.left), bool(e.right)];
      if (l === false || r === false) return false;
      return l === true && r === true ? true : null;
    }
    case "or": {
      const [l, r] = [bool(e.left), bool(e.right)];
      if (l === true || r === true) return true;
      return l === false && r === false ? false : null;
    }
    case "not": {
      const v = bool(e.operand);
      return v === null ? null : !v;
    }
    case "isnull":
      return (fields[e.name] === undefined || fields[e.name] === null) !== e.not;
  }
}

describe("selectors evaluate as the reference evaluator", () => {
  it("agrees on random expressions of the grammar", () => {
    fc.assert(
      fc.property(condition, fc.record({ a: fc.option(fc.integer({ min: -9, max: 9 })), b: fc.option(fc.integer({ min: -9, max: 9 })) }), (expr, fields) => {
        const selector = compile(text(expr));
        const expected = reference(expr, fields) === true;
        expect(selector.matches((name) => (name === "n" ? undefined : fields[name as "a" | "b"]))).toBe(expected);
      }),
      fuzzOptions(2000),
    );
  });
});

describe("+ between two properties", () => {
  it("adds numbers and joins strings, whichever the message holds", () => {
    const selector = compile("a + b = 'xy' OR a + b = 3");
    expect(selector.matches((name) => ({ a: "x", b: "y" })[name])).toBe(true);
    expect(selector.matches((name) => ({ a: 1, b: 2 })[name])).toBe(true);
    expect(selector.matches((name) => ({ a: "x", b: 2 })[name])).toBe(false);
  });
});
