/** Latencies of one kind of request, and their percentiles. */
export class Latencies {
  readonly #ms: number[] = [];

  add(ms: number): void {
    this.#ms.push(ms);
  }
  get count(): number {
    return this.#ms.length;
  }
  /** The p-th percentile (nearest rank), 0 when nothing was measured. */
  percentile(p: number): number {
    if (this.#ms.length === 0) return 0;
    const sorted = [...this.#ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  }
}
