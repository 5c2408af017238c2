/**
 * Messages/s a page's sender channel moves to serveHttp (Chromium): 1 KiB persistent messages
 * from a queue manager on IndexedDB in the page, over WebSocket, to a queue manager on a
 * memory store behind serveHttp on 127.0.0.1, at BATCHSZ 50 and 1, beside a local put+get of
 * the same messages in the page. The aim is >= 1,000/s at BATCHSZ 50 (Workbox's queue
 * drains about 460/s in the same browser). Serves page.ts from a Vite dev server, drives it
 * with playwright's headless Chromium (Debian's /usr/bin/chromium). Not part of npm test:
 *
 *   node --import tsx bench/channel-browser/run.ts [count, default 2000]
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";
import { Cleanup } from "../cleanup.js";
import { openBenchPage } from "../browser-page.js";
import type { ChannelTimed } from "./page.js";

const COUNT = Number(process.argv[2] ?? 2000);
const TOKEN = "bench-page-channel-token";

const cleanup = new Cleanup();
try {
  const page = await openBenchPage(dirname(fileURLToPath(import.meta.url)), "page channel bench", () => typeof window.channelBench === "function", cleanup);

  for (const batchSize of [50, 1]) {
    // A new server each case, so each starts with an empty queue and a fresh channel.
    const serverQm = await QueueManager.open({ name: "SERVER" });
    await serverQm.mqsc("DEFINE QLOCAL(TARGET) MAXDEPTH(999999999)");
    const server = await serveHttp({ queueManagers: [serverQm], tokens: [`${TOKEN}:MQWebChannel:bench`] });
    const rates: string[] = [];
    if (process.env.BENCH_DEBUG) console.error("server on", server.port);
    for (let round = 0; round < 3; round++) {
      const channel = `BENCH.${batchSize}.${round}`;
      await serverQm.mqsc(`DEFINE CHANNEL(${channel}) CHLTYPE(RCVR)`);
      const t: ChannelTimed = await page.evaluate(([port, token, count, batch, name]) => window.channelBench(port, token, count, batch, name), [
        server.port,
        TOKEN,
        COUNT,
        batchSize,
        channel,
      ] as const);
      rates.push(`${Math.round((t.count / t.channelMs) * 1000)}/s (local put+get ${Math.round((t.count / t.localMs) * 1000)}/s)`);
    }
    const arrived = serverQm.queueStatus("TARGET").depth;
    console.log(
      `page (IndexedDB) -> serveHttp (memory), ${COUNT} x 1 KiB persistent, BATCHSZ ${batchSize}: ${rates.join(", ")}; arrived ${arrived} of ${3 * COUNT}`,
    );
    await server.close();
    await serverQm.close();
  }
} finally {
  await cleanup.run();
}
