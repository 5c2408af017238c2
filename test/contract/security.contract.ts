/**
 * Users, roles, login and CORS on the REST API, written once and run where it is served: Node's
 * HTTP server on a real port, and the real worker with its Durable Objects in workerd. The
 * target serves test/fixtures/security.ts's users, secret and origins.
 */
import { describe, expect, it } from "vitest";
import type { QueueManager } from "../../core/index.js";
import { TEST_USERS, TEST_READER_TOKEN } from "../fixtures/security.js";
import { errorOf } from "./http.contract.js";

export interface SecurityTarget {
  /** One HTTP request from `client` (each client is rate-limited on its own); `path` starts with `/`. */
  fetch(path: string, init: RequestInit, client?: string): Promise<Response>;
  /** A client no other test uses. */
  newClient(): string;
  /** A valid queue manager name no other test uses; served, with DEV.QUEUE.1..3, on first use. */
  newQueueManagerName(): string;
  withQueueManager<T>(name: string, body: (qm: QueueManager) => T | Promise<T>): Promise<T>;
  /** How long a login lasts here, in seconds (kept short for the expiry test). */
  sessionSeconds: number;
}

type UserName = keyof typeof TEST_USERS;

const CSRF = { "ibm-mq-rest-csrf-token": "" };
const basic = (name: string, password: string) => ({ authorization: `Basic ${btoa(`${name}:${password}`)}` });
const as = (user: UserName) => basic(user, TEST_USERS[user].password);
const loginUrl = (version = "v2") => `/ibmmq/rest/${version}/login`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The LtpaToken2 cookie a response sets, as a Cookie header value ("LtpaToken2=..."). */
function sessionCookie(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const match = /(?:^|,\s*)(LtpaToken2=[^;]*)/.exec(header);
  expect(match, `Set-Cookie: ${header}`).not.toBeNull();
  return match![1]!;
}

export function testSecurity(name: string, target: SecurityTarget): void {
  const qmgrFor = () => target.newQueueManagerName();
  const messageUrl = (qmgr: string, queue = "DEV.QUEUE.1") => `/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/${queue}/message`;
  const mqscUrl = (qmgr: string) => `/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`;
  const login = (username: string, password: string, client = target.newClient(), headers: Record<string, string> = CSRF) =>
    target.fetch(
      loginUrl(),
      { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ username, password }) },
      client,
    );

  describe(`REST security (${name}): each role on each route`, () => {
    type Outcome = "allowed" | 403;
    interface Row {
      operation: string;
      expected: Record<UserName, Outcome>;
      /** Sends the request; `qmgr` has a message on DEV.QUEUE.1 put beforehand. */
      send(qmgr: string, headers: Record<string, string>): Promise<Response>;
      /** What a refused request must have left as it was. */
      unchanged(qm: QueueManager): Promise<void> | void;
    }
    const runCommand = (command: string) => JSON.stringify({ type: "runCommand", parameters: { command } });
    const mqsc = (qmgr: string, headers: Record<string, string>, body: string) =>
      target.fetch(mqscUrl(qmgr), { method: "POST", headers: { ...headers, ...CSRF, "content-type": "application/json" }, body });
    const oneMessageLeft = (qm: QueueManager) => expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    const rows: Row[] = [
      {
        operation: "put (POST .../message)",
        expected: { admin: "allowed", reader: 403, app: "allowed" },
        send: (qmgr, headers) =>
          target.fetch(messageUrl(qmgr), { method: "POST", headers: { ...headers, ...CSRF, "content-type": "text/plain;charset=utf-8" }, body: "another" }),
        unchanged: oneMessageLeft,
      },
      {
        operation: "get (DELETE .../message)",
        expected: { admin: "allowed", reader: 403, app: "allowed" },
        send: (qmgr, headers) => target.fetch(messageUrl(qmgr), { method: "DELETE", headers: { ...headers, ...CSRF } }),
        unchanged: oneMessageLeft,
      },
      {
        operation: "browse (GET .../message)",
        expected: { admin: "allowed", reader: "allowed", app: "allowed" },
        send: (qmgr, headers) => target.fetch(messageUrl(qmgr), { method: "GET", headers }),
        unchanged: oneMessageLeft,
      },
      {
        operation: "messagelist (GET .../messagelist)",
        expected: { admin: "allowed", reader: "allowed", app: "allowed" },
        send: (qmgr, headers) => target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`, { method: "GET", headers }),
        unchanged: oneMessageLeft,
      },
      {
        operation: "publish (POST .../topic/.../message)",
        expected: { admin: "allowed", reader: 403, app: "allowed" },
        send: (qmgr, headers) =>
          target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${qmgr}/topic/price/fruit/message`, {
            method: "POST",
            headers: { ...headers, ...CSRF, "content-type": "text/plain;charset=utf-8" },
            body: "1.20",
          }),
        // SECURITY.SUB copies every publication on price/# to DEV.QUEUE.2: a refused publish leaves it empty.
        unchanged: (qm) => expect(qm.queueStatus("DEV.QUEUE.2").depth).toBe(0),
      },
      {
        operation: "MQSC DISPLAY",
        expected: { admin: "allowed", reader: "allowed", app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, runCommand("DISPLAY QLOCAL(DEV.*) CURDEPTH")),
        unchanged: oneMessageLeft,
      },
      {
        operation: "MQSC PING QMGR",
        expected: { admin: "allowed", reader: "allowed", app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, runCommand("PING QMGR")),
        unchanged: oneMessageLeft,
      },
      {
        operation: "MQSC runCommandJSON display",
        expected: { admin: "allowed", reader: "allowed", app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, JSON.stringify({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "DEV.*" })),
        unchanged: oneMessageLeft,
      },
      {
        operation: "MQSC DEFINE",
        expected: { admin: "allowed", reader: 403, app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, runCommand("DEFINE QLOCAL(APP.MADE)")),
        unchanged: (qm) => expect(qm.hasQueue("APP.MADE")).toBe(false),
      },
      {
        operation: "MQSC runCommandJSON define",
        expected: { admin: "allowed", reader: 403, app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, JSON.stringify({ type: "runCommandJSON", command: "define", qualifier: "qlocal", name: "APP.MADE" })),
        unchanged: (qm) => expect(qm.hasQueue("APP.MADE")).toBe(false),
      },
      {
        operation: "MQSC script of a DISPLAY then a CLEAR (refused whole, none of it run)",
        expected: { admin: "allowed", reader: 403, app: 403 },
        send: (qmgr, headers) => mqsc(qmgr, headers, runCommand("DISPLAY QLOCAL(DEV.QUEUE.1)\nCLEAR QLOCAL(DEV.QUEUE.1)")),
        unchanged: oneMessageLeft,
      },
    ];

    for (const row of rows) {
      it(`${row.operation}: ${Object.entries(row.expected)
        .map(([user, outcome]) => `${TEST_USERS[user as UserName].role} ${outcome === 403 ? "403" : "allowed"}`)
        .join(", ")}`, async () => {
        for (const user of Object.keys(row.expected) as UserName[]) {
          const qmgr = qmgrFor();
          await target.withQueueManager(qmgr, async (qm) => {
            await qm.put("DEV.QUEUE.1", { body: "waiting" });
            await qm.mqsc("DEFINE SUB(SECURITY.SUB) TOPICSTR('price/#') DEST(DEV.QUEUE.2)");
          });
          const response = await row.send(qmgr, as(user));
          if (row.expected[user] === 403) {
            expect(response.status, `${user} ${row.operation}`).toBe(403);
            const error = await errorOf(response);
            expect(error).toMatchObject({ msgId: "MQWB0103E", reason: "MQRC_NOT_AUTHORIZED", reasonCode: 2035 });
            expect(error.message).toMatch(/^MQWB0103E: Not authorized to .+\.$/);
            expect(error.explanation).toContain(TEST_USERS[user].role);
            await target.withQueueManager(qmgr, row.unchanged);
          } else {
            expect(response.status, `${user} ${row.operation}: ${response.status === 403 ? await response.text() : ""}`).toBeLessThan(300);
            await response.arrayBuffer();
          }
        }
      });
    }

    it("refuses MQWebAdminRO and MQWebUser the admin resources that change things (creating or deleting a queue manager)", async () => {
      for (const user of ["reader", "app"] as const) {
        const create = await target.fetch("/ibmmq/rest/v2/admin/qmgr", {
          method: "POST",
          headers: { ...as(user), ...CSRF, "content-type": "application/json" },
          body: JSON.stringify({ name: "QM.NEW" }),
        });
        expect(create.status).toBe(403);
        expect(await errorOf(create)).toMatchObject({ msgId: "MQWB0103E" });
        const drop = await target.fetch("/ibmmq/rest/v2/admin/qmgr/QM1", { method: "DELETE", headers: { ...as(user), ...CSRF } });
        expect(drop.status).toBe(403);
        await drop.arrayBuffer();
      }
    });

    it("gives a bearer token the role its MQ_TOKENS entry names", async () => {
      const qmgr = qmgrFor();
      const headers = { authorization: `Bearer ${TEST_READER_TOKEN}` };
      expect((await target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`, { method: "GET", headers })).status).toBe(200);
      const put = await target.fetch(messageUrl(qmgr), { method: "POST", headers: { ...headers, ...CSRF, "content-type": "text/plain" }, body: "x" });
      expect(put.status).toBe(403);
      expect((await errorOf(put)).message).toBe("MQWB0103E: Not authorized to put to DEV.QUEUE.1.");
      const who = await target.fetch(loginUrl(), { method: "GET", headers });
      expect(await who.json()).toEqual({ user: [{ name: "robot", role: ["MQWebAdminRO"] }] });
    });
  });

  describe(`REST security (${name}): requests shaped to slip past the role table`, () => {
    const runCommand = (command: string) => JSON.stringify({ type: "runCommand", parameters: { command } });

    it("judges a percent-encoded path (%61dmin, %6Dessage) as the route it reaches: refused, and nothing changes", async () => {
      const qmgr = qmgrFor();
      await target.withQueueManager(qmgr, (qm) => qm.put("DEV.QUEUE.1", { body: "waiting" }));
      // MQWebUser runs no MQSC, whatever the spelling of the path.
      for (const path of [
        `/ibmmq/rest/v2/%61dmin/action/qmgr/${qmgr}/mqsc`,
        `/ibmmq/rest/v2/admin/%61ction/qmgr/${qmgr}/%6Dsqc`,
        `/ibmmq/rest/v2/admin/action/%71mgr/${qmgr}/mqsc`,
      ]) {
        const define = await target.fetch(path, {
          method: "POST",
          headers: { ...as("app"), ...CSRF, "content-type": "application/json" },
          body: runCommand("DEFINE QLOCAL(APP.MADE)"),
        });
        expect(define.status, path).toBe(403);
        expect(await errorOf(define)).toMatchObject({ msgId: "MQWB0103E" });
      }
      // MQWebAdminRO gets no message (a destructive get), nor puts one.
      for (const [method, path] of [
        ["DELETE", `/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/%6Dessage`],
        ["DELETE", `/ibmmq/rest/v2/%6Dessaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/message`],
        ["POST", `/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/m%65ssage`],
      ] as const) {
        const response = await target.fetch(path, {
          method,
          headers: { ...as("reader"), ...CSRF, "content-type": "text/plain" },
          ...(method === "POST" ? { body: "no" } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        await errorOf(response);
      }
      await target.withQueueManager(qmgr, (qm) => {
        expect(qm.hasQueue("APP.MADE")).toBe(false);
        expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
      });
      // Nor does MQWebAdminRO create a queue manager by spelling the path otherwise.
      const create = await target.fetch("/ibmmq/rest/v2/%61dmin/qmgr", {
        method: "POST",
        headers: { ...as("reader"), ...CSRF, "content-type": "application/json" },
        body: JSON.stringify({ name: "QM.ENCODED" }),
      });
      expect(create.status).toBe(403);
      await errorOf(create);
      // The same spelling still works for a user whose role allows it.
      const display = await target.fetch(`/ibmmq/rest/v2/%61dmin/action/qmgr/${qmgr}/mqsc`, {
        method: "POST",
        headers: { ...as("reader"), ...CSRF, "content-type": "application/json" },
        body: runCommand("DISPLAY QLOCAL(DEV.QUEUE.1)"),
      });
      expect(display.status).toBe(200);
      await display.arrayBuffer();
    });

    it("counts failed attempts made at once: ten wrong passwords in parallel get at most five checks, the rest 429", async () => {
      const client = target.newClient();
      const attempts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? login("app", `parallel-guess-${i}`, client)
            : target.fetch(loginUrl(), { method: "GET", headers: basic("app", `parallel-guess-${i}`) }, client),
        ),
      );
      const statuses = attempts.map((response) => response.status);
      await Promise.all(attempts.map((response) => response.arrayBuffer()));
      expect(statuses.filter((status) => status === 401).length, statuses.join(",")).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length, statuses.join(",")).toBeGreaterThanOrEqual(5);
      expect((await login("app", "app-pw", client)).status).toBe(429);
    });

    it("counts a wrong bearer token as a failed login: the same token tried a sixth time in a minute is 429, unchecked", async () => {
      const client = target.newClient();
      const guess = (token: string) => target.fetch(loginUrl(), { method: "GET", headers: { authorization: `Bearer ${token}` } }, client);
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const response = await guess("guessed-token");
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const held = await guess("guessed-token");
      expect(held.status).toBe(429);
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await errorOf(held)).toMatchObject({ msgId: "MQWB0104E" });
    });

    it("never holds a right token for others' failures: wrong tokens from the same address, then the right one, is let in", async () => {
      // Failures count per claimed token at an address (limit-keys.ts): clients often share an
      // address (every local client under npm start is 127.0.0.1), and a right token never fails.
      const client = target.newClient();
      for (let i = 0; i < 6; i++) {
        const response = await target.fetch(loginUrl(), { method: "GET", headers: { authorization: `Bearer other-clients-token-${i}` } }, client);
        expect(response.status).toBe(401);
        await response.arrayBuffer();
      }
      const right = await target.fetch(loginUrl(), { method: "GET", headers: { authorization: `Bearer ${TEST_READER_TOKEN}` } }, client);
      expect(right.status).toBe(200);
      await right.arrayBuffer();
    });

    it("does not count a right password as a failure when attempts run at once", async () => {
      const client = target.newClient();
      const attempts = await Promise.all(Array.from({ length: 8 }, () => target.fetch(loginUrl(), { method: "GET", headers: as("app") }, client)));
      expect(attempts.map((response) => response.status)).toEqual(Array(8).fill(200));
      await Promise.all(attempts.map((response) => response.arrayBuffer()));
    });
  });

  describe(`REST security (${name}): basic authentication and login`, () => {
    it("authenticates basic credentials, and answers a wrong password and an unknown user identically", async () => {
      const client = target.newClient();
      const who = await target.fetch(loginUrl("v1"), { method: "GET", headers: as("reader") }, client);
      expect(who.status).toBe(200);
      expect(who.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await who.json()).toEqual({ user: [{ name: "reader", role: ["MQWebAdminRO"] }] });

      const answers = [];
      for (const headers of [basic("reader", "wrong-pw"), basic("nobody", "reader-pw")]) {
        const response = await target.fetch(loginUrl(), { method: "GET", headers }, target.newClient());
        answers.push({ status: response.status, challenge: response.headers.get("www-authenticate"), body: await response.text() });
      }
      expect(answers[0]!.status).toBe(401);
      expect(answers[0]!.challenge).toMatch(/Basic realm=/);
      expect(answers[1]).toEqual(answers[0]);
      expect(JSON.parse(answers[0]!.body).error[0]).toMatchObject({ msgId: "MQWB0104E", reasonCode: 2035 });

      const logins = [];
      for (const [username, password] of [
        ["app", "wrong-pw"],
        ["nobody", "app-pw"],
      ] as const) {
        const response = await login(username, password);
        logins.push({ status: response.status, cookie: response.headers.get("set-cookie"), body: await response.text() });
      }
      expect(logins[0]).toMatchObject({ status: 401, cookie: null });
      expect(logins[1]).toEqual(logins[0]);
    });

    it("logs in with POST .../login: a signed, HttpOnly, SameSite cookie that later requests carry, in v1, v2 and v3", async () => {
      for (const version of ["v1", "v2", "v3"]) {
        const client = target.newClient();
        const response = await target.fetch(
          loginUrl(version),
          {
            method: "POST",
            headers: { ...CSRF, "content-type": "application/json;charset=UTF-8" },
            body: JSON.stringify({ username: "app", password: "app-pw" }),
          },
          client,
        );
        expect(response.status).toBe(204);
        const setCookie = response.headers.get("set-cookie")!;
        expect(setCookie).toMatch(/^LtpaToken2=[^;]+\./);
        expect(setCookie).toMatch(/; HttpOnly/i);
        expect(setCookie).toMatch(/; SameSite=Strict/i);
        expect(setCookie).toMatch(new RegExp(`; Max-Age=${target.sessionSeconds}\\b`));
        expect(setCookie).toMatch(/; Path=\/ibmmq/);
        const cookie = { cookie: sessionCookie(response) };

        const who = await target.fetch(loginUrl(version), { method: "GET", headers: cookie }, client);
        expect(await who.json()).toEqual({ user: [{ name: "app", role: ["MQWebUser"] }] });
        const qmgr = qmgrFor();
        const put = await target.fetch(
          messageUrl(qmgr),
          { method: "POST", headers: { ...cookie, ...CSRF, "content-type": "text/plain" }, body: "by cookie" },
          client,
        );
        expect(put.status).toBe(201);
        expect(await target.withQueueManager(qmgr, (qm) => qm.queueStatus("DEV.QUEUE.1").depth)).toBe(1);
        // The role still decides: MQWebUser runs no MQSC.
        const define = await target.fetch(
          mqscUrl(qmgr),
          {
            method: "POST",
            headers: { ...cookie, ...CSRF, "content-type": "application/json" },
            body: JSON.stringify({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(BY.COOKIE)" } }),
          },
          client,
        );
        expect(define.status).toBe(403);
        await define.arrayBuffer();
      }
    });

    it("requires IBM's CSRF header on POST and DELETE .../login", async () => {
      const response = await login("app", "app-pw", target.newClient(), {});
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await errorOf(response)).toMatchObject({ msgId: "MQWB0100E" });
      const logout = await target.fetch(loginUrl(), { method: "DELETE", headers: {} });
      expect(logout.status).toBe(403);
      await logout.arrayBuffer();
    });

    it("answers 400 for a login body that is not a name and a password, and 415 for one that is not JSON", async () => {
      const client = target.newClient();
      for (const body of [
        "{",
        JSON.stringify({ username: "app" }),
        JSON.stringify({ username: 1, password: "app-pw" }),
        "[]",
        JSON.stringify({ username: "app", password: "x".repeat(20_000) }),
      ]) {
        const response = await target.fetch(loginUrl(), { method: "POST", headers: { ...CSRF, "content-type": "application/json" }, body }, client);
        expect(response.status, body).toBe(400);
        await errorOf(response);
      }
      const text = await target.fetch(loginUrl(), { method: "POST", headers: { ...CSRF, "content-type": "text/plain" }, body: "app:app-pw" }, client);
      expect(text.status).toBe(415);
      await errorOf(text);
    });

    it("logs out with DELETE .../login, which clears the cookie", async () => {
      const client = target.newClient();
      const cookie = sessionCookie(await login("reader", "reader-pw", client));
      const logout = await target.fetch(loginUrl(), { method: "DELETE", headers: { cookie, ...CSRF } }, client);
      expect(logout.status).toBe(204);
      const cleared = logout.headers.get("set-cookie")!;
      expect(cleared).toMatch(/^LtpaToken2=;/);
      expect(cleared).toMatch(/Max-Age=0/);
      // A client that honours the Set-Cookie has no cookie left, and is not authenticated.
      const after = await target.fetch(loginUrl(), { method: "GET", headers: { cookie: cleared.split(";")[0]! } }, client);
      expect(after.status).toBe(401);
      await errorOf(after);
    });

    it("refuses a tampered or foreign cookie with 401", async () => {
      const client = target.newClient();
      const cookie = sessionCookie(await login("reader", "reader-pw", client));
      const [value, signature] = cookie.slice("LtpaToken2=".length).split(".");
      // Claims another user under the same signature.
      const forged = btoa(JSON.stringify({ u: "admin", e: Date.now() + 3_600_000 })).replace(/=+$/, "");
      const tampered = [
        `LtpaToken2=${forged}.${signature}`,
        `LtpaToken2=${value!.slice(0, -1)}${value!.endsWith("A") ? "B" : "A"}.${signature}`,
        `LtpaToken2=${value}`,
        `LtpaToken2=${value}.${"A".repeat(43)}=`,
      ];
      for (const bad of tampered) {
        const response = await target.fetch(loginUrl(), { method: "GET", headers: { cookie: bad } }, client);
        expect(response.status, bad).toBe(401);
        expect(await errorOf(response)).toMatchObject({ msgId: "MQWB0104E" });
      }
      expect((await target.fetch(loginUrl(), { method: "GET", headers: { cookie } }, client)).status).toBe(200);
    });

    it("refuses a session cookie once it has expired", async () => {
      const client = target.newClient();
      const cookie = sessionCookie(await login("app", "app-pw", client));
      expect((await target.fetch(loginUrl(), { method: "GET", headers: { cookie } }, client)).status).toBe(200);
      await sleep(target.sessionSeconds * 1000 + 500);
      const expired = await target.fetch(loginUrl(), { method: "GET", headers: { cookie } }, client);
      expect(expired.status).toBe(401);
      expect((await errorOf(expired)).explanation).toMatch(/expired/);
    }, 20_000);

    it("slows guessing: after 5 failed logins or basic authentications in a minute, 429 with Retry-After, even for the right password", async () => {
      const client = target.newClient();
      for (let attempt = 0; attempt < 4; attempt++) expect((await login("app", `guess-${attempt}`, client)).status).toBe(401);
      const basicFailure = await target.fetch(loginUrl(), { method: "GET", headers: basic("app", "guess-basic") }, client);
      expect(basicFailure.status).toBe(401);
      await basicFailure.arrayBuffer();

      for (const response of [await login("app", "app-pw", client), await target.fetch(loginUrl(), { method: "GET", headers: as("app") }, client)]) {
        expect(response.status).toBe(429);
        const retryAfter = Number(response.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(response.headers.get("set-cookie")).toBeNull();
        expect(await errorOf(response)).toMatchObject({ msgId: "MQWB0104E", reason: "MQRC_NOT_AUTHORIZED" });
      }
      // Another user at the same client is not held up (failures count per claimed user), nor another client.
      const otherUser = await target.fetch(loginUrl(), { method: "GET", headers: as("reader") }, client);
      expect(otherUser.status).toBe(200);
      await otherUser.arrayBuffer();
      expect((await login("app", "app-pw", target.newClient())).status).toBe(204);
    });
  });

  describe(`REST security (${name}): CORS`, () => {
    const preflight = (origin: string) =>
      target.fetch(`/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, ibm-mq-rest-csrf-token" },
      });

    it("answers a preflight from an allowed origin before authentication, allowing credentials and IBM's headers", async () => {
      for (const origin of ["https://app.example.com", "http://localhost:5173"]) {
        const response = await preflight(origin);
        expect(response.status).toBe(204);
        expect(response.headers.get("access-control-allow-origin")).toBe(origin);
        expect(response.headers.get("access-control-allow-credentials")).toBe("true");
        expect(response.headers.get("access-control-allow-methods")).toMatch(/POST/);
        expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("ibm-mq-rest-csrf-token");
      }
      const qmgr = qmgrFor();
      const browse = await target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`, {
        method: "GET",
        headers: { origin: "https://app.example.com", ...as("reader") },
      });
      expect(browse.status).toBe(200);
      expect(browse.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
      expect(browse.headers.get("access-control-expose-headers")).toContain("ibm-mq-md-messageId");
      expect(browse.headers.get("access-control-expose-headers")).toContain("webmq-lease");
    });

    it("answers a request without Origin (no browser's cross-origin request) with Vary: Origin and no CORS headers", async () => {
      const qmgr = qmgrFor();
      const browse = await target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`, { method: "GET", headers: as("reader") });
      expect(browse.status).toBe(200);
      expect(browse.headers.get("vary")?.toLowerCase()).toContain("origin");
      expect(browse.headers.get("access-control-allow-credentials")).toBeNull();
      expect(browse.headers.get("access-control-expose-headers")).toBeNull();
      await browse.arrayBuffer();
    });

    it("does not allow an origin that is not configured", async () => {
      for (const origin of ["https://evil.example.com", "http://app.example.com", "https://localhost:8443"]) {
        const response = await preflight(origin);
        expect(response.headers.get("access-control-allow-origin"), origin).toBeNull();
        await response.arrayBuffer();
      }
    });
  });
}
