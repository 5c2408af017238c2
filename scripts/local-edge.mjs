// The edge worker on this machine, as it runs at the edge: workerd (through Miniflare) runs
// the bundled worker and its Durable Objects (SQLite storage, on disk when `persistTo` is
// given), serves the playground's built assets as wrangler.toml's [assets] says, and listens
// on a real port itself. It is how `npm start` and the real-socket tests run the worker.
//
// Why not `wrangler dev`: it puts a proxy worker in front, joined to the worker by a TCP
// connection that reads a response whole for a client that has already gone, and passes no
// disconnect on (measured: a get answered 3 s after its client left was read to its end, and
// neither the worker's nor the object's request.signal fired). Served directly, workerd
// stops reading a response whose client has gone, so the get it carries is backed out.
//
// Locally workerd reports no client that has gone, served directly or not: request.signal
// never fires (in the worker or the object) and a response body is never cancelled; it is
// just not asked for again once a write has failed. So a waiting get whose client left is
// found out only when a message comes for it, and MQ_HANDOVER_TIMEOUT_MS (500 here unless
// `vars` or wrangler.toml say otherwise) backs it out half a second after its first write,
// not 30 s later (adapters/http/committing-body.ts).
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

/** How long a got message's first write may go without the runtime asking for more, locally. */
const LOCAL_HANDOVER_TIMEOUT_MS = "500";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts the worker. `vars` are the worker's variables (MQ_TOKENS, MQ_QUEUE_MANAGERS, ...);
 * `port` 0 picks a free one. `entryPoint` runs another worker under the same options (a
 * benchmark's baseline, bench/rest-minimal-worker.js). Resolves with its URL
 * and a function that stops it.
 */
export async function startLocalEdge({ port = 8787, host = "127.0.0.1", vars = {}, persistTo, inspectorPort, entryPoint } = {}) {
  const configPath = join(root, "wrangler.toml");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
  const bundle = await build({
    entryPoints: [entryPoint ?? join(root, "playground/worker-entry.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "silent",
  });
  const miniflare = new Miniflare({
    ...workerOptions,
    name: workerOptions.name ?? "webmq",
    modules: [{ type: "ESModule", path: join(root, "entry.mjs"), contents: bundle.outputFiles[0].text }],
    modulesRoot: root,
    bindings: { MQ_HANDOVER_TIMEOUT_MS: LOCAL_HANDOVER_TIMEOUT_MS, ...(workerOptions.bindings ?? {}), ...vars },
    host,
    port,
    // The DevTools protocol on its own port, for the memory check (test/node/edge-memory.test.ts).
    ...(inspectorPort !== undefined ? { inspectorPort } : {}),
    ...(persistTo ? { durableObjectsPersist: join(persistTo, "do"), defaultPersistRoot: persistTo } : {}),
  });
  const url = await miniflare.ready;
  return { url: url.origin, dispose: () => miniflare.dispose() };
}
