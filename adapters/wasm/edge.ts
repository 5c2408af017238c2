/**
 * Triggered WebAssembly applications at the edge: a C program compiled to wasm, started in the
 * queue manager's Durable Object by the trigger monitors MQ_TRIGGER_MONITORS names
 * (adapters/edge/triggers.ts), as runmqtrm starts a C program. workerd compiles no wasm from
 * bytes at run time, so the worker imports each module (`import mover from "./mover.wasm"`,
 * a CompiledWasm module) and registers it under the APPLICID that names it:
 *
 *   registerWasmApplications({ "mover.wasm": mover });
 *   DEFINE PROCESS(MOVER) APPLTYPE(UNIX) APPLICID('mover.wasm') USERDATA('APP.OUT')
 *
 * The program runs in the object, on the queue manager the trigger came from, its MQTMC2 as
 * argv[1]; its standard output and error go to the worker's log unless `onExit` takes them.
 */
import { makeReachable, runWasmProgram, type ProgramResult } from "./web.js";
import type { TriggerInfo } from "../../core/features/triggers/index.js";
import { registerTriggerHandlers, type EdgeTriggerHandler } from "../edge/triggers.js";
import { checkWasmTrigger, exitFailure, programName, triggerArguments } from "./trigger-start.js";

export interface EdgeWasmOptions {
  /** The programs' environment. */
  env?: Record<string, string>;
  /** Each program's status and output as it ends (default: its output to console.log and console.error). */
  onExit?: (result: ProgramResult, trigger: TriggerInfo) => void;
}

/** The trigger handler that runs `module` as a triggered application. */
export function wasmTriggerHandler(module: WebAssembly.Module, options: EdgeWasmOptions = {}): EdgeTriggerHandler {
  return async (trigger, { queueManager }) => {
    checkWasmTrigger(trigger);
    makeReachable(queueManager);
    const name = programName(trigger.applicationId);
    const result = await runWasmProgram(module, { args: triggerArguments(trigger), programName: name, applName: name, env: options.env ?? {} });
    if (options.onExit) options.onExit(result, trigger);
    else {
      if (result.stdout) console.log(result.stdout.trimEnd());
      if (result.stderr) console.error(result.stderr.trimEnd());
    }
    if (result.status !== 0) throw exitFailure(trigger, result.status);
  };
}

/** Registers wasm modules by APPLICID with the edge's trigger monitors. Call it at the top level of the worker's entry. */
export function registerWasmApplications(modules: Record<string, WebAssembly.Module>, options: EdgeWasmOptions = {}): void {
  registerTriggerHandlers(Object.fromEntries(Object.entries(modules).map(([applicationId, module]) => [applicationId, wasmTriggerHandler(module, options)])));
}
