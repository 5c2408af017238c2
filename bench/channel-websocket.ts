/**
 * Messages/s a sender channel moves over WebSocket (adapters/http/channels) from one queue
 * manager to another served by serveHttp on 127.0.0.1, both in this process: 1 KiB persistent
 * messages, BATCHSZ 50 and 1, on memory stores and on SQLite file stores (openFileStore: an
 * fsync per commit at each end), beside a local put+get of the same messages on the same kind
 * of store. `npm run bench -- channels` runs the memory rows; this adds the file stores:
 *
 *   node --import tsx bench/channel-websocket.ts [count, default 2000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Store } from "../core/index.js";
import { openFileStore } from "../adapters/http/node-server.js";
import { channelRate, localRate } from "./channels/moves.js";
import { webSocketEnds } from "./channels/ends.js";

const COUNT = Number(process.argv[2] ?? 2000);

type StoreKind = "memory" | "file";

function storeOf(kind: StoreKind, folder: string): () => Store | undefined {
  return () => (kind === "file" ? openFileStore(join(folder, `${Math.random().toString(36).slice(2)}.db`)) : undefined);
}

const folder = mkdtempSync(join(tmpdir(), "webmq-channel-bench-"));
try {
  console.log(`${COUNT} persistent 1 KiB messages, node ${process.version}, both ends in one process`);
  for (const kind of ["memory", "file"] as const) {
    const local = await localRate(storeOf(kind, folder), COUNT);
    console.log(`${kind.padEnd(6)} local put+get (one at a time)      ${local.toFixed(0).padStart(7)} msg/s`);
    for (const batchSize of [50, 1]) {
      const rate = await channelRate(webSocketEnds(storeOf(kind, folder)), COUNT, batchSize);
      console.log(
        `${kind.padEnd(6)} channel over WebSocket, BATCHSZ ${String(batchSize).padEnd(2)}  ${rate.toFixed(0).padStart(7)} msg/s  (${((rate / local) * 100).toFixed(0)}% of local)`,
      );
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
