/**
 * How a contract suite reaches a store in a given runtime. `withStorage(key, body)` runs
 * `body` where the storage named `key` can be opened; each call of `open` makes a new Store
 * over the same storage, which is how the suites simulate a restart.
 */
import type { Store } from "../../core/index.js";

export interface StoreHarness {
  withStorage<T>(key: string, body: (open: () => Store) => Promise<T>): Promise<T>;
}

let counter = 0;
/** A storage name no other test uses. */
export function uniqueKey(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
