/**
 * How a contract suite reaches a store in a given runtime. `withStorage(key, body)` runs
 * `body` where the storage named `key` can be opened; each call of `open` makes a new Store
 * over the same storage, which is how the suites simulate a restart.
 */
import { MQError, type Store } from "../../core/index.js";

export interface StoreHarness {
  withStorage<T>(key: string, body: (open: () => Store) => Promise<T>): Promise<T>;
}

/** A store's methods bound to it, to build a watched store around. */
export function bind(store: Store): Store {
  return {
    kind: store.kind,
    groupCommit: store.groupCommit,
    load: () => store.load(),
    loadMessages: (query) => store.loadMessages(query),
    readBody: (seq) => store.readBody(seq),
    commit: (batch) => store.commit(batch),
    close: () => store.close(),
  };
}

let counter = 0;
/** A storage name no other test uses. */
export function uniqueKey(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The MQ reason an operation fails with; fails the test if it succeeds or throws something else. */
export async function reason(operation: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof operation === "function" ? operation() : operation);
  } catch (error) {
    if (error instanceof MQError) return error.reason;
    throw error;
  }
  throw new Error("expected an MQError");
}
