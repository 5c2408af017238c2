/**
 * Tokens of the JMS message selector language (JMS 2.0, 3.8.1.1): string literals with ''
 * as the quote's escape, exact numerics (decimal, 0x hex, leading-0 octal, L suffix),
 * approximate numerics (7., .5, 6.22E-3, F/D suffix), identifiers (Java's letters, digits,
 * _ and $; a double-quoted name as Artemis and ActiveMQ allow, for names with dots), the
 * keywords (any case) and the operators. A fault throws SelectorError with its position.
 */
import { SelectorError } from "./selector-error.js";

export const KEYWORDS = new Set(["NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "IS", "NULL", "TRUE", "FALSE", "ESCAPE"]);

export type Token =
  | { kind: "string"; value: string; at: number }
  | { kind: "exact"; value: bigint; at: number }
  | { kind: "approximate"; value: number; at: number }
  | { kind: "identifier"; name: string; at: number }
  | { kind: "keyword"; word: string; at: number }
  | { kind: "operator"; op: string; at: number }
  | { kind: "end"; at: number };

const IDENTIFIER_START = /[\p{L}\p{Nl}_$]/u;
const IDENTIFIER_PART = /[\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}_$]/u;
const WHITESPACE = /[ \t\n\r\f]/;
const OPERATORS = ["<>", "<=", ">=", "=", "<", ">", "+", "-", "*", "/", "(", ")", ","];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (WHITESPACE.test(c)) {
      i++;
      continue;
    }
    const at = i;
    if (c === "'") {
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new SelectorError("the string literal is not closed", at);
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      tokens.push({ kind: "string", value, at });
      continue;
    }
    if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new SelectorError("the quoted identifier is not closed", at);
      tokens.push({ kind: "identifier", name: text.slice(i + 1, end), at });
      i = end + 1;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      const { token, next } = readNumber(text, i);
      tokens.push(token);
      i = next;
      continue;
    }
    if (IDENTIFIER_START.test(c)) {
      let j = i + 1;
      while (j < text.length && IDENTIFIER_PART.test(text[j]!)) j++;
      const word = text.slice(i, j);
      if (KEYWORDS.has(word.toUpperCase())) tokens.push({ kind: "keyword", word: word.toUpperCase(), at });
      else tokens.push({ kind: "identifier", name: word, at });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new SelectorError(`${JSON.stringify(c)} is not part of the selector language`, at);
    tokens.push({ kind: "operator", op, at });
    i += op.length;
  }
  tokens.push({ kind: "end", at: text.length });
  return tokens;
}

function readNumber(text: string, start: number): { token: Token; next: number } {
  const hex = /^0[xX]([0-9a-fA-F]+)([lL])?/.exec(text.slice(start));
  if (hex) return { token: { kind: "exact", value: BigInt("0x" + hex[1]), at: start }, next: start + hex[0].length };
  const approximate = /^(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?|^[0-9]+[eE][+-]?[0-9]+[fFdD]?|^[0-9]+[fFdD]/.exec(text.slice(start));
  if (approximate) {
    const digits = approximate[0].replace(/[fFdD]$/, "");
    return { token: { kind: "approximate", value: Number(digits), at: start }, next: start + approximate[0].length };
  }
  const exact = /^([0-9]+)([lL])?/.exec(text.slice(start))!;
  const digits = exact[1]!;
  // A leading 0 makes an octal literal, as in Java (035 is 29).
  if (digits.length > 1 && digits.startsWith("0")) {
    if (!/^[0-7]+$/.test(digits)) throw new SelectorError(`${digits} is not an octal literal`, start);
    return { token: { kind: "exact", value: BigInt("0o" + digits.slice(1)), at: start }, next: start + exact[0].length };
  }
  return { token: { kind: "exact", value: BigInt(digits), at: start }, next: start + exact[0].length };
}
