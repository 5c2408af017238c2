/**
 * Property tests of the dead-letter rules table reader (parseDlqRules): random text, text in
 * the table's alphabet and valid tables mutated a character at a time. Whatever the text, it
 * is read (a table whose every rule keeps its promises, read the same twice) or refused with
 * a DlqRulesError (MQRC_FORMAT_ERROR) pointing at a line and column inside the text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DlqRulesError, MAX_NUMERIC_VALUE, parseDlqRules, type DlqRulesTable } from "../../core/features/dead-letters/dlq-rules.js";
import { acceptedOrRefused, mutatedText, fuzzOptions } from "../fixtures/fuzz.js";

const VALID_TABLES = [
  "inputqm(' ') inputq(' ') retryint(30) wait(120)\nREASON(MQRC_Q_FULL) ACTION(RETRY) RETRY(3)\nACTION(IGNORE)\n",
  "* comment\nMSGTYPE(MQMT_REQUEST) REPLYQM(PARTNER.*) +\n  ACTION(FWD) FWDQ(DEADQ) FWDQM(&REPLYQM)\n",
  "DESTQ(ORDERS.*) FEEDBACK(MQFB_EXPIRATION) -\nACTION(FWD) FWDQ(ORDERS.REVIEW) HEADER(NO)\r\nACTION(DISCARD)",
  "REASON(2362) PERSIST(MQPER_PERSISTENT) ACTION(FWD) FWDQ(JMS.POISON) FWDQM(&DESTQM) PUTAUT(CTX)\n",
  "APPLNAME('my app') APPLTYPE(MQAT_JAVA) APPLIDAT('id ''data''') USERID(alice) FORMAT(MQFMT_STRING) ACTION(DISCARD)",
  "WAIT(NO)\n REPLYQ(?*) ACTION(FWD) FWDQ(&REPLYQ) FWDQM(&REPLYQM)\n",
];

/** The characters a rules table is made of, and some it must not hold. */
const TABLE_CHARACTERS = fc.oneof(
  { arbitrary: fc.constantFrom("(", ")", "'", "+", "-", "*", "?", "&", ",", " ", "\n", "\r", "\t", "A", "q", "0", "9", "_", ".", "/", "%"), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      "ACTION(",
      "FWDQ(",
      "RETRY(",
      "WAIT(",
      "INPUTQ(",
      "REASON(",
      "MQRC_",
      "MQFB_",
      "''",
      "999999999999",
      "\u0000",
      "\u20ac",
      "\ud800",
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 3, unit: "binary" }), weight: 1 },
);

const tableText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 200, unit: "binary" }), weight: 1 },
  { arbitrary: fc.array(TABLE_CHARACTERS, { maxLength: 60 }).map((parts) => parts.join("")), weight: 2 },
  { arbitrary: mutatedText(fc.constantFrom(...VALID_TABLES), TABLE_CHARACTERS), weight: 5 },
);

const ACTIONS = ["DISCARD", "IGNORE", "RETRY", "FWD"];

/** What every table read promises, whatever text it came from. */
function checkTable(table: DlqRulesTable, lineCount: number): void {
  expect(table.rules.length).toBeGreaterThan(0);
  expect(table.control.retryInterval).toBeGreaterThanOrEqual(0);
  expect(table.control.retryInterval).toBeLessThanOrEqual(MAX_NUMERIC_VALUE);
  for (const rule of table.rules) {
    expect(rule.line).toBeGreaterThanOrEqual(1);
    expect(rule.line).toBeLessThanOrEqual(lineCount);
    expect(ACTIONS).toContain(rule.action);
    expect(Number.isInteger(rule.retry) && rule.retry >= 1 && rule.retry <= MAX_NUMERIC_VALUE).toBe(true);
    if (rule.action === "FWD") expect(typeof rule.forwardQueue).toBe("string");
    else expect(rule.forwardQueue).toBeUndefined();
    for (const value of Object.values(rule.pattern)) expect(["string", "number"]).toContain(typeof value);
  }
}

function lines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

describe("dead-letter rules tables, fuzzed", () => {
  it("every valid table the mutations start from is read", () => {
    for (const table of VALID_TABLES) checkTable(parseDlqRules(table), lines(table).length);
  });

  it("any text is read into a table that keeps its promises, or refused at a place inside the text", () => {
    fc.assert(
      fc.property(tableText, (text) => {
        const outcome = acceptedOrRefused(() => parseDlqRules(text), ["MQRC_FORMAT_ERROR"]);
        const textLines = lines(text);
        if (outcome.ok) {
          checkTable(outcome.value, textLines.length);
          expect(parseDlqRules(text)).toEqual(outcome.value); // the same text, the same table
          return;
        }
        const error = outcome.error;
        expect(error).toBeInstanceOf(DlqRulesError);
        const { line, column } = error as DlqRulesError;
        expect(Number.isInteger(line) && line >= 1 && line <= textLines.length, `line ${line} of ${textLines.length}: ${error.message}`).toBe(true);
        // A column may point just past the line's end (a value or parenthesis that never came).
        expect(
          Number.isInteger(column) && column >= 1 && column <= textLines[line - 1]!.length + 1,
          `column ${column} of line ${JSON.stringify(textLines[line - 1])}: ${error.message}`,
        ).toBe(true);
        expect(error.message).toContain(`line ${line}, column ${column}`);
      }),
      fuzzOptions(1500),
    );
  });
});
