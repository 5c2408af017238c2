/**
 * The Worker's entry (wrangler.toml `main`, and what `npm start` bundles: scripts/local-edge.mjs):
 * the edge adapter's worker with the playground's start page at /, for when the built
 * playground is not among its assets. A Worker module may export only handlers and Durable
 * Object classes, so this file exports nothing else.
 */
import { createEdgeWorker } from "../adapters/edge/worker.js";
import { startPage } from "./start-page.js";

export { QueueManagerObject } from "../adapters/edge/queue-manager-object.js";

export default createEdgeWorker({ startPage: startPage({ runtime: "Cloudflare Worker (workerd)", store: "Durable Object SQLite storage" }) });
