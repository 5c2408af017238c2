// The serveHttp side of bench/stomp-vs-rabbitmq.mjs, in a process of its own (so that its CPU
// is measured apart from the client's, and `node --cpu-prof` can profile it): QM1 on a SQLite
// file (openFileStore: a transaction synced to disk per commit, as persistent messages need)
// in the directory given, with BENCH.Q1 and BENCH.Q16 defined, serving /stomp on a free
// loopback port. Prints one line, `URL <http url>`, once it listens; stops on SIGTERM.
//
//   node --import tsx bench/stomp/serve-http.ts /tmp/dir TOKEN
import { join } from "node:path";
import { QueueManager } from "../../core/index.js";
import { openFileStore, serveHttp } from "../../adapters/http/node-server.js";

const [dir, token] = process.argv.slice(2);
if (!dir || !token) throw new Error("usage: serve-http.ts DIR TOKEN");
const qm = await QueueManager.open({ name: "QM1", store: openFileStore(join(dir, "qm1.db")) });
await qm.mqsc("DEFINE QLOCAL(BENCH.Q1) MAXDEPTH(999999) REPLACE\nDEFINE QLOCAL(BENCH.Q16) MAXDEPTH(999999) REPLACE");
const server = await serveHttp({ queueManagers: [qm], tokens: [token], port: 0 });
console.log(`URL ${server.url}`);
const stop = async () => {
  await server.close();
  await qm.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
