/**
 * Property tests of the HTTP facade (createHttpApp over a memory queue manager, through
 * app.request): random methods, paths built from the real routes' shapes with garbage
 * segments, percent-encodings and odd versions, random credentials, CSRF headers, content
 * types, ibm-mq-md-* and ibm-mq-usr values, and text, JSON, binary and large bodies.
 *
 * Whatever arrives, the answer is never a 5xx; a request that is refused (not 2xx) changes
 * nothing (no queue's depth, no defined object); a 2xx put or publish adds exactly one
 * message where it should, a 2xx get takes exactly one, and a browse, list or login changes
 * nothing. (A full queue is 503 by design, MQRC_Q_FULL; the generators never fill one.)
 */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { createHttpApp } from "../../adapters/http/index.js";
import { memoryDirectory } from "../../adapters/http/queue-manager-directory.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";

const QM = "QM1";
const QUEUES = ["DEV.QUEUE.1", "DEV.QUEUE.2", "DEV.QUEUE.3"];

const SECURITY = {
  tokens: ["admin-token", "reader-token:MQWebAdminRO:robot", "app-token:MQWebUser:app"],
  users: TEST_MQ_USERS,
  sessionSecret: "property-test-secret",
  // Wrong passwords are generated on purpose: let them all be checked rather than rate-limited.
  loginRateLimit: { maxFailures: 1_000_000 },
  responseTimeout: 2_000,
};

let qm: QueueManager;
/** The app, called in process. */
let app: ReturnType<typeof createHttpApp>;
/** The same queue manager served by Node on a real port, as `serveHttp` serves it. */
let server: NodeServer;

beforeAll(async () => {
  qm = await QueueManager.open({ name: QM });
  // A subscription, so that a publication lands somewhere the test can count.
  await qm.mqsc("DEFINE SUB(PROP.SUB) TOPICSTR('prop/#') DEST(DEV.QUEUE.3)");
  // As a server is set up (serveHttp does the same): the queue managers it serves are a
  // directory, which the admin resources (/admin/qmgr, crtmqm, dltmqm) list and change.
  const { directory, resolve } = memoryDirectory({ configured: [qm] });
  app = createHttpApp({ ...SECURITY, queueManager: resolve, queueManagers: directory });
  server = await serveHttp({ ...SECURITY, queueManagers: [qm], hostname: "127.0.0.1" });
});

afterAll(async () => {
  await server.close();
  await qm.close();
});

// --- What a request may be made of ---

/** Mostly what a client of IBM's API sends, sometimes junk: so that valid requests are common and every field is also tried wrong. */
function mostly<T>(valid: fc.Arbitrary<T>, junk: fc.Arbitrary<T>, validWeight = 9): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: validWeight }, { arbitrary: junk, weight: 1 });
}

const version = mostly(fc.constantFrom("v1", "v2", "v3"), fc.constantFrom("v0", "v4", "V2", "", "v2.0", "%76%32", "v22"));
const qmgrSegment = mostly(fc.constant(QM), fc.constantFrom("QM9", "", "QM%31", "%2F", "a%2Fb", "..", "Q".repeat(49), "%ZZ", "%00", "QM1%20", "%E2%82%AC"));
const queueSegment = mostly(
  fc.constantFrom(...QUEUES, "DEV.QUEUE.%31", "SYSTEM.DEAD.LETTER.QUEUE"),
  fc.constantFrom(
    "NO.SUCH.QUEUE",
    "SYSTEM.DEFAULT.MODEL.QUEUE",
    "",
    "%25",
    "a%20b",
    "X".repeat(49),
    "%C3%28",
    "%",
    "DEV.QUEUE.1%00",
    "DEV.MODEL.%2A",
    "%2E%2E",
  ),
  6,
);
const topicSegment = mostly(
  fc.constantFrom("prop/a", "prop%2Fb", "prop/a/b/c", "other", "prop/%E2%82%AC"),
  fc.constantFrom("%25ZZ", "%ZZ", "prop/%C3%28", "#", "prop/+", "a".repeat(300), "prop//x", "%2F"),
  6,
);
const garbageSegment = fc.oneof(
  fc.constantFrom("", "..", ".", "%2e%2e", "%", "%%", "message", "messagelist", "mqsc", "login", "qmgr", "queue", "topic", "admin", "action"),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
);

const query = fc
  .array(
    fc.oneof(
      {
        arbitrary: fc.constantFrom(
          "wait=0",
          "wait=10",
          "limit=1",
          "limit=0",
          "messageId=" + "0".repeat(48),
          "correlationId=order-42",
          "correlationId=" + "ab".repeat(24),
          "selector=JMSPriority%3E4",
        ),
        weight: 3,
      },
      fc.constantFrom(
        "wait=",
        "wait=-1",
        "wait=abc",
        "wait=30001",
        "wait=1.5",
        "wait=99999999999999999999",
        "messageId=ID:" + "a".repeat(48),
        "messageId=zz",
        "messageId=",
        "messageId=%00",
      ),
      fc.constantFrom(
        "correlationId=ID:xyz",
        "correlationId=" + "x".repeat(30),
        "correlationId=%E2%82%AC",
        "selector=%28%28",
        "selector=",
        "selector=a%20LIKE%20'%25x'",
        "limit=-5",
        "limit=abc",
        "limit=99999999999999999999",
      ),
      fc.stringMatching(/^[A-Za-z%=&0-9]{0,10}$/),
    ),
    { maxLength: 2 },
  )
  .map((parts) => (parts.length === 0 ? "" : "?" + parts.join("&")));

const HEX48 = "ab".repeat(24);
/** An ibm-mq-md-* (or ibm-mq-usr) header: usually a value IBM documents, sometimes junk. */
const mdHeader = fc.oneof(
  fc.tuple(fc.constant("ibm-mq-md-persistence"), mostly(fc.constantFrom("persistent", "nonPersistent"), fc.constantFrom("PERSISTENT", "", "yes"))),
  fc.tuple(fc.constant("ibm-mq-md-priority"), mostly(fc.constantFrom("0", "4", "9"), fc.constantFrom("10", "-1", "a", "", " 5"))),
  fc.tuple(
    fc.constant("ibm-mq-md-expiry"),
    mostly(fc.constantFrom("unlimited", "600000", "99999999900"), fc.constantFrom("0", "-1", "1e9", "99999999901", "abc", "")),
  ),
  fc.tuple(
    fc.constant("ibm-mq-md-correlationId"),
    mostly(fc.constantFrom(HEX48, "ID:" + HEX48, "order-42"), fc.constantFrom("x".repeat(25), "", "ID:", "ID:zz", "  spaced  ")),
  ),
  fc.tuple(fc.constant("ibm-mq-md-replyTo"), mostly(fc.constantFrom("DEV.QUEUE.2", "DEV.QUEUE.2@QM2"), fc.constantFrom("bad name@", "@", "", "Q@"))),
  fc.tuple(fc.constant("ibm-mq-md-messageId"), fc.constantFrom(HEX48, "junk")),
  fc.tuple(
    fc.constant("ibm-mq-usr"),
    mostly(
      fc.constantFrom(
        '[{"name":"colour","value":"blue"}]',
        '[{"name":"size","value":3,"type":"short"}]',
        '[{"name":"big","value":"9223372036854775807","type":"long"}]',
      ),
      fc.constantFrom(
        '[{"name":"n","value":1e400,"type":"int"}]',
        '[{"name":"b","value":1000,"type":"byte"}]',
        '[{"name":"JMSX","value":1}]',
        '[{"name":"a","value":{}}]',
        '[{"name":"a"}]',
        '[{"name":"a","value":1},{"name":"a","value":2}]',
        '[{"name":"","value":1}]',
        '{"a":1}',
        "[",
        "null",
        "colour;blue;string",
        "",
      ),
      3,
    ),
  ),
  fc.tuple(fc.constant("cookie"), fc.constantFrom("LtpaToken2=abc", "LtpaToken2=", "LtpaToken2=a.b.c", "other=1")),
  fc.tuple(fc.constant("accept-language"), fc.constantFrom("fr", "*", "")),
);

const authorization = mostly(
  fc.constantFrom<string | undefined>(
    "Bearer admin-token",
    "Bearer app-token",
    "Bearer reader-token",
    `Basic ${btoa("admin:admin-pw")}`,
    `Basic ${btoa("app:app-pw")}`,
    `Basic ${btoa("reader:reader-pw")}`,
  ),
  fc.constantFrom<string | undefined>(
    undefined,
    "Bearer wrong-token",
    "Bearer ",
    `Basic ${btoa("admin:wrong")}`,
    `Basic ${btoa("nobody:x")}`,
    `Basic ${btoa("no-colon")}`,
    "Basic !!!notbase64",
    "Basic ",
    "Digest abc",
  ),
  4,
);
const csrf = mostly(fc.constantFrom<string | undefined>("", "value"), fc.constant(undefined));
const messageContentType = mostly(
  fc.constantFrom<string | undefined>(
    "text/plain;charset=utf-8",
    "text/plain",
    "application/json",
    "application/json;charset=utf-8",
    "application/xml",
    "text/html",
    "text/xml;charset=UTF-8",
    "application/octet-stream",
  ),
  fc.constantFrom<string | undefined>(
    "text/plain;charset=latin1",
    'text/plain;charset="UTF-8"',
    "image/png",
    ";;;",
    "",
    undefined,
    "multipart/form-data; boundary=x",
  ),
  6,
);
const jsonContentType = mostly(
  fc.constantFrom<string | undefined>("application/json", "application/json;charset=utf-8"),
  fc.constantFrom<string | undefined>("text/plain", "application/json;charset=latin1", undefined, ""),
  6,
);

const LARGE_TEXT = "L".repeat(100 * 1024);
const TOO_LARGE_MQSC = JSON.stringify({ type: "runCommand", parameters: { command: "DISPLAY QMGR *" + " ".repeat(300 * 1024) } });
const TOO_LARGE_MESSAGE = "B".repeat(4 * 1024 * 1024 + 10);
const messageBody = fc.oneof(
  { arbitrary: fc.string({ maxLength: 60 }), weight: 4 },
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.uint8Array({ maxLength: 64 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constantFrom<string | Uint8Array | undefined>(undefined, "", LARGE_TEXT, TOO_LARGE_MESSAGE, new Uint8Array([0xc3, 0x28, 0xff])),
);

const mqscBody = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(
        "DEFINE QLOCAL(PROP.Q) REPLACE",
        "DELETE QLOCAL(PROP.Q)",
        "DISPLAY QLOCAL(*) CURDEPTH",
        "DISPLAY QMGR",
        "CLEAR QLOCAL(DEV.QUEUE.2)",
        "DEFINE QLOCAL(DEV.QUEUE.1)",
        "DELETE QLOCAL(NO.SUCH.Q)",
        "ALTER QLOCAL(NO.SUCH.Q) DESCR('x')",
        "GARBAGE COMMAND",
        "DISPLAY QLOCAL(",
        "",
      )
      .map((command) => JSON.stringify({ type: "runCommand", parameters: { command } })),
    weight: 3,
  },
  fc
    .record(
      {
        type: mostly(fc.constant<unknown>("runCommandJSON"), fc.constantFrom<unknown>("runCommand", "other", 5)),
        command: fc.constantFrom("display", "define", "delete", "alter", "nope", "", 1),
        qualifier: fc.constantFrom("qlocal", "qmgr", "channel", "q local", "", null),
        name: fc.constantFrom("PROP.JSON.Q", "*", "DEV.QUEUE.1", "", "a b", "x')+DEFINE QLOCAL(EVIL", 7),
        parameters: fc.constantFrom(undefined, {}, { maxdepth: 10 }, { descr: "d" }, { maxdepth: "ten" }, { "bad key": 1 }, [], "str"),
        responseParameters: fc.constantFrom(undefined, ["all"], ["curdepth"], "curdepth", [1], []),
      },
      { requiredKeys: ["type"] },
    )
    .map((body) => JSON.stringify(body)),
  fc.constantFrom<string | undefined>("{", "[]", "null", '"str"', undefined, "", TOO_LARGE_MQSC, "\u0000"),
);
const loginBody = mostly(
  fc.constantFrom('{"username":"admin","password":"admin-pw"}', '{"username":"app","password":"app-pw"}'),
  fc.constantFrom<string | undefined>(
    '{"username":"app","password":"nope"}',
    '{"username":1}',
    '{"username":"a"}',
    "{",
    "[]",
    "null",
    undefined,
    "x".repeat(20_000),
  ),
  2,
);

/** A request: method, path, headers and body; `kind` is the route it was aimed at. */
interface GeneratedRequest {
  kind: "message" | "messagelist" | "topic" | "mqsc" | "login" | "other";
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

const usualMethod = (usual: string[]) => mostly(fc.constantFrom(...usual), fc.constantFrom("GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"), 8);

function headersOf(auth: string | undefined, csrfValue: string | undefined, type: string | undefined, extra: [string, string][] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth !== undefined) headers.authorization = auth;
  if (csrfValue !== undefined) headers["ibm-mq-rest-csrf-token"] = csrfValue;
  if (type !== undefined) headers["content-type"] = type;
  for (const [name, value] of extra) headers[name] = value;
  return headers;
}

const request: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        method: usualMethod(["POST", "POST", "DELETE", "GET"]),
        version,
        qmgr: qmgrSegment,
        queue: queueSegment,
        query,
        auth: authorization,
        csrf,
        type: messageContentType,
        md: fc.array(mdHeader, { maxLength: 3 }),
        body: messageBody,
      })
      .map((r) => ({
        kind: "message" as const,
        method: r.method,
        path: `/ibmmq/rest/${r.version}/messaging/qmgr/${r.qmgr}/queue/${r.queue}/message${r.query}`,
        headers: headersOf(r.auth, r.csrf, r.type, r.md),
        body: r.body,
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ method: usualMethod(["GET"]), version, qmgr: qmgrSegment, queue: queueSegment, query, auth: authorization }).map((r) => ({
      kind: "messagelist" as const,
      method: r.method,
      path: `/ibmmq/rest/${r.version}/messaging/qmgr/${r.qmgr}/queue/${r.queue}/messagelist${r.query}`,
      headers: headersOf(r.auth, undefined, undefined),
      body: undefined,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        method: usualMethod(["POST"]),
        version,
        qmgr: qmgrSegment,
        topic: topicSegment,
        auth: authorization,
        csrf,
        type: messageContentType,
        md: fc.array(mdHeader, { maxLength: 2 }),
        body: messageBody,
      })
      .map((r) => ({
        kind: "topic" as const,
        method: r.method,
        path: `/ibmmq/rest/${r.version}/messaging/qmgr/${r.qmgr}/topic/${r.topic}/message`,
        headers: headersOf(r.auth, r.csrf, r.type, r.md),
        body: r.body,
      })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ method: usualMethod(["POST"]), version, qmgr: qmgrSegment, auth: authorization, csrf, type: jsonContentType, body: mqscBody })
      .map((r) => ({
        kind: "mqsc" as const,
        method: r.method,
        path: `/ibmmq/rest/${r.version}/admin/action/qmgr/${r.qmgr}/mqsc`,
        headers: headersOf(r.auth, r.csrf, r.type),
        body: r.body,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        method: usualMethod(["POST", "GET", "DELETE"]),
        version,
        auth: mostly(fc.constant<string | undefined>(undefined), authorization, 1),
        csrf,
        type: jsonContentType,
        body: loginBody,
        cookie: fc.option(fc.constantFrom("LtpaToken2=abc", "LtpaToken2=x.y"), { nil: undefined }),
      })
      .map((r) => ({
        kind: "login" as const,
        method: r.method,
        path: `/ibmmq/rest/${r.version}/login`,
        headers: headersOf(r.auth, r.csrf, r.type, r.cookie === undefined ? [] : [["cookie", r.cookie]]),
        body: r.body,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        method: usualMethod(["GET", "POST", "DELETE"]),
        segments: fc.array(garbageSegment, { maxLength: 8 }),
        prefix: fc.constantFrom("/", "/ibmmq/rest/v2/", "/ibmmq/rest/v3/messaging/", "/ibmmq/rest/v2/admin/"),
        auth: authorization,
        csrf,
        type: messageContentType,
        body: messageBody,
      })
      .map((r) => ({
        kind: "other" as const,
        method: r.method,
        path: r.prefix + r.segments.join("/"),
        headers: headersOf(r.auth, r.csrf, r.type),
        body: r.body,
      })),
  },
);

// --- What the queue manager holds ---

interface Snapshot {
  depths: Record<string, number>;
  objects: string[];
}

function snapshot(): Snapshot {
  const depths: Record<string, number> = {};
  for (const name of qm.queueNames()) depths[name] = qm.queueStatus(name).depth;
  return {
    depths,
    objects: qm
      .objects()
      .map((o) => `${o.type}:${o.name}`)
      .sort(),
  };
}

/**
 * The route a path reaches and the queue it names, its segments decoded as the router sees
 * them (%76%32 is v2, DEV.QUEUE.%31 is DEV.QUEUE.1); "other" for anything else.
 */
function routeOf(path: string): { kind: "message" | "messagelist" | "topic" | "mqsc" | "login" | "other"; queue?: string } {
  const s = path.split("?")[0]!.split("/").map(safeDecode);
  const rest = s[0] === "" && s[1] === "ibmmq" && s[2] === "rest" && /^v[123]$/.test(s[3] ?? "") ? s.slice(4) : undefined;
  if (rest === undefined) return { kind: "other" };
  if (rest.length === 6 && rest[0] === "messaging" && rest[1] === "qmgr" && rest[3] === "queue" && (rest[5] === "message" || rest[5] === "messagelist")) {
    return { kind: rest[5], queue: rest[4] };
  }
  if (s[3] !== "v1" && rest.length >= 6 && rest[0] === "messaging" && rest[1] === "qmgr" && rest[3] === "topic" && rest.at(-1) === "message")
    return { kind: "topic" };
  if (rest.length === 5 && rest[0] === "admin" && rest[1] === "action" && rest[2] === "qmgr" && rest[4] === "mqsc") return { kind: "mqsc" };
  if (rest.length === 1 && rest[0] === "login") return { kind: "login" };
  return { kind: "other" };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface Answer {
  status: number;
  text: string;
  contentType: string | null;
  /** The path as the server received it: a client's URL parser resolves dot segments first. */
  path: string;
}

type Transport = (generated: GeneratedRequest) => Promise<Answer>;

function initOf(generated: GeneratedRequest): RequestInit {
  const init: RequestInit = { method: generated.method, headers: generated.headers };
  if (generated.body !== undefined && generated.method !== "GET" && generated.method !== "HEAD") init.body = generated.body as BodyInit;
  return init;
}

/** In process, through app.request. */
const inProcess: Transport = async (generated) => {
  const response = await app.request(generated.path, initOf(generated));
  // Reading the whole body is what commits a destructive get (committing-body.ts).
  const text = await response.text();
  return { status: response.status, text, contentType: response.headers.get("content-type"), path: generated.path };
};

/** Over a real socket to Node's server, with fetch as a client would. */
const overSocket: Transport = async (generated) => {
  const url = new URL(server.url + generated.path);
  const response = await fetch(url, initOf(generated));
  const text = await response.text();
  return { status: response.status, text, contentType: response.headers.get("content-type"), path: url.pathname + url.search };
};

/** Checks one request's answer and what it did to the queue manager. */
function checkEffect(generated: GeneratedRequest, answer: Answer, before: Snapshot, after: Snapshot): void {
  const context = `${generated.method} ${answer.path} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeLessThan(500);
  const ok = answer.status >= 200 && answer.status < 300;
  if (!ok) {
    expect(after, context).toEqual(before);
    // A HEAD answer has the headers of the GET's and no body.
    if (answer.status >= 400 && generated.method !== "HEAD" && answer.contentType?.startsWith("application/json")) {
      expect(Array.isArray((JSON.parse(answer.text) as { error?: unknown }).error), context).toBe(true);
    }
    return;
  }
  const route = routeOf(answer.path);
  const changed = (expected: Record<string, number>) => {
    const wanted = { ...before.depths };
    for (const [queue, delta] of Object.entries(expected)) wanted[queue] = (wanted[queue] ?? 0) + delta;
    expect(after, context).toEqual({ depths: wanted, objects: before.objects });
  };
  switch (route.kind) {
    case "message":
      if (generated.method === "POST") {
        expect(answer.status, context).toBe(201);
        changed({ [route.queue!]: 1 });
      } else if (generated.method === "DELETE") {
        if (answer.status === 204) changed({});
        else changed({ [route.queue!]: -1 });
      } else {
        changed({});
      }
      return;
    case "topic":
      // The one subscription, prop/#, puts its copy on DEV.QUEUE.3.
      expect(answer.status, context).toBe(201);
      return changed({ "DEV.QUEUE.3": safeDecode(answer.path.split("/topic/")[1]!.replace(/\/message$/, "")).startsWith("prop/") ? 1 : 0 });
    case "messagelist":
    case "login":
      return changed({});
    case "mqsc": {
      // A valid admin request may change anything it names; one whose command failed changes nothing.
      const answerBody = JSON.parse(answer.text) as { overallCompletionCode?: number };
      if (answerBody.overallCompletionCode === 2) changed({});
      return;
    }
    default:
      // A preflight (OPTIONS) or anything else that answered 2xx must not have touched a queue.
      return changed({});
  }
}

describe("HTTP facade under random requests (fast-check)", () => {
  const runs: [string, () => Transport, number][] = [
    ["in process (app.request)", () => inProcess, 500],
    ["over a real socket (serveHttp, fetch)", () => overSocket, 200],
  ];
  for (const [how, transport, numRuns] of runs) {
    it(`never answers 5xx, and changes state only as a valid request says: ${how}`, async () => {
      const started = Date.now();
      const send = transport();
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const before = snapshot();
          const answer = await send(generated);
          checkEffect(generated, answer, before, snapshot());
        }),
        fuzzOptions(numRuns),
      );
      // Bounded: the whole run stays well inside the test's time.
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 30_000);
  }

  it("gets each message a 2xx put added, exactly once, back to empty queues", async () => {
    // After the random run, what the puts left is all there is, and every get takes one.
    for (const queue of QUEUES) {
      let depth = qm.queueStatus(queue).depth;
      while (depth > 0) {
        const got = await app.request(`/ibmmq/rest/v2/messaging/qmgr/${QM}/queue/${queue}/message`, {
          method: "DELETE",
          headers: { authorization: "Bearer admin-token", "ibm-mq-rest-csrf-token": "" },
        });
        expect(got.status).toBe(200);
        await got.arrayBuffer();
        expect(qm.queueStatus(queue).depth).toBe(depth - 1);
        depth--;
      }
      const none = await app.request(`/ibmmq/rest/v2/messaging/qmgr/${QM}/queue/${queue}/message`, {
        method: "DELETE",
        headers: { authorization: "Bearer admin-token", "ibm-mq-rest-csrf-token": "" },
      });
      expect(none.status).toBe(204);
    }
  });
});
