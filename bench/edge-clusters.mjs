// Persistent puts/s to one cluster queue with 1, 2, 4 and 8 instances under workerd (issue 26's
// bench, edge part): the worker as `npm start` runs it (scripts/local-edge.mjs) on storage on
// disk, MQ_CLUSTERS making QM1..QMn one cluster with APP.Q on each; 16 clients, each with its own
// x-webmq-client-id, put 1 KiB persistent messages to the cluster's name, which the front maps
// to a member per client (adapters/edge/cluster-front.ts), so each member puts on its own
// instance. Printed: puts/s, the ratio to 1 instance in the same run, and workerd's CPU per put
// (/proc of the workerd process: every object runs in that one process). Not part of npm test.
//
//   npm run bench -- edge-clusters                # in the bench table (bench/edge-clusters.ts)
//   node bench/edge-clusters.mjs                  # on its own: 1,000 puts per size
//   BENCH_MESSAGES=5000 node bench/edge-clusters.mjs
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalEdge } from "../scripts/local-edge.mjs";

const TOKEN = "bench-edge-clusters";
const COUNT = Number(process.env.BENCH_MESSAGES ?? 1000);
const CLIENTS = 16;
const auth = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };
const body = "x".repeat(1024);

/** CPU seconds (user + system) of every workerd process on the machine started after `since` ms. */
function workerdCpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/** The workerd processes that are children of this process's descendants (ours, not other helpers'). */
function ourWorkerds() {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), { ppid: Number(stat.split(") ")[1].split(" ")[1]), name: stat.slice(stat.indexOf("(") + 1, stat.indexOf(")")) });
    } catch {
      // gone
    }
  }
  const ours = [];
  for (const [pid, { name }] of parents) {
    if (!name.startsWith("workerd")) continue;
    for (let p = parents.get(pid)?.ppid; p; p = parents.get(p)?.ppid) if (p === process.pid) ours.push(pid);
  }
  return ours;
}

async function run(instances) {
  const persistTo = mkdtempSync(join(tmpdir(), "webmq-bench-clusters-"));
  const members = Array.from({ length: instances }, (_, i) => `QM${i + 1}`);
  const clusters = { BENCH: { repositories: members.slice(0, Math.min(2, instances)), members } };
  const edge = await startLocalEdge({
    port: 0,
    persistTo,
    vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: members.join(","), MQ_CLUSTERS: JSON.stringify(clusters) },
  });
  const mqsc = async (qmgr, command) => {
    const response = await fetch(`${edge.url}/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command } }),
    });
    return (await response.json()).commandResponse.map((r) => [...(r.message ?? []), ...(r.text ?? [])].join(" ")).join("\n");
  };
  try {
    for (const qmgr of members) await mqsc(qmgr, "DEFINE QLOCAL(APP.Q) CLUSTER(BENCH) MAXDEPTH(999999999)");
    const served = new Map();
    let next = 0;
    const client = async (id) => {
      while (next < COUNT) {
        next++;
        const response = await fetch(`${edge.url}/ibmmq/rest/v3/messaging/qmgr/BENCH/queue/APP.Q/message`, {
          method: "POST",
          headers: { ...auth, "content-type": "text/plain", "ibm-mq-md-persistence": "persistent", "x-webmq-client-id": `client-${id}` },
          body,
        });
        if (response.status !== 201) throw new Error(`put: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        const member = response.headers.get("x-webmq-qmgr");
        served.set(member, (served.get(member) ?? 0) + 1);
      }
    };
    const pids = ourWorkerds();
    const cpuBefore = workerdCpuSeconds(pids);
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
    const seconds = (performance.now() - started) / 1000;
    const cpu = workerdCpuSeconds(pids) - cpuBefore;
    return {
      instances,
      perSecond: Math.round(COUNT / seconds),
      cpuMicrosPerPut: Math.round((cpu / COUNT) * 1e6),
      spread: [...served.entries()]
        .sort()
        .map(([m, n]) => `${m}:${n}`)
        .join(" "),
    };
  } finally {
    await edge.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** One row per cluster size (1, 2, 4 and 8 instances), each on a worker of its own. */
export async function measureEdgeClusters(sizes = [1, 2, 4, 8]) {
  const rows = [];
  for (const instances of sizes) rows.push(await run(instances));
  return { count: COUNT, clients: CLIENTS, rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await measureEdgeClusters();
  const base = rows[0].perSecond;
  console.log(`${COUNT} persistent 1 KiB puts, ${CLIENTS} clients, to the cluster's name`);
  console.log("instances  puts/s  ratio  workerd CPU/put  puts per member");
  for (const r of rows)
    console.log(
      `${String(r.instances).padStart(9)}  ${String(r.perSecond).padStart(6)}  ${(r.perSecond / base).toFixed(2).padStart(5)}  ${String(r.cpuMicrosPerPut).padStart(12)} µs  ${r.spread}`,
    );
}
