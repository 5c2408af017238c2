/**
 * adapters/ (http, edge, browser, worker, ...) has no import cycle, type-only imports
 * included, and takes nothing from the project's applications: the playground, the CLI, the
 * benches and the scripts build on the adapters, never the other way round, so the package
 * (`webmq/http`, `webmq/edge`, ...) ships without them.
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraph, relativeImportsOf, sourceFiles } from "./support/import-graph.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ADAPTERS = join(ROOT, "adapters");
const APPLICATIONS = ["playground", "cli", "bench", "scripts"];

describe("adapters' imports", () => {
  it("have no cycle, type-only imports included", () => {
    const graph = importGraph(ADAPTERS);
    expect(graph.size).toBeGreaterThan(60);
    expect([...graph.keys()].some((file) => file.startsWith("edge/"))).toBe(true);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("take nothing from the playground, the CLI, the benches or the scripts", () => {
    const reaches: string[] = [];
    for (const file of sourceFiles(ADAPTERS)) {
      for (const target of relativeImportsOf(file)) {
        const folder = relative(ROOT, target).split("/")[0]!;
        if (APPLICATIONS.includes(folder)) reaches.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
    expect(reaches).toEqual([]);
  });
});
