/**
 * Property tests: whatever text arrives, the parser and the executor answer with commands
 * or syntax errors that carry a position inside the text, and never throw.
 */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { parseScript } from "../../core/features/mqsc/parser.js";

/** Text built from MQSC's own pieces, so that the generator reaches deep into the grammar. */
const mqscish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "DEFINE",
        "DEF",
        "ALTER",
        "DISPLAY",
        "DIS",
        "DELETE",
        "CLEAR",
        "START",
        "STOP",
        "SET",
        "QLOCAL",
        "QL",
        "QALIAS",
        "QMODEL",
        "QREMOTE",
        "CHANNEL",
        "PROCESS",
        "TOPIC",
        "SUB",
        "NAMELIST",
        "QMGR",
        "QSTATUS",
        "CHSTATUS",
        "CHLAUTH",
      ),
      fc.constantFrom(
        "MAXDEPTH",
        "DESCR",
        "TRIGGER",
        "NOTRIGGER",
        "TRIGTYPE",
        "CHLTYPE",
        "SDR",
        "RCVR",
        "CONNAME",
        "TARGET",
        "USAGE",
        "XMITQ",
        "REPLACE",
        "LIKE",
        "PURGE",
        "ALL",
        "WHERE",
        "TYPE",
        "GT",
        "EQ",
      ),
      fc.constantFrom(
        "(",
        ")",
        "'",
        "''",
        ",",
        " ",
        "  ",
        "+\n",
        "-\n",
        "\n",
        "*",
        "* comment\n",
        "\t",
        "(*)",
        "(Q1)",
        "(5)",
        "('x y')",
        "(-1)",
        "(999999999999)",
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

function checkPositions(script: string): void {
  const lines = script.split(/\r\n|\n|\r/).length;
  for (const command of parseScript(script)) {
    expect(command.line).toBeGreaterThanOrEqual(1);
    if (command.syntaxError) {
      const { offset, line, column } = command.syntaxError.position;
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(command.text.length);
      expect(line).toBeGreaterThanOrEqual(command.line);
      expect(line).toBeLessThanOrEqual(lines);
      expect(column).toBeGreaterThanOrEqual(1);
    }
  }
}

describe("MQSC never throws", () => {
  it("parses any text into commands or syntax errors with positions", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 100 }), mqscish), (script) => checkPositions(script)),
      fuzzOptions(2000),
    );
  });

  it("runs any text: every command ends with a completion code, and every syntax error has a position", async () => {
    const qm = await QueueManager.open({ name: "PROPERTY" });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 120 }), mqscish), async (script) => {
        const result = await qm.mqsc(script);
        expect(result.read).toBe(result.commands.length);
        for (const command of result.commands) {
          expect([0, 1, 2]).toContain(command.completionCode);
          if (command.completionCode === 2) expect(command.text.length).toBeGreaterThan(0);
          // The offset is into the command as read (leading blanks and continuations included): inside the script.
          if (command.syntaxError) expect(command.syntaxError.position.offset).toBeLessThanOrEqual(script.length);
        }
        expect(result.summary).toHaveLength(3);
      }),
      fuzzOptions(700),
    );
    await qm.close();
  }, 60_000);
});
