/**
 * What every runtime's wasm trigger monitor shares (Node's triggers.ts, a page's or Web
 * Worker's web-triggers.ts, the edge's edge.ts): which trigger messages name a wasm
 * application, and the arguments runmqtrm gives a C program.
 *
 * APPLTYPE: UNIX (the default, and what DEF stands for here), as for any C program runmqtrm
 * starts on Linux; the APPLICID's ".wasm" ending is what says "run it on the wasm host". (A
 * user-defined type, 65536 up, would say it too, but webmq's MQSC takes IBM's keywords only.)
 */
import { encodeTriggerMessageCharacter, type TriggerApplication, type TriggerInfo } from "../../core/features/triggers/index.js";

/** The APPLTYPE of a process whose APPLICID is a wasm module: MQAT_UNIX, as for a C program on Linux. */
export const WASM_APPLICATION_TYPE = 6;

export class WasmTriggerError extends Error {
  override name = "WasmTriggerError";
}

/** Refuses a trigger whose process does not name a wasm application. */
export function checkWasmTrigger(trigger: TriggerInfo): void {
  const { applicationType: type, applicationId } = trigger;
  if (type !== WASM_APPLICATION_TYPE || !applicationId.endsWith(".wasm"))
    throw new WasmTriggerError(
      `process ${trigger.processName}: APPLTYPE ${type} with APPLICID ${JSON.stringify(applicationId)} is not a wasm application (adapters/wasm/README.md)`,
    );
}

/** argv[1...] as runmqtrm gives them: the 732-character MQTMC2, then ENVRDATA's words. */
export function triggerArguments(trigger: TriggerInfo): string[] {
  return [encodeTriggerMessageCharacter(trigger, trigger.queueManagerName), ...trigger.environmentData.split(/\s+/).filter(Boolean)];
}

/** A program's name for MQMD's PutApplName: the APPLICID's last segment, at most 28 characters. */
export function programName(applicationId: string): string {
  return applicationId.split(/[/\\]/).pop()!.slice(-28);
}

/** The failure a status other than 0 is reported as. */
export function exitFailure(trigger: TriggerInfo, status: number): WasmTriggerError {
  return new WasmTriggerError(`${trigger.applicationId} started for ${trigger.queueName} exited with status ${status}`);
}

/** Core's monitor looks an APPLICID up in its applications; here every APPLICID is one. */
export function everyApplicationIs<Q>(application: TriggerApplication<Q>): Record<string, TriggerApplication<Q>> {
  return new Proxy({} as Record<string, TriggerApplication<Q>>, {
    get: (_target, key) => (typeof key === "string" ? application : undefined),
    has: (_target, key) => typeof key === "string",
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === "string" ? { value: application, writable: false, enumerable: true, configurable: true } : undefined,
  });
}
