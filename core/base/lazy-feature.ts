/**
 * A part of the queue manager whose code is loaded on its first use (a dynamic import), so
 * that an application that never publishes, triggers, raises events or opens a JMS
 * connection never downloads that code (`npm run size` measures what `import "webmq"` costs).
 * The manager loads a feature wherever it is first needed, always on an asynchronous path
 * (define, alter, open, publish), and synchronous paths use it only once it is there.
 */
import { MQError } from "./errors.js";

export class LazyFeature<T> {
  #value: T | undefined;
  #loading: Promise<T> | undefined;

  constructor(
    readonly what: string,
    private readonly load: () => Promise<T>,
  ) {}

  /** The feature when it has been loaded; undefined tells the caller it has nothing to do yet. */
  get loaded(): T | undefined {
    return this.#value;
  }

  /**
   * The feature, loaded now if it was not. A load that fails (a chunk a browser could not
   * fetch while offline) is MQRC_RESOURCE_PROBLEM and is tried again on the next use.
   */
  get(): Promise<T> {
    if (this.#value !== undefined) return Promise.resolve(this.#value);
    this.#loading ??= this.load().then(
      (value) => (this.#value = value),
      (error: unknown) => {
        this.#loading = undefined;
        throw error instanceof MQError
          ? error
          : new MQError("MQRC_RESOURCE_PROBLEM", `the code for ${this.what} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    return this.#loading;
  }
}
