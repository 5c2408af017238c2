#!/usr/bin/env node
// `npm run size`: how much `webmq` (core/index.ts, the in-memory queue manager with JMS, MQSC,
// pub/sub, triggering and dead letters) weighs in an application: bundled by esbuild, minified,
// then gzipped, as a bundler would ship it. The goal is at most 40 KB gzipped; --check fails
// the run above it. Other entries are listed for information (their runtime libraries, idb,
// comlink and hono, are bundled in; node: and cloudflare: imports are left out).
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

const GOAL_BYTES = 40 * 1024;
const entries = [
  ["webmq", "core/index.ts"],
  ["webmq/browser", "adapters/browser/index.ts"],
  ["webmq/worker", "adapters/worker/index.ts"],
  ["webmq/http", "adapters/http/index.ts"],
  ["webmq/edge", "adapters/edge/index.ts"],
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
for (const [name, entry] of entries) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser", "import"],
    target: "es2022",
    write: false,
    external: ["node:*", "cloudflare:*"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  rows.push({ name, minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength });
}

console.log("entry            minified    min+gzip");
for (const row of rows) console.log(`${row.name.padEnd(16)} ${kb(row.minified).padStart(9)}  ${kb(row.gzipped).padStart(9)}`);
const core = rows[0];
const verdict = core.gzipped <= GOAL_BYTES ? "within" : "OVER";
console.log(`\nwebmq (core): ${kb(core.gzipped)} minified and gzipped, ${verdict} the ${kb(GOAL_BYTES)} goal.`);
if (process.argv.includes("--check") && core.gzipped > GOAL_BYTES) process.exit(1);
