/**
 * The 380 JMS selector cases of test/fixtures/conformance/selector-cases.json (from the Jakarta
 * TCK and Artemis's tests, each re-checked against Artemis's engine; a byte-for-byte copy of
 * ../shared/conformance's, which conformance-files.test.ts checks), read from the file as it is: each selector is compiled and tested against its message, or refused with 2459.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MQError } from "../../core/index.js";
import { compile, type SelectorValue } from "../../core/selector/index.js";

interface Case {
  selector: string;
  props: Record<string, unknown>;
  propTypes: Record<string, string>;
  headers?: Record<string, string>;
  expect: boolean | "error";
  test?: string;
  source?: string;
}

const FILE = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/conformance/selector-cases.json");
const cases = JSON.parse(readFileSync(FILE, "utf8")) as Case[];

/** A property as Java set it: longs that a number cannot hold as bigint, floats rounded to float. */
function javaValue(value: unknown, type: string): SelectorValue {
  if (value === null) return null;
  switch (type) {
    case "long":
    case "int":
    case "short":
    case "byte": {
      const exact = BigInt(value as string | number);
      return exact >= BigInt(Number.MIN_SAFE_INTEGER) && exact <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(exact) : exact;
    }
    case "float":
      return Math.fround(value as number);
    default:
      return value as SelectorValue;
  }
}

describe("JMS selector conformance (380 cases from the TCK and Artemis)", () => {
  it("has all the cases", () => {
    expect(cases).toHaveLength(380);
  });

  it.each(cases.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    const fields = new Map<string, SelectorValue>();
    for (const [name, value] of Object.entries(c.props)) fields.set(name, javaValue(value, c.propTypes[name] ?? "string"));
    for (const [name, value] of Object.entries(c.headers ?? {})) fields.set(name, value);
    const where = `${JSON.stringify(c.selector)} (${c.source ?? c.test})`;
    if (c.expect === "error") {
      let error: unknown;
      try {
        compile(c.selector);
      } catch (e) {
        error = e;
      }
      expect(error, where).toBeInstanceOf(MQError);
      expect(error, where).toMatchObject({ reasonCode: 2459 });
      return;
    }
    const selector = compile(c.selector);
    expect(
      selector.matches((name) => fields.get(name)),
      where,
    ).toBe(c.expect);
  });
});
