/**
 * `webmq/wasm`: C programs compiled to wasm32-wasi, run against the MQI in a page, a Web
 * Worker, workerd and a Durable Object (web.ts), started by a trigger monitor there
 * (web-triggers.ts) or at the edge (edge.ts). Node's host (node.ts, node:wasi) is the CLI's,
 * `webmq wasm`. web.ts is exported first: it gives the runtime a Buffer before the MQI loads.
 */
export { compileWasmProgram, makeReachable, runWasmProgram, shimWasi, ProgramExit, WasmLoadError } from "./web.js";
export type { ProgramResult, WasmSource, WebRunOptions } from "./web.js";
export { startWasmTriggerMonitor, WASM_APPLICATION_TYPE, WasmTriggerError } from "./web-triggers.js";
export type { WebWasmTriggerMonitorOptions } from "./web-triggers.js";
export { registerWasmApplications, wasmTriggerHandler } from "./edge.js";
export type { EdgeWasmOptions } from "./edge.js";
