/** Prints the table of every benchmark's rows and writes each benchmark's JSON under bench/results/. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BenchResult, BenchRow } from "./types.js";

const COLUMNS = ["runtime", "case", "ours (msg/s)", "baseline (msg/s)", "ratio", "target", "met"] as const;

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [r.runtime, r.case, count(r.ours), count(r.baseline), `${(r.ratio * 100).toFixed(1)}%`, r.target, r.met ? "yes" : "no"]);
  const widths = COLUMNS.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) => c.map((v, i) => (i >= 2 && i <= 4 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join("  ");
  return [line(COLUMNS), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

export async function writeResult(dir: string, result: BenchResult, date: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${result.name}.json`);
  await writeFile(file, JSON.stringify({ date, ...result }, null, 2) + "\n");
  return file;
}

function count(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : String(n);
}
