/**
 * The wasm host in Node: WASI from node:wasi (arguments, environment, standard input, output
 * and error as file descriptors), the module read from a file.
 */
import { readFile } from "node:fs/promises";
import { isAsyncified } from "./asyncify.js";
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
export async function nodeWasi(args: string[], options: NodeRunOptions): Promise<WasiProvider> {
  const { WASI } = await loadWasi();
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

/**
 * Node 20 warns once that WASI is experimental, on the process's stderr: the program's stderr
 * when `webmq wasm` runs it. That one warning is dropped; others pass.
 */
let wasiModule: Promise<typeof import("node:wasi")> | undefined;
function loadWasi(): Promise<typeof import("node:wasi")> {
  return (wasiModule ??= (async () => {
    const emit = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      const text = typeof warning === "string" ? warning : warning.message;
      if (!/^WASI is an experimental feature/.test(text)) (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    try {
      return await import("node:wasi");
    } finally {
      process.emitWarning = emit;
    }
  })());
}

/** Compiles a module (once per bytes) for runMqiFile. */
export async function compileFile(path: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(path));
}

/** Runs the C program in the wasm file at `path`; answers its exit status. */
export async function runMqiFile(path: string | WebAssembly.Module, options: NodeRunOptions = {}): Promise<number> {
  const module = typeof path === "string" ? await compileFile(path) : path;
  const name = typeof path === "string" ? path : "program.wasm";
  return runMqiProgram(module, await nodeWasi([name, ...(options.args ?? [])], options), {
    applName: options.applName ?? name.split("/").pop()!.slice(-28),
    ...options,
  });
}

/** The imports that may wait for the queue manager: the only calls Asyncify needs to instrument. */
export const SUSPENDING_IMPORTS = [
  "MQCONN",
  "MQCONNX",
  "MQDISC",
  "MQOPEN",
  "MQCLOSE",
  "MQPUT",
  "MQPUT1",
  "MQGET",
  "MQCMIT",
  "MQBACK",
  "MQSET",
  "MQSUB",
  "MQSUBRQ",
].map((v) => `mqi.${v}`);

/** The `wasm-opt` arguments that transform a clang-built module for the host. */
export function asyncifyArguments(input: string, output: string): string[] {
  return ["--asyncify", `--pass-arg=asyncify-imports@${SUSPENDING_IMPORTS.join(",")}`, "-O1", input, "-o", output];
}

/**
 * The module at `path`, transformed by binaryen's `wasm-opt --asyncify` first when it was not
 * (so that a module straight from clang runs): needs wasm-opt on the PATH (Debian's binaryen).
 */
export async function loadMqiModule(path: string): Promise<WebAssembly.Module> {
  const module = await compileFile(path);
  if (isAsyncified(module)) return module;
  const { execFile } = await import("node:child_process");
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = await mkdtemp(join(tmpdir(), "webmq-wasm-"));
  try {
    const output = join(dir, "asyncified.wasm");
    await new Promise<void>((resolve, reject) =>
      execFile("wasm-opt", asyncifyArguments(path, output), (error, _stdout, stderr) =>
        error
          ? reject(
              new Error(
                `${path} needs Asyncify and wasm-opt could not give it (${(error as NodeJS.ErrnoException).code === "ENOENT" ? "wasm-opt is not installed: apt-get install binaryen" : stderr.trim()})`,
              ),
            )
          : resolve(),
      ),
    );
    return await compileFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
