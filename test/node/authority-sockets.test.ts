/**
 * Authority records on the REST paths, over real sockets (Node's HTTP server, as
 * security-sockets.test.ts): each path needs its authority on the object (PUT for POST
 * .../message, GET for DELETE, BROWSE for GET .../message and .../messagelist, PUB for a
 * topic, DSP for MQSC DISPLAY), granted through a group given in MQ_TOKENS / MQ_USERS, or
 * refused with 403, reason 2035 (MQWB0103E), and nothing changed. MQWebAdmin is never checked
 * against the records; a queue manager with no record at all leaves the roles alone to decide.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { PRINCIPAL_HEADER, principalKey, signPrincipal } from "../../adapters/http/index.js";
import { verifiedPrincipal } from "../../adapters/http/security/principal-header.js";

let server: NodeServer;
let count = 0;
const managers: QueueManager[] = [];
const appBasic = `Basic ${btoa("app:app-pw")}`;

beforeAll(async () => {
  for (let i = 0; i < 24; i++) {
    const qm = await QueueManager.open({ name: `QM.AUTH.${i}` });
    await qm.mqsc("DEFINE QLOCAL(APP.Q)\nDEFINE TOPIC(APP.TOPIC) TOPICSTR('app')");
    managers.push(qm);
  }
  // The app user of the fixtures, with a groups field: in the group apps.
  const users = TEST_MQ_USERS.split("\n")
    .map((line) => (line.startsWith("app:") ? `${line}:apps+audit` : line))
    .join("\n");
  server = await serveHttp({
    queueManagers: managers,
    tokens: ["admin-token", "app-token:MQWebUser:tok-app:apps", "reader-token:MQWebAdminRO:robot:ops"],
    users,
  });
});
afterAll(async () => {
  await server.close();
  for (const qm of managers) await qm.close();
});

const next = () => managers[count++]!;
const send = (path: string, init: RequestInit & { auth: string }) =>
  fetch(server.url + path, {
    ...init,
    headers: { authorization: init.auth, "ibm-mq-rest-csrf-token": "", "content-type": "text/plain;charset=utf-8", ...(init.headers as object) },
  });

interface PathCase {
  path: string;
  authority: string;
  objectType: "QUEUE" | "TOPIC" | "QMGR";
  profile: string;
  group: string;
  auth: string;
  /** Sends the request; answers its status and what the test checks is unchanged when refused. */
  run: (qm: QueueManager) => Promise<Response>;
  granted: number;
  unchanged: (qm: QueueManager) => unknown;
}

const messaging = (qm: QueueManager) => `/ibmmq/rest/v2/messaging/qmgr/${qm.name}`;
const depth = (qm: QueueManager) => qm.queueStatus("APP.Q").depth;
const CASES: PathCase[] = [
  {
    path: "POST .../queue/APP.Q/message",
    authority: "PUT",
    objectType: "QUEUE",
    profile: "APP.*",
    group: "apps",
    auth: "Bearer app-token",
    run: (qm) => send(`${messaging(qm)}/queue/APP.Q/message`, { method: "POST", body: "hello", auth: "Bearer app-token" }),
    granted: 201,
    unchanged: depth,
  },
  {
    path: "DELETE .../queue/APP.Q/message (basic, MQ_USERS groups)",
    authority: "GET",
    objectType: "QUEUE",
    profile: "APP.**",
    group: "audit",
    auth: appBasic,
    run: (qm) => send(`${messaging(qm)}/queue/APP.Q/message`, { method: "DELETE", auth: appBasic }),
    granted: 200,
    unchanged: depth,
  },
  {
    path: "GET .../queue/APP.Q/message",
    authority: "BROWSE",
    objectType: "QUEUE",
    profile: "APP.Q",
    group: "apps",
    auth: "Bearer app-token",
    run: (qm) => send(`${messaging(qm)}/queue/APP.Q/message`, { method: "GET", auth: "Bearer app-token" }),
    granted: 200,
    unchanged: depth,
  },
  {
    path: "GET .../queue/APP.Q/messagelist",
    authority: "BROWSE",
    objectType: "QUEUE",
    profile: "APP.?",
    group: "apps",
    auth: "Bearer app-token",
    run: (qm) => send(`${messaging(qm)}/queue/APP.Q/messagelist`, { method: "GET", auth: "Bearer app-token" }),
    granted: 200,
    unchanged: depth,
  },
  {
    path: "POST .../topic/app/news/message",
    authority: "PUB",
    objectType: "TOPIC",
    profile: "APP.TOPIC",
    group: "apps",
    auth: "Bearer app-token",
    run: (qm) => send(`${messaging(qm)}/topic/app/news/message`, { method: "POST", body: "news", auth: "Bearer app-token" }),
    granted: 201,
    unchanged: () => undefined,
  },
  {
    path: "POST .../mqsc DISPLAY QLOCAL(APP.Q)",
    authority: "DSP",
    objectType: "QUEUE",
    profile: "APP.*",
    group: "ops",
    auth: "Bearer reader-token",
    run: (qm) =>
      send(`/ibmmq/rest/v2/admin/action/qmgr/${qm.name}/mqsc`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "runCommand", parameters: { command: "DISPLAY QLOCAL(APP.Q)" } }),
        auth: "Bearer reader-token",
      }),
    granted: 200,
    unchanged: depth,
  },
];

async function reasonOf(response: Response): Promise<number | undefined> {
  const body = (await response.json()) as { error?: { reasonCode: number; msgId: string }[]; commandResponse?: { reasonCode: number }[] };
  return body.error?.[0]?.reasonCode ?? body.commandResponse?.[0]?.reasonCode;
}

describe("authority records on the REST paths, over real sockets", () => {
  it.each(CASES)("$path needs $authority: refused with 403 and 2035, nothing changed, without it; granted with it", async (c) => {
    const qm = next();
    await qm.put("APP.Q", { body: "waiting" });
    // Every authority of the type but the one the path needs, on a profile that matches.
    const others = c.objectType === "QUEUE" ? "BROWSE,GET,INQ,PUT,DSP,CHG" : "PUB,SUB";
    const without = others
      .split(",")
      .filter((a) => a !== c.authority)
      .join(",");
    await qm.mqsc(`SET AUTHREC PROFILE('${c.profile}') OBJTYPE(${c.objectType}) GROUP('${c.group}') AUTHADD(${without})`);
    const before = c.unchanged(qm);
    const refused = await c.run(qm);
    const refusedBody = await refused.clone().text();
    if (c.path.includes("mqsc")) {
      // An MQSC request that runs answers 200 with each command's own result: this one 2035, AMQ8135E.
      expect(refused.status).toBe(200);
      expect(refusedBody).toContain("AMQ8135E");
    } else {
      expect(refused.status, refusedBody).toBe(403);
      expect(refusedBody).toContain("MQWB0103E");
    }
    expect(await reasonOf(refused)).toBe(2035);
    expect(c.unchanged(qm)).toEqual(before);

    await qm.mqsc(`SET AUTHREC PROFILE('${c.profile}') OBJTYPE(${c.objectType}) GROUP('${c.group}') AUTHADD(${c.authority})`);
    const granted = await c.run(qm);
    expect(granted.status, await granted.clone().text()).toBe(c.granted);
    if (c.path.includes("mqsc")) expect(await reasonOf(granted)).toBe(0);
  });

  it("takes the most specific profile: a record with no authority on APP.Q overrides APP.** for that queue only", async () => {
    const qm = next();
    await qm.defineQueue("APP.OTHER");
    await qm.mqsc(
      "SET AUTHREC PROFILE('APP.**') OBJTYPE(QUEUE) GROUP('apps') AUTHADD(PUT)\nSET AUTHREC PROFILE('APP.Q') OBJTYPE(QUEUE) GROUP('apps') AUTHADD(NONE)",
    );
    const put = (queue: string) => send(`${messaging(qm)}/queue/${queue}/message`, { method: "POST", body: "x", auth: "Bearer app-token" });
    expect((await put("APP.OTHER")).status).toBe(201);
    expect((await put("APP.Q")).status).toBe(403);
    expect(depth(qm)).toBe(0);
  });

  it("never checks MQWebAdmin, and leaves the roles alone to decide on a queue manager with no record", async () => {
    const qm = next();
    const put = (auth: string) => send(`${messaging(qm)}/queue/APP.Q/message`, { method: "POST", body: "x", auth });
    expect((await put("Bearer app-token")).status).toBe(201);
    await qm.mqsc("SET AUTHREC PROFILE('NOTHING.HERE') OBJTYPE(QUEUE) GROUP('others') AUTHADD(PUT)");
    expect((await put("Bearer app-token")).status).toBe(403);
    expect((await put("Bearer admin-token")).status).toBe(201);
    expect(depth(qm)).toBe(2);
  });

  it("a principal record counts as well as a group's (DISPLAY ENTAUTH over REST looks the groups up in MQ_USERS)", async () => {
    const qm = next();
    await qm.mqsc(
      "SET AUTHREC PROFILE('APP.Q') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHADD(PUT)\nSET AUTHREC PROFILE('**') OBJTYPE(QUEUE) GROUP('audit') AUTHADD(BROWSE)",
    );
    const entauth = await send(`/ibmmq/rest/v2/admin/action/qmgr/${qm.name}/mqsc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command: "DISPLAY ENTAUTH PRINCIPAL('app') OBJTYPE(QUEUE) OBJNAME(APP.Q)" } }),
      auth: "Bearer admin-token",
    });
    expect(await entauth.text()).toContain("AUTHLIST(BROWSE,PUT)");
    expect((await send(`${messaging(qm)}/queue/APP.Q/message`, { method: "POST", body: "x", auth: appBasic })).status).toBe(201);
    expect((await send(`${messaging(qm)}/queue/APP.Q/message`, { method: "DELETE", auth: appBasic })).status).toBe(403);
    expect(depth(qm)).toBe(1);
  });

  it("refuses to start with an empty group in MQ_USERS' groups field, naming the entry", async () => {
    const entry = `${TEST_MQ_USERS.split("\n")[2]}:apps++audit`;
    await expect(serveHttp({ queueManagers: [], users: entry })).rejects.toThrow(/MQ_USERS entry 1 has an empty group name/);
  });

  it("carries a principal's groups in the edge's signed principal, and refuses groups changed after signing", async () => {
    const key = await principalKey("secret");
    const url = "http://localhost/ibmmq/rest/v2/messaging/qmgr/QM1/queue/Q/message";
    const headers = new Headers();
    await signPrincipal(headers, { name: "app", role: "MQWebUser", mechanism: "basic", groups: ["apps", "audit"] }, key, { method: "POST", url });
    expect(await verifiedPrincipal(new Request(url, { method: "POST", headers }), key)).toEqual({
      name: "app",
      role: "MQWebUser",
      mechanism: "basic",
      groups: ["apps", "audit"],
    });
    headers.set(PRINCIPAL_HEADER, headers.get(PRINCIPAL_HEADER)!.replace("audit", "admins"));
    expect(await verifiedPrincipal(new Request(url, { method: "POST", headers }), key)).toBe("invalid");
  });
});
