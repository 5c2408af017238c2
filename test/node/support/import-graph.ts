/**
 * Who imports whom among a folder's .ts files, and the cycles in that graph: the checks that
 * keep core/ and adapters/ in layers (core-import-cycles.test.ts, adapters-imports.test.ts).
 * Type-only imports count: a type cycle is still two files that cannot be read apart.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** Every .ts file under `dir`, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".ts")) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** The files `file` imports or re-exports by a relative path, resolved to absolute .ts paths. */
export function relativeImportsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, ".ts")));
}

/** Every .ts file under `dir` (relative to it), with the files under `dir` each one imports. */
export function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = relativeImportsOf(file).filter((target) => files.includes(target));
    graph.set(
      relative(dir, file),
      targets.map((target) => relative(dir, target)),
    );
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
