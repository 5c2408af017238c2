/**
 * Runs a C program compiled to wasm32-wasi against webmq's MQI, in any runtime: the module's
 * imports are the MQI (mqi-imports.ts, over the JavaScript MQI) and a WASI implementation the
 * runtime brings (node:wasi in Node, node.ts). The module must have been transformed by
 * `wasm-opt --asyncify` so that a waiting MQGET suspends the program and not the runtime.
 */
import { Asyncify, isAsyncified } from "./asyncify.js";
import { MqiImports } from "./mqi-imports.js";

/** The WASI a runtime gives a program: its imports, and a way to bind them to the instance's memory. */
export interface WasiProvider {
  /** The `wasi_snapshot_preview1` functions. Their proc_exit must throw a ProgramExit. */
  readonly imports: Record<string, unknown>;
  bind(memory: WebAssembly.Memory): void;
}

/** Thrown by a WASI proc_exit: the program ended with this status. */
export class ProgramExit extends Error {
  override name = "ProgramExit";
  constructor(readonly code: number) {
    super(`the program exited with status ${code}`);
  }
}

export interface RunOptions {
  /** The program's name for MQMD's PutApplName (MQCNO's ApplName wins). */
  applName?: string;
  /** Told of a failure inside the host that the program sees as MQRC_UNEXPECTED_ERROR (2195). */
  onUnexpected?: (error: unknown) => void;
}

/**
 * Instantiates `module`, runs its `_start` to the end and answers its exit status. Connections
 * the program left open are backed out and disconnected (mqi-imports.ts).
 */
export async function runMqiProgram(module: WebAssembly.Module, wasi: WasiProvider, options: RunOptions = {}): Promise<number> {
  if (!isAsyncified(module)) {
    throw new TypeError("this module was not transformed by Asyncify: build it with `wasm-opt --asyncify` after clang (adapters/wasm/README.md)");
  }
  const asyncify = new Asyncify();
  const mqi = new MqiImports(options);
  const instance = await WebAssembly.instantiate(module, {
    wasi_snapshot_preview1: wasi.imports as WebAssembly.ModuleImports,
    mqi: mqi.imports((fn) => asyncify.wrapImport(fn)) as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as { memory: WebAssembly.Memory; _start: () => void };
  if (typeof exports._start !== "function") throw new TypeError("the module has no _start: build it as a command (a C program with main)");
  asyncify.bind(instance);
  wasi.bind(exports.memory);
  mqi.bind(exports.memory);
  try {
    await asyncify.call(() => exports._start());
    return 0;
  } catch (error) {
    if (error instanceof ProgramExit) return error.code;
    throw error;
  } finally {
    await mqi.cleanUp();
  }
}
