import { IndexedDBStore } from "../../adapters/browser/index.js";
import type { StoreHarness } from "./harness.js";

/** Each key is its own IndexedDB database, deleted when the test ends. */
export const indexedDBHarness: StoreHarness = {
  async withStorage(key, body) {
    try {
      return await body(() => new IndexedDBStore({ databaseName: key }));
    } finally {
      await new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(key);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      });
    }
  },
};
