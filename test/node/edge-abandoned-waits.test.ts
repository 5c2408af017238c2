/**
 * Clients that leave a waiting get, against the worker as `npm start` runs it
 * (scripts/local-edge.mjs, its defaults: responseTimeout 30 s). Locally workerd tells neither
 * the worker nor the object that such a client has gone, so the first message put finds the
 * gone client's get still waiting and is taken for it; the get must give it back at once
 * (MQ_HANDOVER_TIMEOUT_MS), not after responseTimeout, and lose nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { realRequest, type RealResponse } from "./sockets/real-http.js";

const TOKEN = "edge-abandoned-waits-token";
let edge: { url: string; dispose(): Promise<void> } | undefined;

beforeAll(async () => {
  edge = await startLocalEdge({ port: 0, vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1" } });
}, 120_000);
afterAll(async () => {
  await edge?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const auth = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "" };
const messageUrl = (query = "") => `${edge!.url}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message${query}`;

it("10 gets abandoned while waiting, then 10 puts: every message is gettable by another client within 1 s of its put", async () => {
  const waits = Array.from({ length: 10 }, () => realRequest(messageUrl("?wait=10000"), { method: "DELETE", headers: auth, abortAfterMs: 700 }));
  expect(await Promise.all(waits)).toEqual(Array(10).fill({ aborted: true }));

  const ids: string[] = [];
  const firstPut = Date.now();
  for (let i = 0; i < 10; i++) {
    const put = (await realRequest(messageUrl(), {
      method: "POST",
      headers: { ...auth, "content-type": "text/plain;charset=utf-8" },
      body: `order ${i}`,
    })) as RealResponse;
    expect(put.status).toBe(201);
    ids.push(String(put.headers["ibm-mq-md-messageid"]));
  }
  // Each put's message went to one of the gone clients' gets. One second after the first
  // put, another client gets them all, each read whole.
  await sleep(Math.max(0, firstPut + 1000 - Date.now()));
  const got: string[] = [];
  for (let i = 0; i < 10; i++) {
    const response = (await realRequest(messageUrl(), { method: "DELETE", headers: auth })) as RealResponse;
    expect(response.status, `get ${i}, ${Date.now() - firstPut} ms after the first put`).toBe(200);
    expect(response.complete).toBe(true);
    got.push(String(response.headers["ibm-mq-md-messageid"]));
  }
  expect(got.sort()).toEqual([...ids].sort());
  const empty = (await realRequest(messageUrl(), { method: "DELETE", headers: auth })) as RealResponse;
  expect(empty.status).toBe(204);
}, 60_000);
