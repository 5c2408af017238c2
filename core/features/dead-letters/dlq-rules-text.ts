/**
 * The text layer of a dead-letter rules table, by IBM's conventions for it: a line with `*`
 * in the first column is a comment; blank lines are ignored (inside a continuation too); a
 * line whose last non-blank character is `+` continues from the next line's first non-blank
 * character, one ending in `-` from the next line's first column, even inside a keyword or a
 * value; keywords are apart by blanks or commas; a value in parentheses may follow a keyword,
 * blanks allowed around it; unquoted text is folded to upper case, quoted text kept as
 * written with a quote inside written twice.
 *
 * (MQSC reads text by the same conventions, but core/mqsc is the command language and the
 * rest of core does not depend on it; this is the small part a rules table needs.)
 *
 * Every keyword and value keeps the line and column (from 1) where it was written, so an
 * error can point at it.
 */
import { DlqRulesError } from "./dlq-rules-error.js";

export interface Place {
  line: number;
  column: number;
}

export interface RulesTableValue extends Place {
  /** Unquoted values folded to upper case; quoted ones as written, without the quotes. */
  text: string;
  quoted: boolean;
}

export interface RulesTableKeyword extends Place {
  /** Upper case. */
  keyword: string;
  /** The values between the parentheses; undefined when none were written. */
  values: RulesTableValue[] | undefined;
}

/** One entry (control data or a rule): a logical line, continuations joined. */
export interface RulesTableEntry {
  /** The line the entry begins on. */
  line: number;
  keywords: RulesTableKeyword[];
}

/** The entries of a rules table, in order. Throws DlqRulesError where the text cannot be read. */
export function readRulesTableEntries(text: string): RulesTableEntry[] {
  const entries: RulesTableEntry[] = [];
  let chars = "";
  let places: Place[] = [];
  let continuation: "+" | "-" | undefined;
  let lastPlace: Place = { line: 1, column: 1 };

  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (continuation === undefined && (raw.startsWith("*") || raw.trim() === "")) return;
    if (continuation !== undefined && raw.trim() === "") return;
    let start = 0;
    if (continuation === "+") start = raw.length - raw.trimStart().length;
    const trimmed = raw.trimEnd();
    const last = trimmed.at(-1);
    const continues = last === "+" || last === "-";
    const end = continues ? trimmed.length - 1 : raw.length;
    for (let i = start; i < end; i++) {
      chars += raw[i];
      places.push({ line, column: i + 1 });
    }
    lastPlace = { line, column: end + 1 };
    if (continues) {
      continuation = last;
      return;
    }
    entries.push(readEntry(chars, places, lastPlace));
    chars = "";
    places = [];
    continuation = undefined;
  });
  // A continuation into the end of the table ends the entry there.
  if (places.length > 0) entries.push(readEntry(chars, places, lastPlace));
  return entries;
}

function readEntry(text: string, places: Place[], end: Place): RulesTableEntry {
  const at = (i: number): Place => places[i] ?? end;
  const fail = (message: string, i: number): never => {
    const { line, column } = at(i);
    throw new DlqRulesError(message, line, column);
  };
  const keywords: RulesTableKeyword[] = [];
  let i = 0;
  const skip = (what: (c: string) => boolean) => {
    while (i < text.length && what(text[i]!)) i++;
  };

  for (;;) {
    skip(isSeparator);
    if (i >= text.length) break;
    const start = i;
    const first = text[i]!;
    if (first === "(" || first === ")" || first === "'") fail(`unexpected "${first}": a keyword must come first`, i);
    while (i < text.length && !isSeparator(text[i]!) && !"()'".includes(text[i]!)) i++;
    const keyword = text.slice(start, i).toUpperCase();
    if (text[i] === "'" || text[i] === ")") fail(`unexpected "${text[i]}" after ${keyword}`, i);
    const afterKeyword = i;
    skip(isBlank);
    if (text[i] !== "(") {
      i = afterKeyword;
      keywords.push({ keyword, values: undefined, ...at(start) });
      continue;
    }
    i++; // past "("
    const values: RulesTableValue[] = [];
    for (;;) {
      skip(isSeparator);
      if (i >= text.length) fail(`the parenthesis after ${keyword} is not closed`, i);
      const c = text[i]!;
      if (c === ")") {
        i++;
        break;
      }
      const valueStart = i;
      if (c === "'") {
        let value = "";
        for (i++; ; i++) {
          if (i >= text.length) fail(`the quoted string after ${keyword} is not closed`, valueStart);
          if (text[i] !== "'") value += text[i];
          else if (text[i + 1] === "'") value += text[i++];
          else break;
        }
        i++; // past the closing quote
        if (i < text.length && !isSeparator(text[i]!) && text[i] !== ")") fail(`unexpected "${text[i]}" after a quoted string`, i);
        values.push({ text: value, quoted: true, ...at(valueStart) });
        continue;
      }
      while (i < text.length && !isSeparator(text[i]!) && text[i] !== ")") {
        if (text[i] === "(" || text[i] === "'") fail(`unexpected "${text[i]}" in the value of ${keyword}`, i);
        i++;
      }
      values.push({ text: text.slice(valueStart, i).toUpperCase(), quoted: false, ...at(valueStart) });
    }
    keywords.push({ keyword, values, ...at(start) });
  }
  if (keywords.length === 0) fail("the line has no keyword", 0);
  return { line: at(0).line, keywords };
}

function isBlank(c: string): boolean {
  return c === " " || c === "\t";
}

function isSeparator(c: string): boolean {
  return isBlank(c) || c === ",";
}
