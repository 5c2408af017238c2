/**
 * `npm run bench:compare -- <revision>`: this tree's queue manager against the one at a git
 * revision (a commit, a tag, HEAD~3), in one process (pairs.ts). The revision is checked out
 * into a temporary git worktree, which is removed at the end.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { comparePairs } from "./pairs.js";

const root = resolve(import.meta.dirname, "../..");
const revision = process.argv[2];
const rounds = Number(process.argv[3] ?? 12);
if (!revision || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: npm run bench:compare -- <git revision> [rounds, default 12]");
  process.exit(2);
}
const commit = execFileSync("git", ["rev-parse", "--verify", `${revision}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
const where = join(mkdtempSync(join(tmpdir(), "webmq-compare-")), "tree");
execFileSync("git", ["worktree", "add", "--detach", where, commit], { cwd: root, stdio: "ignore" });
try {
  symlinkSync(join(root, "node_modules"), join(where, "node_modules"));
  const load = async (tree: string) => ((await import(join(tree, "core/index.ts"))) as typeof import("../../core/index.js")).QueueManager.open({ name: "QM1" });
  const [baseline, current] = [await load(where), await load(root)];
  const results = await comparePairs(baseline, current, rounds);
  await Promise.all([baseline.close(), current.close()]);
  console.log(
    `this tree against ${revision} (${commit.slice(0, 10)}), ${rounds} rounds side by side in one process (median rates; median of the rounds' ratios):`,
  );
  for (const { name, baseline: before, current: now, ratio } of results) {
    console.log(
      `  ${name.padEnd(48)} ${Math.round(before).toLocaleString("en").padStart(10)}/s -> ${Math.round(now).toLocaleString("en").padStart(10)}/s  ${ratio.toFixed(2)}x`,
    );
  }
} finally {
  execFileSync("git", ["worktree", "remove", "--force", where], { cwd: root, stdio: "ignore" });
  rmSync(resolve(where, ".."), { recursive: true, force: true });
}
