/**
 * The wasm host outside Node: in a page, a Web Worker, workerd and a Durable Object. WASI comes
 * from `@bjorn3/browser_wasi_shim` (pure JavaScript: arguments, environment, clocks, random,
 * standard output and error to the caller, proc_exit), the MQI from mqi-imports.ts as in Node.
 * The program runs on the thread that imports this, beside the queue manager it connects to
 * (registered with `registerQueueManager`, adapters/mqi): Asyncify suspends it in a waiting
 * MQGET while that thread goes on.
 *
 *   const qm = await QueueManager.open({ name: "QM1" });
 *   registerQueueManager(qm);
 *   const { status, stdout } = await runWasmProgram(new URL("put.wasm", location.href), { args: ["DEV.QUEUE.1", "QM1", "hi"] });
 *
 * At the edge the runtime compiles no wasm from bytes: give the module itself, imported as a
 * wasm module (`import put from "./put.wasm"`, a CompiledWasm module rule / wasm binding).
 */
import "./buffer-global.js"; // first: the MQI's modules need a global Buffer as they load
import { ConsoleStdout, File, OpenFile, WASI } from "@bjorn3/browser_wasi_shim";
import type { QueueManager } from "../../core/index.js";
import { registeredQueueManager, registerQueueManager } from "../mqi/connection.js";
import { ProgramExit, runMqiProgram, type RunOptions, type WasiProvider } from "./host.js";

export { ProgramExit } from "./host.js";

/** A module, or where to fetch its bytes (a URL, relative to the page or worker), or the bytes. */
export type WasmSource = WebAssembly.Module | URL | string | Response | ArrayBuffer | Uint8Array;

export interface WebRunOptions extends RunOptions {
  /** argv[1...]. */
  args?: string[];
  env?: Record<string, string>;
  /** argv[0] (default the URL's last segment, or "program.wasm"). */
  programName?: string;
  /** Told each piece of standard output or error as the program writes it (the result holds all of it too). */
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
}

export interface ProgramResult {
  /** The exit status: main's return value or exit()'s argument. */
  status: number;
  stdout: string;
  stderr: string;
}

export class WasmLoadError extends Error {
  override name = "WasmLoadError";
}

/** WASI for a program: its arguments and environment, stdin empty, stdout and stderr to `write`. */
export function shimWasi(args: string[], env: Record<string, string>, write: (fd: 1 | 2, bytes: Uint8Array) => void): WasiProvider {
  const fds = [new OpenFile(new File([])), new ConsoleStdout((bytes) => write(1, bytes)), new ConsoleStdout((bytes) => write(2, bytes))];
  // debug: false said outright: the shim logs every call to the console when it is left out.
  const wasi = new WASI(
    args,
    Object.entries(env).map(([k, v]) => `${k}=${v}`),
    fds,
    { debug: false },
  );
  return {
    imports: {
      ...wasi.wasiImport,
      proc_exit: (code: number) => {
        throw new ProgramExit(code);
      },
    },
    // The shim reads memory through `inst`; the host runs _start itself, under Asyncify.
    bind: (memory) => void (wasi.inst = { exports: { memory } }),
  };
}

/** Compiles a program from where `source` says; a module is taken as it is. */
export async function compileWasmProgram(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  try {
    if (source instanceof ArrayBuffer || source instanceof Uint8Array) return await WebAssembly.compile(source as BufferSource);
    const response = source instanceof Response ? source : await fetch(source);
    if (!response.ok) throw new WasmLoadError(`${response.url || String(source)}: ${response.status} ${response.statusText}`.trim());
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof WasmLoadError) throw error;
    // workerd: "Wasm code generation disallowed by embedder".
    const why = error instanceof Error ? error.message : String(error);
    const hint = /disallowed/i.test(why) ? ": this runtime compiles no wasm at run time; import the module (a wasm module binding) and give it" : "";
    throw new WasmLoadError(`${typeof source === "string" || source instanceof URL ? String(source) : "the module"} could not be compiled (${why})${hint}`, {
      cause: error,
    });
  }
}

/**
 * Runs a C program compiled to wasm32-wasi (and transformed by `wasm-opt --asyncify`) to its
 * end; answers its exit status and what it wrote. The queue managers its MQCONN names must be
 * registered in this runtime (`registerQueueManager`); connections it leaves are backed out.
 */
export async function runWasmProgram(source: WasmSource, options: WebRunOptions = {}): Promise<ProgramResult> {
  const module = await compileWasmProgram(source);
  const name =
    options.programName ??
    (typeof source === "string" || source instanceof URL ? String(source).split(/[?#]/)[0]!.split("/").pop() : undefined) ??
    "program.wasm";
  const out = { 1: new StreamText(options.onStdout), 2: new StreamText(options.onStderr) };
  const wasi = shimWasi([name, ...(options.args ?? [])], options.env ?? {}, (fd, bytes) => out[fd].write(bytes));
  const status = await runMqiProgram(module, wasi, {
    applName: options.applName ?? name.slice(-28),
    ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
  });
  return { status, stdout: out[1].end(), stderr: out[2].end() };
}

/** Makes `qm` reachable by its name for the programs' MQCONN, unless it already is. */
export function makeReachable(qm: QueueManager): void {
  if (registeredQueueManager(qm.name) !== qm) registerQueueManager(qm);
}

// --- Internal helpers ---

/** One standard stream: UTF-8 decoded across writes (a character may be split between two). */
class StreamText {
  readonly #decoder = new TextDecoder();
  #text = "";
  constructor(private readonly tell: ((text: string) => void) | undefined) {}
  write(bytes: Uint8Array): void {
    const text = this.#decoder.decode(bytes, { stream: true });
    this.#text += text;
    if (text) this.tell?.(text);
  }
  end(): string {
    const rest = this.#decoder.decode();
    if (rest) this.tell?.(rest);
    return (this.#text += rest);
  }
}
