/**
 * The Worker's entry (wrangler.toml `main`). A Worker module may export only handlers and
 * Durable Object classes, so this file exports nothing else.
 */
import { createEdgeWorker } from "./worker.js";

export { QueueManagerObject } from "./queue-manager-object.js";

export default createEdgeWorker();
