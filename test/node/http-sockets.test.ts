import { afterAll, beforeAll } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { testConservation } from "./sockets/conservation.contract.js";

const TOKEN = "socket-test-token";
let server: NodeServer;
let manager: QueueManager;

beforeAll(async () => {
  manager = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN], responseTimeout: 1000, maxWait: 20_000 });
});
afterAll(async () => {
  await server.close();
  await manager.close();
});

testConservation("Node's HTTP server (@hono/node-server)", { url: () => server.url, token: TOKEN, qmgr: "QM1", responseTimeout: 1000, maxWait: 20_000 });
