/**
 * Binaryen's Asyncify, driven from JavaScript: a module transformed by `wasm-opt --asyncify`
 * can call an import that answers with a Promise. The import starts an unwind (the C stack is
 * saved into a data area in the module's memory and every frame returns), the caller awaits
 * the Promise, then starts a rewind and calls the export again, which rebuilds the stack and
 * re-enters the import, which now returns the Promise's value. So a blocking MQGET blocks
 * the C program while the queue manager, on the same JavaScript thread, goes on running.
 *
 * Chosen over JSPI (behind flags in Node 20, absent from workerd) and over a worker blocked on
 * Atomics.wait (no threads in workerd or a Durable Object; SharedArrayBuffer in a page needs
 * cross-origin isolation): Asyncify works in every runtime webmq runs in.
 */

/** The exports `wasm-opt --asyncify` adds. */
interface AsyncifyExports {
  asyncify_start_unwind(data: number): void;
  asyncify_stop_unwind(): void;
  asyncify_start_rewind(data: number): void;
  asyncify_stop_rewind(): void;
  asyncify_get_state(): number;
}

const STATE_UNWINDING = 1;
const STATE_REWINDING = 2;

/** Bytes of saved stack: a C program's frames down to an MQI call need a few hundred. */
const DATA_BYTES = 64 * 1024;

export class AsyncifyError extends Error {
  override name = "AsyncifyError";
}

/** Whether a module was transformed by `wasm-opt --asyncify`. */
export function isAsyncified(module: WebAssembly.Module): boolean {
  return WebAssembly.Module.exports(module).some((e) => e.name === "asyncify_start_unwind");
}

export class Asyncify {
  #exports: AsyncifyExports | undefined;
  #memory: WebAssembly.Memory | undefined;
  #data = 0;
  #pending: Promise<unknown> | undefined;
  #value: unknown;

  /**
   * Wraps an import: when `fn` returns a Promise, the module unwinds; when the module is
   * rewound, the wrapped import returns the Promise's value.
   */
  wrapImport<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => unknown {
    return (...args: A) => {
      const exports = this.#exports!;
      if (exports.asyncify_get_state() === STATE_REWINDING) {
        exports.asyncify_stop_rewind();
        const value = this.#value;
        this.#value = undefined;
        return value;
      }
      const result = fn(...args);
      if (!(result instanceof Promise)) return result;
      const view = new DataView(this.#memory!.buffer);
      view.setInt32(this.#data, this.#data + 8, true);
      view.setInt32(this.#data + 4, this.#data + DATA_BYTES, true);
      exports.asyncify_start_unwind(this.#data);
      this.#pending = result;
      return 0;
    };
  }

  /**
   * Binds to an instance: its data area is a page grown at the top of its memory now, before
   * the program runs, so that the C heap (which grows memory above it) never reaches it.
   */
  bind(instance: WebAssembly.Instance): void {
    const exports = instance.exports as unknown as AsyncifyExports & { memory: WebAssembly.Memory };
    if (typeof exports.asyncify_start_unwind !== "function") {
      throw new AsyncifyError("the module was not transformed by Asyncify: run `wasm-opt --asyncify` on it (adapters/wasm/README.md)");
    }
    this.#exports = exports;
    this.#memory = exports.memory;
    this.#data = exports.memory.grow(DATA_BYTES / 65536) * 65536;
  }

  /** Calls an export, awaiting each Promise an import gives, until it returns for good. */
  async call<R>(fn: () => R): Promise<R> {
    const exports = this.#exports!;
    let result = fn();
    while (exports.asyncify_get_state() === STATE_UNWINDING) {
      exports.asyncify_stop_unwind();
      const pending = this.#pending!;
      this.#pending = undefined;
      this.#value = await pending;
      exports.asyncify_start_rewind(this.#data);
      result = fn();
    }
    return result;
  }
}
