// Issue 22's STOMP bench: the same @stomp/stompjs client (over `ws`) against our /stomp under
// the local edge (scripts/local-edge.mjs: workerd under Miniflare, storage persisted to a
// temporary directory, as `npm start` runs it) and against RabbitMQ's web-stomp on loopback
// (Debian's rabbitmq-server, started here on free ports with its own data directory and
// stopped at the end; skipped with a note when it is not installed). Not part of npm test.
//
// Ours twice: at /stomp (the front Worker reads CONNECT, then relays every frame to the queue
// manager's object) and at /stomp/QM1 (the socket handed to the object unread).
// For each broker, with 1 and 16 connections: persistent 1 KiB SENDs, each waiting for its
// RECEIPT (latency: SEND to RECEIPT); then get+ack: the same messages taken by a
// client-individual subscription (prefetch-count 10) on each connection, each ACKed with a
// receipt (latency: the MESSAGE's arrival to its ACK's RECEIPT). Throughput is messages over
// the phase's wall time. Where the time goes: each row also gives the CPU time per message of
// the broker's processes (workerd for ours, RabbitMQ's Erlang VM) and of this client process
// (read from /proc, so Linux only; blank elsewhere): on a 2-core machine the client's own
// share bounds what any broker can show here.
//
//   node bench/stomp-vs-rabbitmq.mjs
//   BENCH_MESSAGES=4000 node bench/stomp-vs-rabbitmq.mjs   # messages per run (default 2000)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@stomp/stompjs";
import WebSocket from "ws";
import { startLocalEdge } from "../scripts/local-edge.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const TOKEN = "bench-stomp";
const BODY = "x".repeat(1024);
const RABBIT_BIN = "/usr/lib/rabbitmq/bin";

async function connect(url, connectHeaders) {
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ["v12.stomp", "v11.stomp", "v10.stomp"]),
    connectHeaders,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => undefined,
  });
  await new Promise((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketClose = () => reject(new Error("closed before CONNECTED"));
    client.activate();
  });
  client.onStompError = (frame) => console.error(`ERROR ${frame.headers.message}`);
  return client;
}

let receipts = 0;
function receipted(client, send) {
  const receipt = `r${++receipts}`;
  const done = new Promise((resolve) => client.watchForReceipt(receipt, resolve));
  send(receipt);
  return done;
}

/** CPU ms used so far by the broker's processes: workerd started by this process, or RabbitMQ's VM started with our node name (in its environment); undefined without /proc. */
function brokerCpuMs() {
  if (!existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ours = command === "workerd" && Number(fields[1]) === process.pid;
      const rabbit = command.startsWith("beam") && readFileSync(`/proc/${pid}/environ`, "utf8").includes(`RABBITMQ_NODENAME=webmq-bench-${process.pid}@`);
      // utime + stime, in clock ticks (100 a second on Linux).
      if (ours || rabbit) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process has gone
    }
  }
  return ticks * 10;
}

const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU so far, to give each phase's cost per message. */
function cpuMark() {
  return { broker: brokerCpuMs(), client: clientCpuMs() };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
function summary(phase, connections, count, ms, latencies, cpuAtStart) {
  latencies.sort((a, b) => a - b);
  const cpu = cpuMark();
  const perMessageUs = (from, to) => (from === undefined || to === undefined ? "" : Math.round(((to - from) / count) * 1000));
  return {
    phase,
    connections,
    messages: count,
    perSecond: Math.round((count / ms) * 1000),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    brokerCpuUsPerMsg: perMessageUs(cpuAtStart.broker, cpu.broker),
    clientCpuUsPerMsg: perMessageUs(cpuAtStart.client, cpu.client),
  };
}

/** One run: `connections` clients put MESSAGES persistent messages with receipts, then get and ack them all. */
async function run(url, headers, queue, connections) {
  const clients = await Promise.all(Array.from({ length: connections }, () => connect(url, headers)));
  const destination = `/queue/${queue}`;
  try {
    const putLatencies = [];
    let next = 0;
    let cpuAtStart = cpuMark();
    let start = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        while (next < MESSAGES) {
          next++;
          const t = performance.now();
          await receipted(client, (receipt) => client.publish({ destination, body: BODY, headers: { persistent: "true", receipt } }));
          putLatencies.push(performance.now() - t);
        }
      }),
    );
    const put = summary("put (persistent, receipt)", connections, MESSAGES, performance.now() - start, putLatencies, cpuAtStart);

    const getLatencies = [];
    let acked = 0;
    let finish;
    const allAcked = new Promise((resolve) => (finish = resolve));
    cpuAtStart = cpuMark();
    start = performance.now();
    for (const client of clients)
      client.subscribe(
        destination,
        (message) => {
          const t = performance.now();
          receipted(client, (receipt) => message.ack({ receipt })).then(() => {
            getLatencies.push(performance.now() - t);
            if (++acked === MESSAGES) finish();
          });
        },
        { ack: "client-individual", "prefetch-count": "10" },
      );
    await allAcked;
    const get = summary("get+ack (client-individual)", connections, MESSAGES, performance.now() - start, getLatencies, cpuAtStart);
    return [put, get];
  } finally {
    await Promise.all(clients.map((client) => client.deactivate()));
  }
}

async function ours() {
  const persistTo = mkdtempSync(join(tmpdir(), "webmq-bench-stomp-"));
  const edge = await startLocalEdge({ port: 0, persistTo, vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1" } });
  try {
    const response = await fetch(`${edge.url}/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", "content-type": "application/json", connection: "close" },
      body: JSON.stringify({
        type: "runCommand",
        parameters: { command: "DEFINE QLOCAL(BENCH.Q1) MAXDEPTH(999999)\nDEFINE QLOCAL(BENCH.Q16) MAXDEPTH(999999)" },
      }),
    });
    if (!response.ok) throw new Error(`DEFINE QLOCAL: ${response.status} ${await response.text()}`);
    const url = `${edge.url.replace(/^http/, "ws").replace(/\/$/, "")}/stomp`;
    const headers = { passcode: TOKEN, host: "QM1" };
    const relayed = [...(await run(url, headers, "BENCH.Q1", 1)), ...(await run(url, headers, "BENCH.Q16", 16))];
    // /stomp/QM1: the socket handed to the object, no relay through the front Worker.
    const handedOver = [...(await run(`${url}/QM1`, headers, "BENCH.Q1", 1)), ...(await run(`${url}/QM1`, headers, "BENCH.Q16", 16))];
    return [
      ...relayed.map((row) => ({ broker: "webmq /stomp (relayed)", ...row })),
      ...handedOver.map((row) => ({ broker: "webmq /stomp/QM1 (handed over)", ...row })),
    ];
  } finally {
    await edge.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** RabbitMQ on loopback with web-stomp, in a directory of its own; its stop function, or undefined when not installed. */
async function startRabbit() {
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
  const stop = () => {
    spawnSync(join(RABBIT_BIN, "rabbitmqctl"), ["-n", node, "stop"], { env, stdio: "ignore" });
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
    // The Erlang port mapper it started on our port, so that none is left behind.
    // (it refuses while the node is still registered: retried for a few seconds).
    for (let i = 0; i < 25; i++) {
      const killed = spawnSync("epmd", ["-port", String(epmd), "-kill"], { env, encoding: "utf8" });
      if (/Killed/i.test(killed.stdout) || /connect|refused/i.test(killed.stderr + killed.stdout)) break;
      spawnSync("sleep", ["0.2"]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  if (wait.status !== 0) {
    stop();
    throw new Error(`RabbitMQ did not start: ${wait.stderr || wait.stdout}`);
  }
  return { url: `ws://127.0.0.1:${webStomp}/ws`, stop };
}

async function rabbit() {
  const broker = await startRabbit();
  if (!broker) {
    console.log("RabbitMQ skipped: rabbitmq-server is not installed (apt-get install -y rabbitmq-server)");
    return [];
  }
  try {
    const headers = { login: "guest", passcode: "guest", host: "/" };
    return [...(await run(broker.url, headers, "bench.q1", 1)), ...(await run(broker.url, headers, "bench.q16", 16))];
  } finally {
    broker.stop();
  }
}

const rows = [];
rows.push(...(await ours()));
for (const row of await rabbit()) rows.push({ broker: "RabbitMQ web-stomp", ...row });
console.log(`${MESSAGES} messages of 1 KiB per run; latencies in ms; CPU time per message in µs (broker: workerd or RabbitMQ's VM; client: this process)`);
console.table(rows);
