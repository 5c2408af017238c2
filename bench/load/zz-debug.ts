import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";
import { send } from "./http-client.js";
const qm = await QueueManager.open({ name: "QM1" });
const server = await serveHttp({ queueManagers: [qm], tokens: ["t"], responseTimeout: 500 });
const h = { authorization: "Bearer t", "ibm-mq-rest-csrf-token": "x" };
const url = `${server.url}/ibmmq/rest/v3/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message`;
const mode = process.argv[2];
let got = 0, aborted = 0, put = 0, leftHeaders = 0; const ids = new Set<string>(); const seen = new Set<string>(); const gotIds = new Set<string>();
for (let i = 0; i < 200; i++) {
  if (mode === "available") { await qm.put("DEV.QUEUE.1", { body: `m${i} x`, persistent: true }); put++; ids.add(`m${i} x`); }
  const p = send(url + "?wait=1000", "DELETE", h, { kind: "abort", afterMs: i % 10 });
  if (mode === "wait") { await new Promise((r) => setTimeout(r, i % 7)); await qm.put("DEV.QUEUE.1", { body: `m${i} x`, persistent: true }); put++; ids.add(`m${i} x`); }
  const o = await p;
  const mid = String(o.headers['ibm-mq-md-messageid']); if (o.status === 200 && o.complete) { got++; gotIds.add(o.body.toString()); } else if (o.leftEarly && o.status === 0) aborted++; else if (o.leftEarly) { leftHeaders++; seen.add(mid); }
}
await new Promise((r) => setTimeout(r, 1500));
let n = 0; let m; const leftIds = new Set<string>(); while ((m = await qm.get("DEV.QUEUE.1"))) { n++; leftIds.add(String(m.body)); }
const missing = [...ids].filter((id) => !gotIds.has(id) && !leftIds.has(id)); console.log("missing", missing.length, "seen-with-headers", seen.size);
console.log(mode, { put, got, aborted, leftHeaders, left: n, lost: put - got - n - leftHeaders });
await server.close(); await qm.close();
