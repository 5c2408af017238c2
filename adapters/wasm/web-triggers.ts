/**
 * Triggered WebAssembly applications in a page or a Web Worker: core's trigger monitor (IBM's
 * runmqtrm) starting the C program a process definition's APPLICID names, on the thread that
 * runs the queue manager, with the MQTMC2 as argv[1] and ENVRDATA's words after it:
 *
 *   DEFINE PROCESS(MOVER) APPLTYPE(UNIX) APPLICID('programs/mover.wasm') USERDATA('APP.OUT')
 *
 * The APPLICID is looked up in `modules` (by the very text of APPLICID; a module, or a URL to
 * fetch), and otherwise fetched as a URL relative to `baseUrl` (by default the page's or the
 * worker's own address). Each module is compiled once. APPLTYPE(UNIX) and the .wasm ending
 * pick this host (trigger-start.ts).
 */
import { compileWasmProgram, makeReachable, runWasmProgram, type ProgramResult, type WasmSource } from "./web.js";
import type { QueueManager } from "../../core/index.js";
import type { TriggerApplication, TriggerInfo, TriggerMonitor } from "../../core/features/triggers/index.js";
import { checkWasmTrigger, everyApplicationIs, exitFailure, programName, triggerArguments } from "./trigger-start.js";

export { WASM_APPLICATION_TYPE, WasmTriggerError } from "./trigger-start.js";

export interface WebWasmTriggerMonitorOptions {
  /** Programs by APPLICID, looked up before any URL is fetched. */
  modules?: Record<string, WasmSource>;
  /** What an APPLICID not in `modules` is resolved against (default the page's or worker's location). */
  baseUrl?: string | URL;
  /** The programs' environment. */
  env?: Record<string, string>;
  /** Each program's status and output as it ends: a status other than 0 is also reported to onError. */
  onExit?: (result: ProgramResult, trigger: TriggerInfo) => void;
  onError?: (error: unknown, trigger: TriggerInfo | undefined) => void;
}

/**
 * Starts a trigger monitor on `initiationQueue` whose every application is a wasm module. The
 * queue manager is made reachable by name for the programs' MQCONN (registerQueueManager).
 */
export async function startWasmTriggerMonitor(
  qm: QueueManager,
  initiationQueue: string,
  options: WebWasmTriggerMonitorOptions = {},
): Promise<TriggerMonitor<QueueManager>> {
  makeReachable(qm);
  const compiled = new Map<string, Promise<WebAssembly.Module>>();
  const moduleFor = (applicationId: string): Promise<WebAssembly.Module> => {
    const given = options.modules && Object.hasOwn(options.modules, applicationId) ? options.modules[applicationId]! : undefined;
    const source = given ?? new URL(applicationId, options.baseUrl ?? globalThis.location?.href);
    const key = source instanceof URL ? source.href : applicationId;
    let module = compiled.get(key);
    if (module === undefined) {
      compiled.set(key, (module = compileWasmProgram(source)));
      // A fetch that failed is tried again at the next trigger.
      module.catch(() => compiled.delete(key));
    }
    return module;
  };
  const application: TriggerApplication<QueueManager> = async (trigger) => {
    checkWasmTrigger(trigger);
    const module = await moduleFor(trigger.applicationId);
    const name = programName(trigger.applicationId);
    const result = await runWasmProgram(module, { args: triggerArguments(trigger), programName: name, applName: name, env: options.env ?? {} });
    options.onExit?.(result, trigger);
    if (result.status !== 0) throw exitFailure(trigger, result.status);
  };
  return qm.startTriggerMonitor(initiationQueue, {
    applications: everyApplicationIs(application),
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
