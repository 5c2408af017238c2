/**
 * Node's server in a process of its own, as an application that serves a queue manager runs
 * it: a queue manager in memory behind `serveHttp` on a free loopback port. The load's
 * clients are another process, so they neither share its event loop nor its timing. Prints
 * `{"url": ...}` on a line once it listens; closes the server and the queue manager and exits
 * when its standard input ends (the load closing it, or dying).
 */
import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";

const token = process.env.LOAD_TOKEN;
const responseTimeout = Number(process.env.LOAD_RESPONSE_TIMEOUT_MS);
if (!token || !Number.isFinite(responseTimeout)) throw new Error("LOAD_TOKEN and LOAD_RESPONSE_TIMEOUT_MS must be set");

const manager = await QueueManager.open({ name: "QM1" });
const server = await serveHttp({ queueManagers: [manager], tokens: [token], responseTimeout });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  await server.close();
  await manager.close();
  process.exit(0);
});
