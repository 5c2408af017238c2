#!/usr/bin/env node
// `npm run bench:compare -- <git revision>`: the queue manager of this tree against the one at
// that revision, in one process (bench/compare/). Not part of `npm test`.
import { register } from "tsx/esm/api";

register();
await import("../bench/compare/run.ts");
