/** Users, roles, login and CORS on Node's HTTP server, over real sockets (test/contract/security.contract.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { testSecurity } from "../contract/security.contract.js";
import { TEST_CORS_ORIGINS, TEST_MQ_USERS, TEST_READER_TOKEN_ENTRY, TEST_SESSION_SECRET } from "../fixtures/security.js";
import { fetchFrom } from "./sockets/fetch-from.js";

const SESSION_SECONDS = 2;
const managers: QueueManager[] = [];
let server: NodeServer;
let nextManager = 0;
let nextClient = 2;

beforeAll(async () => {
  // serveHttp serves the queue managers it is given: enough for every test to have its own.
  for (let i = 0; i < 64; i++) {
    const qm = await QueueManager.open({ name: `QM.SEC.${i}` });
    await qm.mqsc("DEFINE QLOCAL(DEV.QUEUE.1)\nDEFINE QLOCAL(DEV.QUEUE.2)\nDEFINE QLOCAL(DEV.QUEUE.3)");
    managers.push(qm);
  }
  server = await serveHttp({
    queueManagers: managers,
    tokens: ["socket-admin-token", TEST_READER_TOKEN_ENTRY],
    users: TEST_MQ_USERS,
    sessionSecret: TEST_SESSION_SECRET,
    sessionSeconds: SESSION_SECONDS,
    corsOrigins: TEST_CORS_ORIGINS,
  });
});
afterAll(async () => {
  await server.close();
  for (const qm of managers) await qm.close();
});

testSecurity("Node's HTTP server, real sockets", {
  // Each client its own loopback address: the server counts failed logins per socket address.
  fetch: (path, init, client = "127.0.0.1") => fetchFrom(client, server.url + path, init),
  newClient: () => `127.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 2}`,
  newQueueManagerName: () => {
    if (nextManager >= managers.length) throw new Error("the test needs more queue managers than beforeAll opened");
    return managers[nextManager++]!.name;
  },
  withQueueManager: async (name, body) => body(managers.find((qm) => qm.name === name)!),
  sessionSeconds: SESSION_SECONDS,
});

describe("REST security on Node's HTTP server: configuration", () => {
  it("counts failed logins by socket address, not by a header the client chooses", async () => {
    const client = "127.9.9.9";
    const attempt = (spoofed: string) =>
      fetchFrom(client, `${server.url}/ibmmq/rest/v2/login`, {
        method: "POST",
        headers: { "ibm-mq-rest-csrf-token": "", "content-type": "application/json", "cf-connecting-ip": spoofed },
        body: JSON.stringify({ username: "app", password: "nope" }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`10.0.0.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("answers a body far over a route's limit with its error, which the client reads, never a reset while it is still sending", async () => {
    const post = (path: string, body: string) =>
      fetch(server.url + path, {
        method: "POST",
        headers: { authorization: "Bearer socket-admin-token", "ibm-mq-rest-csrf-token": "", "content-type": "application/json" },
        body,
      });
    const qmgr = managers[nextManager++]!.name;
    // Over the login route's 16 KiB and the MQSC route's 256 KiB: each was now and then ECONNRESET.
    const cases = [
      { path: "/ibmmq/rest/v2/login", body: JSON.stringify({ username: "x".repeat(300_000), password: "y" }), status: 400 },
      { path: "/ibmmq/rest/v2/login", body: JSON.stringify({ username: "x".repeat(3_000_000), password: "y" }), status: 400 },
      {
        path: `/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`,
        body: JSON.stringify({ type: "runCommand", parameters: { command: `DISPLAY QMGR ${"x".repeat(3_000_000)}` } }),
        status: 413,
      },
    ];
    for (const { path, body, status } of cases) {
      for (let i = 0; i < 15; i++) {
        const response = await post(path, body);
        expect(response.status, path).toBe(status);
        expect(JSON.stringify(await response.json())).toMatch(/MQWB\d{4}E/);
      }
    }
  });

  it("refuses to start with a malformed MQ_USERS entry, saying which entry and never echoing the hash", async () => {
    const broken = ["admin:MQWebAdmin:pbkdf2-sha256$1000$c2FsdHNhbHQ=$short", "admin:Superuser:pbkdf2-sha256$1000$c2FsdHNhbHQ=$x", "justaname"];
    for (const users of broken) {
      await expect(serveHttp({ queueManagers: [], users })).rejects.toThrow(/MQ_USERS entry 1/);
      await expect(serveHttp({ queueManagers: [], users })).rejects.not.toThrow(/short|\$x/);
    }
  });

  it("checks a token accepted before on every request: once refused, its failures count and hold it like any wrong token's", async () => {
    // The server remembers the limiter's key of a token it accepted (limit-keys.ts), not that
    // the token is right: a token the check stops accepting is refused from its next request.
    let accepting = true;
    const rotating = await serveHttp({ queueManagers: [], tokens: (token) => accepting && token === "rotating-token" });
    try {
      const whoAmI = () => fetchFrom("127.8.8.8", `${rotating.url}/ibmmq/rest/v2/login`, { headers: { authorization: "Bearer rotating-token" } });
      const first = await whoAmI();
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      accepting = false;
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const response = await whoAmI();
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      accepting = true;
      const held = await whoAmI();
      expect(held.status).toBe(429);
      await held.arrayBuffer();
    } finally {
      await rotating.close();
    }
  });
});
