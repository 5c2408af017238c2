/**
 * The admin resources, crtmqm/dltmqm and the error-id table over real sockets: Node's server
 * (serveHttp) on a loopback port, as a client reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { createHttpApp } from "../../adapters/http/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { ADMIN_ONLY_ROUTES, ROUTES, accessFor } from "../../adapters/http/routes.js";
import { operationOf } from "../../adapters/http/security/roles.js";
import { WEBMQ_VERSION } from "../../adapters/http/version.js";
import { errorOf } from "../contract/http.contract.js";
import { testAdminApi } from "../contract/http-admin.contract.js";
import { testAdminObjectsApi } from "../contract/http-admin-objects.contract.js";
import packageJson from "../../package.json" with { type: "json" };

const TOKEN = "admin-sockets-token";
let server: NodeServer;
let configured: QueueManager;
let counter = 0;

beforeAll(async () => {
  configured = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ tokens: [TOKEN, "reader-token:MQWebAdminRO", "user-token:MQWebUser"], queueManagers: [configured] });
});

afterAll(async () => {
  await server.close();
  await configured.close();
});

testAdminApi("node server, real sockets", {
  token: TOKEN,
  fetch: (path, init) => fetch(server.url + path, init),
  configured: "QM1",
  newName: () => `QM.NEW.${process.pid}.${++counter}`,
  platform: process.platform === "win32" ? "windows" : "unix",
});

testAdminObjectsApi("node server, real sockets", {
  fetch: (path, init) => fetch(server.url + path, init),
  admin: { authorization: `Bearer ${TOKEN}` },
  reader: { authorization: "Bearer reader-token" },
  user: { authorization: "Bearer user-token" },
  qmgr: "QM1",
});

describe("admin REST API: node-only", () => {
  it("reports the package's own version", () => {
    expect(WEBMQ_VERSION).toBe(packageJson.version);
  });

  it("answers the queue manager list 501 MQWB0004E where the app was given no directory", async () => {
    const qm = await QueueManager.open({ name: "QM.ALONE" });
    const app = createHttpApp({ tokens: [TOKEN], queueManager: async () => qm });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const list = await app.request("/ibmmq/rest/v2/admin/qmgr", { headers });
    expect(list.status).toBe(501);
    const entry = await errorOf(list);
    expect(entry).toMatchObject({ msgId: "MQWB0004E", reasonCode: 2298 });
    expect(entry.message).toBe(
      "MQWB0004E: An internal error occurred while communicating with the queue manager. The root MQ reason code was 2298 : MQRC_FUNCTION_NOT_SUPPORTED.",
    );
    await qm.close();
  });

  it("lists every call with the role it needs; the admin-only ones are crtmqm, dltmqm and MQSC", () => {
    expect(ADMIN_ONLY_ROUTES.map((r) => `${r.method} ${r.resource}`)).toEqual([
      "POST /admin/action/qmgr/{qmgrName}/mqsc",
      "POST /admin/qmgr",
      "DELETE /admin/qmgr/{qmgrName}",
      "POST /admin/qmgr/{qmgrName}/queue",
      "PATCH /admin/qmgr/{qmgrName}/queue/{queueName}",
      "DELETE /admin/qmgr/{qmgrName}/queue/{queueName}",
    ]);
    expect(accessFor("POST", "/ibmmq/rest/v2/login")).toBe("session");
    expect(accessFor("GET", "/ibmmq/rest/v2/admin/qmgr")).toBe("admin-read");
    expect(accessFor("DELETE", "/ibmmq/rest/v3/admin/qmgr/QM1")).toBe("admin");
    expect(accessFor("POST", "/ibmmq/rest/v1/messaging/qmgr/QM1/queue/Q/message")).toBe("messaging");
    expect(accessFor("PUT", "/ibmmq/rest/v1/messaging/qmgr/QM1/queue/Q/message")).toBeUndefined();
    expect(accessFor("GET", "/ibmmq/rest/v2/nothing")).toBeUndefined();
    expect(ROUTES.every((route) => Object.keys(route.methods).length > 0)).toBe(true);
  });

  it("agrees with the role check (security/roles.ts) on what each call is", async () => {
    const samples: Record<string, string> = {
      "/messaging/qmgr/{qmgrName}/queue/{queueName}/message": "/ibmmq/rest/v2/messaging/qmgr/QM1/queue/Q1/message",
      "/messaging/qmgr/{qmgrName}/queue/{queueName}/messagelist": "/ibmmq/rest/v2/messaging/qmgr/QM1/queue/Q1/messagelist",
      "/messaging/qmgr/{qmgrName}/topic/{topicString}/message": "/ibmmq/rest/v2/messaging/qmgr/QM1/topic/a/b/message",
      "/admin/action/qmgr/{qmgrName}/mqsc": "/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc",
      "/admin/qmgr": "/ibmmq/rest/v2/admin/qmgr",
      "/admin/qmgr/{qmgrName}": "/ibmmq/rest/v2/admin/qmgr/QM1",
      "/login": "/ibmmq/rest/v2/login",
      "/admin/installation/{installationName}": "/ibmmq/rest/v2/admin/installation",
      "/admin/qmgr/{qmgrName}/queue": "/ibmmq/rest/v1/admin/qmgr/QM1/queue",
      "/admin/qmgr/{qmgrName}/queue/{queueName}": "/ibmmq/rest/v1/admin/qmgr/QM1/queue/Q1",
      "/admin/qmgr/{qmgrName}/subscription": "/ibmmq/rest/v1/admin/qmgr/QM1/subscription/",
      "/admin/qmgr/{qmgrName}/subscription/{subscriptionName}": "/ibmmq/rest/v1/admin/qmgr/QM1/subscription/S1",
      "/admin/qmgr/{qmgrName}/channel": "/ibmmq/rest/v1/admin/qmgr/QM1/channel",
      "/admin/qmgr/{qmgrName}/channel/{channelName}": "/ibmmq/rest/v1/admin/qmgr/QM1/channel/C1",
    };
    const kinds: Record<string, string[]> = {
      messaging: ["put", "get", "browse", "publish"],
      "admin-read": ["admin-read"],
      admin: ["admin-change", "mqsc"],
      session: ["session"],
    };
    for (const route of ROUTES) {
      const path = samples[route.resource]!;
      expect(route.pattern.test(path), route.resource).toBe(true);
      for (const [method, access] of Object.entries(route.methods)) {
        const operation = await operationOf(method, path, async () => "DEFINE QLOCAL(X)");
        expect(kinds[access], `${method} ${route.resource}`).toContain(operation?.kind);
      }
    }
  });
});
