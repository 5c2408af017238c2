#!/usr/bin/env node
// `npm run bench`: the benchmarks are TypeScript, so load tsx's ESM hooks and run
// bench/run.ts in this process. Arguments pick benchmarks: `npm run bench -- memory`.
// `npm run bench -- rest` runs bench/rest-vs-minimal-worker.mjs (issue 25's REST row) alone: it
// starts workerd itself and prints its own table, so it is not one of run.ts's benchmarks.
import { register } from "tsx/esm/api";

if (process.argv[2] === "rest") {
  await import("../bench/rest-vs-minimal-worker.mjs");
} else {
  register();
  await import("../bench/run.ts");
}
