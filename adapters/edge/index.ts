/**
 * The edge adapter: the Worker entry (default export) and the Durable Object class that
 * wrangler.toml binds as QUEUE_MANAGERS.
 */
import { createEdgeWorker } from "./worker.js";

export { QueueManagerObject } from "./queue-manager-object.js";
export { DurableObjectStore, DRIVER_NAME } from "./durable-object-store.js";
export { AlarmClock } from "./alarm-clock.js";
export type { EdgeEnv } from "./env.js";

export default createEdgeWorker();
