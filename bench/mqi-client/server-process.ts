/**
 * Node's server for the MQI client benchmark, in a process of its own (so the clients neither
 * share its event loop nor its timing): QM1 in memory behind `serveHttp` on a free loopback
 * port, configured by IBM's developer script as an MQ developer's queue manager is
 * (DEV.APP.SVRCONN runs as `app`; app may PUT and GET on DEV.**), and a bearer token that is
 * `app` for the REST API, so both paths run as the same user under the same authority records.
 * Prints `{"url": ...}` once it listens; stops when its standard input ends.
 */
import { readFileSync } from "node:fs";
import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";
import { DEVELOPER_SCRIPT } from "./developer-script.js";

const token = process.env.BENCH_APP_TOKEN;
if (!token) throw new Error("BENCH_APP_TOKEN must be set");

const manager = await QueueManager.open({ name: "QM1" });
await manager.mqsc(readFileSync(DEVELOPER_SCRIPT, "utf8").replaceAll("{{ .ChckClnt }}", "ASQMGR"));
const server = await serveHttp({ queueManagers: [manager], tokens: [`${token}:MQWebUser:app`] });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  await server.close();
  await manager.close();
  process.exit(0);
});
