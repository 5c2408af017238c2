/**
 * The edge adapter as a library: the Durable Object store, its alarm clock, the Durable
 * Object class and the worker factory, for a project that builds its own worker around
 * them. wrangler.toml's entry, `npm start`'s worker, is playground/worker-entry.ts.
 *
 * `webmq/edge` runs in workerd only (Cloudflare Workers, `wrangler dev`, Miniflare): it
 * imports `cloudflare:workers`, so Node or a browser cannot load it, and its types name
 * workerd's (DurableObjectState, DurableObjectStorage): add `@cloudflare/workers-types`.
 *
 * @module
 */
export { QueueManagerObject } from "./queue-manager-object.js";
export { DurableObjectStore, DRIVER_NAME } from "./durable-object-store.js";
export type { DurableObjectStoreOptions } from "./durable-object-store.js";
export { AlarmClock } from "./alarm-clock.js";
export { createEdgeWorker, type EdgeWorkerOptions } from "./worker.js";
export type { EdgeEnv } from "./env.js";
export { registerListenerHandlers, parseListenerConfiguration, LISTENER_WAKE_MS } from "./listeners.js";
export type { EdgeMessageHandler, EdgeListenerContext, ListenerConfiguration } from "./listeners.js";
export { registerTriggerHandlers, parseTriggerMonitorConfiguration, EdgeTriggerMonitors, TRIGGER_WAKE_MS, TRIGGER_START_RETRY_MAX_MS } from "./triggers.js";
export type { EdgeTriggerHandler, EdgeTriggerContext, EdgeTriggerStats, TriggerMonitorConfiguration } from "./triggers.js";
export { CHANNEL_WAKE_MS } from "./running-channels.js";
export { parseChannelCredentials } from "./channel-credentials.js";
