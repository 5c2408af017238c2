/**
 * The page of the channel bench (run.ts drives it): a queue manager on IndexedDB in this page
 * (what the owner of a shared manager runs) sends 1 KiB persistent messages to serveHttp over
 * a WebSocket sender channel. The messages are put first; the time is from START CHANNEL to
 * the transmission queue empty (each batch's gets commit only once the server confirms it).
 * Each run is a new database and a new channel (a receiver's sync record belongs to its sender).
 */
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";

export interface ChannelTimed {
  count: number;
  /** START CHANNEL to the transmission queue empty. */
  channelMs: number;
  /** The same messages put and got on a local queue of the same manager. */
  localMs: number;
}

const BODY = new Uint8Array(1024).fill(42);

async function run(port: number, token: string, count: number, batchSize: number, channel: string): Promise<ChannelTimed> {
  const name = `BENCH${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const qm = await openLocalBrowserQueueManager({ name, databaseName: `webmq-bench:${name}`, channelCredentials: { [channel]: { token } } });
  await qm.mqsc(`DEFINE QLOCAL(SERVER) USAGE(XMITQ) MAXDEPTH(999999999)
DEFINE QREMOTE(REMOTE.Q) RNAME(TARGET) RQMNAME(SERVER) XMITQ(SERVER)
DEFINE QLOCAL(LOCAL.Q) MAXDEPTH(999999999)
DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('127.0.0.1(${port})') XMITQ(SERVER) BATCHSZ(${batchSize})`);
  const localStarted = performance.now();
  for (let i = 0; i < count; i++) await qm.put("LOCAL.Q", { body: BODY, persistent: true });
  for (let i = 0; i < count; i++) await qm.get("LOCAL.Q");
  const localMs = performance.now() - localStarted;
  for (let i = 0; i < count; i++) await qm.put("REMOTE.Q", { body: BODY, persistent: true });
  const started = performance.now();
  qm.startChannel(channel);
  if ((await qm.channelStarted(channel)) !== "running") throw new Error(`${channel}: ${qm.channelAgentStatus(channel)?.reason}`);
  while (qm.queueStatus("SERVER").depth > 0) await new Promise((resolve) => setTimeout(resolve, 2));
  const channelMs = performance.now() - started;
  await qm.close();
  indexedDB.deleteDatabase(`webmq-bench:${name}`);
  indexedDB.deleteDatabase(`webmq-bench:${name}:channels`);
  return { count, channelMs, localMs };
}

declare global {
  interface Window {
    channelBench: typeof run;
  }
}
window.channelBench = run;
