import { describe, it, expect } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { createHttpApp } from "../../adapters/http/index.js";
import { errorOf, testHttpApi, type HttpTarget } from "../contract/http.contract.js";

const TOKEN = "s3cret-token";
const AUTH = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "" };

/**
 * Memory queue managers behind `app.request`: each name a test asks for is opened on first
 * use; any other name is an unknown queue manager (MQRC_Q_MGR_NAME_ERROR, 404).
 */
function memoryTarget(): HttpTarget {
  const known = new Set<string>();
  const managers = new Map<string, Promise<QueueManager>>();
  let counter = 0;
  const open = (name: string) => {
    if (!known.has(name)) return Promise.reject(new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name}`));
    let qm = managers.get(name);
    if (!qm) managers.set(name, (qm = QueueManager.open({ name })));
    return qm;
  };
  const app = createHttpApp({ tokens: [TOKEN], queueManager: open, responseTimeout: 500 });
  return {
    token: TOKEN,
    responseTimeout: 500,
    maxWait: 30_000,
    unknownQueueManager: "QM9",
    fetch: async (path, init) => app.request(path, init),
    newQueueManagerName() {
      const name = `QM.NODE.${++counter}`;
      known.add(name);
      return name;
    },
    withQueueManager: async (name, body) => body(await open(name)),
  };
}

testHttpApi("memory, app.request (node)", memoryTarget());

describe("messaging REST API: node-only", () => {
  const listUrl = "/ibmmq/rest/v1/messaging/qmgr/QM1/queue/DEV.QUEUE.1/messagelist";

  it("accepts tokens decided by a function", async () => {
    const qm = await QueueManager.open({ name: "QM1" });
    const app = createHttpApp({ tokens: async (token) => token.startsWith("ok-"), queueManager: async () => qm });
    expect((await app.request(listUrl, { headers: { authorization: "Bearer ok-1" } })).status).toBe(200);
    expect((await app.request(listUrl, { headers: { authorization: "Bearer no-1" } })).status).toBe(401);
  });

  it("answers 500 MQRC_UNEXPECTED_ERROR for a failure that is not an MQError, without details", async () => {
    const app = createHttpApp({
      tokens: [TOKEN],
      queueManager: async () => {
        throw new TypeError("secret internal detail at /srv/app.js:12");
      },
    });
    const response = await app.request(listUrl.replace("/v1/", "/v2/"), { headers: AUTH });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret");
    expect(text).not.toContain("app.js");
    expect(JSON.parse(text).error[0]).toMatchObject({
      msgId: "MQWB0000E",
      reasonCode: 2195,
      message: "MQWB0000E: An unexpected exception TypeError occurred.",
    });
  });

  it("shapes the 500 like every other error", async () => {
    const app = createHttpApp({ tokens: [TOKEN], queueManager: async () => Promise.reject(new Error("boom")) });
    const response = await app.request(listUrl, { headers: AUTH });
    expect(response.status).toBe(500);
    expect((await errorOf(response)).msgId).toBe("MQWB0000E");
  });
});
