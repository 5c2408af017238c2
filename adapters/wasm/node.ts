/**
 * The wasm host in Node: WASI from node:wasi (arguments, environment, standard input, output
 * and error as file descriptors), the module read from a file.
 */
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { ProgramExit, runMqiProgram, type RunOptions, type WasiProvider } from "./host.js";

export { ProgramExit, runMqiProgram } from "./host.js";

export interface NodeRunOptions extends RunOptions {
  /** argv[1...]: argv[0] is the module's file name. */
  args?: string[];
  env?: Record<string, string>;
  /** File descriptors for the program's standard streams (default the process's own). */
  stdin?: number;
  stdout?: number;
  stderr?: number;
}

/** node:wasi as a WasiProvider: its proc_exit replaced by one that throws ProgramExit. */
export function nodeWasi(args: string[], options: NodeRunOptions): WasiProvider {
  const wasi = new WASI({
    version: "preview1",
    args,
    env: options.env ?? {},
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(options.stdout !== undefined ? { stdout: options.stdout } : {}),
    ...(options.stderr !== undefined ? { stderr: options.stderr } : {}),
  });
  const imports = {
    ...(wasi.getImportObject() as { wasi_snapshot_preview1: Record<string, unknown> }).wasi_snapshot_preview1,
    proc_exit: (code: number) => {
      throw new ProgramExit(code);
    },
  };
  return {
    imports,
    // node:wasi binds its memory in start(); a _start that does nothing lets the host run the
    // real one itself, under Asyncify.
    bind: (memory) => void wasi.start({ exports: { memory, _start: () => undefined } } as unknown as WebAssembly.Instance),
  };
}

/** Compiles a module (once per bytes) for runMqiFile. */
export async function compileFile(path: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(path));
}

/** Runs the C program in the wasm file at `path`; answers its exit status. */
export async function runMqiFile(path: string | WebAssembly.Module, options: NodeRunOptions = {}): Promise<number> {
  const module = typeof path === "string" ? await compileFile(path) : path;
  const name = typeof path === "string" ? path : "program.wasm";
  return runMqiProgram(module, nodeWasi([name, ...(options.args ?? [])], options), {
    applName: options.applName ?? name.split("/").pop()!.slice(-28),
    ...options,
  });
}
