/** Undo steps for the node side of a benchmark: each one runs even when an earlier one throws. */
export class Cleanup {
  readonly #steps: (() => unknown)[] = [];

  /** Registers a step; steps run last-registered first. */
  add(step: () => unknown): void {
    this.#steps.push(step);
  }

  /** Runs every step; rethrows the first failure once all have run. */
  async run(): Promise<void> {
    let failure: { error: unknown } | undefined;
    for (const step of this.#steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
