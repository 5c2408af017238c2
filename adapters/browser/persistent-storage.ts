/**
 * Persistent storage: without it the browser may evict an origin's IndexedDB under storage
 * pressure, queues and all. Asking is cheap; the browser decides (Chromium grants it to
 * installed or much-used sites, Firefox asks the user).
 */

/** True if the origin's storage is (now) persistent, false if refused, undefined where the browser has no such API. */
export async function askForPersistentStorage(): Promise<boolean | undefined> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (!storage?.persist) return undefined;
  if (await storage.persisted()) return true;
  return storage.persist();
}
