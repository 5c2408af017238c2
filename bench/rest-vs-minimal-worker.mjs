// Issue 25's REST row: persistent 1 KiB puts through the worker as `npm start` runs it, against
// a minimal Worker + Durable Object doing one SQL INSERT per POST (bench/rest-minimal-worker.js),
// both under workerd through scripts/local-edge.mjs with the same wrangler.toml options and
// Durable Object storage on disk (a fresh directory each), driven by the same harness: a node
// http loop keeping 50 requests in flight on 50 keep-alive connections. Each side gets a warm-up
// of 200 puts, then a fixed count is timed. Printed: puts/s for both, ours as a share of the
// baseline, and workerd's CPU per put (user + system from /proc/<pid>/stat of the workerd
// processes this script started). Runs are alternated (baseline, ours, ours, baseline, ...) so
// that a change in the machine's load falls on both. Not part of npm test.
//
//   npm run bench -- rest                          # 3 rounds of 2,000 puts each side
//   BENCH_MESSAGES=5000 BENCH_ROUNDS=2 node bench/rest-vs-minimal-worker.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalEdge } from "../scripts/local-edge.mjs";
import { hashPassword } from "../scripts/pbkdf2.mjs";
import { workerVariables } from "../scripts/start-config.mjs";

const COUNT = Number(process.env.BENCH_MESSAGES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 200;
const IN_FLIGHT = 50;
const TOKEN = "bench-rest-vs-minimal";
const BODY = Buffer.alloc(1024, "x");
const here = dirname(fileURLToPath(import.meta.url));

/** The variables `npm start` gives the worker (scripts/start.mjs), with no .dev.vars. */
async function startVariables() {
  return workerVariables(
    { MQ_QUEUE_MANAGERS: "QM1" },
    { devToken: TOKEN, devUser: `mqadmin:MQWebAdmin:${await hashPassword("bench")}`, sessionSecret: "bench-session-secret-bench-session-secret" },
  );
}

/** Puts `count` messages, `IN_FLIGHT` at a time on keep-alive connections; resolves with the seconds taken. */
async function drive(url, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const target = new URL("/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message", url);
  const headers = {
    authorization: `Bearer ${TOKEN}`,
    "ibm-mq-rest-csrf-token": "",
    "content-type": "text/plain;charset=utf-8",
    "ibm-mq-md-persistence": "persistent",
    "content-length": BODY.length,
  };
  const putOne = () =>
    new Promise((resolve, reject) => {
      const req = request(target, { method: "POST", headers, agent }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => (res.statusCode === 201 ? resolve() : reject(new Error(`put: ${res.statusCode} ${Buffer.concat(chunks)}`))));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(BODY);
    });
  let started = 0;
  const loop = async () => {
    while (started < count) {
      started++;
      await putOne();
    }
  };
  const begin = performance.now();
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  } finally {
    agent.destroy();
  }
  return (performance.now() - begin) / 1000;
}

/** One side: a fresh workerd on fresh storage, a warm-up, then `COUNT` timed puts. */
async function measure(side) {
  const persistTo = mkdtempSync(join(tmpdir(), `webmq-bench-rest-${side}-`));
  const edge = await startLocalEdge({
    port: 0,
    persistTo,
    vars: side === "ours" ? await startVariables() : {},
    ...(side === "minimal" ? { entryPoint: join(here, "rest-minimal-worker.js") } : {}),
  });
  try {
    await drive(edge.url, WARMUP);
    const pids = ourWorkerds();
    const cpuBefore = cpuSeconds(pids);
    const seconds = await drive(edge.url, COUNT);
    const cpu = cpuSeconds(pids) - cpuBefore;
    return { perSecond: COUNT / seconds, cpuMicrosPerPut: (cpu / COUNT) * 1e6 };
  } finally {
    await edge.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

// --- Internal helpers ---

/** CPU seconds (user + system) of the given processes, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pids) {
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

/** The workerd processes descended from this one (ours, not other sessions'). */
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

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];

// wrangler.toml serves the playground's assets, so they must exist, as `npm start` builds them.
if (!existsSync(join(here, "..", "dist", "playground"))) {
  const built = spawnSync("npm", ["run", "--silent", "build:playground"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const loadBefore = loadAverage();
const rows = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ["minimal", "ours"] : ["ours", "minimal"];
  const result = {};
  for (const side of order) result[side] = await measure(side);
  rows.push(result);
}
const loadAfter = loadAverage();

const fmt = (n, width) => Math.round(n).toLocaleString("en").padStart(width);
console.log(`${COUNT} persistent 1 KiB REST puts per side and round, ${IN_FLIGHT} in flight on keep-alive; load ${loadBefore} -> ${loadAfter}`);
console.log("round  minimal puts/s  ours puts/s  ours/minimal  minimal CPU/put  ours CPU/put");
rows.forEach(({ minimal, ours }, i) =>
  console.log(
    `${String(i + 1).padStart(5)}  ${fmt(minimal.perSecond, 14)}  ${fmt(ours.perSecond, 11)}  ${((100 * ours.perSecond) / minimal.perSecond).toFixed(1).padStart(11)}%  ${fmt(minimal.cpuMicrosPerPut, 12)} µs  ${fmt(ours.cpuMicrosPerPut, 9)} µs`,
  ),
);
