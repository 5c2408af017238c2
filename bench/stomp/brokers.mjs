// The brokers bench/stomp-vs-rabbitmq.mjs compares, each started on loopback in a temporary
// directory and stopped by the bench, and the CPU time their processes use (read from /proc,
// so Linux only; undefined elsewhere).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startLocalEdge } from "../../scripts/local-edge.mjs";

const RABBIT_BIN = "/usr/lib/rabbitmq/bin";
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** CPU ms the processes `matches(pid, command, fields)` picks have used so far; undefined without /proc. */
function cpuMs(matches) {
  if (!existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime + stime, in clock ticks (100 a second on Linux).
      if (matches(Number(pid), command, fields)) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process has gone
    }
  }
  return ticks * 10;
}

/** The local edge as `npm start` runs it (workerd under Miniflare, storage on disk), with BENCH.Q1 and BENCH.Q16. */
export async function startEdge(token) {
  const persistTo = mkdtempSync(join(tmpdir(), "webmq-bench-stomp-"));
  const edge = await startLocalEdge({ port: 0, persistTo, vars: { MQ_TOKENS: token, MQ_QUEUE_MANAGERS: "QM1" } });
  const response = await fetch(`${edge.url}/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "ibm-mq-rest-csrf-token": "", "content-type": "application/json", connection: "close" },
    body: JSON.stringify({
      type: "runCommand",
      parameters: { command: "DEFINE QLOCAL(BENCH.Q1) MAXDEPTH(999999)\nDEFINE QLOCAL(BENCH.Q16) MAXDEPTH(999999)" },
    }),
  });
  if (!response.ok) throw new Error(`DEFINE QLOCAL: ${response.status} ${await response.text()}`);
  return {
    url: `${edge.url.replace(/^http/, "ws").replace(/\/$/, "")}/stomp`,
    cpuMs: () => cpuMs((_pid, command, fields) => command === "workerd" && Number(fields[1]) === process.pid),
    stop: async () => {
      await edge.dispose();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}

/**
 * serveHttp in a Node process of its own (bench/stomp/serve-http.ts: QM1 on a SQLite file).
 * BENCH_SERVE_HTTP_NODE_OPTIONS adds node options to it, e.g. `--cpu-prof --cpu-prof-dir=DIR`.
 */
export async function startServeHttp(token) {
  const dir = mkdtempSync(join(tmpdir(), "webmq-bench-stomp-node-"));
  const extra = (process.env.BENCH_SERVE_HTTP_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, "--import", "tsx", join(root, "bench/stomp/serve-http.ts"), dir, token], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve-http.ts exited (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => line.startsWith("URL ") && resolve(line.slice(4)));
  });
  return {
    url: `${url.replace(/^http/, "ws")}/stomp`,
    cpuMs: () => cpuMs((pid) => pid === child.pid),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** RabbitMQ on loopback with web-stomp, in a directory of its own; undefined when not installed. */
export async function startRabbit() {
  if (!existsSync(join(RABBIT_BIN, "rabbitmq-server"))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "webmq-bench-rabbit-"));
  const [amqp, webStomp, dist, epmd] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  writeFileSync(join(dir, "enabled_plugins"), "[rabbitmq_web_stomp].\n");
  writeFileSync(
    join(dir, "rabbitmq.conf"),
    [
      `listeners.tcp.1 = 127.0.0.1:${amqp}`,
      `web_stomp.tcp.ip = 127.0.0.1`,
      `web_stomp.tcp.port = ${webStomp}`,
      "loopback_users.guest = true",
      "management_agent.disable_metrics_collector = true",
    ].join("\n") + "\n",
  );
  const node = `webmq-bench-${process.pid}@localhost`;
  const env = {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: node,
    RABBITMQ_BASE: dir,
    RABBITMQ_CONFIG_FILE: join(dir, "rabbitmq"),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, "enabled_plugins"),
    RABBITMQ_MNESIA_BASE: join(dir, "mnesia"),
    RABBITMQ_LOG_BASE: join(dir, "log"),
    RABBITMQ_DIST_PORT: String(dist),
    ERL_EPMD_PORT: String(epmd),
  };
  const server = spawn(join(RABBIT_BIN, "rabbitmq-server"), [], { env, stdio: "ignore", detached: true });
  const wait = spawnSync(join(RABBIT_BIN, "rabbitmqctl"), ["-n", node, "wait", "--timeout", "120", join(dir, "mnesia", `${node}.pid`)], {
    env,
    encoding: "utf8",
  });
  const stop = async () => {
    spawnSync(join(RABBIT_BIN, "rabbitmqctl"), ["-n", node, "stop"], { env, stdio: "ignore" });
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
    // The Erlang port mapper it started on our port, so that none is left behind
    // (it refuses while the node is still registered: retried for a few seconds).
    for (let i = 0; i < 25; i++) {
      const killed = spawnSync("epmd", ["-port", String(epmd), "-kill"], { env, encoding: "utf8" });
      if (/Killed/i.test(killed.stdout) || /connect|refused/i.test(killed.stderr + killed.stdout)) break;
      spawnSync("sleep", ["0.2"]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  if (wait.status !== 0) {
    await stop();
    throw new Error(`RabbitMQ did not start: ${wait.stderr || wait.stdout}`);
  }
  return {
    url: `ws://127.0.0.1:${webStomp}/ws`,
    cpuMs: () => rabbitCpu(node),
    stop,
  };
}

function rabbitCpu(node) {
  return cpuMs((pid, command) => command.startsWith("beam") && readFileSync(`/proc/${pid}/environ`, "utf8").includes(`RABBITMQ_NODENAME=${node}`));
}
