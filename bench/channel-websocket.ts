/**
 * Messages/s a sender channel moves over WebSocket (adapters/http/channels) from one queue
 * manager to another served by serveHttp on 127.0.0.1, both in this process: 1 KiB persistent
 * messages, BATCHSZ 50 and 1, on memory stores and on SQLite file stores (openFileStore: an
 * fsync per commit at each end), beside a local put+get of the same messages on the same kind
 * of store. The messages wait on the transmission queue first; the time is from START CHANNEL
 * to the last one on the receiver's queue. Not part of npm test or npm run bench:
 *
 *   node --import tsx bench/channel-websocket.ts [count, default 2000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueueManager, type Store } from "../core/index.js";
import { nodeChannelConnector, openFileStore, serveHttp } from "../adapters/http/node-server.js";

const COUNT = Number(process.argv[2] ?? 2000);
const TOKEN = "bench-channel-token";
const BODY = new Uint8Array(1024).fill(42);

type StoreKind = "memory" | "file";

async function openQm(name: string, kind: StoreKind, folder: string, extra: { channelConnector?: ReturnType<typeof nodeChannelConnector> } = {}) {
  const store: Store | undefined = kind === "file" ? openFileStore(join(folder, `${name}-${Math.random().toString(36).slice(2)}.db`)) : undefined;
  return QueueManager.open({ name, ...(store ? { store } : {}), ...extra });
}

async function channelRun(kind: StoreKind, batchSize: number, folder: string): Promise<number> {
  const receiverQm = await openQm("RECEIVER", kind, folder);
  await receiverQm.mqsc(`DEFINE QLOCAL(TARGET) MAXDEPTH(999999999)\nDEFINE CHANNEL(BENCH) CHLTYPE(RCVR)`);
  const receiver = await serveHttp({ queueManagers: [receiverQm], tokens: [`${TOKEN}:MQWebChannel:bench`] });
  const senderQm = await openQm("SENDER", kind, folder, { channelConnector: nodeChannelConnector({ credentials: { BENCH: { token: TOKEN } } }) });
  await senderQm.mqsc(`DEFINE QLOCAL(RECEIVER) USAGE(XMITQ) MAXDEPTH(999999999)
DEFINE QREMOTE(REMOTE.Q) RNAME(TARGET) RQMNAME(RECEIVER) XMITQ(RECEIVER)
DEFINE CHANNEL(BENCH) CHLTYPE(SDR) CONNAME('127.0.0.1(${receiver.port})') XMITQ(RECEIVER) BATCHSZ(${batchSize})`);
  for (let i = 0; i < COUNT; i++) await senderQm.put("REMOTE.Q", { body: BODY, persistent: true });
  const started = performance.now();
  senderQm.startChannel("BENCH");
  if ((await senderQm.channelStarted("BENCH")) !== "running") throw new Error(`BENCH: ${senderQm.channelAgentStatus("BENCH")?.reason}`);
  while (receiverQm.queueStatus("TARGET").depth < COUNT) await new Promise((resolve) => setTimeout(resolve, 1));
  const seconds = (performance.now() - started) / 1000;
  await senderQm.stopChannel("BENCH");
  await receiver.close();
  await senderQm.close();
  await receiverQm.close();
  return COUNT / seconds;
}

async function localRun(kind: StoreKind, folder: string): Promise<number> {
  const qm = await openQm("LOCAL", kind, folder);
  await qm.mqsc("DEFINE QLOCAL(TARGET) MAXDEPTH(999999999)");
  const started = performance.now();
  for (let i = 0; i < COUNT; i++) await qm.put("TARGET", { body: BODY, persistent: true });
  for (let i = 0; i < COUNT; i++) if (!(await qm.get("TARGET"))) throw new Error("a message went missing");
  const seconds = (performance.now() - started) / 1000;
  await qm.close();
  return COUNT / seconds;
}

const folder = mkdtempSync(join(tmpdir(), "webmq-channel-bench-"));
try {
  console.log(`${COUNT} persistent 1 KiB messages, node ${process.version}, both ends in one process`);
  for (const kind of ["memory", "file"] as const) {
    const local = await localRun(kind, folder);
    console.log(`${kind.padEnd(6)} local put+get (one at a time)      ${local.toFixed(0).padStart(7)} msg/s`);
    for (const batchSize of [50, 1]) {
      const rate = await channelRun(kind, batchSize, folder);
      console.log(
        `${kind.padEnd(6)} channel over WebSocket, BATCHSZ ${String(batchSize).padEnd(2)}  ${rate.toFixed(0).padStart(7)} msg/s  (${((rate / local) * 100).toFixed(0)}% of local)`,
      );
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
