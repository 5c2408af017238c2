/**
 * Compiles a JMS message selector once into a function of a message's fields. Parsing also
 * checks types where the text makes them certain, as the JMS TCK requires: ordering
 * comparisons, BETWEEN and arithmetic take numbers; LIKE and IN take string literals; AND,
 * OR and NOT take booleans; the whole selector is a condition.
 *
 * Evaluation follows SQL's three-valued logic: null stands for UNKNOWN (an absent or null
 * property, a comparison of values of different types), and only TRUE selects a message.
 * Exact numbers are bigint where they would lose precision as a number; arithmetic is done
 * in doubles (as Artemis and ActiveMQ do: 123 / 2 is 61.5).
 */
import { tokenize, type Token } from "./lexer.js";
import { SelectorError } from "./selector-error.js";
import { narrow, type FieldLookup, type SelectorValue } from "./values.js";
import { logical, compare, arithmetic, requireType, isNumber, likePattern, type Node } from "./nodes.js";

export type { SelectorValue, FieldLookup } from "./values.js";
/** The compiled test: true when the selector selects the message. */
export function compileSelector(text: string): (field: FieldLookup) => boolean {
  const parser = new Parser(tokenize(text));
  if (parser.peek().kind === "end") return () => true; // an empty selector selects everything
  const root = parser.expression();
  parser.expectEnd();
  if (root.type !== "boolean" && root.type !== "any") throw new SelectorError("a selector is a condition, not a value", root.at);
  return (field) => root.evaluate(field) === true;
}

class Parser {
  #i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.#i]!;
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind !== "end") throw new SelectorError(`${describe(token)} was not expected here`, token.at);
  }

  expression(): Node {
    return this.#or();
  }

  #or(): Node {
    let left = this.#and();
    while (this.#keyword("OR")) {
      const right = this.#and();
      left = logical(left, right, "OR");
    }
    return left;
  }

  #and(): Node {
    let left = this.#not();
    while (this.#keyword("AND")) {
      const right = this.#not();
      left = logical(left, right, "AND");
    }
    return left;
  }

  #not(): Node {
    const at = this.peek().at;
    if (this.#keyword("NOT")) {
      const operand = this.#not();
      requireType(operand, "boolean", "NOT");
      const inner = operand.evaluate;
      return {
        type: "boolean",
        at,
        evaluate: (f) => {
          const v = inner(f);
          return typeof v === "boolean" ? !v : null;
        },
      };
    }
    return this.#comparison();
  }

  #comparison(): Node {
    const left = this.#additive();
    const token = this.peek();
    if (token.kind === "operator" && ["=", "<>", "<", "<=", ">", ">="].includes(token.op)) {
      this.#i++;
      const right = this.#additive();
      return compare(left, right, token.op, token.at);
    }
    if (token.kind === "keyword" && token.word === "IS") {
      this.#i++;
      const negated = this.#keyword("NOT");
      if (!this.#keyword("NULL")) throw new SelectorError("IS is followed by NULL or NOT NULL", this.peek().at);
      if (left.identifier === undefined) throw new SelectorError("IS NULL applies to an identifier", left.at);
      const read = left.evaluate;
      return { type: "boolean", at: left.at, evaluate: (f) => (read(f) === null) !== negated };
    }
    const negated =
      token.kind === "keyword" &&
      token.word === "NOT" &&
      this.tokens[this.#i + 1]?.kind === "keyword" &&
      ["BETWEEN", "IN", "LIKE"].includes((this.tokens[this.#i + 1] as { word: string }).word);
    if (negated) this.#i++;
    if (this.#keyword("BETWEEN")) return this.#between(left, negated);
    if (this.#keyword("IN")) return this.#in(left, negated);
    if (this.#keyword("LIKE")) return this.#like(left, negated);
    if (negated) throw new SelectorError("NOT here must be followed by BETWEEN, IN or LIKE", token.at);
    return left;
  }

  #between(value: Node, negated: boolean): Node {
    const low = this.#additive();
    if (!this.#keyword("AND")) throw new SelectorError("BETWEEN needs AND between its bounds", this.peek().at);
    const high = this.#additive();
    for (const node of [value, low, high]) requireType(node, "numeric", "BETWEEN");
    const [v, lo, hi] = [value.evaluate, low.evaluate, high.evaluate];
    return {
      type: "boolean",
      at: value.at,
      evaluate: (f) => {
        const x = v(f);
        const a = lo(f);
        const b = hi(f);
        if (!isNumber(x) || !isNumber(a) || !isNumber(b)) return null;
        const inside = a <= x && x <= b;
        return negated ? !inside : inside;
      },
    };
  }

  #in(value: Node, negated: boolean): Node {
    if (value.identifier === undefined) throw new SelectorError("IN applies to an identifier", value.at);
    this.#operator("(");
    const items = new Set<string>();
    do {
      const token = this.peek();
      if (token.kind !== "string") throw new SelectorError("an IN list holds string literals", token.at);
      items.add(token.value);
      this.#i++;
    } while (this.#takeOperator(","));
    this.#operator(")");
    const read = value.evaluate;
    return {
      type: "boolean",
      at: value.at,
      evaluate: (f) => {
        const x = read(f);
        if (typeof x !== "string") return null;
        return items.has(x) !== negated;
      },
    };
  }

  #like(value: Node, negated: boolean): Node {
    if (value.identifier === undefined) throw new SelectorError("LIKE applies to an identifier", value.at);
    const patternToken = this.peek();
    if (patternToken.kind !== "string") throw new SelectorError("a LIKE pattern is a string literal", patternToken.at);
    this.#i++;
    let escape: string | undefined;
    if (this.#keyword("ESCAPE")) {
      const token = this.peek();
      if (token.kind !== "string" || [...token.value].length !== 1)
        throw new SelectorError("ESCAPE is followed by a string literal of one character", token.at);
      escape = token.value;
      this.#i++;
    }
    const pattern = likePattern(patternToken.value, escape);
    const read = value.evaluate;
    return {
      type: "boolean",
      at: value.at,
      evaluate: (f) => {
        const x = read(f);
        if (typeof x !== "string") return null;
        return pattern.test(x) !== negated;
      },
    };
  }

  #additive(): Node {
    let left = this.#multiplicative();
    for (;;) {
      const token = this.peek();
      if (token.kind !== "operator" || (token.op !== "+" && token.op !== "-")) return left;
      this.#i++;
      left = arithmetic(left, this.#multiplicative(), token.op, token.at);
    }
  }

  #multiplicative(): Node {
    let left = this.#unary();
    for (;;) {
      const token = this.peek();
      if (token.kind !== "operator" || (token.op !== "*" && token.op !== "/")) return left;
      this.#i++;
      left = arithmetic(left, this.#unary(), token.op, token.at);
    }
  }

  #unary(): Node {
    const token = this.peek();
    if (token.kind === "operator" && (token.op === "+" || token.op === "-")) {
      this.#i++;
      const operand = this.#unary();
      requireType(operand, "numeric", `unary ${token.op}`);
      if (token.op === "+") return operand;
      const inner = operand.evaluate;
      return {
        type: "numeric",
        at: token.at,
        evaluate: (f) => {
          const v = inner(f);
          return isNumber(v) ? narrow(-v as never) : null;
        },
      };
    }
    return this.#primary();
  }

  #primary(): Node {
    const token = this.peek();
    this.#i++;
    switch (token.kind) {
      case "string":
        return { type: "string", at: token.at, literal: token.value, evaluate: () => token.value };
      case "exact": {
        const value = narrow(token.value);
        return { type: "numeric", at: token.at, evaluate: () => value };
      }
      case "approximate":
        return { type: "numeric", at: token.at, evaluate: () => token.value };
      case "identifier": {
        const name = token.name;
        return {
          type: "any",
          at: token.at,
          identifier: name,
          evaluate: (f) => {
            const v = f(name);
            return v === undefined ? null : v;
          },
        };
      }
      case "keyword":
        if (token.word === "TRUE" || token.word === "FALSE") {
          const value = token.word === "TRUE";
          return { type: "boolean", at: token.at, evaluate: () => value };
        }
        if (token.word === "NULL") throw new SelectorError("NULL is only for IS NULL and IS NOT NULL", token.at);
        throw new SelectorError(`${token.word} is a reserved word, not an identifier`, token.at);
      case "operator":
        if (token.op === "(") {
          const inner = this.expression();
          this.#operator(")");
          return inner;
        }
        throw new SelectorError(`${token.op} was not expected here`, token.at);
      case "end":
        throw new SelectorError("the selector ends too soon", token.at);
    }
  }

  #keyword(word: string): boolean {
    const token = this.peek();
    if (token.kind === "keyword" && token.word === word) {
      this.#i++;
      return true;
    }
    return false;
  }

  #takeOperator(op: string): boolean {
    const token = this.peek();
    if (token.kind === "operator" && token.op === op) {
      this.#i++;
      return true;
    }
    return false;
  }

  #operator(op: string): void {
    if (!this.#takeOperator(op)) throw new SelectorError(`${op} was expected here`, this.peek().at);
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case "string":
      return `the string '${token.value}'`;
    case "identifier":
      return token.name;
    case "keyword":
      return token.word;
    case "operator":
      return token.op;
    case "exact":
    case "approximate":
      return String(token.value);
    case "end":
      return "the end";
  }
}
