import WebSocket from "ws";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalEdge } from "../scripts/local-edge.mjs";
import { hashPassword } from "../scripts/pbkdf2.mjs";
import { workerVariables } from "../scripts/start-config.mjs";
const side = process.argv[2] ?? "ours";
const TOKEN = "bench-rest-vs-minimal";
const BODY = Buffer.alloc(1024, "x");
const freePort = () => new Promise((r) => { const s = createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => r(p)); }); });
async function drive(url, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const target = new URL("/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message", url);
  const headers = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": "persistent", "content-length": 1024 };
  const putOne = () => new Promise((resolve, reject) => { const req = request(target, { method: "POST", headers, agent }, (res) => { res.resume(); res.on("end", () => res.statusCode === 201 ? resolve() : reject(new Error(String(res.statusCode)))); }); req.on("error", reject); req.end(BODY); });
  let started = 0;
  await Promise.all(Array.from({ length: 50 }, async () => { while (started < count) { started++; await putOne(); } }));
  agent.destroy();
}
const persistTo = mkdtempSync(join(tmpdir(), "webmq-prof-"));
const inspectorPort = await freePort();
const vars = workerVariables({ MQ_QUEUE_MANAGERS: "QM1" }, { devToken: TOKEN, devUser: `mqadmin:MQWebAdmin:${await hashPassword("bench")}`, sessionSecret: "bench-session-secret-bench-session-secret" });
const edge = await startLocalEdge({ port: 0, persistTo, inspectorPort, vars: side === "ours" ? vars : {}, ...(side === "minimal" ? { entryPoint: new URL("./rest-minimal-worker.js", import.meta.url).pathname } : {}) });
try {
  await drive(edge.url, 200);
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const t = targets.find((t) => t.title.endsWith("core:user:webmq"));
  const socket = new WebSocket(t.webSocketDebuggerUrl);
  await new Promise((r, j) => { socket.once("open", r); socket.once("error", j); });
  const answers = new Map(); socket.on("message", (d) => { const m = JSON.parse(String(d)); if (m.error) console.error(JSON.stringify(m.error)); answers.get(m.id)?.(m.result ?? { error: m.error }); });
  let id = 0;
  const call = async (method, params = {}) => { const n = ++id; const a = new Promise((r) => answers.set(n, r)); socket.send(JSON.stringify({ id: n, method, params })); for (let i = 0; i < 100; i++) { const r = await Promise.race([a, new Promise((r) => setTimeout(r, 100))]); if (r) return r; await drive(edge.url, 1); } throw new Error("no answer " + method); };
  await call("Profiler.enable"); await call("Profiler.setSamplingInterval", { interval: 100 }); await call("Profiler.start");
  await drive(edge.url, 2000);
  const { profile } = await call("Profiler.stop");
  writeFileSync(`/tmp/h20prof/${side}.cpuprofile`, JSON.stringify(profile));
  socket.close();
} finally { await edge.dispose(); rmSync(persistTo, { recursive: true, force: true }); }
