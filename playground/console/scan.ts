/**
 * Reads the MQSC being typed, loosely, to say where the cursor is: which command (lines
 * joined by a trailing + or -, as runmqsc joins them) and which keyword. Unlike
 * core/mqsc/parser it never complains: half-typed input is the normal case here.
 */

/** A keyword, with its parenthesised value if any, and where it sits in the input. */
export interface TypedWord {
  /** Upper case, as MQSC folds it. */
  keyword: string;
  /** Offset of its first character in the input. */
  start: number;
  /** Offset just after it (after its closing parenthesis when it has a value). */
  end: number;
}

export interface TypedCommand {
  /** Offsets in the input of the command's first line and the end of its last. */
  start: number;
  end: number;
  /** The command as MQSC reads it: its lines joined, the + or - that continued them gone. */
  text: string;
  words: TypedWord[];
}

/** The command whose lines hold the cursor; undefined on a blank or comment line. */
export function commandAt(text: string, cursor: number): TypedCommand | undefined {
  return scanCommands(text).find((command) => command.start <= cursor && cursor <= command.end);
}

export function scanCommands(text: string): TypedCommand[] {
  const commands: TypedCommand[] = [];
  let chars: Char[] = [];
  let start = -1;
  let skipBlanks = false;
  let offset = 0;
  for (const line of text.split("\n")) {
    const lineStart = offset;
    offset += line.length + 1;
    if (start < 0 && (line.trim() === "" || line.trimStart().startsWith("*"))) continue;
    if (start < 0) start = lineStart;
    const trimmed = line.trimEnd();
    const last = trimmed.at(-1);
    const continues = last === "+" || last === "-";
    const body = continues ? trimmed.slice(0, -1) : line;
    // After "+" the next line continues from its first non-blank character; after "-", from its first column.
    let from = 0;
    if (skipBlanks) while (from < body.length && /\s/.test(body[from]!)) from++;
    for (let i = from; i < body.length; i++) chars.push({ c: body[i]!, at: lineStart + i });
    if (continues) {
      skipBlanks = last === "+";
      continue;
    }
    commands.push({ start, end: lineStart + line.length, text: joined(chars), words: words(chars) });
    chars = [];
    start = -1;
    skipBlanks = false;
  }
  if (start >= 0) commands.push({ start, end: text.length, text: joined(chars), words: words(chars) });
  return commands;
}

// --- Internal helpers ---

interface Char {
  c: string;
  at: number;
}

const SEPARATORS = " \t\r,()'";

function joined(chars: Char[]): string {
  return chars
    .map((ch) => ch.c)
    .join("")
    .trim();
}

function words(chars: Char[]): TypedWord[] {
  const found: TypedWord[] = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!.c;
    if (c === "(" || c === "'") {
      const after = c === "(" ? skipValue(chars, i) : skipQuoted(chars, i);
      // A value belongs to the keyword before it, blanks or not: MAXDEPTH (5) is MAXDEPTH(5).
      const previous = found.at(-1);
      if (c === "(" && previous) previous.end = chars[after - 1]!.at + 1;
      i = after;
    } else if (SEPARATORS.includes(c)) i++;
    else {
      const first = i;
      while (i < chars.length && !SEPARATORS.includes(chars[i]!.c)) i++;
      const keyword = chars
        .slice(first, i)
        .map((ch) => ch.c)
        .join("")
        .toUpperCase();
      found.push({ keyword, start: chars[first]!.at, end: chars[i - 1]!.at + 1 });
    }
  }
  return found;
}

/** The index after the ")" that closes the "(" at `open`, or the end: quotes may hold parentheses. */
function skipValue(chars: Char[], open: number): number {
  let quoted = false;
  for (let i = open + 1; i < chars.length; i++) {
    const c = chars[i]!.c;
    if (c === "'") quoted = !quoted;
    else if (c === ")" && !quoted) return i + 1;
  }
  return chars.length;
}

function skipQuoted(chars: Char[], open: number): number {
  for (let i = open + 1; i < chars.length; i++) if (chars[i]!.c === "'") return i + 1;
  return chars.length;
}
