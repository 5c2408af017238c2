/**
 * Triggered WebAssembly applications in Node: a trigger monitor (core's, IBM's runmqtrm) that
 * starts the C program in the .wasm file a process definition's APPLICID names, with the
 * MQTMC2 as its argument, as runmqtrm starts a C program on AIX and Linux:
 *
 *   DEFINE PROCESS(WASM.APP) APPLTYPE(UNIX) APPLICID('/apps/mover.wasm') ENVRDATA('-v')
 *
 * APPLTYPE: UNIX (the default, and what DEF stands for here), as for any C program runmqtrm
 * starts on Linux; the APPLICID's ".wasm" ending is what says "run it on the wasm host". (A
 * user-defined type, 65536 up, would say it too, but webmq's MQSC takes IBM's keywords only.)
 * Its argv[1] is the 732-character MQTMC2; ENVRDATA's words follow, as runmqtrm appends them
 * to the command line.
 */
import { isAbsolute, resolve } from "node:path";
import type { QueueManager } from "../../core/index.js";
import { encodeTriggerMessageCharacter, type TriggerApplication, type TriggerInfo, type TriggerMonitor } from "../../core/features/triggers/index.js";
import { loadMqiModule, runMqiFile, type NodeRunOptions } from "./node.js";

/** The APPLTYPE of a process whose APPLICID is a wasm module: MQAT_UNIX, as for a C program on Linux. */
export const WASM_APPLICATION_TYPE = 6;

export interface WasmTriggerMonitorOptions {
  /** The folder a relative APPLICID is found in (default the process's working directory). */
  directory?: string;
  /** Each program's exit status as it ends: a status other than 0 is also reported to onError. */
  onExit?: (status: number, trigger: TriggerInfo) => void;
  onError?: (error: unknown, trigger: TriggerInfo | undefined) => void;
  /** The programs' standard streams and environment (default this process's). */
  run?: Pick<NodeRunOptions, "stdout" | "stderr" | "env">;
}

export class WasmTriggerError extends Error {
  override name = "WasmTriggerError";
}

/** Starts a trigger monitor on `initiationQueue` whose every application is a wasm module. */
export async function startWasmTriggerMonitor(
  qm: QueueManager,
  initiationQueue: string,
  options: WasmTriggerMonitorOptions = {},
): Promise<TriggerMonitor<QueueManager>> {
  const modules = new Map<string, Promise<WebAssembly.Module>>();
  const application: TriggerApplication<QueueManager> = async (trigger) => {
    const { applicationType: type, applicationId } = trigger;
    if (type !== WASM_APPLICATION_TYPE || !applicationId.endsWith(".wasm"))
      throw new WasmTriggerError(
        `process ${trigger.processName}: APPLTYPE ${type} with APPLICID ${JSON.stringify(applicationId)} is not a wasm application (adapters/wasm/README.md)`,
      );
    const path = isAbsolute(applicationId) ? applicationId : resolve(options.directory ?? process.cwd(), applicationId);
    let module = modules.get(path);
    if (module === undefined) modules.set(path, (module = loadMqiModule(path)));
    const tmc2 = encodeTriggerMessageCharacter(trigger, trigger.queueManagerName);
    const args = [tmc2, ...trigger.environmentData.split(/\s+/).filter(Boolean)];
    const status = await runMqiFile(await module, { ...options.run, args, applName: path.split("/").pop()!.slice(-28) });
    options.onExit?.(status, trigger);
    if (status !== 0) throw new WasmTriggerError(`${applicationId} started for ${trigger.queueName} exited with status ${status}`);
  };
  return qm.startTriggerMonitor(initiationQueue, {
    applications: everyApplicationIs(application),
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

/** Core's monitor looks an APPLICID up in its applications; here every APPLICID is one. */
function everyApplicationIs(application: TriggerApplication<QueueManager>): Record<string, TriggerApplication<QueueManager>> {
  return new Proxy({} as Record<string, TriggerApplication<QueueManager>>, {
    get: (_target, key) => (typeof key === "string" ? application : undefined),
    has: (_target, key) => typeof key === "string",
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === "string" ? { value: application, writable: false, enumerable: true, configurable: true } : undefined,
  });
}
