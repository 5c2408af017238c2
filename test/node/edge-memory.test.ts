/**
 * What the worker keeps per request, as `npm start` runs it (scripts/local-edge.mjs): the
 * JavaScript heap of its isolate (the front Worker and the queue manager's Durable Object)
 * after a full GC, before and after persistent 2-byte puts and the gets that drain them, 32
 * in flight on keep-alive connections. Issue 19 saw workerd's RSS grow ~11 KB a request and
 * asked whether that is ours; a minimal Worker + Durable Object (SQL insert and delete) under
 * the same Miniflare grew ~9.5 KB a request too, while this heap stays flat: the growth is the
 * local runtime's native memory (adapters/edge/README.md, "Memory"). This bounds ours.
 *
 * 3,000 requests by default (EDGE_MEMORY_REQUESTS=20000 for a longer look): on the 2 shared
 * cores this runs on the worker serves about 170 a second; a leak of the size reported (11 KB a
 * request) would show as 33 MB here, against a bound of 3 MB (1 KB a request).
 */
import { Agent, request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { isolateHeapAfterGc } from "./sockets/isolate-heap.js";

const TOKEN = "edge-memory-token";
const REQUESTS_PER_ROUND = Number(process.env.EDGE_MEMORY_REQUESTS ?? 3000) / 2;
let edge: { url: string; dispose(): Promise<void> } | undefined;
let inspectorPort = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

beforeAll(async () => {
  inspectorPort = await freePort();
  edge = await startLocalEdge({ port: 0, inspectorPort, vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1" } });
}, 120_000);
afterAll(async () => {
  agent.destroy();
  await edge?.dispose();
});

const messageUrl = () => `${edge!.url}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message`;
const headers = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "x" };

function send(method: string, extra: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(messageUrl(), { method, headers: { ...headers, ...extra }, agent });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}
const put = () => send("POST", { "content-type": "text/plain", "ibm-mq-md-persistence": "persistent" }, "hi");
const get = () => send("DELETE");

/** `count` calls of `one`, 32 at a time; the statuses seen, counted. */
async function drive(count: number, one: () => Promise<number>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let started = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (started < count) {
        started++;
        const status = await one();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

const heap = () => isolateHeapAfterGc(inspectorPort, "webmq", () => send("GET"));

it(`keeps no memory per request: the isolate's heap after GC, before and after ${REQUESTS_PER_ROUND} puts and ${REQUESTS_PER_ROUND} gets`, async () => {
  // Warm up: the queue manager opens, the code is compiled, caches fill.
  await drive(200, put);
  await drive(200, get);
  const before = await heap();
  expect(await drive(REQUESTS_PER_ROUND, put)).toEqual({ 201: REQUESTS_PER_ROUND });
  expect(await drive(REQUESTS_PER_ROUND, get)).toEqual({ 200: REQUESTS_PER_ROUND });
  const after = await heap();
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;
  console.log(
    `isolate after GC, before and after ${2 * REQUESTS_PER_ROUND} requests: heap ${mb(before.heap)} -> ${mb(after.heap)}, ArrayBuffers ${mb(before.buffers)} -> ${mb(after.buffers)}`,
  );
  expect(after.heap + after.buffers - (before.heap + before.buffers)).toBeLessThan(3 * 1024 * 1024);
}, 180_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
