/**
 * A client that closes its connection right after sending a get, before the server has
 * answered, takes no message: found by `npm run load` (bench/load/), where Node's server
 * committed such gets. The message was available, so the get resolved at once and its small
 * body was written and "read to its end" within the same turn of the event loop, before
 * Node had read the client's FIN waiting on the socket; the get is now committed only after
 * the server has looked at the socket again and found the client still there.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";

const TOKEN = "gone-token";
const RESPONSE_TIMEOUT = 500;
let server: NodeServer;
let manager: QueueManager;

beforeAll(async () => {
  manager = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN], responseTimeout: RESPONSE_TIMEOUT });
});
afterAll(async () => {
  await server.close();
  await manager.close();
});

/**
 * Sends a raw DELETE and closes the socket as soon as it is written (FIN, then a reset for
 * whatever arrives). A client that only ends its side (half-close) and goes on reading is
 * still there, and is answered.
 */
function getAndLeave(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.end(`DELETE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nibm-mq-rest-csrf-token: x\r\n\r\n`, () => {
        socket.destroy();
      });
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

it("a get whose client closed the connection before the answer leaves its message on the queue", async () => {
  const queue = "DEV.QUEUE.1";
  const bodies = Array.from({ length: 20 }, (_, i) => `order ${i}`);
  for (const body of bodies) await manager.put(queue, { body, persistent: true });
  for (let i = 0; i < bodies.length; i++) await getAndLeave(`/ibmmq/rest/v2/messaging/qmgr/QM1/queue/${queue}/message${i % 2 === 0 ? "" : "?wait=5000"}`);
  // Any get still held by a response nobody reads goes back within responseTimeout.
  await new Promise((resolve) => setTimeout(resolve, RESPONSE_TIMEOUT + 1000));
  const left: string[] = [];
  for (let message = await manager.get(queue); message !== null; message = await manager.get(queue)) left.push(String(message.body));
  expect(left.sort()).toEqual([...bodies].sort());
});
