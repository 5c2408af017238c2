#!/usr/bin/env node
// `npm run load`: bounded load with conservation of messages against Node's server and the
// edge worker under workerd, over real HTTP (bench/load/). The load is TypeScript, so load
// tsx's ESM hooks and run bench/load/main.ts in this process. Arguments: `--seconds 15`,
// `--server node` (or workerd; both by default), `--producers 6`, `--readers 4`, ...
import { register } from "tsx/esm/api";

register();
await import("../bench/load/main.ts");
