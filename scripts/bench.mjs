#!/usr/bin/env node
// `npm run bench`: the benchmarks are TypeScript, so load tsx's ESM hooks and run
// bench/run.ts in this process. Arguments pick benchmarks: `npm run bench -- memory`.
import { register } from "tsx/esm/api";

register();
await import("../bench/run.ts");
