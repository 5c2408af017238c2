import { MemoryStorage, MemoryStore } from "../../core/index.js";
import type { StoreHarness } from "./harness.js";

/** Memory storages by key, so that reopening "the same storage" finds the same data. */
const storages = new Map<string, MemoryStorage>();

export const memoryHarness: StoreHarness = {
  async withStorage(key, body) {
    const storage = storages.get(key) ?? new MemoryStorage();
    storages.set(key, storage);
    try {
      return await body(() => new MemoryStore(storage));
    } finally {
      storages.delete(key);
    }
  },
};
