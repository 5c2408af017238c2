/**
 * What `import "webmq"` costs an application's bundle: `npm run size -- --check` (esbuild with
 * code splitting, minified, gzipped; scripts/size.mjs) within the 40 KB goal. Bundle size is
 * deterministic, so this guards it as the benchmarks cannot: a value export from core/index.ts
 * or a static import of a feature loaded on first use fails here.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("the core's size", () => {
  it("is at most 40 KB minified and gzipped up front, with the features loaded on first use in chunks of their own", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/size.mjs", "--check"], { timeout: 60_000 });
    const figure = /webmq \(core\): ([\d.]+) KB minified and gzipped up front \(([\d.]+) KB with every lazy chunk\)/.exec(stdout);
    expect(figure, stdout).not.toBeNull();
    expect(Number(figure![1])).toBeLessThanOrEqual(40);
    // The lazy chunks exist: the total is well above what loads up front.
    expect(Number(figure![2])).toBeGreaterThan(Number(figure![1]) * 1.5);
  });
});
