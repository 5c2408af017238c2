/**
 * Where the queue manager keeps its authority records (IBM's OAM records): in the store's meta,
 * one key per record under `authrec/`, so that every store keeps them with the objects,
 * commits them atomically and gives them back on open. This is all the queue manager itself
 * holds (the raw values, read at open): what a record means, and the check, are in records.ts
 * and check.ts, which only what administers or checks authority loads, so that the entry
 * chunk stays small.
 */
import type { JsonValue } from "../../message/message.js";
import type { StoreOp } from "../../store/store.js";

export const AUTHORITY_KEY_PREFIX = "authrec/";

export class StoredAuthorityRecords {
  /** The stored value of each record, by its meta key. */
  readonly values = new Map<string, JsonValue>();
  /** Raised on every change, so that a reader can keep what it made of the values until the next. */
  version = 0;
  readonly #commit: (batch: StoreOp[]) => Promise<void>;

  constructor(commit: (batch: StoreOp[]) => Promise<void>) {
    this.#commit = commit;
  }

  restore(meta: readonly { key: string; value: JsonValue }[]): void {
    for (const { key, value } of meta) if (typeof key === "string" && key.startsWith(AUTHORITY_KEY_PREFIX)) this.values.set(key, value);
    this.version++;
  }

  /** Stores (value) or removes (undefined) a record; in memory once durable. */
  async write(key: string, value: JsonValue | undefined): Promise<void> {
    await this.#commit([value === undefined ? { op: "deleteMeta", key } : { op: "putMeta", key, value }]);
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    this.version++;
  }
}
