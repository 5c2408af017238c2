/**
 * Triggered WebAssembly applications in Node: a trigger monitor (core's, IBM's runmqtrm) that
 * starts the C program in the .wasm file a process definition's APPLICID names, with the
 * MQTMC2 as its argument, as runmqtrm starts a C program on AIX and Linux:
 *
 *   DEFINE PROCESS(WASM.APP) APPLTYPE(UNIX) APPLICID('/apps/mover.wasm') ENVRDATA('-v')
 *
 * APPLTYPE(UNIX) and the .wasm ending of APPLICID pick this host (trigger-start.ts). Its argv[1]
 * is the 732-character MQTMC2; ENVRDATA's words follow, as runmqtrm appends them.
 */
import { isAbsolute, resolve } from "node:path";
import type { QueueManager } from "../../core/index.js";
import type { TriggerApplication, TriggerInfo, TriggerMonitor } from "../../core/features/triggers/index.js";
import { loadMqiModule, runMqiFile, type NodeRunOptions } from "./node.js";
import { checkWasmTrigger, everyApplicationIs, exitFailure, programName, triggerArguments } from "./trigger-start.js";

export { WASM_APPLICATION_TYPE, WasmTriggerError } from "./trigger-start.js";

export interface WasmTriggerMonitorOptions {
  /** The folder a relative APPLICID is found in (default the process's working directory). */
  directory?: string;
  /** Each program's exit status as it ends: a status other than 0 is also reported to onError. */
  onExit?: (status: number, trigger: TriggerInfo) => void;
  onError?: (error: unknown, trigger: TriggerInfo | undefined) => void;
  /** The programs' standard streams and environment (default this process's). */
  run?: Pick<NodeRunOptions, "stdout" | "stderr" | "env">;
}

/** Starts a trigger monitor on `initiationQueue` whose every application is a wasm module. */
export async function startWasmTriggerMonitor(
  qm: QueueManager,
  initiationQueue: string,
  options: WasmTriggerMonitorOptions = {},
): Promise<TriggerMonitor<QueueManager>> {
  const modules = new Map<string, Promise<WebAssembly.Module>>();
  const application: TriggerApplication<QueueManager> = async (trigger) => {
    checkWasmTrigger(trigger);
    const { applicationId } = trigger;
    const path = isAbsolute(applicationId) ? applicationId : resolve(options.directory ?? process.cwd(), applicationId);
    let module = modules.get(path);
    if (module === undefined) modules.set(path, (module = loadMqiModule(path)));
    const status = await runMqiFile(await module, { ...options.run, args: triggerArguments(trigger), applName: programName(path) });
    options.onExit?.(status, trigger);
    if (status !== 0) throw exitFailure(trigger, status);
  };
  return qm.startTriggerMonitor(initiationQueue, {
    applications: everyApplicationIs(application),
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
