/**
 * adapters/ (http, edge, browser, worker, ...) has no import cycle, type-only imports
 * included: each file can be read and replaced on its own.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraph } from "./support/import-graph.js";

const ADAPTERS = join(dirname(fileURLToPath(import.meta.url)), "../../adapters");

describe("adapters' imports", () => {
  it("have no cycle, type-only imports included", () => {
    const graph = importGraph(ADAPTERS);
    expect(graph.size).toBeGreaterThan(60);
    expect([...graph.keys()].some((file) => file.startsWith("edge/"))).toBe(true);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
