/**
 * The MQI's client binding against the REST API on the same server, in the same run: round
 * trips of a 1 KiB non-persistent message, one after another, by a program of the `ibmmq` kind
 * (MQPUT then MQGET on one connection over DEV.APP.SVRCONN, as amqsput and amqsget make them)
 * and by a REST script (POST then DELETE of .../queue/DEV.QUEUE.1/message on a keep-alive
 * connection), both as the user `app` of IBM's developer configuration, against
 *
 * - Node's server: `serveHttp` in a process of its own (server-process.ts), and
 * - the edge worker under workerd as `npm start` runs it (`startLocalEdge`), where both paths
 *   go through the front Worker to QM1's Durable Object.
 *
 * The ratio is client pairs/s over REST pairs/s. Against Node's server two more rows: the same
 * client pairs with MQGET made by GetSync (the thread blocked for the answer), against REST; and
 * what servicing the socket on a worker thread (which GetSync needs, adapters/mqi/client-thread.ts)
 * costs the asynchronous verbs: their pairs over the thread's socket against a socket on the
 * program's own thread. `BENCH_MESSAGES` sets the pairs per round.
 * Standalone: `npx tsx bench/mqi-client/run.ts`.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import * as mq from "../../adapters/mqi/index.js";
import { clientSocketPlacement } from "../../adapters/mqi/client.js";
import { BODY_1KIB, alternate, elapsedMs, median, rate } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";
import { DEVELOPER_SCRIPT } from "./developer-script.js";

const QUEUE = "DEV.QUEUE.1";
const PAIRS = Number(process.env.BENCH_MESSAGES ?? 300);
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const MQC = mq.MQC;

interface Server {
  url: string;
  appToken: string;
  close(): Promise<void>;
}

export async function runMqiClientBench(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  for (const [runtime, start, label] of [
    ["node", startNodeServer, "serveHttp"],
    ["workerd", startEdge, "npm start (Durable Object)"],
  ] as const) {
    const server = await start();
    try {
      const row = await measure(runtime, label, server);
      rows.push(row);
      if (runtime === "node") rows.push(...(await measureSynchronousAndThread(label, server)));
      const { microsecondsPerPair } = row.details as { microsecondsPerPair: { client: number; rest: number } };
      notes.push(`${label}: ${microsecondsPerPair.client.toFixed(0)} µs per MQPUT+MQGET pair, ${microsecondsPerPair.rest.toFixed(0)} µs per REST POST+DELETE`);
    } finally {
      await server.close();
    }
  }
  return { name: "mqi-client", runtime: "node", versions: { node: process.version }, rows, notes };
}

/** A client connection to `server`'s DEV.QUEUE.1, opened for input and output. */
async function openClient(server: Server): Promise<{ hConn: mq.MQQueueManager; hObj: mq.MQObject }> {
  const port = new URL(server.url).port;
  const cno = new mq.MQCNO();
  cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: `127.0.0.1(${port})` });
  const hConn = await mq.ConnxPromise("QM1", cno);
  const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: QUEUE }), MQC.MQOO_INPUT_AS_Q_DEF | MQC.MQOO_OUTPUT);
  return { hConn, hObj };
}

/** PAIRS of MQPUT then MQGET (GetOnce, asynchronous; or GetSync, blocking) of a 1 KiB message. */
function clientPairs(hObj: mq.MQObject, synchronous = false) {
  const data = Buffer.from(BODY_1KIB);
  const buf = Buffer.alloc(2048);
  return () =>
    elapsedMs(async () => {
      for (let i = 0; i < PAIRS; i++) {
        const md = Object.assign(new mq.MQMD(), { Format: MQC.MQFMT_STRING, Persistence: MQC.MQPER_NOT_PERSISTENT });
        await mq.PutPromise(hObj, md, new mq.MQPMO(), data);
        const length = synchronous
          ? mq.GetSync(hObj, new mq.MQMD(), new mq.MQGMO(), buf)
          : (await mq.GetOnce(hObj, new mq.MQMD(), new mq.MQGMO(), 2048)).length;
        if (length !== data.length) throw new Error(`mqi-client bench: got ${length} bytes`);
      }
    });
}

function row(runtime: BenchRow["runtime"], what: string, measured: { ours: number[]; baseline: number[] }, keys: [string, string]): BenchRow {
  const ours = measured.ours.map((ms) => rate(PAIRS, ms));
  const baseline = measured.baseline.map((ms) => rate(PAIRS, ms));
  const perPair = (ms: number[]) => (median(ms) * 1000) / PAIRS;
  return {
    runtime,
    case: what,
    ours: median(ours),
    baseline: median(baseline),
    ratio: median(ours) / median(baseline),
    target: "report",
    met: true,
    rounds: { ours, baseline },
    details: { pairs: PAIRS, microsecondsPerPair: { [keys[0]]: perPair(measured.ours), [keys[1]]: perPair(measured.baseline) } },
  };
}

/** GetSync's pairs against REST's, and the asynchronous pairs over the worker thread's socket against a socket on this thread. */
async function measureSynchronousAndThread(label: string, server: Server): Promise<BenchRow[]> {
  const onThread = await openClient(server);
  clientSocketPlacement.workerThread = false;
  const onMain = await openClient(server).finally(() => (clientSocketPlacement.workerThread = true));
  try {
    const synchronous = await alternate(clientPairs(onThread.hObj, true), restPairs(server), WARMUP_ROUNDS, ROUNDS);
    const thread = await alternate(clientPairs(onThread.hObj), clientPairs(onMain.hObj), WARMUP_ROUNDS, ROUNDS);
    return [
      row("node", `MQI client binding: MQPUT+GetSync round trips vs REST POST+DELETE, ${label}`, synchronous, ["getSync", "rest"]),
      row("node", `MQI client binding: MQPUT+MQGET round trips, socket on a worker thread vs on the program's thread, ${label}`, thread, [
        "workerThread",
        "mainThread",
      ]),
    ];
  } finally {
    for (const { hConn, hObj } of [onThread, onMain]) {
      await mq.ClosePromise(hObj, 0);
      await mq.DiscPromise(hConn);
    }
  }
}

/** PAIRS of REST POST then DELETE of a 1 KiB message. */
function restPairs(server: Server) {
  const message = `${server.url}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/${QUEUE}/message`;
  const headers = { authorization: `Bearer ${server.appToken}`, "ibm-mq-rest-csrf-token": "bench" };
  return () =>
    elapsedMs(async () => {
      for (let i = 0; i < PAIRS; i++) {
        const put = await fetch(message, {
          method: "POST",
          headers: { ...headers, "content-type": "text/plain", "ibm-mq-md-persistence": "nonPersistent" },
          body: BODY_1KIB,
        });
        await put.arrayBuffer();
        if (put.status !== 201) throw new Error(`mqi-client bench: REST put answered ${put.status}`);
        const get = await fetch(message, { method: "DELETE", headers });
        const body = await get.text();
        if (get.status !== 200 || body.length !== BODY_1KIB.length) throw new Error(`mqi-client bench: REST get answered ${get.status}`);
      }
    });
}

async function measure(runtime: BenchRow["runtime"], label: string, server: Server): Promise<BenchRow> {
  const { hConn, hObj } = await openClient(server);
  const measured = await alternate(clientPairs(hObj), restPairs(server), WARMUP_ROUNDS, ROUNDS);
  await mq.ClosePromise(hObj, 0);
  await mq.DiscPromise(hConn);
  return row(runtime, `MQI client binding: MQPUT+MQGET round trips vs REST POST+DELETE, ${label}`, measured, ["client", "rest"]);
}

/** server-process.ts in a child process (tsx's hooks); closing its standard input stops it. */
async function startNodeServer(): Promise<Server> {
  const appToken = `bench-${randomBytes(9).toString("hex")}`;
  const script = fileURLToPath(new URL("./server-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, BENCH_APP_TOKEN: appToken },
  });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([once(lines, "line").then(([line]) => String(line)), exited.then(() => undefined)]);
  if (first === undefined) throw new Error("mqi-client bench: Node's server process ended before it listened");
  lines.close();
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    appToken,
    close: async () => {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The worker as `npm start` runs it, QM1 configured by the developer script through the admin REST API. */
async function startEdge(): Promise<Server> {
  const appToken = `bench-${randomBytes(9).toString("hex")}`;
  const adminToken = `bench-admin-${randomBytes(9).toString("hex")}`;
  const edge: { url: string; dispose(): Promise<void> } = await startLocalEdge({
    port: 0,
    vars: { MQ_TOKENS: `${adminToken},${appToken}:MQWebUser:app`, MQ_QUEUE_MANAGERS: "QM1" },
  });
  try {
    const script = readFileSync(DEVELOPER_SCRIPT, "utf8").replaceAll("{{ .ChckClnt }}", "ASQMGR");
    const response = await fetch(`${edge.url}/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json", "ibm-mq-rest-csrf-token": "bench" },
      body: JSON.stringify({ type: "runCommand", parameters: { command: script } }),
    });
    const { commandResponse } = (await response.json()) as { commandResponse?: { completionCode: number; reasonCode: number }[] };
    // DEFINE AUTHINFO and REFRESH SECURITY are recognised and not implemented (3227): CONNAUTH is built in.
    const failed = (commandResponse ?? []).filter((r) => r.completionCode > 1 && r.reasonCode !== 3227);
    if (!commandResponse || failed.length > 0) throw new Error(`mqi-client bench: the developer script failed at the edge: ${JSON.stringify(failed)}`);
  } catch (error) {
    await edge.dispose();
    throw error;
  }
  return { url: edge.url, appToken, close: () => edge.dispose() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runMqiClientBench();
  for (const row of result.rows) console.log(JSON.stringify(row, null, 2));
  for (const note of result.notes ?? []) console.log(note);
}
