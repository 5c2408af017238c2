/**
 * core has no import cycle, type-only imports included: the kernel, units of work, MQSC, JMS
 * and the features to come sit in layers (MQSC reaches the manager through MqscHost, JMS
 * through JmsHost), so that each can be read, tested and replaced on its own.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CORE = join(dirname(fileURLToPath(import.meta.url)), "../../core");

/** Every .ts file under `dir`, with the relative imports (and re-exports) each one makes. */
function importGraph(dir: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".ts")) files.push(path);
    }
  };
  walk(dir);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name.replace(/\.js$/, ".ts")))
      .filter((target) => files.includes(target));
    graph.set(relative(dir, file), targets.map((target) => relative(dir, target)));
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), or of one file importing itself. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

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
    const outside = [...graph].filter(([file]) => !file.startsWith("features/mqsc/") && !file.startsWith("manager/") && file !== "index.ts" && file !== "internal.ts");
    expect(outside.length).toBeGreaterThan(100);
    for (const [file, targets] of outside) expect(targets.filter((t) => t.startsWith("features/mqsc/")), file).toEqual([]);
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
  const layerOf = (file: string) => (file === "index.ts" || file === "internal.ts" ? LAYERS.length : LAYERS.indexOf(file.split("/")[0] as (typeof LAYERS)[number]));
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    if (layer < 0 || (!file.includes("/") && layer !== LAYERS.length)) {
      problems.push(`${file} is not in a layer's folder (core's root holds only index.ts and internal.ts)`);
      continue;
    }
    for (const target of targets) {
      if (layerOf(target) > layer) problems.push(`${file} imports ${target}, a layer above it`);
      else if (target.startsWith("kernel/") && target !== "kernel/index.ts" && !file.startsWith("kernel/")) problems.push(`${file} imports ${target}, inside the kernel (use kernel/index.ts)`);
    }
  }
  return problems;
}
