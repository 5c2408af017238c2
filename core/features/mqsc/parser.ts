/**
 * MQSC text to commands, by IBM's rules: a line beginning with `*` is a comment; blank lines
 * are ignored (inside a continuation too); a line ending in `+` continues with the next line's first non-blank
 * character, one ending in `-` with the next line's first column; keywords are separated by
 * blanks or commas; a value in parentheses may follow a keyword, with or without blanks
 * before the parenthesis; unquoted text is folded to upper case, quoted text is kept as
 * written, and a quote inside quotes is written twice.
 *
 * The parser never throws for bad input: a command it cannot read comes back as a syntax
 * error with the position (offset, line and column) where reading stopped.
 */

/** One keyword and its parenthesised values, e.g. MAXDEPTH(5000) or TRIGGER. */
export interface MqscParameter {
  /** Upper case. */
  keyword: string;
  /** The values between the parentheses; undefined when the keyword has none. */
  values: MqscValue[] | undefined;
  /** Offset of the keyword in the command text. */
  position: number;
}

export interface MqscValue {
  /** Unquoted values folded to upper case; quoted ones as written, without the quotes. */
  text: string;
  quoted: boolean;
  position: number;
}

export interface MqscPosition {
  /** Offset in the command's text (continuations joined). */
  offset: number;
  /** Line in the script, from 1. */
  line: number;
  /** Column in that line, from 1. */
  column: number;
}

export interface MqscSyntaxError {
  message: string;
  position: MqscPosition;
}

export interface ParsedCommand {
  /** The command as read, continuations joined. */
  text: string;
  /** The script line where the command begins, from 1. */
  line: number;
  /** The keywords in order; the first is the verb (DEFINE, DISPLAY, ...). */
  parameters: MqscParameter[];
  /** Set when the command could not be read; parameters then holds what was read before. */
  syntaxError?: MqscSyntaxError;
  /** Maps an offset in `text` back to the script's line and column. */
  locate(offset: number): MqscPosition;
}

/** MQSC's limit on the length of one command. */
export const MAX_COMMAND_LENGTH = 32762;

interface Segment {
  offset: number;
  line: number;
  column: number;
}

/** Splits a script into commands and reads each one. */
export function parseScript(script: string): ParsedCommand[] {
  const commands: ParsedCommand[] = [];
  const lines = script.split(/\r\n|\n|\r/);
  let text = "";
  let segments: Segment[] = [];
  let startLine = 0;
  let continuation: "+" | "-" | undefined;

  const finish = () => {
    if (segments.length > 0) commands.push(parseCommand(text, startLine, segments));
    text = "";
    segments = [];
    continuation = undefined;
  };

  lines.forEach((rawLine, index) => {
    const lineNumber = index + 1;
    // Comments and blank lines are ignored; a blank line inside a continuation is skipped too.
    if (continuation === undefined && (rawLine.startsWith("*") || rawLine.trim() === "")) return;
    if (continuation !== undefined && rawLine.trim() === "") return;
    let line = rawLine;
    let column = 1;
    if (continuation === "+") {
      const skipped = line.length - line.trimStart().length;
      line = line.slice(skipped);
      column += skipped;
    }
    if (segments.length === 0) startLine = lineNumber;
    const trimmed = line.trimEnd();
    const last = trimmed.at(-1);
    const continues = last === "+" || last === "-";
    segments.push({ offset: text.length, line: lineNumber, column });
    text += continues ? trimmed.slice(0, -1) : line;
    if (continues) continuation = last;
    else finish();
  });
  finish();
  return commands;
}

/** Reads one command's text (already joined); `segments` map offsets back to lines. */
export function parseCommand(text: string, line = 1, segments: Segment[] = [{ offset: 0, line, column: 1 }]): ParsedCommand {
  const locate = (offset: number): MqscPosition => {
    let segment = segments[0]!;
    for (const s of segments) if (s.offset <= offset) segment = s;
    return { offset, line: segment.line, column: segment.column + (offset - segment.offset) };
  };
  const command: ParsedCommand = { text, line, parameters: [], locate };
  const fail = (message: string, offset: number): ParsedCommand => {
    command.syntaxError = { message, position: locate(Math.min(offset, text.length)) };
    return command;
  };
  if (text.length > MAX_COMMAND_LENGTH) return fail(`the command is longer than ${MAX_COMMAND_LENGTH} characters`, MAX_COMMAND_LENGTH);

  let i = 0;
  const skipSeparators = () => {
    while (i < text.length && isSeparator(text[i]!)) i++;
  };
  const skipBlanks = () => {
    while (i < text.length && isBlank(text[i]!)) i++;
  };

  for (;;) {
    skipSeparators();
    if (i >= text.length) break;
    const start = i;
    const c = text[i]!;
    if (c === "(" || c === ")" || c === "'") {
      return fail(c === "'" ? "a quoted string must follow a keyword in parentheses" : `unexpected "${c}": a keyword must come first`, i);
    }
    while (i < text.length && !isSeparator(text[i]!) && text[i] !== "(" && text[i] !== ")" && text[i] !== "'") i++;
    const keyword = text.slice(start, i).toUpperCase();
    if (text[i] === "'" || text[i] === ")") return fail(`unexpected "${text[i]}" after ${keyword}`, i);
    const afterKeyword = i;
    skipBlanks();
    if (text[i] !== "(") {
      i = afterKeyword;
      command.parameters.push({ keyword, values: undefined, position: start });
      continue;
    }
    i++; // past "("
    const values: MqscValue[] = [];
    for (;;) {
      skipSeparators();
      if (i >= text.length) return fail(`the parenthesis after ${keyword} is not closed`, i);
      const v = text[i]!;
      if (v === ")") {
        i++;
        break;
      }
      if (v === "'") {
        const valueStart = i;
        i++;
        let value = "";
        for (;;) {
          if (i >= text.length) return fail(`the quoted string after ${keyword} is not closed`, valueStart);
          if (text[i] === "'") {
            if (text[i + 1] === "'") {
              value += "'";
              i += 2;
              continue;
            }
            i++;
            break;
          }
          value += text[i];
          i++;
        }
        if (i < text.length && !isSeparator(text[i]!) && text[i] !== ")") return fail(`unexpected "${text[i]}" after a quoted string`, i);
        values.push({ text: value, quoted: true, position: valueStart });
        continue;
      }
      if (v === "(") return fail(`unexpected "(" in the value of ${keyword}`, i);
      const valueStart = i;
      // An unquoted value ends at a separator or ")"; a parenthesis inside it must balance, as in CONNAME(host(1414)).
      let depth = 0;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === "'") return fail(`unexpected quote inside the unquoted value of ${keyword}`, i);
        if (ch === "(") depth++;
        else if (ch === ")") {
          if (depth === 0) break;
          depth--;
        } else if (isSeparator(ch) && depth === 0) break;
        i++;
      }
      if (depth > 0) return fail(`a parenthesis in the value of ${keyword} is not closed`, i);
      values.push({ text: text.slice(valueStart, i).toUpperCase(), quoted: false, position: valueStart });
    }
    command.parameters.push({ keyword, values, position: start });
  }
  if (command.parameters.length === 0) return fail("the command is empty", 0);
  return command;
}

function isBlank(c: string): boolean {
  return c === " " || c === "\t";
}

function isSeparator(c: string): boolean {
  return c === " " || c === "\t" || c === ",";
}
