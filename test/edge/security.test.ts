/**
 * Users, roles, login and CORS through the real worker and its Durable Objects in workerd
 * (test/contract/security.contract.ts), and how the front Worker and the objects share the
 * work: the front authenticates and judges roles, the object trusts only a signed principal.
 */
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { QueueManagerObject } from "../../adapters/edge/index.js";
import { testSecurity } from "../contract/security.contract.js";
import { errorOf } from "../contract/http.contract.js";
import { PRINCIPAL_HEADER, PRINCIPAL_MAC_HEADER, principalKey, signPrincipal } from "../../adapters/http/index.js";

function stubFor(name: string): DurableObjectStub<QueueManagerObject> {
  return env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)) as DurableObjectStub<QueueManagerObject>;
}

let counter = 0;
const newQueueManagerName = () => `QM.EDGE.SEC.${Date.now().toString(36)}.${(counter++).toString(36)}`;
const READER = { authorization: `Basic ${btoa("reader:reader-pw")}` };
const CSRF = { "ibm-mq-rest-csrf-token": "" };

testSecurity("worker and Durable Object (workerd)", {
  // The worker counts failed logins per CF-Connecting-IP, which Cloudflare sets to the client's address.
  fetch: (path, init, client = "192.0.2.1") =>
    SELF.fetch("http://localhost" + path, { ...init, headers: { ...(init.headers as Record<string, string>), "cf-connecting-ip": client } }),
  newClient: () => `198.51.100.${counter++ % 250}-${Date.now().toString(36)}`,
  newQueueManagerName,
  withQueueManager: (name, body) => runInDurableObject(stubFor(name), async (instance) => body(await instance.queueManager(name))),
  sessionSeconds: 3,
});

describe("REST security at the edge: the front Worker and the objects", () => {
  const tablesOf = (name: string) =>
    runInDurableObject(stubFor(name), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'mq_%'").toArray(),
    );

  it("refuses a request its role forbids in the worker, waking no Durable Object", async () => {
    const qmgr = newQueueManagerName();
    const put = await SELF.fetch(`http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/message`, {
      method: "POST",
      headers: { ...READER, ...CSRF, "content-type": "text/plain" },
      body: "no",
    });
    expect(put.status).toBe(403);
    expect(await errorOf(put)).toMatchObject({ msgId: "MQWB0103E" });
    const define = await SELF.fetch(`http://localhost/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, {
      method: "POST",
      headers: { ...READER, ...CSRF, "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(NO)" } }),
    });
    expect(define.status).toBe(403);
    await define.arrayBuffer();
    expect(await tablesOf(qmgr)).toEqual([]);
  });

  it("replaces a principal a client claims in the internal headers with the one it authenticated", async () => {
    const qmgr = newQueueManagerName();
    const forged = {
      [PRINCIPAL_HEADER]: encodeURIComponent(JSON.stringify({ name: "admin", role: "MQWebAdmin", mechanism: "basic" })),
      [PRINCIPAL_MAC_HEADER]: "A".repeat(43) + "=",
    };
    const put = await SELF.fetch(`http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/message`, {
      method: "POST",
      headers: { ...READER, ...CSRF, ...forged, "content-type": "text/plain" },
      body: "no",
    });
    expect(put.status).toBe(403);
    await put.arrayBuffer();
    const who = await SELF.fetch("http://localhost/ibmmq/rest/v2/login", { headers: { ...READER, ...forged } });
    expect(await who.json()).toEqual({ user: [{ name: "reader", role: ["MQWebAdminRO"] }] });
  });

  it("has the object refuse a request that reaches it without credentials or with an unsigned principal", async () => {
    const qmgr = newQueueManagerName();
    const url = `http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`;
    const bare = await stubFor(qmgr).fetch(url);
    expect(bare.status).toBe(401);
    await errorOf(bare);
    const forged = await stubFor(qmgr).fetch(url, {
      headers: {
        [PRINCIPAL_HEADER]: encodeURIComponent(JSON.stringify({ name: "admin", role: "MQWebAdmin", mechanism: "basic" })),
        [PRINCIPAL_MAC_HEADER]: "A".repeat(43) + "=",
      },
    });
    expect(forged.status).toBe(401);
    await errorOf(forged);
    // Credentials it can check itself are accepted, and judged by their role.
    expect((await stubFor(qmgr).fetch(url, { headers: READER })).status).toBe(200);
    const put = await stubFor(qmgr).fetch(url.replace(/messagelist$/, "message"), {
      method: "POST",
      headers: { ...READER, ...CSRF, "content-type": "text/plain" },
      body: "no",
    });
    expect(put.status).toBe(403);
    await put.arrayBuffer();
    expect(await runInDurableObject(stubFor(qmgr), async (instance) => (await instance.queueManager(qmgr)).queueStatus("DEV.QUEUE.1").depth)).toBe(0);
  });

  it("has the object accept a signed principal only for the request it was signed for: not replayed on another queue manager, path or method, nor later", async () => {
    const key = await principalKey(env.MQ_SESSION_SECRET, env.MQ_TOKENS, env.MQ_USERS);
    const [first, second] = [newQueueManagerName(), newQueueManagerName()];
    const listUrl = (qmgr: string) => `http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`;
    const messageUrl = (qmgr: string) => `http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/message`;
    // What the front Worker forwards for an admin's GET of the first queue manager's messagelist.
    const signed = new Headers();
    await signPrincipal(signed, { name: "admin", role: "MQWebAdmin", mechanism: "basic" }, key, { method: "GET", url: listUrl(first) });
    const replayed = Object.fromEntries(signed);
    expect((await stubFor(first).fetch(listUrl(first), { headers: replayed })).status).toBe(200);
    await runInDurableObject(stubFor(second), async (instance) => (await instance.queueManager(second)).put("DEV.QUEUE.1", { body: "kept" }));
    for (const [url, method] of [
      [listUrl(second), "GET"],
      [messageUrl(second), "DELETE"],
      [messageUrl(first), "DELETE"],
      [listUrl(first), "DELETE"],
    ] as const) {
      const response = await (url.includes(second) ? stubFor(second) : stubFor(first)).fetch(url, { method, headers: { ...replayed, ...CSRF } });
      expect(response.status, `${method} ${url}`).toBe(401);
      await errorOf(response);
    }
    expect(await runInDurableObject(stubFor(second), async (instance) => (await instance.queueManager(second)).queueStatus("DEV.QUEUE.1").depth)).toBe(1);
    // Signed more than a minute ago: refused too.
    const stale = new Headers();
    await signPrincipal(stale, { name: "admin", role: "MQWebAdmin", mechanism: "basic" }, key, { method: "GET", url: listUrl(first) }, Date.now() - 120_000);
    const late = await stubFor(first).fetch(listUrl(first), { headers: Object.fromEntries(stale) });
    expect(late.status).toBe(401);
    await errorOf(late);
  });

  it("has the object check a signed principal it accepted before on every request: its MAC, its request and its age", async () => {
    // The object remembers a value whose MAC was right (the front reuses a signature for a
    // second under load): what it remembers must not let a changed MAC, another request or an
    // expired signature through.
    const key = await principalKey(env.MQ_SESSION_SECRET, env.MQ_TOKENS, env.MQ_USERS);
    const qmgr = newQueueManagerName();
    const url = `http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/messagelist`;
    const admin = { name: "admin", role: "MQWebAdmin", mechanism: "basic" } as const;
    const signed = new Headers();
    // Signed 58 s ago: valid for 2 s more.
    await signPrincipal(signed, admin, key, { method: "GET", url }, Date.now() - 58_000);
    const pair = Object.fromEntries(signed);
    expect((await stubFor(qmgr).fetch(url, { headers: pair })).status).toBe(200);
    expect((await stubFor(qmgr).fetch(url, { headers: pair })).status).toBe(200);
    const mac = pair[PRINCIPAL_MAC_HEADER]!;
    const changed = { ...pair, [PRINCIPAL_MAC_HEADER]: (mac[0] === "A" ? "B" : "A") + mac.slice(1) };
    const tampered = await stubFor(qmgr).fetch(url, { headers: changed });
    expect(tampered.status).toBe(401);
    await errorOf(tampered);
    const elsewhere = await stubFor(qmgr).fetch(url.replace(/messagelist$/, "message"), { method: "DELETE", headers: { ...pair, ...CSRF } });
    expect(elsewhere.status).toBe(401);
    await errorOf(elsewhere);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await stubFor(qmgr).fetch(url, { headers: pair });
    expect(expired.status).toBe(401);
    await errorOf(expired);
  });

  it("has the front sign each request's own path and method, whatever it signed just before", async () => {
    // The front reuses a signature for the same principal, method and path: a put to one queue
    // then a get from another, at once, must each reach the object under its own.
    const qmgr = newQueueManagerName();
    const base = `http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue`;
    const admin = { authorization: `Basic ${btoa("admin:admin-pw")}` };
    const puts = await Promise.all(
      ["DEV.QUEUE.1", "DEV.QUEUE.2", "DEV.QUEUE.1"].map((queue) =>
        SELF.fetch(`${base}/${queue}/message`, { method: "POST", headers: { ...admin, ...CSRF, "content-type": "text/plain" }, body: queue }),
      ),
    );
    expect(puts.map((response) => response.status)).toEqual([201, 201, 201]);
    await Promise.all(puts.map((response) => response.arrayBuffer()));
    const got = await SELF.fetch(`${base}/DEV.QUEUE.2/message`, { method: "DELETE", headers: { ...admin, ...CSRF } });
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("DEV.QUEUE.2");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers login in the worker, with a Secure cookie over https only", async () => {
    const login = await SELF.fetch("http://localhost/ibmmq/rest/v3/login", {
      method: "POST",
      headers: { ...CSRF, "content-type": "application/json", "cf-connecting-ip": "203.0.113.9" },
      body: JSON.stringify({ username: "admin", password: "admin-pw" }),
    });
    expect(login.status).toBe(204);
    expect(login.headers.get("set-cookie")).toMatch(/^LtpaToken2=/);
    // Over plain http (a local run), the cookie is not Secure; over https it is.
    expect(login.headers.get("set-cookie")).not.toMatch(/; Secure/i);
    const secure = await SELF.fetch("https://localhost/ibmmq/rest/v3/login", {
      method: "POST",
      headers: { ...CSRF, "content-type": "application/json", "cf-connecting-ip": "203.0.113.9" },
      body: JSON.stringify({ username: "admin", password: "admin-pw" }),
    });
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure/i);
  });
});

describe("authority records at the edge: the front Worker's principal is checked in the object", () => {
  const APP = { authorization: `Basic ${btoa("app:app-pw")}` };
  const ADMIN = { authorization: `Basic ${btoa("admin:admin-pw")}` };
  const mqsc = (qmgr: string, command: string) =>
    SELF.fetch(`http://localhost/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, {
      method: "POST",
      headers: { ...ADMIN, ...CSRF, "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command } }),
    });
  const put = (qmgr: string) =>
    SELF.fetch(`http://localhost/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/DEV.QUEUE.1/message`, {
      method: "POST",
      headers: { ...APP, ...CSRF, "content-type": "text/plain" },
      body: "m",
    });

  it("refuses an MQWebUser's put with 403 and 2035 once records exist, until a record grants PUT; the depth says nothing was put", async () => {
    const qmgr = newQueueManagerName();
    expect((await put(qmgr)).status).toBe(201);
    expect((await (await mqsc(qmgr, "SET AUTHREC PROFILE('OTHER.**') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHADD(PUT)")).json()) as object).toMatchObject({
      overallReasonCode: 0,
    });
    const refused = await put(qmgr);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ msgId: "MQWB0103E", reasonCode: 2035 });
    await mqsc(qmgr, "SET AUTHREC PROFILE('DEV.**') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHADD(PUT)");
    expect((await put(qmgr)).status).toBe(201);
    const depth = await runInDurableObject(stubFor(qmgr), async (instance) => (await instance.queueManager(qmgr)).queueStatus("DEV.QUEUE.1").depth);
    expect(depth).toBe(2);
  });
});
