import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { QueueManagerObject } from "../../adapters/edge/index.js";
import { commandResponseOf, errorOf, httpClient, testHttpApi, type HttpTarget } from "../contract/http.contract.js";

const TOKEN = "edge-test-token";

function stubFor(name: string): DurableObjectStub<QueueManagerObject> {
  return env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)) as DurableObjectStub<QueueManagerObject>;
}

let counter = 0;
/** The real worker entry and its Durable Objects: each queue manager name is its own object. */
const edgeTarget: HttpTarget = {
  token: TOKEN,
  // test/edge/vitest.config.ts: MQ_QUEUE_MANAGERS admits QM1 and QM.EDGE.*, MQ_RESPONSE_TIMEOUT_MS is 2000.
  unknownQueueManager: "QM.OTHER",
  responseTimeout: 2000,
  maxWait: 30_000,
  // Cloudflare sets CF-Connecting-IP, by which the worker counts failed logins: here each request
  // is a client of its own, so the wrong tokens these tests send on purpose never add up to the
  // limit (test/edge/security.test.ts tests the limit).
  fetch: (path, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", `2001:db8::${(counter++).toString(16)}`);
    return SELF.fetch("http://localhost" + path, { ...init, headers });
  },
  newQueueManagerName: () => `QM.EDGE.${Date.now().toString(36)}.${(counter++).toString(36)}`,
  withQueueManager: (name, body) => runInDurableObject(stubFor(name), async (instance) => body(await instance.queueManager(name))),
};

testHttpApi("worker and Durable Object (workerd)", edgeTarget);

describe("messaging REST API: workerd-only", () => {
  it("keeps a persistent message across a restart of the Durable Object, and loses a non-persistent one", async () => {
    const { post, del, messageUrl, TEXT, depth } = httpClient(edgeTarget);
    expect((await post(messageUrl("v2", "DEV.QUEUE.2"), "fleeting")).status).toBe(201);
    const put = await post(messageUrl("v2"), "durable", { ...TEXT, "ibm-mq-md-persistence": "persistent" });
    expect(put.status).toBe(201);
    const messageId = put.headers.get("ibm-mq-md-messageId")!;

    await abortAllDurableObjects();

    const got = await del(messageUrl("v2"));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("durable");
    expect(got.headers.get("ibm-mq-md-messageId")).toBe(messageId);
    expect(got.headers.get("ibm-mq-md-persistence")).toBe("persistent");
    expect((await del(messageUrl("v2", "DEV.QUEUE.2"))).status).toBe(204);
    expect(await depth("DEV.QUEUE.1")).toBe(0);
  });

  it("keeps a persistent message whose response was never read when the Durable Object restarts", async () => {
    const { post, del, messageUrl, TEXT } = httpClient(edgeTarget);
    const put = await post(messageUrl("v2"), "in flight at the crash", { ...TEXT, "ibm-mq-md-persistence": "persistent" });
    const unread = await del(messageUrl("v2"));
    expect(unread.status).toBe(200);
    await abortAllDurableObjects();
    const got = await del(messageUrl("v2"));
    expect(await got.text()).toBe("in flight at the crash");
    expect(got.headers.get("ibm-mq-md-messageId")).toBe(put.headers.get("ibm-mq-md-messageId"));
    await unread.body?.cancel().catch(() => undefined);
  });

  it("puts a leased persistent message back when the Durable Object restarts, and then knows nothing of its lease", async () => {
    const { post, del, messageUrl, TEXT } = httpClient(edgeTarget);
    const put = await post(messageUrl("v3"), "leased at the crash", { ...TEXT, "ibm-mq-md-persistence": "persistent" });
    const leased = await del(messageUrl("v3", "DEV.QUEUE.1", "?lease=60000"));
    expect(await leased.text()).toBe("leased at the crash");
    const token = leased.headers.get("webmq-lease")!;
    await abortAllDurableObjects();
    const confirm = await del(messageUrl("v3", "DEV.QUEUE.1", `?confirm=${token}`));
    expect(confirm.status).toBe(404);
    expect(await errorOf(confirm)).toMatchObject({ msgId: "MQWB0921E", reason: "MQRC_UOW_NOT_AVAILABLE" });
    const got = await del(messageUrl("v3"));
    expect(await got.text()).toBe("leased at the crash");
    expect(got.headers.get("ibm-mq-md-messageId")).toBe(put.headers.get("ibm-mq-md-messageId"));
  });

  it("delivers a message put with a delivery delay when the Durable Object's alarm says its time has come", async () => {
    const { del, messageUrl, admin } = httpClient(edgeTarget);
    await admin((qm) => qm.put("DEV.QUEUE.3", { body: "later", persistent: true, deliveryDelay: 300 }));
    expect((await del(messageUrl("v2", "DEV.QUEUE.3"))).status).toBe(204);
    const started = Date.now();
    const got = await del(messageUrl("v2", "DEV.QUEUE.3", "?wait=5000"));
    expect(await got.text()).toBe("later");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("keeps a queue defined through the admin MQSC endpoint across a restart of the Durable Object", async () => {
    const { mqsc } = httpClient(edgeTarget);
    const defined = await commandResponseOf(await mqsc({ type: "runCommand", parameters: { command: "DEFINE QLOCAL(APP.DURABLE) MAXDEPTH(321)" } }));
    expect(defined.overallCompletionCode).toBe(0);

    await abortAllDurableObjects();

    const shown = await commandResponseOf(
      await mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "APP.DURABLE", responseParameters: ["maxdepth"] }),
    );
    expect(shown.commandResponse).toEqual([{ completionCode: 0, reasonCode: 0, parameters: { queue: "APP.DURABLE", type: "QLOCAL", maxdepth: 321 } }]);
  });

  it("serves the start page at /", async () => {
    const response = await SELF.fetch("http://localhost/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("REST API");
    expect(html).toContain("/ibmmq/rest/v1");
  });

  it("refuses requests in the worker, before any Durable Object is created", async () => {
    const { post, get, messageUrl, listUrl, qmgr } = httpClient(edgeTarget);
    const missing = await post(messageUrl("v2"), "x", { "content-type": "text/plain" });
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toMatchObject({ msgId: "MQWB0104E", reason: "MQRC_NOT_AUTHORIZED" });
    const wrong = await get(listUrl("v2"), { authorization: "Bearer not-the-token" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    await errorOf(wrong);
    // Refused by the worker: the queue manager's object never stored anything.
    const tables = await runInDurableObject(stubFor(qmgr), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'mq_%'").toArray(),
    );
    expect(tables).toEqual([]);
  });

  it("answers 404 MQRC_Q_MGR_NAME_ERROR for a queue manager that is not configured, making no Durable Object for it", async () => {
    const { del, mqsc, messageUrl } = httpClient(edgeTarget);
    const name = `NOT.CONFIGURED.${Date.now().toString(36)}`;
    const got = await del(messageUrl("v2", "DEV.QUEUE.1", "", name));
    expect(got.status).toBe(404);
    expect(await errorOf(got)).toMatchObject({ msgId: "MQWB0009E", reason: "MQRC_Q_MGR_NAME_ERROR", reasonCode: 2058 });
    expect((await mqsc({ type: "runCommand", parameters: { command: "DISPLAY QMGR" } }, { manager: name })).status).toBe(404);
    // Its object, woken only now by this check, has never stored anything.
    const tables = await runInDurableObject(stubFor(name), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'mq_%'").toArray(),
    );
    expect(tables).toEqual([]);
  });

  it("refuses a request body larger than a queue manager may hold in memory, in the worker", async () => {
    const { post, messageUrl } = httpClient(edgeTarget);
    const response = await post(messageUrl("v2"), new Uint8Array(33 * 1024 * 1024 + 1), { ...httpClient(edgeTarget).TEXT });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ reason: "MQRC_MSG_TOO_BIG_FOR_Q_MGR" });
  });

  it("accepts every token listed in MQ_TOKENS", async () => {
    const { get, listUrl } = httpClient(edgeTarget);
    expect((await get(listUrl("v2"), { authorization: "Bearer second-token" })).status).toBe(200);
    expect((await get(listUrl("v2"), { authorization: "Bearer edge-test-token, second-token" })).status).toBe(401);
  });

  it("answers 400 MQRC_Q_MGR_NAME_ERROR for a badly named queue manager in the worker", async () => {
    const { get, del, messageUrl } = httpClient(edgeTarget);
    for (const name of ["QM%2A", "BAD%20QM", "Q".repeat(49)]) {
      const response = await del(messageUrl("v2", "DEV.QUEUE.1", "", name));
      expect(response.status, name).toBe(400);
      expect(await errorOf(response), name).toMatchObject({ reason: "MQRC_Q_MGR_NAME_ERROR", reasonCode: 2058 });
    }
    expect((await get(messageUrl("v2", "DEV.QUEUE.1", "", "QM%2A"))).status).toBe(400);
  });

  it("ends a DELETE with wait=300 on an empty queue with 204 after about the wait, on the object's alarm", async () => {
    const { del, messageUrl } = httpClient(edgeTarget);
    const started = Date.now();
    const waited = await del(messageUrl("v2", "DEV.QUEUE.1", "?wait=300"));
    const elapsed = Date.now() - started;
    expect(waited.status).toBe(204);
    expect(await waited.text()).toBe("");
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
  });

  it("leaves no alarm behind once a wait has ended", async () => {
    const { del, messageUrl, qmgr } = httpClient(edgeTarget);
    expect((await del(messageUrl("v2", "DEV.QUEUE.1", "?wait=100"))).status).toBe(204);
    const alarm = await runInDurableObject(stubFor(qmgr), (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeNull();
    expect(await runDurableObjectAlarm(stubFor(qmgr))).toBe(false);
  });

  it("completes a waiting DELETE with a later POST, and cancels the wait's alarm", async () => {
    const { post, del, messageUrl, depth, qmgr } = httpClient(edgeTarget);
    const waiting = del(messageUrl("v2", "DEV.QUEUE.2", "?wait=10000"));
    // The DELETE is waiting once the object has set an alarm for the end of the wait.
    const deadline = Date.now() + 2000;
    let alarm: number | null = null;
    while (alarm === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      alarm = await runInDurableObject(stubFor(qmgr), (_instance, state) => state.storage.getAlarm());
    }
    expect(alarm).not.toBeNull();
    const started = Date.now();
    expect((await post(messageUrl("v2", "DEV.QUEUE.2"), "late arrival")).status).toBe(201);
    const got = await waiting;
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("late arrival");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await depth("DEV.QUEUE.2")).toBe(0);
    expect(await runInDurableObject(stubFor(qmgr), (_instance, state) => state.storage.getAlarm())).toBeNull();
  });

  // Inside the test pool an abort reaches the worker as request.signal, which ends the wait.
  // Real clients on real sockets (where workerd passes no such signal on) are tested in
  // test/node/edge-sockets.test.ts.
  it("leaves the message on the queue when a waiting client goes away", async () => {
    const { post, messageUrl, AUTH, depth } = httpClient(edgeTarget);
    const controller = new AbortController();
    const waiting = SELF.fetch("http://localhost" + messageUrl("v2", "DEV.QUEUE.1", "?wait=3000"), {
      method: "DELETE",
      headers: AUTH,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    controller.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await post(messageUrl("v2"), "for the next getter")).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await depth("DEV.QUEUE.1")).toBe(1);
  });
});
