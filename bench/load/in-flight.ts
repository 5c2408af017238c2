/** A cap on the requests in flight at once across every client of a load run. */
export class InFlight {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  #peak = 0;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
    this.#free = cap;
  }
  /** The most requests that were in flight at once. */
  get peak(): number {
    return this.#peak;
  }
  async run<T>(request: () => Promise<T>): Promise<T> {
    if (this.#free === 0) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#free--;
    this.#peak = Math.max(this.#peak, this.#cap - this.#free);
    try {
      return await request();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
