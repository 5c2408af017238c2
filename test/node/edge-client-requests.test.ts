/**
 * Requests as real clients send them, to the worker as `npm start` runs it
 * (scripts/local-edge.mjs: the bundled worker and its Durable Objects under workerd, on a
 * real port): bodies sent chunked (Node's http.request, write then end, as IBM's Node REST
 * samples do), refused requests on a keep-alive connection, failed logins from clients
 * whose address workerd does not know, and the CSRF header as IBM's samples send it.
 */
import { Agent } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorResponse } from "../../adapters/http/errors.js";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { IBM_EXAMPLE_MQ_USERS, TEST_MQ_USERS, TEST_SESSION_SECRET } from "../fixtures/security.js";
import { basicAuthorization, nodeRequest, type NodeClientRequest } from "./sockets/node-client.js";

const TOKEN = "edge-client-token";
const QMGR = "QM1";
/** The edge's largest message (MQ_MESSAGE_MEMORY_BYTES), small so that a body over it is quick to send. */
const MESSAGE_LIMIT = 64 * 1024;
const MESSAGING = `/ibmmq/rest/v2/messaging/qmgr/${QMGR}/queue`;
const MQSC = `/ibmmq/rest/v2/admin/action/qmgr/${QMGR}/mqsc`;
const LOGIN = "/ibmmq/rest/v2/login";
const AS_ADMIN = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "" };

let edge: { url: string; dispose(): Promise<void> } | undefined;
const call = (path: string, options: NodeClientRequest) => nodeRequest(edge!.url + path, options);
const mqsc = async (command: string) => {
  const body = JSON.stringify({ type: "runCommand", parameters: { command } });
  const response = await call(MQSC, {
    method: "POST",
    headers: { ...AS_ADMIN, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    body,
  });
  expect(response.status, response.text).toBe(200);
  return (JSON.parse(response.text) as { commandResponse: { text: string[] }[] }).commandResponse.flatMap((entry) => entry.text).join("\n");
};
const depthOf = async (queue: string) => Number(/CURDEPTH\((\d+)\)/.exec(await mqsc(`DISPLAY QSTATUS(${queue}) CURDEPTH`))![1]);
const wasChunked = (head: string) => /^transfer-encoding: chunked$/im.test(head) && !/^content-length:/im.test(head);

beforeAll(async () => {
  edge = await startLocalEdge({
    port: 0,
    vars: {
      MQ_TOKENS: TOKEN,
      MQ_QUEUE_MANAGERS: QMGR,
      MQ_USERS: `${TEST_MQ_USERS}\n${IBM_EXAMPLE_MQ_USERS}`,
      MQ_SESSION_SECRET: TEST_SESSION_SECRET,
      MQ_MESSAGE_MEMORY_BYTES: String(MESSAGE_LIMIT),
    },
  });
  for (const queue of ["CHUNKED.PUT", "CHUNKED.SAMPLE", "CHUNKED.TOO.BIG"]) await mqsc(`DEFINE QLOCAL(${queue})`);
}, 120_000);
afterAll(async () => {
  await edge?.dispose();
});

describe("the edge (npm start's worker): request bodies sent chunked", () => {
  it("puts and gets a message as IBM's Node REST samples do: v1, basic auth, an empty CSRF header, text/plain on both, the body written then ended", async () => {
    // mq-rest-node-https.js and mq-rest-node-promise.js: one options object for both requests,
    // its method switched from POST to DELETE; Content-Type text/plain on the DELETE too.
    const options = { headers: { authorization: basicAuthorization("mqapp", "mqapp"), "content-type": "text/plain", "ibm-mq-rest-csrf-token": "" } };
    const path = `/ibmmq/rest/v1/messaging/qmgr/${QMGR}/queue/CHUNKED.SAMPLE/message`;
    const text = `Hello world at ${new Date().toString()}`;
    const put = await call(path, { ...options, method: "POST", body: text });
    expect(wasChunked(put.sentHead), put.sentHead).toBe(true);
    expect(put.status, put.text).toBe(201);
    const got = await call(path, { ...options, method: "DELETE" });
    expect(got.status, got.text).toBe(200);
    expect(got.text).toBe(text);
  });

  it("puts a chunked body on the v2 messaging API and gets it back whole", async () => {
    const body = "chunk ".repeat(2000);
    const put = await call(`${MESSAGING}/CHUNKED.PUT/message`, { method: "POST", headers: { ...AS_ADMIN, "content-type": "text/plain;charset=utf-8" }, body });
    expect(wasChunked(put.sentHead)).toBe(true);
    expect(put.status, put.text).toBe(201);
    const got = await call(`${MESSAGING}/CHUNKED.PUT/message`, { method: "DELETE", headers: AS_ADMIN });
    expect(got.status).toBe(200);
    expect(got.text).toBe(body);
  });

  it("runs a chunked MQSC request", async () => {
    const body = JSON.stringify({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(CHUNKED.MQSC) DESCR('sent chunked')" } });
    const response = await call(MQSC, { method: "POST", headers: { ...AS_ADMIN, "content-type": "application/json" }, body });
    expect(wasChunked(response.sentHead)).toBe(true);
    expect(response.status, response.text).toBe(200);
    expect(JSON.parse(response.text)).toMatchObject({ overallCompletionCode: 0 });
    expect(await mqsc("DISPLAY QLOCAL(CHUNKED.MQSC) DESCR")).toContain("DESCR(sent chunked)");
  });

  it("logs in with a chunked body, and the session it starts works", async () => {
    const login = await call(LOGIN, {
      method: "POST",
      headers: { "content-type": "application/json", "ibm-mq-rest-csrf-token": "" },
      body: JSON.stringify({ username: "mqadmin", password: "mqadmin" }),
    });
    expect(wasChunked(login.sentHead)).toBe(true);
    expect(login.status, login.text).toBe(204);
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    const who = await call(LOGIN, { method: "GET", headers: { cookie } });
    expect(who.status).toBe(200);
    expect(JSON.parse(who.text)).toEqual({ user: [{ name: "mqadmin", role: ["MQWebAdmin"] }] });
  });

  it("refuses a chunked body over the route's limit with 413, and puts nothing", async () => {
    const response = await call(`${MESSAGING}/CHUNKED.TOO.BIG/message`, {
      method: "POST",
      headers: { ...AS_ADMIN, "content-type": "text/plain" },
      body: "x".repeat(MESSAGE_LIMIT + 1),
    });
    expect(wasChunked(response.sentHead)).toBe(true);
    expect(response.status, response.text).toBe(413);
    expect(JSON.parse(response.text)).toMatchObject({ error: [{ msgId: "MQWB0303E", reasonCode: 2031 }] });
    expect(await depthOf("CHUNKED.TOO.BIG")).toBe(0);
  });
});

describe("the edge (npm start's worker): a refused request with a body leaves the keep-alive connection usable", () => {
  const refusals: [string, string, Record<string, string>][] = [
    ["no credentials (401)", `${MESSAGING}/DEV.QUEUE.1/message`, { "ibm-mq-rest-csrf-token": "" }],
    ["an unknown queue manager (404, 2058)", "/ibmmq/rest/v2/messaging/qmgr/QMNONE/queue/DEV.QUEUE.1/message", AS_ADMIN],
    ["a bad queue manager name (400)", "/ibmmq/rest/v2/messaging/qmgr/Q%21M/queue/DEV.QUEUE.1/message", AS_ADMIN],
    ["an unknown REST route (404)", "/ibmmq/rest/v2/no/such/resource", AS_ADMIN],
    ["a path outside the REST API (404)", "/no/such/page", AS_ADMIN],
    ["no CSRF header (403)", `${MESSAGING}/DEV.QUEUE.1/message`, { authorization: `Bearer ${TOKEN}` }],
  ];
  for (const [what, path, headers] of refusals) {
    for (const framing of ["content-length", "chunked"] as const) {
      it(`${what}, its body sent with ${framing}: the next request on the connection is answered`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const body = "a message nobody reads ".repeat(100);
          const refused = await call(path, {
            method: "POST",
            agent,
            headers: {
              ...headers,
              "content-type": "text/plain",
              ...(framing === "content-length" ? { "content-length": String(Buffer.byteLength(body)) } : {}),
            },
            body,
          });
          expect(refused.status).toBeGreaterThanOrEqual(400);
          expect(refused.headers["content-type"]).toMatch(/json/);
          const next = await call(LOGIN, { method: "GET", agent, headers: { authorization: `Bearer ${TOKEN}` } });
          expect(next.reusedSocket).toBe(true);
          expect(next.status).toBe(200);
        } finally {
          agent.destroy();
        }
      });
    }
  }
});

describe("the edge (npm start's worker): failed logins when workerd knows no client address", () => {
  const whoAmI = (authorization: string) => call(LOGIN, { method: "GET", headers: { authorization } });

  it("lets the right token in after six wrong ones from other clients", async () => {
    for (let i = 0; i < 6; i++) expect((await whoAmI(`Bearer wrong-token-${i}`)).status).toBe(401);
    expect((await whoAmI(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it("still holds one wrong token guessed again: the sixth try is 429 with Retry-After", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await whoAmI("Bearer the-same-wrong-token")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await whoAmI("Bearer the-same-wrong-token");
    expect(held.status).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("holds a user after 5 wrong passwords, even with the right one, and not another user", async () => {
    for (let i = 0; i < 5; i++) expect((await whoAmI(basicAuthorization("reader", `guess-${i}`))).status).toBe(401);
    const held = await whoAmI(basicAuthorization("reader", "reader-pw"));
    expect(held.status).toBe(429);
    expect(JSON.parse(held.text)).toMatchObject({ error: [{ msgId: "MQWB0104E" }] });
    // The login form counts against the same user.
    const form = await call(LOGIN, {
      method: "POST",
      headers: { "content-type": "application/json", "ibm-mq-rest-csrf-token": "" },
      body: JSON.stringify({ username: "reader", password: "reader-pw" }),
    });
    expect(form.status).toBe(429);
    expect((await whoAmI(basicAuthorization("admin", "admin-pw"))).status).toBe(200);
    expect((await whoAmI(`Bearer ${TOKEN}`)).status).toBe(200);
  });
});

describe("the edge (npm start's worker): the CSRF header, as IBM's mqweb takes it", () => {
  it("accepts the header with an empty value (IBM: any value, blank included) and refuses a POST without it", async () => {
    const empty = await call(`${MESSAGING}/DEV.QUEUE.2/message`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", "content-type": "text/plain", "content-length": "2" },
      body: "hi",
    });
    expect(empty.status, empty.text).toBe(201);
    const omitted = await call(`${MESSAGING}/DEV.QUEUE.2/message`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "text/plain", "content-length": "2" },
      body: "hi",
    });
    expect(omitted.status).toBe(403);
    expect(JSON.parse(omitted.text)).toMatchObject({ error: [{ msgId: "MQWB0100E" }] });
    expect(await depthOf("DEV.QUEUE.2")).toBe(1);
  });
});

/**
 * One request written on a fresh socket as given (a target node:http would not send), and the
 * answer: read to its Content-Length, since workerd keeps the connection open about 5 s after
 * answering even a `Connection: close` request (adapters/edge/README.md).
 */
function rawExchange(text: string): Promise<string> {
  const { hostname, port } = new URL(edge!.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = "";
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      const end = answer.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(answer);
      if (end >= 0 && length && answer.length - end - 4 >= Number(length[1])) done();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

describe("the edge (npm start's worker): backslashes in the path", () => {
  // workerd parses the target as a browser would, turning backslashes into slashes; what reaches
  // the worker is answered as its slash spelling is, in IBM's JSON (adapters/edge/README.md).
  it("answers GET /ibmmq\\rest\\v2\\login as GET /ibmmq/rest/v2/login, and an unknown backslash path with IBM's JSON 404", async () => {
    const login = await rawExchange(`GET /ibmmq\\rest\\v2\\login HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`);
    expect(login).toMatch(/^HTTP\/1\.1 200 /);
    expect(login).toContain('{"user":[{"name":');
    const unknown = await rawExchange(
      `GET /ibmmq\\rest\\v2\\no\\such HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    expect(unknown).toMatch(/^HTTP\/1\.1 404 /);
    expect(unknown).toMatch(/content-type: application\/json/i);
    expect(unknown).toContain('"msgId":"MQWB0901E"');
  });
});

describe("an unexpected error answered 500", () => {
  it("is logged with its cause (console.error), while the client is told only MQWB0000E", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const cause = new TypeError("something nobody expected");
      const response = errorResponse(cause);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("nobody expected");
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("MQWB0000E"), cause);
    } finally {
      logged.mockRestore();
    }
  });
});
