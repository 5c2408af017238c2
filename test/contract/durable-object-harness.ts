import { env, runInDurableObject } from "cloudflare:test";
import { DurableObjectStore } from "../../adapters/edge/index.js";
import type { StoreHarness } from "./harness.js";

/**
 * Each key is its own Durable Object; the body runs inside it, where its SQLite storage
 * can be used. Every open is a new DurableObjectStore over that same storage.
 */
export const durableObjectHarness: StoreHarness = {
  withStorage(key, body) {
    const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(key));
    return runInDurableObject(stub, (_instance, state) => body(() => new DurableObjectStore(state.storage)));
  },
};

/** The same, with the store as the worker's queue-manager object makes it: commits of one 0 ms window gathered into one transaction. */
export const gatheringDurableObjectHarness: StoreHarness = {
  withStorage(key, body) {
    const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(`gathering-${key}`));
    return runInDurableObject(stub, (_instance, state) =>
      body(() => new DurableObjectStore(state.storage, { gatherCommits: (flush) => setTimeout(flush, 0) })),
    );
  },
};
