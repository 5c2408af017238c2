/**
 * The shared queue manager, Chromium (`npm run bench -- shared`): put+get pairs through
 * openBrowserQueueManager with the manager in a SharedWorker (the page a client, every call
 * crossing to the worker), against the same pairs on the manager opened in the page itself.
 * Serves page.ts from a Vite dev server on 127.0.0.1 (a free port), drives it with
 * playwright's headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser),
 * and closes both at the end. Rows are information: what crossing to the owner costs.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright";
import { version as viteVersion } from "vite";
import { Cleanup } from "../cleanup.js";
import { openBenchPage } from "../browser-page.js";
import { alternate, median, rate } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";
import type { Timed } from "./page.js";

const require = createRequire(import.meta.url);
/** Pairs per round, shared by the loops (64 loops: 7 pairs each). */
const PAIRS = 448;
const WARMUP_ROUNDS = 1;
const ROUNDS = 3;
const CASES = [
  { loops: 1, persistent: true },
  { loops: 8, persistent: true },
  { loops: 64, persistent: true },
  { loops: 1, persistent: false },
];

export async function runSharedBench(): Promise<BenchResult> {
  const cleanup = new Cleanup();
  try {
    const page = await openBenchPage(dirname(fileURLToPath(import.meta.url)), "shared bench", () => typeof window.sharedBench === "object", cleanup);
    const rows: BenchRow[] = [];
    for (const { loops, persistent } of CASES) {
      const rounds = await alternate(
        () => call(page, "shared", loops, persistent),
        () => call(page, "local", loops, persistent),
        WARMUP_ROUNDS,
        ROUNDS,
      );
      const ours = rounds.ours.map((t) => rate(t.count, t.ms));
      const baseline = rounds.baseline.map((t) => rate(t.count, t.ms));
      rows.push({
        runtime: "chromium",
        case: `shared manager (SharedWorker, this page a client), ${persistent ? "persistent" : "non-persistent"} put+get pairs, ${loops === 1 ? "serial" : `${loops} loops`} vs the manager in the page`,
        ours: median(ours),
        baseline: median(baseline),
        ratio: median(ours) / median(baseline),
        target: "(info)",
        met: true,
        rounds: { ours, baseline },
        details: { pairs: PAIRS, loops, persistent, warmupRounds: WARMUP_ROUNDS, rounds: ROUNDS },
      });
    }
    return {
      name: "shared",
      runtime: "chromium",
      versions: { chromium: page.context().browser()!.version(), playwright: require("playwright/package.json").version, vite: viteVersion },
      rows,
      notes: ["Rates are put+get pairs per second (1 KiB bodies); each round uses a fresh database."],
    };
  } finally {
    await cleanup.run();
  }
}

function call(page: Page, name: "shared" | "local", loops: number, persistent: boolean): Promise<Timed> {
  return page.evaluate(([name, n, loops, persistent]) => window.sharedBench[name](n, loops, persistent), [name, PAIRS, loops, persistent] as const);
}
