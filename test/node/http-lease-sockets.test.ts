/**
 * Leased gets on serveHttp over real sockets (issue 19, defect 9): a client that reads ~64 KB
 * of a large message and closes loses nothing when it asked for a lease, and a client that
 * reads and confirms takes each message exactly once. (A plain get cannot know what the client
 * read: the body sits in the kernel's socket buffers when its commit runs; adapters/http/README.md
 * gives the sizes, measured by scripts/partial-read.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { readPartOf } from "./sockets/partial-read.js";
import { realRequest, type RealResponse } from "./sockets/real-http.js";

const TOKEN = "lease-socket-token";
const AUTH = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "" };
const MESSAGES = 12;
const BODY_BYTES = 1024 * 1024;
let server: NodeServer;
let manager: QueueManager;

beforeAll(async () => {
  manager = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN] });
});
afterAll(async () => {
  await server.close();
  await manager.close();
});

const url = (query = "") => `${server.url}/ibmmq/rest/v3/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message${query}`;
/** A body of `bytes` that says which message it is in its first characters. */
const bodyOf = (n: number) => `message ${String(n).padStart(4, "0")} `.padEnd(BODY_BYTES, "x");

async function putAll(): Promise<void> {
  for (let n = 0; n < MESSAGES; n++) await manager.put("DEV.QUEUE.1", { body: bodyOf(n), persistent: true });
}

async function waitForDepth(depth: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (manager.queueStatus("DEV.QUEUE.1").depth - manager.queueStatus("DEV.QUEUE.1").uncommitted !== depth && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("leased gets on serveHttp, real sockets", () => {
  it("loses nothing to clients that read 64 KB of a 1 MB leased message and close: every message comes back, backout count 1", async () => {
    await putAll();
    for (let n = 0; n < MESSAGES; n++) {
      const partial = await readPartOf(url("?lease=2000"), AUTH, 64 * 1024);
      expect(partial.status).toBe(200);
      expect(partial.read).toBeLessThan(BODY_BYTES);
      expect(partial.headers["webmq-lease"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    await waitForDepth(MESSAGES);
    const seen = new Map<string, number>();
    for (const message of await manager.list("DEV.QUEUE.1")) seen.set(message.messageId, message.backoutCount);
    expect(seen.size).toBe(MESSAGES);
    expect([...seen.values()]).toEqual(Array(MESSAGES).fill(1));
  });

  it("gives each message exactly once to clients that read it whole and confirm it", async () => {
    const received: string[] = [];
    for (;;) {
      const got = (await realRequest(url("?lease=30000"), { method: "DELETE", headers: AUTH })) as RealResponse;
      if (got.status === 204) break;
      expect(got.status).toBe(200);
      expect(got.complete).toBe(true);
      expect(got.body.length).toBe(BODY_BYTES);
      const confirmed = (await realRequest(url(`?confirm=${String(got.headers["webmq-lease"])}`), { method: "DELETE", headers: AUTH })) as RealResponse;
      expect(confirmed.status).toBe(204);
      received.push(got.body.subarray(0, 13).toString());
    }
    expect(received.sort()).toEqual(Array.from({ length: MESSAGES }, (_, n) => bodyOf(n).slice(0, 13)).sort());
    expect(manager.queueStatus("DEV.QUEUE.1").depth).toBe(0);
  });
});
