/**
 * `webmq wasm [options] app.wasm ARGS...`: runs a C program compiled to wasm32-wasi against
 * a queue manager, as IBM's samples are run: its arguments, environment, standard output and
 * exit status are the program's. Bound locally (--local: a queue manager in this process,
 * optionally kept in a file with --data). Client bindings through MQSERVER come with the
 * MQI's client layer.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { QueueManager } from "../core/index.js";
import { openFileStore } from "../adapters/http/node-store.js";
import { registerQueueManager } from "../adapters/mqi/index.js";
import { loadMqiModule, runMqiFile } from "../adapters/wasm/node.js";
import { UsageError } from "./failure.js";

export const WASM_HELP = `Usage: webmq wasm [options] APP.wasm [ARGS...]

Runs a C program compiled with clang --target=wasm32-wasi against the MQI (include/cmqc.h;
webmq --include-dir prints its folder), with ARGS as its arguments and this environment.
Its standard output and exit status are the program's. A module not yet transformed by
Asyncify is transformed with binaryen's wasm-opt first.

  --local           bind to a queue manager in this process's memory
  --qmgr NAME       its name (default QM1); MQCONN with a blank name reaches it too
  --data FILE       with --local: keep it in the SQLite file FILE (default $MQ_DATA)
  -h, --help        this help`;

export async function runWasmCommand(args: string[]): Promise<number> {
  const options: { local?: boolean; qmgr?: string; data?: string } = {};
  let i = 0;
  for (; i < args.length && args[i]!.startsWith("-"); i++) {
    const arg = args[i]!;
    if (arg === "-h" || arg === "--help") {
      process.stdout.write(`${WASM_HELP}\n`);
      return 0;
    }
    if (arg === "--local") options.local = true;
    else if (arg === "--qmgr" || arg === "--data") {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`wasm: ${arg} takes a value`);
      options[arg === "--qmgr" ? "qmgr" : "data"] = value;
    } else throw new UsageError(`wasm: unknown option ${arg}`);
  }
  const [path, ...programArgs] = args.slice(i);
  if (path === undefined) throw new UsageError("wasm takes APP.wasm [ARGS...]; got nothing");
  if (!options.local) {
    throw new UsageError("wasm: give --local (client bindings through MQSERVER are not there yet)");
  }
  const dataFile = options.data ?? (process.env.MQ_DATA || undefined);
  const module = await loadMqiModule(path);
  const name = options.qmgr ?? "QM1";
  const qm = await QueueManager.open(dataFile === undefined ? { name } : { name, store: openFileStore(dataFile) });
  const unregister = registerQueueManager(qm, { default: true });
  try {
    const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    return await runMqiFile(module, { args: programArgs, env, applName: path.split("/").pop()!.slice(-28) });
  } finally {
    unregister();
    await qm.close();
  }
}

/** The folder holding cmqc.h: the package's include/, from the sources (cli/) or the build (dist/lib/cli/). */
export function includeDir(): string {
  // Paths, not new URL(..., import.meta.url): that would tell bundlers to ship a folder.
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "..", "include"), join(here, "..", "..", "..", "include")];
  return candidates.find((dir) => existsSync(`${dir}/cmqc.h`)) ?? candidates[0]!;
}
