#!/usr/bin/env node
// `npm run size`: how much `webmq` (core/index.ts, the in-memory queue manager with JMS, MQSC,
// pub/sub, triggering and dead letters) weighs in an application, bundled as a bundler ships it:
// esbuild with code splitting (format esm), minified, each chunk gzipped. Features that load on
// first use (dynamic import(), e.g. MQSC) land in chunks of their own, so two figures count:
//   initial  what `import "webmq"` loads: the entry chunk and every chunk it imports statically;
//   total    every chunk, the lazy ones included.
// The goal is an initial chunk of at most 40 KB gzipped; --check fails the run above it.
// --modules lists what weighs most in the initial chunk (minified bytes per source file);
// SIZE_BYTES=1 prints every figure in bytes rather than KB (to compare two commits).
// Other entries are listed for information (their runtime libraries, idb, comlink and hono, are
// bundled in; node: and cloudflare: imports are left out).
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { rmSync } from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";

const GOAL_BYTES = 40 * 1024;
const entries = [
  ["webmq", "core/index.ts"],
  ["webmq/browser", "adapters/browser/index.ts"],
  ["webmq/worker", "adapters/worker/index.ts"],
  ["webmq/http", "adapters/http/index.ts"],
  ["webmq/http/client", "adapters/http/client.ts"],
  ["webmq/edge", "adapters/edge/index.ts"],
  // An application that opens a queue manager, puts and gets: what it downloads once its
  // bundler has dropped the exports it does not use (the package is free of side effects).
  [
    "app: put/get",
    {
      contents: `import { QueueManager } from "./core/index.ts";\nconst qm = await QueueManager.open({ name: "QM1" });\nawait qm.put("DEV.QUEUE.1", { body: "hello" });\nconsole.log(await qm.get("DEV.QUEUE.1"));\n`,
    },
  ],
];

const kb = (bytes) => (process.env.SIZE_BYTES ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const outdir = join(tmpdir(), `webmq-size-${process.pid}`);

/** Bundles one entry with splitting; returns its initial and total sizes and the initial chunk's inputs. */
async function measure(entry) {
  const result = await build({
    ...(typeof entry === "string" ? { entryPoints: [entry] } : { stdin: { ...entry, resolveDir: process.cwd(), loader: "ts", sourcefile: "app.ts" } }),
    bundle: true,
    splitting: true,
    outdir,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser", "import"],
    target: "es2022",
    write: false,
    metafile: true,
    external: ["node:*", "cloudflare:*"],
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const sizes = new Map();
  for (const file of result.outputFiles) {
    if (!file.path.endsWith(".js")) continue;
    // The metafile names outputs relative to the working directory.
    sizes.set(relative(process.cwd(), file.path), { minified: file.contents.byteLength, gzipped: gzipSync(file.contents, { level: 9 }).byteLength });
  }
  // The initial chunk set: the entry's output and, transitively, what it imports statically.
  // Every dynamic import()'s target is an entry point of its own in the metafile: find the one asked for.
  const entryPath = typeof entry === "string" ? entry : "app.ts";
  const entryOutput = Object.keys(outputs).find((key) => outputs[key].entryPoint === entryPath);
  if (entryOutput === undefined) throw new Error(`no output for entry ${entryPath}`);
  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of outputs[key].imports) if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entryOutput);
  const sum = (keys, field) => [...keys].reduce((total, key) => total + (sizes.get(key)?.[field] ?? 0), 0);
  const inputs = new Map();
  for (const key of initial)
    for (const [input, { bytesInOutput }] of Object.entries(outputs[key].inputs)) inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
  return {
    initial: { minified: sum(initial, "minified"), gzipped: sum(initial, "gzipped") },
    total: { minified: sum(sizes.keys(), "minified"), gzipped: sum(sizes.keys(), "gzipped") },
    chunks: sizes.size,
    inputs,
  };
}

const rows = [];
try {
  for (const [name, entry] of entries) rows.push({ name, ...(await measure(entry)) });
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

console.log("entry            initial min  initial gzip    total min   total gzip  chunks");
for (const row of rows) {
  console.log(
    `${row.name.padEnd(16)} ${kb(row.initial.minified).padStart(11)}  ${kb(row.initial.gzipped).padStart(12)}  ${kb(row.total.minified).padStart(11)}  ${kb(row.total.gzipped).padStart(11)}  ${String(row.chunks).padStart(6)}`,
  );
}
const core = rows[0];
const app = rows.at(-1);
if (process.argv.includes("--modules")) {
  for (const row of [core, app]) {
    console.log(`\n${row.name}, initial chunk, minified bytes by source:`);
    for (const [input, bytes] of [...row.inputs].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${kb(bytes).padStart(9)}  ${input}`);
  }
}
const verdict = core.initial.gzipped <= GOAL_BYTES ? "within" : "OVER";
console.log(
  `\nwebmq (core): ${kb(core.initial.gzipped)} minified and gzipped up front (${kb(core.total.gzipped)} with every lazy chunk), ${verdict} the ${kb(GOAL_BYTES)} goal.`,
);
console.log(`An application that only opens, puts and gets: ${kb(app.initial.gzipped)} up front.`);
if (process.argv.includes("--check") && core.initial.gzipped > GOAL_BYTES) process.exit(1);
