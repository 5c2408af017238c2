// Issue 22's STOMP bench: our /stomp against RabbitMQ's web-stomp on loopback (Debian's
// rabbitmq-server, started here on free ports with its own data directory and stopped at the
// end; skipped with a note when it is not installed), each broker driven by the same clients
// in the same run. Not part of npm test. Brokers (bench/stomp/brokers.mjs):
//   - "edge": the worker as `npm start` runs it (workerd under Miniflare, storage on disk), at
//     /stomp (the front Worker reads CONNECT, then relays every frame to the queue manager's
//     object) and at /stomp/QM1 (the socket handed to the object unread);
//   - "node": serveHttp in a Node process of its own, QM1 on a SQLite file (openFileStore);
//   - "rabbit": RabbitMQ web-stomp.
// Clients, each with 1 and 16 connections, persistent 1 KiB messages:
//   - "stompjs" (bench/stomp/stompjs-client.mjs): @stomp/stompjs as an app uses it, one SEND in
//     flight per connection (latency: SEND to RECEIPT), then get+ack, client-individual,
//     prefetch-count 10, each ACK with a receipt (latency: MESSAGE's arrival to the ACK's
//     RECEIPT). Its own CPU per message is as large as a broker's: on a 2-core machine it
//     bounds what any broker can show.
//   - "raw" (bench/stomp/raw-client.mjs): pre-encoded frames over `ws`, 32 SENDs in flight
//     per connection and prefetch-count 32, every SEND and ACK still with a receipt: what the
//     client costs is small, so this is the broker's throughput.
// Throughput is messages over the phase's wall time; `vs RabbitMQ` divides by RabbitMQ's rate
// for the same client, phase and connections in this run. CPU per message: the broker's
// processes (workerd, the serveHttp process, RabbitMQ's VM) and this client process;
// `cpuRabbitMQOverOurs` is RabbitMQ's CPU per message over the broker's (2 = half RabbitMQ's).
//
//   node bench/stomp-vs-rabbitmq.mjs
//   BENCH_MESSAGES=4000 BENCH_BROKERS=node,rabbit BENCH_CLIENTS=raw node bench/stomp-vs-rabbitmq.mjs
import { readFileSync } from "node:fs";
import { startEdge, startRabbit, startServeHttp } from "./stomp/brokers.mjs";
import { rawRun } from "./stomp/raw-client.mjs";
import { stompjsRun } from "./stomp/stompjs-client.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const BROKERS = (process.env.BENCH_BROKERS ?? "edge,node,rabbit").split(",");
const CLIENTS = (process.env.BENCH_CLIENTS ?? "stompjs,raw").split(",");
const TOKEN = "bench-stomp";
const BODY = "x".repeat(1024);
const runners = { stompjs: stompjsRun, raw: rawRun };

const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Every client and connection count against one broker at `url`; a row per phase. */
async function measure(broker, name, url, headers, queues) {
  const rows = [];
  const mark = () => ({ broker: broker.cpuMs(), client: clientCpuMs() });
  for (const client of CLIENTS)
    for (const connections of [1, 16]) {
      let result;
      try {
        result = await runners[client](url, headers, queues[connections], connections, MESSAGES, BODY, mark);
      } catch (error) {
        // Said in the table, not hidden: the queue may now hold messages the next run takes.
        rows.push({ broker: name, client, phase: `failed: ${error.message}`.slice(0, 80), connections });
        continue;
      }
      const end = mark();
      for (const [phase, { ms, latencies, cpu }] of [
        ["put (persistent, receipt)", result.put],
        ["get+ack (client-individual, receipt)", result.get],
      ]) {
        latencies.sort((a, b) => a - b);
        const perMessageUs = (from, to) => (from === undefined || to === undefined ? "" : Math.round(((to - from) / MESSAGES) * 1000));
        // The put phase's CPU ends where the get phase's starts.
        const until = phase.startsWith("put") ? result.get.cpu : end;
        rows.push({
          broker: name,
          client,
          phase,
          connections,
          perSecond: Math.round((MESSAGES / ms) * 1000),
          p50: percentile(latencies, 50).toFixed(1),
          p99: percentile(latencies, 99).toFixed(1),
          brokerCpuUsPerMsg: perMessageUs(cpu.broker, until.broker),
          clientCpuUsPerMsg: perMessageUs(cpu.client, until.client),
        });
      }
    }
  return rows;
}

const OURS = { 1: "BENCH.Q1", 16: "BENCH.Q16" };
const rows = [];
if (BROKERS.includes("edge")) {
  const edge = await startEdge(TOKEN);
  try {
    const headers = { passcode: TOKEN, host: "QM1" };
    rows.push(...(await measure(edge, "webmq edge /stomp (relayed)", edge.url, headers, OURS)));
    rows.push(...(await measure(edge, "webmq edge /stomp/QM1 (handed over)", `${edge.url}/QM1`, headers, OURS)));
  } finally {
    await edge.stop();
  }
}
if (BROKERS.includes("node")) {
  const node = await startServeHttp(TOKEN);
  try {
    rows.push(...(await measure(node, "webmq serveHttp (SQLite file)", node.url, { passcode: TOKEN, host: "QM1" }, OURS)));
  } finally {
    await node.stop();
  }
}
if (BROKERS.includes("rabbit")) {
  const rabbit = await startRabbit();
  if (!rabbit) console.log("RabbitMQ skipped: rabbitmq-server is not installed (apt-get install -y rabbitmq-server)");
  else
    try {
      rows.push(
        ...(await measure(rabbit, "RabbitMQ web-stomp", rabbit.url, { login: "guest", passcode: "guest", host: "/" }, { 1: "bench.q1", 16: "bench.q16" })),
      );
    } finally {
      await rabbit.stop();
    }
}
const rabbitRow = (row) =>
  rows.find((r) => r.broker.startsWith("RabbitMQ") && r.client === row.client && r.phase === row.phase && r.connections === row.connections);
for (const row of rows) {
  const base = rabbitRow(row);
  row.vsRabbitMQ = base?.perSecond ? (row.perSecond / base.perSecond).toFixed(2) : "";
  // On a loaded machine the rates move with the scheduler; the CPU a message costs moves less.
  row.cpuRabbitMQOverOurs = base?.brokerCpuUsPerMsg && row.brokerCpuUsPerMsg ? (base.brokerCpuUsPerMsg / row.brokerCpuUsPerMsg).toFixed(2) : "";
}
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(
  `${MESSAGES} messages of 1 KiB per run; latencies in ms; CPU time per message in µs (broker: its processes; client: this process); load average at the end: ${load}`,
);
console.table(rows);
