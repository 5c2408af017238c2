/**
 * How often a plain REST get (no lease) is taken by a client that reads only the first 64 KB
 * of the body and closes its connection, by message size, on serveHttp over loopback: the
 * window adapters/http/README.md describes. Run: `npx tsx scripts/partial-read.ts [tries]`.
 *
 * The get commits once the server has handed the last byte to the socket; what the kernel's
 * send and receive buffers hold by then counts as sent, whatever the client reads of it.
 */
import { QueueManager } from "../core/index.js";
import { RestClient } from "../adapters/http/client.js";
import { serveHttp } from "../adapters/http/node-server.js";
import { readPartOf } from "../test/node/sockets/partial-read.js";

const TOKEN = "measure";
const SIZES_KB = [128, 256, 300, 512, 768, 1024, 1536, 2048, 3072, 4095];
/** How long the client waits, having stopped reading, before it closes: at once, and 100 ms later. */
const CLOSE_AFTER_MS = [0, 100];
const tries = Number(process.argv[2] ?? 12);

const manager = await QueueManager.open({ name: "QM1" });
const server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN], responseTimeout: 1000 });
// The client's URL and headers; the read is the test helper's own socket, which stops at 64 KiB.
const client = new RestClient({ baseUrl: server.url, queueManager: "QM1", credentials: { token: TOKEN } });
const url = client.messageUrl("DEV.QUEUE.1");
const AUTH = client.headersFor("DELETE");
try {
  console.log(`taken by a client that read 64 KiB and stopped reading (of ${tries}), by when it closed`);
  console.log(`size (KiB)  ${CLOSE_AFTER_MS.map((ms) => `closed ${ms} ms later`.padStart(20)).join("")}`);
  for (const kb of SIZES_KB) {
    const row: number[] = [];
    for (const closeAfter of CLOSE_AFTER_MS) row.push(await takenOf(kb, closeAfter));
    console.log(`${String(kb).padStart(10)}  ${row.map((n) => String(n).padStart(20)).join("")}`);
  }
} finally {
  await server.close();
  await manager.close();
}

async function takenOf(kb: number, closeAfterMs: number): Promise<number> {
  let taken = 0;
  for (let i = 0; i < tries; i++) {
    await manager.put("DEV.QUEUE.1", { body: "x".repeat(kb * 1024) });
    await readPartOf(url, AUTH, 64 * 1024, closeAfterMs);
    // Long enough for the server to see the close (or to commit) and for the idle timeout to pass.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const depth = manager.queueStatus("DEV.QUEUE.1").depth;
    if (depth === 0) taken++;
    else await manager.get("DEV.QUEUE.1");
  }
  return taken;
}
