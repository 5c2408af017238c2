/**
 * Property tests of what an application gives qm.put: random user properties (as an object,
 * a Map or a list of {name, type, value}; typed or bare values, right and wrong) and random
 * bodies (text, bytes, ArrayBuffers, JSON values and things that are none of them, with or
 * without a bodyFormat). A put is accepted, and then the message got back has every property
 * equal (getProperty) and the body as its format keeps it; or refused with MQRC_PROPERTY_NAME_ERROR,
 * MQRC_PROPERTY_TYPE_ERROR or MQRC_FORMAT_ERROR, and nothing is put.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager, type MQReasonName, type PutMessage } from "../../core/index.js";
import { acceptedOrRefusedAsync, fuzzOptions } from "../fixtures/fuzz.js";

const QUEUE = "DEV.QUEUE.1";
let qm: QueueManager;
beforeAll(async () => {
  qm = await QueueManager.open({ name: "QM1" });
});
afterAll(async () => {
  await qm.close();
});

const name = fc.oneof(
  { arbitrary: fc.constantFrom("colour", "size", "_x", "$y", "é", "a1", "constructor", "__proto__", "toString", "hasOwnProperty"), weight: 4 },
  { arbitrary: fc.constantFrom("", "1a", "a b", "JMSType", "JMSX", "NULL", "and", "Between", "x".repeat(4096), "x".repeat(4095), "a-b", "a.b"), weight: 2 },
  { arbitrary: fc.string({ maxLength: 6 }), weight: 2 },
);
const TYPES = ["string", "boolean", "byte", "short", "int", "long", "float", "double", "null"];
const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
  fc.constantFrom<unknown>(
    null,
    undefined,
    127,
    128,
    -129,
    32767,
    32768,
    2 ** 31,
    2 ** 53,
    2 ** 63,
    -0,
    NaN,
    Infinity,
    9007199254740993n,
    2n ** 63n - 1n,
    -(2n ** 63n),
    2n ** 63n,
  ),
  fc.constantFrom<unknown>({}, [], new Date(0), () => 1, Symbol("s"), new Uint8Array(1)),
);
const input = fc.oneof(
  value,
  fc.record({ type: fc.oneof(fc.constantFrom(...TYPES), fc.constantFrom<unknown>("char", "", 1, undefined)), value }),
  fc.record({ value }),
  fc.record({ type: fc.constantFrom(...TYPES) }),
);

const properties = fc.oneof(
  fc.array(fc.tuple(name, input), { maxLength: 4 }).map((entries) => Object.fromEntries(entries) as unknown),
  fc.array(fc.tuple(name, input), { maxLength: 4 }).map((entries) => new Map(entries) as unknown),
  fc.array(
    fc.oneof(
      fc.record({ name: fc.oneof(name, fc.constantFrom<unknown>(1, null)), type: fc.oneof(fc.constantFrom(...TYPES), fc.constant<unknown>("char")), value }),
      fc.constantFrom<unknown>(null, 1, "x", []),
    ),
    { maxLength: 3 },
  ) as fc.Arbitrary<unknown>,
  fc.constantFrom<unknown>(undefined, null, "props", 5, true),
);

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;
const body = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 10, unit: "binary" }),
  fc.uint8Array({ maxLength: 20 }),
  fc.uint8Array({ maxLength: 20 }).map((bytes) => bytes.slice().buffer as unknown),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    undefined,
    null,
    0,
    NaN,
    10n,
    () => 1,
    Symbol("s"),
    cyclic,
    new Date(0),
    new Map([[1, 2]]),
    [undefined],
    { a: undefined },
    new Uint16Array([1, 2]),
  ),
);
const bodyFormat = fc.option(fc.oneof(fc.constantFrom("text", "bytes", "json"), fc.constantFrom<unknown>("xml", "", 1)), { nil: undefined });

const REASONS: MQReasonName[] = ["MQRC_PROPERTY_NAME_ERROR", "MQRC_PROPERTY_TYPE_ERROR", "MQRC_FORMAT_ERROR"];

/** The value a property reads back as: a long within 2^53 is a number, whether given as a number or a bigint. */
function canonical(value: unknown): unknown {
  return typeof value === "bigint" && value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The body a get gives back for what was put, by the format the put stored it in. */
function expectedBody(put: unknown, format: string): unknown {
  if (format === "json") return JSON.parse(JSON.stringify(put)) as unknown;
  if (format === "bytes") {
    if (put instanceof Uint8Array) return put;
    if (put instanceof ArrayBuffer) return new Uint8Array(put);
    return new TextEncoder().encode(put as string);
  }
  return put;
}

describe("message properties and bodies given to put, fuzzed", () => {
  it("a put is accepted and the message reads back equal, or refused with its reason and nothing put", async () => {
    await fc.assert(
      fc.asyncProperty(properties, body, bodyFormat, fc.boolean(), async (props, content, format, persistent) => {
        const depth = qm.queueStatus(QUEUE).depth;
        const message = { body: content, bodyFormat: format, properties: props, persistent } as PutMessage;
        const outcome = await acceptedOrRefusedAsync(() => qm.put(QUEUE, message), REASONS);
        if (!outcome.ok) {
          expect(qm.queueStatus(QUEUE).depth).toBe(depth);
          return;
        }
        expect(qm.queueStatus(QUEUE).depth).toBe(depth + 1);
        const got = (await qm.get(QUEUE))!;
        expect(got.messageId).toBe(outcome.value.messageId);
        // Every property given is there, equal; none other.
        const given: [string, unknown][] =
          props instanceof Map
            ? [...props]
            : Array.isArray(props)
              ? props.map((p: { name: string; value: unknown }) => [p.name, { value: p.value }])
              : Object.entries(props ?? {});
        expect(got.getPropertyNames().sort()).toEqual(given.map(([n]) => n).sort());
        for (const [n, v] of given) {
          const expected = v !== null && typeof v === "object" ? (v as { value: unknown }).value : v;
          expect(got.getProperty(n), n).toEqual(canonical(expected));
        }
        const storedFormat =
          format ?? (typeof content === "string" ? "text" : content instanceof Uint8Array || content instanceof ArrayBuffer ? "bytes" : "json");
        expect(got.body).toEqual(expectedBody(content, storedFormat as string));
      }),
      fuzzOptions(600),
    );
    expect(qm.queueStatus(QUEUE).depth).toBe(0);
  });
});

describe("message property defects the fuzzing found", () => {
  it("a list of properties holding null or a number is MQRC_PROPERTY_TYPE_ERROR, not a TypeError (seed 1041362948)", async () => {
    for (const entry of [null, 1, "x"]) {
      const error = await qm.put(QUEUE, { body: "", properties: [entry] as never }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "MQError", reason: "MQRC_PROPERTY_TYPE_ERROR" });
    }
    expect(qm.queueStatus(QUEUE).depth).toBe(0);
  });
});
