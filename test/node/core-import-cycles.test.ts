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

  it("keep the attribute schema out of MQSC: objects do not depend on the language", () => {
    const graph = importGraph(CORE);
    const outside = [...graph].filter(
      ([file]) => !file.startsWith("features/mqsc/") && !file.startsWith("manager/") && file !== "index.ts" && file !== "internal.ts",
    );
    expect(outside.length).toBeGreaterThan(100);
    for (const [file, targets] of outside)
      expect(
        targets.filter((t) => t.startsWith("features/mqsc/")),
        file,
      ).toEqual([]);
  });

  it("keep their layers: a folder imports only its own layer and those below, and the kernel only through kernel/index.ts", () => {
    expect(layerViolations(importGraph(CORE))).toEqual([]);
  });

  it("finds a layer broken (the check itself)", () => {
    const graph = new Map([
      ["message/message.ts", ["base/errors.ts"]],
      ["kernel/lane.ts", ["features/pubsub/broker.ts"]],
      ["features/jms/session.ts", ["kernel/lane.ts", "kernel/index.ts", "features/pubsub/broker.ts"]],
      ["base/clock.ts", ["store/store.ts"]],
      ["loose.ts", []],
    ]);
    expect(layerViolations(graph)).toEqual([
      "kernel/lane.ts imports features/pubsub/broker.ts, a layer above it",
      "features/jms/session.ts imports kernel/lane.ts, inside the kernel (use kernel/index.ts)",
      "base/clock.ts imports store/store.ts, a layer above it",
      "loose.ts is not in a layer's folder (core's root holds only index.ts and internal.ts)",
    ]);
  });
});

/**
 * core's layers, lowest first. A file may import its own folder and the layers below it; the
 * features (features/<name>/) may import each other (the cycle check keeps that a tree); the
 * kernel's files are reached from outside kernel/ only through kernel/index.ts.
 */
export const LAYERS = ["base", "message", "selector", "store", "objects", "kernel", "features", "manager"] as const;

export function layerViolations(graph: Map<string, string[]>): string[] {
  const layerOf = (file: string) =>
    file === "index.ts" || file === "internal.ts" ? LAYERS.length : LAYERS.indexOf(file.split("/")[0] as (typeof LAYERS)[number]);
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    if (layer < 0 || (!file.includes("/") && layer !== LAYERS.length)) {
      problems.push(`${file} is not in a layer's folder (core's root holds only index.ts and internal.ts)`);
      continue;
    }
    for (const target of targets) {
      if (layerOf(target) > layer) problems.push(`${file} imports ${target}, a layer above it`);
      else if (target.startsWith("kernel/") && target !== "kernel/index.ts" && !file.startsWith("kernel/"))
        problems.push(`${file} imports ${target}, inside the kernel (use kernel/index.ts)`);
    }
  }
  return problems;
}
