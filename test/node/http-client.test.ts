/**
 * The REST client (adapters/http/client.ts, `webmq/http/client`) against Node's real HTTP
 * server on a loopback port: what it sends arrives as IBM's headers say (the queue manager
 * behind the server is looked at directly), what the server answers comes back as messages,
 * MQSC envelopes and errors with the server's MQ reason, and a login's cookie carries later
 * requests.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { RestClient, RestFormatError, RestResponseError, RestUnreachableError } from "../../adapters/http/client.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { TEST_MQ_USERS, TEST_SESSION_SECRET, TEST_USERS } from "../fixtures/security.js";

const TOKEN = "client-test-token";
let server: NodeServer;
let manager: QueueManager;

const client = (options: Partial<ConstructorParameters<typeof RestClient>[0]> = {}) =>
  new RestClient({ baseUrl: server.url, queueManager: "QM1", credentials: { token: TOKEN }, ...options });

beforeAll(async () => {
  manager = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN], users: TEST_MQ_USERS, sessionSecret: TEST_SESSION_SECRET });
});
afterAll(async () => {
  await server.close();
  await manager.close();
});

describe("RestClient messaging", () => {
  it("puts with the MQMD headers and user properties given, and the queue manager has them", async () => {
    await manager.mqsc("DEFINE QLOCAL(CLIENT.PUT)");
    const put = await client().put("CLIENT.PUT", "héllo", {
      persistence: "persistent",
      priority: 7,
      correlationId: "order-42",
      replyTo: "CLIENT.REPLIES",
      expiry: 60_000,
      properties: [
        { name: "colour", value: "blå" },
        { name: "size", value: 3, type: "short" },
      ],
    });
    expect(put.messageId).toMatch(/^ID:[0-9a-f]{48}$/);
    const message = (await manager.get("CLIENT.PUT"))!;
    expect(message.messageId).toBe(put.messageId.slice("ID:".length));
    expect(message.body).toBe("héllo");
    expect(message).toMatchObject({ persistent: true, priority: 7, correlationIdText: "order-42", replyToQueue: "CLIENT.REPLIES" });
    expect(message.expiry).not.toBeNull();
    expect(message.properties).toEqual([
      { name: "colour", value: "blå", type: "string" },
      { name: "size", value: 3, type: "short" },
    ]);
  });

  it("browses in place, lists, then gets destructively, with the descriptor and properties read back", async () => {
    await manager.mqsc("DEFINE QLOCAL(CLIENT.READ)");
    await manager.put("CLIENT.READ", { body: "first", priority: 3, persistent: true, properties: { region: "eu" } });
    await manager.put("CLIENT.READ", { body: new Uint8Array([0, 1, 2]) });

    const listed = await client().list("CLIENT.READ");
    expect(listed.map((entry) => entry.messageId)).toHaveLength(2);
    const browsed = (await client().browse("CLIENT.READ", { messageId: listed[0]!.messageId }))!;
    expect(browsed.text).toBe("first");
    expect(browsed.messageId).toBe(listed[0]!.messageId);
    expect(manager.queueStatus("CLIENT.READ").depth).toBe(2);

    const first = (await client().get("CLIENT.READ"))!;
    expect(first).toMatchObject({ text: "first", priority: 3, persistent: true, contentType: expect.stringMatching(/^text\/plain/) });
    expect(first.properties).toEqual([{ name: "region", value: "eu", type: "string" }]);
    const second = (await client({ messagingVersion: "v2" }).get("CLIENT.READ"))!;
    expect(second.contentType).toBe("application/octet-stream");
    expect([...second.body]).toEqual([0, 1, 2]);
    expect(second.messageId).toMatch(/^[0-9a-f]{48}$/);
    expect(second.priority).toBeUndefined();
    expect(manager.queueStatus("CLIENT.READ").depth).toBe(0);
    expect(await client().get("CLIENT.READ")).toBeNull();
    expect(await client().browse("CLIENT.READ")).toBeNull();
  });

  it("waits for a message that arrives during a get's wait, and picks by correlation id", async () => {
    await manager.mqsc("DEFINE QLOCAL(CLIENT.WAIT)");
    const waiting = client().get("CLIENT.WAIT", { wait: 10_000, correlationId: "wanted" });
    await manager.put("CLIENT.WAIT", { body: "not this one" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client().put("CLIENT.WAIT", "this one", { correlationId: "wanted" });
    expect((await waiting)?.text).toBe("this one");
    expect(manager.queueStatus("CLIENT.WAIT").depth).toBe(1);
  });
});

describe("RestClient MQSC", () => {
  it("runs runCommand text and runCommandJSON parts, answering IBM's envelope", async () => {
    const defined = await client().runCommand("DEFINE QLOCAL(CLIENT.MQSC) MAXDEPTH(321)");
    expect(defined.overallCompletionCode).toBe(0);
    expect(defined.commandResponse[0]!.text?.join("\n")).toMatch(/AMQ8006I/);
    const shown = await client().runCommandJSON({ command: "display", qualifier: "qlocal", name: "CLIENT.MQSC", responseParameters: ["maxdepth"] });
    expect(shown.commandResponse).toEqual([{ completionCode: 0, reasonCode: 0, parameters: { queue: "CLIENT.MQSC", type: "QLOCAL", maxdepth: 321 } }]);
    const failed = await client().runCommand("DISPLAY QLOCAL(NO.SUCH.QUEUE)");
    expect(failed).toMatchObject({ overallCompletionCode: 2, overallReasonCode: 3008 });
  });
});

describe("RestClient login", () => {
  it("logs in for IBM's session cookie, is known by it, and is refused once logged out", async () => {
    const session = new RestClient({ baseUrl: server.url, queueManager: "QM1" });
    await expect(session.whoAmI()).rejects.toMatchObject({ status: 401, error: { msgId: "MQWB0104E" } });
    await session.login("admin", TEST_USERS.admin.password);
    expect(session.headersFor("GET").cookie).toMatch(/^LtpaToken2=./);
    expect(await session.whoAmI()).toEqual({ name: "admin", role: ["MQWebAdmin"] });
    expect((await session.runCommand("DISPLAY QMGR")).overallCompletionCode).toBe(0);
    await session.logout();
    expect(session.headersFor("GET").cookie).toBeUndefined();
    await expect(session.runCommand("DISPLAY QMGR")).rejects.toBeInstanceOf(RestResponseError);
  });

  it("sends a user and password as basic authentication", async () => {
    const basic = new RestClient({ baseUrl: server.url, queueManager: "QM1", credentials: { user: "app", password: TEST_USERS.app.password } });
    expect(await basic.whoAmI()).toEqual({ name: "app", role: ["MQWebUser"] });
  });
});

describe("RestClient headers and errors", () => {
  it("sends IBM's CSRF header on POST, PATCH and DELETE, and on GET too when asked", () => {
    expect(client({ csrfToken: "x" }).headersFor("GET")).toEqual({ authorization: `Bearer ${TOKEN}` });
    expect(client({ csrfToken: "x" }).headersFor("DELETE")).toEqual({ authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "x" });
    expect(client({ csrfOnEveryRequest: true }).headersFor("GET")).toEqual({ authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "" });
    expect(client().messageUrl("A.Q", { wait: 0, correlationId: "a b" })).toBe(
      `${server.url}/ibmmq/rest/v3/messaging/qmgr/QM1/queue/A.Q/message?wait=0&correlationId=a%20b`,
    );
  });

  it("throws the server's MQ reason for an error status, RestUnreachableError when nothing answers", async () => {
    const unknown = await client()
      .put("NO.SUCH.QUEUE", "x")
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(RestResponseError);
    expect(unknown).toMatchObject({ status: 404, error: { reasonCode: 2085 } });
    await expect(client({ credentials: { token: "wrong" } }).runCommand("DISPLAY QMGR")).rejects.toMatchObject({ status: 401, error: { msgId: "MQWB0104E" } });
    await expect(new RestClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, queueManager: "QM1" }).browse("Q")).rejects.toBeInstanceOf(
      RestUnreachableError,
    );
  });

  it("throws RestFormatError for an answer that is not JSON", async () => {
    const page = createHttpServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html>a proxy's page</html>");
    });
    await listen(page);
    try {
      const url = `http://127.0.0.1:${(page.address() as { port: number }).port}`;
      await expect(new RestClient({ baseUrl: url, queueManager: "QM1" }).runCommand("DISPLAY QMGR")).rejects.toBeInstanceOf(RestFormatError);
    } finally {
      await new Promise<void>((resolve) => page.close(() => resolve()));
    }
  });
});

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("RestClient in a bundle", () => {
  // The playground runs it in the browser: it must bring no node: module and none of the server.
  it("bundles for a browser from its own files, with no node: import and no server code", async () => {
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: ["adapters/http/client.ts"],
      bundle: true,
      write: false,
      platform: "browser",
      format: "esm",
      metafile: true,
      logLevel: "silent",
    });
    expect(Object.keys(result.metafile.inputs).sort()).toEqual([
      "adapters/http/client-errors.ts",
      "adapters/http/client-message.ts",
      "adapters/http/client.ts",
      "adapters/http/headers.ts",
    ]);
  });
});
