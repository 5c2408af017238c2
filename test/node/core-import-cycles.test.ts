/**
 * core has no import cycle, type-only imports included: the kernel, units of work, MQSC, JMS
 * and the features to come sit in layers (MQSC reaches the manager through MqscHost, JMS
 * through JmsHost), so that each can be read, tested and replaced on its own.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraph } from "./support/import-graph.js";

const CORE = join(dirname(fileURLToPath(import.meta.url)), "../../core");

describe("core's imports", () => {
  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("have no cycle, type-only imports included", () => {
    const graph = importGraph(CORE);
    expect(graph.size).toBeGreaterThan(40);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("keep the attribute schema out of core/mqsc: objects do not depend on the language", () => {
    const graph = importGraph(CORE);
    const outside = [...graph].filter(([file]) => !file.startsWith("mqsc/") && file !== "manager.ts" && file !== "index.ts" && file !== "internal.ts");
    for (const [file, targets] of outside) expect(targets.filter((t) => t.startsWith("mqsc/")), file).toEqual([]);
  });
});
