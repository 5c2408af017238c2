/**
 * STOMP frames (https://stomp.github.io/stomp-specification-1.2.html): a parser that takes
 * the bytes a socket delivers, in any split, and an encoder. Platform-neutral (no node:
 * imports), so the edge's Durable Object can run it as Node does.
 *
 * The parser never throws: malformed input is one `{ error }` result, after which it takes
 * nothing more (the connection sends an ERROR frame and closes). Its limits bound what it
 * buffers: a header section over `maxHeaderBytes`, or a body over `maxBodyBytes` (the queue
 * manager's MAXMSGL), is an error as soon as it is known, not after it has all arrived.
 */

export type StompVersion = "1.0" | "1.1" | "1.2";

export interface StompFrame {
  command: string;
  /** In the order sent; a repeated header keeps every value, and `header()` answers the first (1.2). */
  headers: [string, string][];
  body: Uint8Array;
}

export type ParseResult = { frame: StompFrame } | { heartBeat: true } | { error: string; tooLarge: boolean };

/** The commands a client sends (STOMP 1.2 section "Client Frames"). */
export const CLIENT_COMMANDS = new Set(["CONNECT", "STOMP", "SEND", "SUBSCRIBE", "UNSUBSCRIBE", "ACK", "NACK", "BEGIN", "COMMIT", "ABORT", "DISCONNECT"]);

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** The first value of a header, as STOMP 1.2 says a repeated header is read. */
export function header(frame: StompFrame, name: string): string | undefined {
  for (const [key, value] of frame.headers) if (key === name) return value;
  return undefined;
}

export interface ParserLimits {
  maxHeaderBytes: number;
  maxBodyBytes: number;
}

export class FrameParser {
  #buffer: Uint8Array = new Uint8Array(0);
  #failed = false;
  /** Until CONNECTED, CONNECT's headers are read unescaped; after, as the negotiated version says. */
  version: StompVersion = "1.2";

  /** The largest body taken: the queue manager's MAXMSGL, once CONNECT has named it. */
  maxBodyBytes: number;
  readonly #maxHeaderBytes: number;

  constructor(limits: ParserLimits) {
    this.maxBodyBytes = limits.maxBodyBytes;
    this.#maxHeaderBytes = limits.maxHeaderBytes;
  }

  get failed(): boolean {
    return this.#failed;
  }

  /** Every frame and heart-beat complete in what has arrived; an error ends the parser. */
  push(chunk: Uint8Array | string): ParseResult[] {
    if (this.#failed) return [];
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    this.#buffer = this.#buffer.length === 0 ? bytes : concat(this.#buffer, bytes);
    const results: ParseResult[] = [];
    let position = 0;
    try {
      for (;;) {
        const buffer = this.#buffer;
        // EOLs between frames are heart-beats (and the optional EOLs after a frame's NUL).
        let beats = false;
        while (position < buffer.length) {
          if (buffer[position] === LF) position++;
          else if (buffer[position] === CR && buffer[position + 1] === LF) position += 2;
          else if (buffer[position] === CR && position + 1 === buffer.length) break;
          else break;
          beats = true;
        }
        if (beats) results.push({ heartBeat: true });
        if (position >= buffer.length) break;
        const parsed = this.#frameAt(buffer, position);
        if (parsed === "incomplete") break;
        if ("error" in parsed) {
          this.#fail();
          results.push(parsed);
          return results;
        }
        results.push({ frame: parsed.frame });
        position = parsed.end;
      }
    } catch (error) {
      // Nothing above should throw; if it does, it is still an ERROR and a close, never a crash.
      this.#fail();
      results.push({ tooLarge: false, error: `the frame could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return results;
    }
    this.#buffer = position === 0 ? this.#buffer : this.#buffer.slice(position);
    return results;
  }

  #fail(): void {
    this.#failed = true;
    this.#buffer = new Uint8Array(0);
  }

  #frameAt(buffer: Uint8Array, start: number): { frame: StompFrame; end: number } | { error: string; tooLarge: boolean } | "incomplete" {
    const headerEnd = findHeaderEnd(buffer, start, this.#maxHeaderBytes);
    if (headerEnd === undefined) {
      return buffer.length - start > this.#maxHeaderBytes
        ? { tooLarge: true, error: `the frame's command and headers are longer than ${this.#maxHeaderBytes} bytes` }
        : "incomplete";
    }
    let text: string;
    try {
      text = utf8.decode(buffer.subarray(start, headerEnd.textEnd));
    } catch {
      return { tooLarge: false, error: "the frame's command and headers are not UTF-8" };
    }
    const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    const command = lines[0]!;
    if (!CLIENT_COMMANDS.has(command)) return { tooLarge: false, error: `${JSON.stringify(command.slice(0, 40))} is not a STOMP client command` };
    const escaped = this.version !== "1.0" && command !== "CONNECT" && command !== "STOMP";
    const headers: [string, string][] = [];
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon < 0) return { tooLarge: false, error: `header line ${JSON.stringify(line.slice(0, 40))} has no colon` };
      const name = escaped ? unescape(line.slice(0, colon), this.version) : line.slice(0, colon);
      const value = escaped ? unescape(line.slice(colon + 1), this.version) : line.slice(colon + 1);
      if (name === undefined || value === undefined)
        return { tooLarge: false, error: `header line ${JSON.stringify(line.slice(0, 40))} has an undefined escape sequence` };
      headers.push([name, value]);
    }
    const bodyStart = headerEnd.bodyStart;
    const lengthHeader = headers.find(([name]) => name === "content-length")?.[1];
    if (lengthHeader !== undefined) {
      if (!/^\d{1,15}$/.test(lengthHeader))
        return { tooLarge: false, error: `content-length ${JSON.stringify(lengthHeader.slice(0, 20))} is not a number of bytes` };
      const length = Number(lengthHeader);
      if (length > this.maxBodyBytes) return { tooLarge: true, error: tooLarge(this.maxBodyBytes) };
      if (buffer.length < bodyStart + length + 1) return "incomplete";
      if (buffer[bodyStart + length] !== NUL) return { tooLarge: false, error: "the frame's body does not end with a NUL after content-length bytes" };
      return { frame: { command, headers, body: buffer.slice(bodyStart, bodyStart + length) }, end: bodyStart + length + 1 };
    }
    const nul = buffer.indexOf(NUL, bodyStart);
    if (nul < 0) return buffer.length - bodyStart > this.maxBodyBytes ? { tooLarge: true, error: tooLarge(this.maxBodyBytes) } : "incomplete";
    if (nul - bodyStart > this.maxBodyBytes) return { tooLarge: true, error: tooLarge(this.maxBodyBytes) };
    return { frame: { command, headers, body: buffer.slice(bodyStart, nul) }, end: nul + 1 };
  }
}

function tooLarge(max: number): string {
  return `the frame's body is larger than the queue manager's MAXMSGL (${max} bytes)`;
}

/** Where the header section (command + headers) ends: at the first blank line. */
function findHeaderEnd(buffer: Uint8Array, start: number, max: number): { textEnd: number; bodyStart: number } | undefined {
  const limit = Math.min(buffer.length, start + max + 2);
  for (let i = buffer.indexOf(LF, start); i >= 0 && i < limit; i = buffer.indexOf(LF, i + 1)) {
    if (buffer[i + 1] === LF) return { textEnd: i, bodyStart: i + 2 };
    if (buffer[i + 1] === CR && buffer[i + 2] === LF) return { textEnd: i, bodyStart: i + 3 };
    if (i + 1 >= buffer.length || (buffer[i + 1] === CR && i + 2 >= buffer.length)) return undefined;
  }
  return undefined;
}

/** STOMP 1.1/1.2 header escapes; undefined for an undefined sequence (a fatal protocol error). */
function unescape(text: string, version: StompVersion): string | undefined {
  if (!text.includes("\\")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = text[++i];
    if (next === "n") out += "\n";
    else if (next === "c") out += ":";
    else if (next === "\\") out += "\\";
    else if (next === "r" && version === "1.2") out += "\r";
    else return undefined;
  }
  return out;
}

/** What a 1.1/1.2 header value may need escaped. Most have none: one test instead of four replaces (MESSAGE frames carry a dozen headers). */
const ESCAPED_CHARACTER = /[\\\n:\r]/;

function escape(text: string, version: StompVersion): string {
  if (!ESCAPED_CHARACTER.test(text)) return text;
  let out = text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/:/g, "\\c");
  if (version === "1.2") out = out.replace(/\r/g, "\\r");
  return out;
}

/** A frame's bytes: its headers escaped as `version` says (never CONNECTED's), a content-length for any body, the NUL. */
export function encodeFrame(
  command: string,
  headers: readonly (readonly [string, string])[],
  body: Uint8Array = new Uint8Array(0),
  version: StompVersion = "1.2",
): Uint8Array {
  const escaped = version !== "1.0" && command !== "CONNECTED";
  let head = command + "\n";
  for (const [name, value] of headers) {
    if (escaped) head += `${escape(name, version)}:${escape(value, version)}\n`;
    // 1.0 and CONNECTED cannot escape: a line break in a value would end the header.
    else head += `${name.replace(/[\r\n:]/g, " ")}:${value.replace(/[\r\n]/g, " ")}\n`;
  }
  if (body.length > 0 || command === "MESSAGE" || command === "ERROR") head += `content-length:${body.length}\n`;
  head += "\n";
  const headBytes = encoder.encode(head);
  const frame = new Uint8Array(headBytes.length + body.length + 1);
  frame.set(headBytes, 0);
  frame.set(body, headBytes.length);
  frame[frame.length - 1] = NUL;
  return frame;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
