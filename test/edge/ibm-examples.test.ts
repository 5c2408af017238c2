/**
 * IBM's own REST API examples, as IBM's pages write them but for the host (here the real worker
 * in workerd, reached with SELF.fetch, instead of https://localhost:9443) and credentials (IBM's
 * sample users mqadmin and mqapp, each with its name as password: test/fixtures/security.ts).
 * Each test names the IBM page it mirrors and asserts what that page says comes back.
 *
 * Each curl line is translated to fetch as curl sends it: `-u user:password` is HTTP basic
 * authentication, `-H` a header, `-d`/`--data` the body, `-b`/`-c` a cookie jar.
 *
 * The exact MQWB ids and texts of error bodies are held by test/contract/http-admin.contract.ts.
 */
import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";

/** IBM's examples run against QM1 (test/edge/vitest.config.ts serves it). */
const QM = "QM1";
const HOST = "http://localhost";
const HEX_ID = /^[0-9a-f]{48}$/;
const NO_ID = "0".repeat(48);

interface Curl {
  method?: string;
  /** curl -u user:password */
  user?: string;
  headers?: Record<string, string>;
  data?: string;
  /** curl -b: the Cookie header from the jar. */
  cookie?: string;
}

/** One curl command line as fetch. */
function curl(path: string, { method = "GET", user, headers = {}, data, cookie }: Curl = {}): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (user !== undefined) all.authorization = `Basic ${btoa(user)}`;
  if (cookie !== undefined) all.cookie = cookie;
  return SELF.fetch(HOST + path, data === undefined ? { method, headers: all } : { method, headers: all, body: data });
}

const CSRF = { "ibm-mq-rest-csrf-token": "value" };
const TEXT_UTF8 = { "Content-Type": "text/plain;charset=utf-8" };
const JSON_UTF8 = { "Content-Type": "application/json;charset=utf-8" };
const messageUrl = (version: string, queue: string, query = "") => `/ibmmq/rest/${version}/messaging/qmgr/${QM}/queue/${queue}/message${query}`;
const mqscUrl = (version = "v2") => `/ibmmq/rest/${version}/admin/action/qmgr/${QM}/mqsc`;

/** mqadmin runs one MQSC command as IBM's admin examples do; the parsed commandResponse envelope. */
async function mqsc(body: unknown, init: Curl = { user: "mqadmin:mqadmin" }) {
  const response = await curl(mqscUrl(), { ...init, method: "POST", headers: { ...CSRF, ...JSON_UTF8 }, data: JSON.stringify(body) });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as {
    commandResponse: Array<{ completionCode: number; reasonCode: number; text?: string[]; message?: string[]; parameters?: Record<string, unknown> }>;
    overallCompletionCode: number;
    overallReasonCode: number;
  };
}

/** The LtpaToken2 cookie a response sets, as a Cookie header value. */
function ltpaCookie(response: Response): string {
  const match = /(?:^|,\s*)(LtpaToken2[^=]*=[^;]*)/.exec(response.headers.get("set-cookie") ?? "");
  expect(match, "a LtpaToken2 cookie is set").not.toBeNull();
  return match![1]!;
}

beforeEach(async () => {
  // Every test starts from IBM's developer queues empty (setup, not part of any example).
  for (const queue of ["DEV.QUEUE.1", "DEV.QUEUE.2"]) {
    expect((await mqsc({ type: "runCommand", parameters: { command: `CLEAR QLOCAL(${queue})` } })).overallCompletionCode).toBe(0);
  }
});

describe("IBM's messaging REST API examples", () => {
  // https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.1.0/com.ibm.mq.dev.doc/q130950_.htm
  // ("Getting started with the messaging REST API": put "Hello World" with POST, get it back with DELETE)
  it("Getting started: POST puts Hello World (201 and its message id), DELETE gets it, and then there is none (204)", async () => {
    const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "POST", user: "mqapp:mqapp", headers: { ...CSRF, ...TEXT_UTF8 }, data: "Hello World" });
    expect(put.status).toBe(201);
    expect(await put.text()).toBe("");
    const messageId = put.headers.get("ibm-mq-md-messageId");
    expect(messageId).toMatch(HEX_ID);

    const got = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("Hello World");
    expect(got.headers.get("content-type")).toMatch(/^text\/plain;\s*charset=utf-8$/i);
    expect(got.headers.get("ibm-mq-md-messageId")).toBe(messageId);
    expect(got.headers.get("ibm-mq-md-persistence")).toBe("nonPersistent");
    expect(got.headers.get("ibm-mq-md-expiry")).toBe("unlimited");

    const none = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");
  });

  // https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130750_.htm (POST, "Request headers":
  // Content-Type is one of five text types, "If charset is omitted ... UTF-8 is assumed"; the body is never parsed)
  it("POST: each of IBM's five content types puts the body as text, byte for byte, with or without a charset", async () => {
    const types = ["text/plain", "text/html", "text/xml", "application/json", "application/xml"];
    const bodies = ["plain ü", "<p>html</p>", "<a>xml</a>", '{"not": json', "<b>€</b>"];
    for (const [i, type] of types.entries()) {
      const contentType = i % 2 === 0 ? `${type};charset=utf-8` : type;
      const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), {
        method: "POST",
        user: "mqapp:mqapp",
        headers: { ...CSRF, "Content-Type": contentType },
        data: bodies[i],
      });
      expect(put.status, contentType).toBe(201);
    }
    for (const [i, type] of types.entries()) {
      const got = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
      expect(got.status).toBe(200);
      // Each is MQSTR, which has no media type: mqweb answers every one as text/plain.
      expect(got.headers.get("content-type"), type).toMatch(/^text\/plain;\s*charset=utf-8$/i);
      expect(await got.text()).toBe(bodies[i]);
    }
  });

  // https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130750_.htm (POST, optional headers
  // ibm-mq-md-correlationId, ibm-mq-md-expiry, ibm-mq-md-persistence, ibm-mq-md-replyTo) and
  // https://www.ibm.com/docs/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130930_.htm (DELETE, the same headers in the response)
  it("POST with IBM's descriptor headers: DELETE answers them back", async () => {
    const correlationId = "414d5120514d31202020202020202020" + "0123456789abcdef";
    const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), {
      method: "POST",
      user: "mqapp:mqapp",
      headers: {
        ...CSRF,
        ...TEXT_UTF8,
        "ibm-mq-md-correlationId": correlationId,
        "ibm-mq-md-expiry": "300000",
        "ibm-mq-md-persistence": "persistent",
        "ibm-mq-md-replyTo": "DEV.QUEUE.2@QM1",
      },
      data: "with headers",
    });
    expect(put.status).toBe(201);
    const got = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(got.status).toBe(200);
    expect(got.headers.get("ibm-mq-md-correlationId")).toBe(correlationId);
    expect(got.headers.get("ibm-mq-md-persistence")).toBe("persistent");
    expect(got.headers.get("ibm-mq-md-replyTo")).toBe("DEV.QUEUE.2@QM1");
    // The expiry left: at most what was given, and not yet gone.
    const expiry = Number(got.headers.get("ibm-mq-md-expiry"));
    expect(expiry).toBeGreaterThan(290_000);
    expect(expiry).toBeLessThanOrEqual(300_000);
    expect(await got.text()).toBe("with headers");
  });

  // https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130750_.htm (ibm-mq-rest-csrf-token:
  // "This header must be set, but the value can be anything, including being blank.")
  it("POST and DELETE: the CSRF header may be blank, and without it nothing is put or got", async () => {
    const blank = await curl(messageUrl("v2", "DEV.QUEUE.1"), {
      method: "POST",
      user: "mqapp:mqapp",
      headers: { "ibm-mq-rest-csrf-token": "", ...TEXT_UTF8 },
      data: "blank token",
    });
    expect(blank.status).toBe(201);
    const refusedPut = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "POST", user: "mqapp:mqapp", headers: TEXT_UTF8, data: "no token" });
    expect(refusedPut.status).toBe(403);
    await refusedPut.arrayBuffer();
    const refusedGet = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp" });
    expect(refusedGet.status).toBe(403);
    await refusedGet.arrayBuffer();
    const list = await curl(`/ibmmq/rest/v2/messaging/qmgr/${QM}/queue/DEV.QUEUE.1/messagelist`, { user: "mqapp:mqapp" });
    expect(((await list.json()) as { messages: unknown[] }).messages).toHaveLength(1);
  });

  // https://www.ibm.com/docs/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130930_.htm (DELETE, "Optional query parameters":
  // correlationId, messageId, wait)
  it("DELETE ?messageId= gets that message, ?correlationId= the next with that id, ?wait= waits and then answers 204", async () => {
    const ids: string[] = [];
    const correlationId = "c0ffee".padEnd(48, "0");
    for (const [i, body] of ["first", "second", "third"].entries()) {
      const headers: Record<string, string> = { ...CSRF, ...TEXT_UTF8 };
      if (i === 2) headers["ibm-mq-md-correlationId"] = correlationId;
      const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "POST", user: "mqapp:mqapp", headers, data: body });
      ids.push(put.headers.get("ibm-mq-md-messageId")!);
    }
    const byId = await curl(messageUrl("v2", "DEV.QUEUE.1", `?messageId=${ids[1]}`), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(await byId.text()).toBe("second");
    expect(byId.headers.get("ibm-mq-md-messageId")).toBe(ids[1]);
    const byCorrelation = await curl(messageUrl("v2", "DEV.QUEUE.1", `?correlationId=${correlationId}`), {
      method: "DELETE",
      user: "mqapp:mqapp",
      headers: CSRF,
    });
    expect(await byCorrelation.text()).toBe("third");
    const gone = await curl(messageUrl("v2", "DEV.QUEUE.1", `?messageId=${ids[1]}&wait=300`), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(gone.status).toBe(204);
    const rest = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(await rest.text()).toBe("first");
    expect(rest.headers.get("ibm-mq-md-correlationId")).toBe(NO_ID);
  });

  // https://developer.ibm.com/messaging/2019/08/08/messaging-rest-api-browse/ (IBM MQ 9.1.3: GET .../message browses the
  // next message, GET .../messagelist lists the messages on a queue; neither removes anything)
  it("GET browses the message and GET .../messagelist lists it; both leave it on the queue", async () => {
    const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "POST", user: "mqapp:mqapp", headers: { ...CSRF, ...TEXT_UTF8 }, data: "browse me" });
    const messageId = put.headers.get("ibm-mq-md-messageId");

    const browsed = await curl(messageUrl("v2", "DEV.QUEUE.1"), { user: "mqapp:mqapp" });
    expect(browsed.status).toBe(200);
    expect(await browsed.text()).toBe("browse me");
    expect(browsed.headers.get("ibm-mq-md-messageId")).toBe(messageId);

    const list = await curl(`/ibmmq/rest/v2/messaging/qmgr/${QM}/queue/DEV.QUEUE.1/messagelist`, { user: "mqapp:mqapp" });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    const { messages } = (await list.json()) as { messages: Array<Record<string, unknown>> };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ messageId, correlationId: NO_ID, format: "MQSTR", persistence: "nonPersistent", expiry: "unlimited" });
    expect(Date.parse(String(messages[0]!.putDateTime))).not.toBeNaN();

    const got = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(await got.text()).toBe("browse me");
  });

  // https://www.ibm.com/docs/en/ibm-mq/10.0.x?topic=messagingqmgrqmgrnamequeuequeuenamemessage-post and
  // https://www.ibm.com/docs/SSFKSJ_9.2.0/com.ibm.mq.ref.dev.doc/q130930_.htm (REST API V3: ibm-mq-md-priority; message ids
  // keep the ID: prefix; a correlation id is an application-specific id, or an encoded one with the ID: prefix)
  it("v3: ibm-mq-md-priority comes back, ids carry ID:, and an ID:-prefixed correlation id stays hex", async () => {
    const correlationId = "ID:" + "ab".repeat(24);
    const put = await curl(messageUrl("v3", "DEV.QUEUE.1"), {
      method: "POST",
      user: "mqapp:mqapp",
      headers: { ...CSRF, ...TEXT_UTF8, "ibm-mq-md-priority": "8", "ibm-mq-md-correlationId": correlationId },
      data: "v3 message",
    });
    expect(put.status).toBe(201);
    const messageId = put.headers.get("ibm-mq-md-messageId")!;
    expect(messageId).toMatch(/^ID:[0-9a-f]{48}$/);

    const browsed = await curl(messageUrl("v3", "DEV.QUEUE.1", `?messageId=${messageId}`), { user: "mqapp:mqapp" });
    expect(browsed.headers.get("ibm-mq-md-priority")).toBe("8");
    expect(browsed.headers.get("ibm-mq-md-correlationId")).toBe(correlationId);
    const got = await curl(messageUrl("v3", "DEV.QUEUE.1"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(got.headers.get("ibm-mq-md-messageId")).toBe(messageId);
    expect(got.headers.get("ibm-mq-md-priority")).toBe("8");
    expect(got.headers.get("ibm-mq-md-correlationId")).toBe(correlationId);
    expect(await got.text()).toBe("v3 message");
  });

  // The same pages: "The header can be an application-specific ID" on POST, and on DELETE the correlation id comes back
  // as the application gave it.
  it("v3: an application-specific correlation id comes back as written on browse, list and get, and selects the message", async () => {
    const put = await curl(messageUrl("v3", "DEV.QUEUE.1"), {
      method: "POST",
      user: "mqapp:mqapp",
      headers: { ...CSRF, ...TEXT_UTF8, "ibm-mq-md-correlationId": "order-42" },
      data: "order",
    });
    expect(put.status).toBe(201);
    const browsed = await curl(messageUrl("v3", "DEV.QUEUE.1"), { user: "mqapp:mqapp" });
    expect(browsed.headers.get("ibm-mq-md-correlationId")).toBe("order-42");
    const list = await curl(`/ibmmq/rest/v3/messaging/qmgr/${QM}/queue/DEV.QUEUE.1/messagelist`, { user: "mqapp:mqapp" });
    expect(((await list.json()) as { messages: Array<{ correlationId: string }> }).messages[0]!.correlationId).toBe("order-42");
    const got = await curl(messageUrl("v3", "DEV.QUEUE.1", "?correlationId=order-42"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
    expect(got.status).toBe(200);
    expect(got.headers.get("ibm-mq-md-correlationId")).toBe("order-42");
    expect(await got.text()).toBe("order");
  });

  // https://setgetweb.com/p/MQ92/ref.dev/q134460_.htm (IBM MQ 9.2 "POST /messaging/qmgr/{qmgrName}/topic/{topicString}/message":
  // publishes the body on the topic; 201 when published)
  it("POST .../topic/{topicString}/message publishes to the subscriptions on that topic", async () => {
    const sub = await mqsc({ type: "runCommand", parameters: { command: "DEFINE SUB(IBM.EXAMPLE.SUB) TOPICSTR('price/fruit/#') DEST(DEV.QUEUE.2) REPLACE" } });
    expect(sub.overallCompletionCode).toBe(0);
    try {
      const published = await curl(`/ibmmq/rest/v2/messaging/qmgr/${QM}/topic/price/fruit/apples/message`, {
        method: "POST",
        user: "mqapp:mqapp",
        headers: { ...CSRF, ...TEXT_UTF8 },
        data: "1.20",
      });
      expect(published.status).toBe(201);
      expect(await published.text()).toBe("");
      const got = await curl(messageUrl("v2", "DEV.QUEUE.2"), { method: "DELETE", user: "mqapp:mqapp", headers: CSRF });
      expect(got.status).toBe(200);
      expect(await got.text()).toBe("1.20");
    } finally {
      await mqsc({ type: "runCommand", parameters: { command: "DELETE SUB(IBM.EXAMPLE.SUB)" } });
    }
  });
});

describe("IBM's administrative REST API examples", () => {
  // https://www.ibm.com/docs/en/ibm-mq/9.2?topic=adminactionqmgrqmgrnamemqsc-post-plain-text-mqsc-command
  // ({"type":"runCommand","parameters":{"command":"..."}}: runmqsc's lines as "text")
  it("runCommand: DEFINE QLOCAL answers AMQ8006I, DISPLAY QLOCAL answers AMQ8409I with the queue's attributes, DELETE AMQ8007I", async () => {
    const defined = await mqsc({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(Q1)" } });
    expect(defined).toEqual({
      commandResponse: [{ completionCode: 0, reasonCode: 0, text: ["AMQ8006I: IBM MQ queue created."] }],
      overallCompletionCode: 0,
      overallReasonCode: 0,
    });

    const shown = await mqsc({ type: "runCommand", parameters: { command: "DISPLAY QLOCAL(Q1)" } });
    expect(shown.overallCompletionCode).toBe(0);
    const text = shown.commandResponse[0]!.text!;
    expect(text[0]).toBe("AMQ8409I: Display Queue details.");
    expect(text.join("\n")).toMatch(/QUEUE\(Q1\)\s+TYPE\(QLOCAL\)/);
    expect(text.join("\n")).toMatch(/MAXDEPTH\(5000\)/);

    const deleted = await mqsc({ type: "runCommand", parameters: { command: "DELETE QLOCAL(Q1)" } });
    expect(deleted.commandResponse).toEqual([{ completionCode: 0, reasonCode: 0, text: ["AMQ8007I: IBM MQ queue deleted."] }]);
  });

  // https://www.ibm.com/docs/en/ibm-mq/9.3.x?topic=api-getting-started-administrative-rest (create, update, view and delete
  // a queue) with https://setgetweb.com/p/MQ92/ref.adm/q133340_.htm (runCommandJSON: command, qualifier, name, parameters,
  // responseParameters; a DISPLAY answers one item per object, with its attributes as "parameters")
  it("runCommandJSON: define, alter, display and delete a queue, as IBM's getting-started steps do", async () => {
    const defined = await mqsc({
      type: "runCommandJSON",
      command: "define",
      qualifier: "qlocal",
      name: "Q1",
      parameters: { descr: "Queue for use by REST API", maxdepth: 4000 },
    });
    expect(defined).toEqual({ commandResponse: [{ completionCode: 0, reasonCode: 0 }], overallCompletionCode: 0, overallReasonCode: 0 });
    try {
      const altered = await mqsc({ type: "runCommandJSON", command: "alter", qualifier: "qlocal", name: "Q1", parameters: { maxdepth: 6000 } });
      expect(altered.overallCompletionCode).toBe(0);

      const shown = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "Q1", responseParameters: ["maxdepth", "descr"] });
      expect(shown).toEqual({
        commandResponse: [
          { completionCode: 0, reasonCode: 0, parameters: { queue: "Q1", type: "QLOCAL", maxdepth: 6000, descr: "Queue for use by REST API" } },
        ],
        overallCompletionCode: 0,
        overallReasonCode: 0,
      });
    } finally {
      const deleted = await mqsc({ type: "runCommandJSON", command: "delete", qualifier: "qlocal", name: "Q1" });
      expect(deleted.overallCompletionCode).toBe(0);
    }
    const gone = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "Q1" });
    expect(gone.overallCompletionCode).toBe(2);
    expect(gone.commandResponse[0]!.reasonCode).toBe(2085);
  });

  // https://setgetweb.com/p/MQ92/ref.adm/q133340_.htm (runCommandJSON DISPLAY with a generic name and responseParameters)
  it("runCommandJSON: DISPLAY QLOCAL(*) CURDEPTH answers one item per local queue, with queue, type and curdepth", async () => {
    const put = await curl(messageUrl("v2", "DEV.QUEUE.2"), { method: "POST", user: "mqapp:mqapp", headers: { ...CSRF, ...TEXT_UTF8 }, data: "one" });
    expect(put.status).toBe(201);
    const shown = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "*", responseParameters: ["curdepth"] });
    expect(shown.overallCompletionCode).toBe(0);
    const byQueue = new Map(shown.commandResponse.map((item) => [item.parameters!.queue, item]));
    expect(byQueue.get("DEV.QUEUE.1")).toEqual({ completionCode: 0, reasonCode: 0, parameters: { queue: "DEV.QUEUE.1", type: "QLOCAL", curdepth: 0 } });
    expect(byQueue.get("DEV.QUEUE.2")).toEqual({ completionCode: 0, reasonCode: 0, parameters: { queue: "DEV.QUEUE.2", type: "QLOCAL", curdepth: 1 } });
    expect(byQueue.has("SYSTEM.DEAD.LETTER.QUEUE")).toBe(true);
    for (const item of shown.commandResponse) expect(Object.keys(item.parameters!).sort()).toEqual(["curdepth", "queue", "type"]);
  });

  // https://www.ibm.com/docs/en/ibm-mq/9.3.x?topic=api-getting-started-administrative-rest (step 1: "curl -k
  // https://localhost:9443/ibmmq/rest/v1/admin/installation -X GET -u mqadmin:mqadmin", then the queue managers with
  // .../v1/admin/qmgr): each answers a JSON object holding an array named for the resource
  it("Getting started: GET /admin/installation and GET /admin/qmgr, as mqadmin", async () => {
    const installation = await curl("/ibmmq/rest/v1/admin/installation", { user: "mqadmin:mqadmin" });
    expect(installation.status).toBe(200);
    const { installation: installations } = (await installation.json()) as { installation: Array<Record<string, unknown>> };
    expect(installations).toHaveLength(1);
    expect(installations[0]).toMatchObject({ name: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+/), platform: expect.any(String) });

    const qmgrs = await curl("/ibmmq/rest/v1/admin/qmgr", { user: "mqadmin:mqadmin" });
    expect(qmgrs.status).toBe(200);
    const { qmgr } = (await qmgrs.json()) as { qmgr: Array<{ name: string; state: string }> };
    expect(qmgr).toContainEqual({ name: QM, state: "running" });

    const one = await curl(`/ibmmq/rest/v1/admin/qmgr/${QM}`, { user: "mqadmin:mqadmin" });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ qmgr: [{ name: QM, state: "running" }] });
  });

  // https://www.ibm.com/docs/en/ibm-mq/9.2?topic=adminactionqmgrqmgrnamemqsc-post-plain-text-mqsc-command (a command
  // that fails: HTTP 200, overallCompletionCode 2 and overallReasonCode 3008, the command's own codes and runmqsc's text)
  it("runCommand: DEFINE of a queue that exists fails as runmqsc's does, in a 200 answer with 2/3008", async () => {
    await mqsc({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(Q.TWICE)" } });
    try {
      const again = await mqsc({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(Q.TWICE)" } });
      expect(again.overallCompletionCode).toBe(2);
      expect(again.overallReasonCode).toBe(3008);
      expect(again.commandResponse).toHaveLength(1);
      expect(again.commandResponse[0]).toMatchObject({ completionCode: 2, reasonCode: 4001 });
      // A failed item carries its AMQ lines as "message", as mqweb's failed items do.
      expect(again.commandResponse[0]!.message!.join("\n")).toMatch(/^AMQ8150E: IBM MQ object already exists\./);
    } finally {
      await mqsc({ type: "runCommand", parameters: { command: "DELETE QLOCAL(Q.TWICE)" } });
    }
  });

  // https://setgetweb.com/p/MQ92/ref.adm/q133340_.htm (runCommandJSON for the queue manager: "qualifier": "qmgr", no name)
  it("runCommandJSON: DISPLAY QMGR answers the queue manager's name and the attributes asked for", async () => {
    const shown = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qmgr", responseParameters: ["deadq"] });
    expect(shown).toEqual({
      commandResponse: [{ completionCode: 0, reasonCode: 0, parameters: { qmname: QM, deadq: "SYSTEM.DEAD.LETTER.QUEUE" } }],
      overallCompletionCode: 0,
      overallReasonCode: 0,
    });
  });

  // https://www.ibm.com/docs/en/ibm-mq/9.2?topic=adminactionqmgrqmgrnamemqsc-post-plain-text-mqsc-command ("Security
  // requirements": the caller must be in MQWebAdmin, or MQWebAdminRO for DISPLAY; an MQWebUser such as mqapp may not)
  it("refuses MQSC from mqapp (MQWebUser) with 403, and runs nothing", async () => {
    const refused = await curl(mqscUrl(), {
      method: "POST",
      user: "mqapp:mqapp",
      headers: { ...CSRF, ...JSON_UTF8 },
      data: JSON.stringify({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(Q.BY.APP)" } }),
    });
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    const shown = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "Q.BY.APP" });
    expect(shown.commandResponse[0]!.reasonCode).toBe(2085);
  });
});

describe("IBM's login examples (token-based authentication)", () => {
  // https://www.ibm.com/docs/en/SSFKSJ_9.1.0/com.ibm.mq.ref.adm.doc/q128760_.html (POST /login: 204 and the LtpaToken2 cookie),
  // https://www.ibm.com/docs/en/ibm-mq/9.3?topic=security-using-token-based-authentication-rest-api (later requests carry the
  // cookie; GET /login says who is logged in) and https://ibm.com/docs/SSFKSJ_9.3.0/refadmin/q128780_.html (DELETE /login with
  // the CSRF header logs out, 204, and tells the client to delete the cookie)
  it("logs in with POST /login, uses the cookie for MQSC and GET /login, and logs out with DELETE /login", async () => {
    const login = await curl("/ibmmq/rest/v2/login", {
      method: "POST",
      headers: { ...CSRF, ...JSON_UTF8 },
      data: JSON.stringify({ username: "mqadmin", password: "mqadmin" }),
    });
    expect(login.status).toBe(204);
    expect(await login.text()).toBe("");
    const cookie = ltpaCookie(login);

    const who = await curl("/ibmmq/rest/v2/login", { cookie });
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ user: [{ name: "mqadmin", role: ["MQWebAdmin"] }] });

    const shown = await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qmgr", responseParameters: ["deadq"] }, { cookie });
    expect(shown.commandResponse[0]!.parameters).toMatchObject({ qmname: QM });

    const logout = await curl("/ibmmq/rest/v2/login", { method: "DELETE", headers: CSRF, cookie });
    expect(logout.status).toBe(204);
    // The instruction to delete the token: the same cookie, emptied and expired.
    expect(logout.headers.get("set-cookie")).toMatch(/^LtpaToken2=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    // With the jar emptied as the response asked, the next request is not authenticated.
    const after = await curl("/ibmmq/rest/v2/login");
    expect(after.status).toBe(401);
    await after.arrayBuffer();
  });

  // https://www.ibm.com/docs/en/SSFKSJ_9.1.0/com.ibm.mq.ref.adm.doc/q128760_.html ("401 Not authenticated. An invalid user name
  // or password was provided.") and the messaging pages with mqapp's session
  it("answers 401 to a wrong password, and a logged-in mqapp puts and gets with its cookie", async () => {
    const wrong = await curl("/ibmmq/rest/v2/login", {
      method: "POST",
      headers: { ...CSRF, ...JSON_UTF8, "cf-connecting-ip": "203.0.113.80" },
      data: JSON.stringify({ username: "mqapp", password: "not-mqapp" }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    await wrong.arrayBuffer();

    const login = await curl("/ibmmq/rest/v2/login", {
      method: "POST",
      headers: { ...CSRF, ...JSON_UTF8 },
      data: JSON.stringify({ username: "mqapp", password: "mqapp" }),
    });
    expect(login.status).toBe(204);
    const cookie = ltpaCookie(login);
    const put = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "POST", cookie, headers: { ...CSRF, ...TEXT_UTF8 }, data: "by cookie" });
    expect(put.status).toBe(201);
    const got = await curl(messageUrl("v2", "DEV.QUEUE.1"), { method: "DELETE", cookie, headers: CSRF });
    expect(await got.text()).toBe("by cookie");
  });
});
