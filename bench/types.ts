/** One line of the benchmark table: our figure against a baseline measured in the same run. */
export interface BenchRow {
  runtime: "node" | "chromium" | "workerd";
  case: string;
  /** Messages per second through the queue manager (median of the rounds). */
  ours: number;
  /** Messages per second through the raw engine doing the same writes (median of the rounds). */
  baseline: number;
  /** ours / baseline. */
  ratio: number;
  /** What the row must reach: a ratio ("≥ 50%") or an absolute rate, as text for the table. */
  target: string;
  met: boolean;
  /** Every round's rate, for the JSON. */
  rounds: { ours: number[]; baseline: number[] };
  /** Messages per round, and anything else worth keeping about how the row was measured. */
  details?: Record<string, unknown>;
}

/** What one benchmark hands to the report. */
export interface BenchResult {
  name: string;
  runtime: BenchRow["runtime"];
  /** e.g. { node: "v20.20.2" } or { chromium: "156.0..." } */
  versions: Record<string, string>;
  rows: BenchRow[];
  notes?: string[];
}
