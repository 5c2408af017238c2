/**
 * The STOMP frame parser and connection under malformed input (fast-check): frames mutated
 * from valid ones, split anywhere, never make the parser throw; what it answers is frames,
 * heart-beats and at most one error, after which it takes nothing. A connection given such
 * bytes answers an ERROR frame and closes, or goes on (or waits for the rest of a frame left
 * incomplete); it never throws, and a closed socket always releases what it held. And valid
 * frames round-trip: encodeFrame's bytes parse back to the same command, headers and body.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { FrameParser, encodeFrame, type StompFrame } from "../../adapters/http/stomp/frame.js";
import { StompConnection } from "../../adapters/http/stomp/connection.js";
import { fuzzOptions, mutatedBytes } from "../fixtures/fuzz.js";

const LIMITS = { maxHeaderBytes: 1024, maxBodyBytes: 4096 };
const headerText = fc.string({ unit: fc.constantFrom("a", "b", ":", "\\", "\n", "\r", "é", "-", " "), maxLength: 12 });
const validFrame = fc.record({
  command: fc.constantFrom("SEND", "SUBSCRIBE", "ACK", "NACK", "BEGIN", "COMMIT", "ABORT", "UNSUBSCRIBE", "DISCONNECT"),
  headers: fc.array(
    fc.tuple(
      headerText.filter((name) => name !== "content-length"),
      headerText,
    ),
    { maxLength: 5 },
  ),
  body: fc.uint8Array({ maxLength: 64 }),
});
const splits = fc.array(fc.nat({ max: 200 }), { maxLength: 6 });

function chunks(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const point of [...points, bytes.length]) {
    out.push(bytes.subarray(last, point));
    last = point;
  }
  return out;
}

describe("STOMP frame parser", () => {
  it("round-trips encoded frames, split anywhere, repeated headers kept in order", () => {
    fc.assert(
      fc.property(validFrame, splits, (frame, cuts) => {
        const bytes = encodeFrame(frame.command, frame.headers as [string, string][], frame.body);
        const parser = new FrameParser(LIMITS);
        const frames = chunks(bytes, cuts)
          .flatMap((chunk) => parser.push(chunk))
          .filter((result): result is { frame: StompFrame } => "frame" in result);
        expect(frames).toHaveLength(1);
        const parsed = frames[0]!.frame;
        expect(parsed.command).toBe(frame.command);
        expect(parsed.headers.filter(([name]) => name !== "content-length")).toEqual(frame.headers);
        expect([...parsed.body]).toEqual([...frame.body]);
      }),
      fuzzOptions(300),
    );
  });

  it("never throws on mutated frames; one error at most, then nothing", () => {
    const validBytes = fc.tuple(validFrame, fc.boolean()).map(([frame, crlf]) => {
      const bytes = encodeFrame(frame.command, frame.headers as [string, string][], frame.body);
      return crlf ? Uint8Array.from([13, 10, ...bytes, 10]) : bytes;
    });
    fc.assert(
      fc.property(mutatedBytes(validBytes), splits, (bytes, cuts) => {
        const parser = new FrameParser(LIMITS);
        const results = chunks(bytes, cuts).flatMap((chunk) => parser.push(chunk));
        const errors = results.filter((result) => "error" in result);
        expect(errors.length).toBeLessThanOrEqual(1);
        if (errors.length === 1) {
          expect(results.at(-1)).toBe(errors[0]);
          expect(parser.push("SEND\n\n\0")).toEqual([]);
        }
      }),
      fuzzOptions(500),
    );
  });

  it("refuses an undefined escape, a bad content-length and a body over the limit", () => {
    const parse = (text: string) => new FrameParser(LIMITS).push(text);
    expect(parse("SEND\na\\t:1\n\n\0")).toEqual([{ error: expect.stringMatching(/escape/), tooLarge: false }]);
    expect(parse("SEND\ncontent-length:x\n\n\0")).toEqual([{ error: expect.stringMatching(/content-length/), tooLarge: false }]);
    expect(parse("SEND\ncontent-length:5000\n\n")).toEqual([{ error: expect.stringMatching(/MAXMSGL/), tooLarge: true }]);
    expect(parse(`SEND\n\n${"x".repeat(4097)}`)).toEqual([{ error: expect.stringMatching(/MAXMSGL/), tooLarge: true }]);
    expect(parse(`SEND\n${"h:v\n".repeat(300)}`)).toEqual([{ error: expect.stringMatching(/headers are longer/), tooLarge: true }]);
    // CONNECT's headers are not unescaped (1.2), and the first of a repeated header is the one read.
    const [connect] = parse("CONNECT\nlogin:a\\tb\nhost:one\nhost:two\n\n\0") as [{ frame: StompFrame }];
    expect(connect.frame.headers).toEqual([
      ["login", "a\\tb"],
      ["host", "one"],
      ["host", "two"],
    ]);
    expect(parse("\n\r\n\n")).toEqual([{ heartBeat: true }]);
  });
});

describe("STOMP connection under malformed frames", () => {
  it("answers an ERROR and closes, or goes on; never throws, never hangs", async () => {
    const qm = await QueueManager.open({ name: "FUZZ" });
    const connectFrame = encodeFrame("CONNECT", [
      ["accept-version", "1.2"],
      ["passcode", "t"],
    ]);
    try {
      // The first CONNECT loads the JMS layer (a dynamic import): done once here, so that each run's
      // 200 ms wait below measures the frames, not a cold load (a slow machine took longer on run 1).
      const warm: string[] = [];
      const warmUp = new StompConnection(
        { send: (frame) => void warm.push(new TextDecoder().decode(frame)), close: () => undefined },
        { queueManager: () => qm, authenticate: async () => ({ name: "fuzz", role: "MQWebAdmin" }), heartBeat: { send: 0, receive: 0 } },
      );
      warmUp.receive(connectFrame);
      for (let i = 0; i < 500 && warm.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warm[0]).toMatch(/^CONNECTED\n/);
      await warmUp.socketClosed();
      await fc.assert(
        fc.asyncProperty(mutatedBytes(validFrame.map((f) => encodeFrame(f.command, f.headers as [string, string][], f.body))), async (bytes) => {
          const sent: string[] = [];
          let closed = false;
          const connection = new StompConnection(
            { send: (frame) => void sent.push(new TextDecoder().decode(frame)), close: () => void (closed = true) },
            { queueManager: () => qm, authenticate: async () => ({ name: "fuzz", role: "MQWebAdmin" }), heartBeat: { send: 0, receive: 0 } },
          );
          connection.receive(connectFrame);
          connection.receive(bytes);
          // A DISCONNECT with a receipt after it: answered unless an ERROR closed the connection first.
          connection.receive(encodeFrame("DISCONNECT", [["receipt", "end"]]));
          for (let i = 0; i < 200 && !closed; i++) await new Promise((resolve) => setTimeout(resolve, 1));
          expect(sent[0]).toMatch(/^CONNECTED\n/);
          if (closed) {
            // An ERROR, or a DISCONNECT's receipt; or the mutation's own DISCONNECT (with no receipt) ended it first.
            if (sent.length === 1) expect(new TextDecoder().decode(bytes)).toContain("DISCONNECT");
            else expect(sent.at(-1)).toMatch(/^(ERROR\n|RECEIPT\n)/);
          } else {
            // The mutation left a frame incomplete, which swallowed the DISCONNECT: the parser waits
            // for its end (a silent client is dropped by heart-beats); a socket closed then releases all.
            expect(sent.some((frame) => frame.startsWith("ERROR"))).toBe(false);
            await connection.socketClosed();
          }
          await connection.ended;
        }),
        fuzzOptions(150),
      );
    } finally {
      await qm.close();
    }
  });
});
