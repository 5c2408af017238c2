/**
 * What messages hold of memory: non-persistent bodies against messageMemoryBytes (a put past
 * it is refused with MQRC_STORAGE_NOT_AVAILABLE), and the cache of persistent bodies against
 * bodyCacheBytes (past it, bodies are paged out and read back on delivery).
 */
import { EntryState, type Entry } from "./lane.js";

export class MessageMemory {
  /** Bytes of non-persistent bodies held now. */
  used = 0;
  #cachedBodyBytes = 0;

  constructor(
    readonly limitBytes: number,
    private readonly bodyCacheBytes: number,
  ) {}

  /** Whether a non-persistent body of `size` bytes fits. */
  fits(size: number): boolean {
    return this.used + size <= this.limitBytes;
  }

  /** A persistent message committed: its body stays cached while there is room, or is paged out. */
  cacheOrPageOut(entry: Entry): void {
    if (entry.state === EntryState.Gone || entry.body === undefined) return;
    if (this.#cachedBodyBytes + entry.record.bodySize <= this.bodyCacheBytes) this.#cachedBodyBytes += entry.record.bodySize;
    else entry.body = undefined;
  }

  /** A message leaves memory: what its body held is given back. */
  release(entry: Entry): void {
    if (!entry.record.persistent) this.used -= entry.record.bodySize;
    else if (entry.body !== undefined && entry.state !== EntryState.Pending) this.#cachedBodyBytes -= entry.record.bodySize;
  }
}
