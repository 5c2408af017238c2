/**
 * Property tests of what the REST facade reads from a request's headers and query: the
 * ibm-mq-usr user properties (both syntaxes), the ibm-mq-md-* headers, the query parameters
 * (wait, limit, messageId, correlationId, selector), the Authorization header and the login
 * cookie's value. A value is accepted, and then what it gave is usable (core puts a message
 * with it; user properties written back read the same), or refused with a 400 that carries
 * the reason the header documents; never a 5xx, a TypeError or an undefined access.
 */
import fc from "fast-check";
import { serializeSigned } from "hono/utils/cookie";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager, type MQReasonName } from "../../core/index.js";
import { toProperties } from "../../core/message/properties.js";
import { RestError } from "../../adapters/http/errors.js";
import { HEADER } from "../../adapters/http/headers.js";
import { createHttpApp } from "../../adapters/http/index.js";
import { memoryDirectory } from "../../adapters/http/queue-manager-directory.js";
import { parseLimit, parsePutHeaders, parseSelection, parseWait } from "../../adapters/http/request.js";
import { formatUserProperties, parseUserProperties } from "../../adapters/http/user-properties.js";
import type { ApiVersion } from "../../adapters/http/ids.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { fuzzOptions } from "../fixtures/fuzz.js";

const QUEUE = "DEV.QUEUE.1";
const SECRET = "fuzz-session-secret";
let qm: QueueManager;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  qm = await QueueManager.open({ name: "QM1" });
  const { directory, resolve } = memoryDirectory({ configured: [qm] });
  app = createHttpApp({
    queueManager: resolve,
    queueManagers: directory,
    tokens: ["admin-token", "app-token:MQWebUser:app"],
    users: TEST_MQ_USERS,
    sessionSecret: SECRET,
    loginRateLimit: { maxFailures: 1_000_000 },
  });
});
afterAll(async () => {
  await qm.close();
});

/** Runs a header or query parser: a refusal must be a 400 RestError with one of `reasons`. */
function parsed<T>(parse: () => T, reasons: readonly MQReasonName[]): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (!(error instanceof RestError)) throw new Error(`refused with ${String(error)} rather than a RestError`, { cause: error });
    expect(error.status).toBe(400);
    expect(reasons, error.explanation).toContain(error.reason);
    return { ok: false };
  }
}

const version = fc.constantFrom<ApiVersion>("v1", "v2", "v3");

// --- ibm-mq-usr ---

const BRIDGE_TYPES = [
  "boolean",
  "i1",
  "i2",
  "i4",
  "i8",
  "r4",
  "r8",
  "string",
  "",
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "I4",
  "int",
];
const propertyName = fc.oneof(
  fc.constantFrom("colour", "size", "JMSX", "_a", "$b", "NULL", "and", "a b", "", "é", "x".repeat(4096), "__proto__", "constructor"),
  fc.string({ maxLength: 6 }),
);
const bridgeValue = fc.oneof(
  fc.constantFrom(
    "TRUE",
    "false",
    "1",
    "-1",
    "127",
    "128",
    "-129",
    "32768",
    "2147483648",
    "9223372036854775807",
    "9223372036854775808",
    "1.5",
    "1e400",
    ".5",
    "-",
    "",
    '"a;b,c"',
    '"',
    "NaN",
  ),
  fc.string({ maxLength: 6 }),
);
const bridgeHeader = fc
  .array(fc.tuple(propertyName, bridgeValue, fc.option(fc.constantFrom(...BRIDGE_TYPES), { nil: undefined })), { maxLength: 4 })
  .chain((entries) =>
    fc
      .constantFrom(", ", ",", " , ")
      .map((separator) => entries.map(([name, value, type]) => (type === undefined ? `${name};${value}` : `${name};${value};${type}`)).join(separator)),
  );
const JSON_TYPES = ["string", "boolean", "byte", "short", "int", "long", "float", "double", "null", "char", "constructor", "__proto__"];
const jsonValue = fc.oneof(
  fc.constantFrom<unknown>(0, 1, -1, 127, 128, 2147483648, 1e400, 1.5, "9223372036854775807", "9223372036854775808", "x", "", true, null, {}, [], 2 ** 60),
  fc.jsonValue({ maxDepth: 1 }),
);
const jsonHeader = fc.oneof(
  fc
    .array(
      fc.record(
        { name: fc.oneof(propertyName, fc.constantFrom<unknown>(1, null)), value: jsonValue, type: fc.constantFrom<unknown>(...JSON_TYPES, 1) },
        { requiredKeys: ["name"] },
      ),
      { maxLength: 4 },
    )
    .map((list) => JSON.stringify(list)),
  fc
    .jsonValue({ maxDepth: 2 })
    .map((value) => JSON.stringify(value))
    .filter((text) => text.startsWith("[")),
  fc.constantFrom("[", "[1", "[null]", "[[]]", '[{"name":"a","value":1e400,"type":"double"}]', "[{}]", ' [{"name":"a","value":1}]'),
);
const userPropertiesHeader = fc.oneof(bridgeHeader, jsonHeader, fc.string({ maxLength: 40 }));

const USER_PROPERTY_REASONS: MQReasonName[] = ["MQRC_PROPERTY_TYPE_ERROR", "MQRC_PROPERTY_NAME_ERROR"];

describe("REST request headers and query parameters, fuzzed", () => {
  it("ibm-mq-usr: any value is read into properties that write back and read the same, or is a 400 with a property reason", () => {
    fc.assert(
      fc.property(userPropertiesHeader, (header) => {
        const outcome = parsed(() => parseUserProperties(header), USER_PROPERTY_REASONS);
        if (!outcome.ok) return;
        const properties = toProperties(outcome.value); // core accepts what the header gave
        const written = formatUserProperties(properties);
        if (written === undefined) {
          expect(properties).toEqual([]);
          return;
        }
        expect(toProperties(parseUserProperties(written))).toEqual(properties);
      }),
      fuzzOptions(1500),
    );
  });

  it("ibm-mq-md-*: any values are read into a descriptor core puts a message with, or are a 400 with the header's reason", async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        "persistent",
        "nonPersistent",
        "unlimited",
        "0",
        "9",
        "10",
        "600000",
        "99999999900",
        "99999999901",
        "ab".repeat(24),
        "ID:" + "ab".repeat(24),
        "DEV.QUEUE.2@QM2",
        "Q@",
        "@",
      ),
    );
    const headers = fc.dictionary(
      fc.constantFrom(HEADER.correlationId, HEADER.expiry, HEADER.persistence, HEADER.replyTo, HEADER.priority, HEADER.userProperties),
      fc.oneof(value, userPropertiesHeader),
      { maxKeys: 4 },
    );
    const reasons: MQReasonName[] = [
      "MQRC_CORREL_ID_ERROR",
      "MQRC_EXPIRY_ERROR",
      "MQRC_PERSISTENCE_ERROR",
      "MQRC_OBJECT_NAME_ERROR",
      "MQRC_PRIORITY_ERROR",
      "MQRC_OPTIONS_ERROR",
      ...USER_PROPERTY_REASONS,
    ];
    await fc.assert(
      fc.asyncProperty(version, headers, async (v, values) => {
        let request: Headers;
        try {
          request = new Headers(values);
        } catch {
          return; // not a header value HTTP can carry (a line break): no request reaches the parser with it
        }
        const outcome = parsed(() => parsePutHeaders(v, request), reasons);
        if (!outcome.ok) return;
        await qm.put(QUEUE, { body: "x", ...outcome.value });
        await qm.get(QUEUE);
      }),
      fuzzOptions(500),
    );
  });

  it("query parameters: any wait, limit, messageId, correlationId and selector is read or is a 400 with the parameter's reason", () => {
    const id = fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom("ab".repeat(24), "AB".repeat(24), "ID:" + "ab".repeat(24), "ID:", "0".repeat(49)));
    const number = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("0", "30000", "30001", "-1", "1.5", "1e3", "99999999999999999999", " 5", "0x10"));
    const selector = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("JMSPriority > 4", "a LIKE '%x'", "((", "colour = 'blue' AND size > 3", "a IN ()", "x BETWEEN 1 AND"),
    );
    const query = fc.record({ wait: number, limit: number, messageId: id, correlationId: id, selector }, { requiredKeys: [] });
    fc.assert(
      fc.property(version, query, (v, values) => {
        const get = (name: string) => (values as Record<string, string | undefined>)[name];
        const wait = parsed(() => parseWait(get, 30_000), ["MQRC_WAIT_INTERVAL_ERROR"]);
        if (wait.ok) expect(Number.isInteger(wait.value) && wait.value >= 0 && wait.value <= 30_000).toBe(true);
        const limit = parsed(() => parseLimit(get), ["MQRC_OPTIONS_ERROR"]);
        if (limit.ok && limit.value !== undefined) expect(Number.isSafeInteger(limit.value) && limit.value >= 0).toBe(true);
        const selection = parsed(() => parseSelection(v, get), ["MQRC_MSG_ID_ERROR", "MQRC_CORREL_ID_ERROR", "MQRC_SELECTOR_SYNTAX_ERROR"]);
        if (!selection.ok) return;
        for (const hex of [selection.value.messageId, selection.value.correlationId]) if (hex !== undefined) expect(hex).toMatch(/^[0-9a-f]{48}$/);
      }),
      fuzzOptions(1500),
    );
  });
});

// --- Who is calling ---

const BROWSE = `/ibmmq/rest/v2/messaging/qmgr/QM1/queue/${QUEUE}/message`;

const authorization = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("Basic", "basic", "BASIC", "Bearer", "bearer", "Digest", ""),
      fc.constantFrom(" ", "  ", "\t"),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 20 }).map((s) => btoa(s.replace(/[^\x00-\xff]/g, "?"))),
      ),
    )
    .map(([scheme, gap, credentials]) => scheme + gap + credentials),
  fc.uint8Array({ maxLength: 30 }).map((bytes) => "Basic " + btoa(String.fromCharCode(...bytes))),
  fc.constantFrom(
    "Bearer admin-token",
    "Bearer admin-token extra",
    "Basic " + btoa("admin:admin-pw"),
    "Basic " + btoa("admin:admin-pw") + "=",
    "Basic ====",
    "Basic " + btoa("\u00ff:\u00fe"),
    "Bearer " + "a".repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
);

/** A login cookie value signed with the server's secret, so that what is inside it is what gets read. */
const signedSession = fc
  .oneof(
    fc.string({ maxLength: 30 }),
    fc.jsonValue({ maxDepth: 2 }).map((v) => btoa(unescape(encodeURIComponent(JSON.stringify(v)))).replace(/=+$/, "")),
    fc
      .record({
        u: fc.oneof(fc.constantFrom("admin", "app", "nobody", ""), fc.string({ maxLength: 6 })),
        e: fc.oneof(fc.constant(Date.now() + 60_000), fc.double(), fc.constantFrom(0, -1, 1e308)),
      })
      .map((v) => btoa(JSON.stringify(v)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")),
  )
  .map(async (value) => (await serializeSigned("LtpaToken2", value, SECRET)).split(";")[0]!);

describe("REST credentials, fuzzed", () => {
  it("any Authorization header is a 2xx for good credentials only, else a 401 or 403; never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(authorization, async (value) => {
        let headers: Headers;
        try {
          headers = new Headers({ authorization: value });
        } catch {
          return;
        }
        const response = await app.request(BROWSE, { headers });
        expect(response.status, `${value}: ${await response.clone().text()}`).toBeLessThan(500);
        if (response.status < 300) expect(["Bearer admin-token", "Basic " + btoa("admin:admin-pw")]).toContain(value.trim().replace(/\s+/, " "));
        else expect([401, 403, 404, 400, 429]).toContain(response.status);
        if (response.status >= 300) expect(await response.json()).toMatchObject({ error: [{ reasonCode: expect.any(Number) as number }] });
        else await response.arrayBuffer();
      }),
      fuzzOptions(300),
    );
  });

  it("any signed login cookie value is a 2xx only for a live session of a known user, else a 401; never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(signedSession, async (cookiePromise) => {
        const cookie = await cookiePromise;
        const response = await app.request(BROWSE, { headers: { cookie } });
        expect(response.status, `${cookie}: ${await response.clone().text()}`).toBeLessThan(500);
        if (response.status >= 300) expect(response.status).toBe(401);
        await response.arrayBuffer();
      }),
      fuzzOptions(300),
    );
  });
});

describe("REST header defects the fuzzing found", () => {
  it("an infinite or NaN double in ibm-mq-usr is written back by name, not as null, and reads back equal (seed -431546396)", () => {
    const properties = toProperties(
      parseUserProperties(
        '[{"name":"a","value":1e400,"type":"double"},{"name":"b","value":"-Infinity","type":"float"},{"name":"c","value":"NaN","type":"double"}]',
      ),
    );
    expect(properties).toEqual([
      { name: "a", type: "double", value: Infinity },
      { name: "b", type: "float", value: -Infinity },
      { name: "c", type: "double", value: NaN },
    ]);
    const written = formatUserProperties(properties)!;
    expect(written).toBe(
      '[{"name":"a","value":"Infinity","type":"double"},{"name":"b","value":"-Infinity","type":"float"},{"name":"c","value":"NaN","type":"double"}]',
    );
    expect(toProperties(parseUserProperties(written))).toEqual(properties);
  });

  it("an ibm-mq-usr type named like an Object.prototype member (constructor, toString) is an unknown type", () => {
    for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      let error: unknown;
      try {
        parseUserProperties(`a;1;${type}`);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RestError);
      expect((error as RestError).reason).toBe("MQRC_PROPERTY_TYPE_ERROR");
      expect((error as RestError).explanation).toContain(`unknown type "${type}"`);
    }
  });
});
