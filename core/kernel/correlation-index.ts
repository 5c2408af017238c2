/**
 * A queue's messages in memory by correlation id, so that a get by correlation id costs a
 * lookup, not a scan. Messages without one (MQCI_NONE) are not indexed; removed ones are
 * dropped from their list lazily, when the list is next pruned.
 */
import { NO_ID } from "../message/message.js";
import { EntryState, type Entry } from "./lane.js";

export class CorrelationIndex {
  readonly #byCorrelation = new Map<string, Entry[]>();

  add(entry: Entry): void {
    const corr = entry.record.correlationId;
    if (corr === NO_ID) return;
    const list = this.#byCorrelation.get(corr);
    if (list) list.push(entry);
    else this.#byCorrelation.set(corr, [entry]);
  }

  /** Drops the removed entries of the list `entry` is on. */
  prune(entry: Entry): void {
    const corr = entry.record.correlationId;
    if (corr === NO_ID) return;
    const list = this.#byCorrelation.get(corr);
    if (!list) return;
    const live = list.filter((e) => e.state !== EntryState.Gone);
    if (live.length === 0) this.#byCorrelation.delete(corr);
    else if (live.length !== list.length) this.#byCorrelation.set(corr, live);
  }

  /** The entries with this correlation id (none for MQCI_NONE), in the order they were indexed: the index's own list, to read, never to change. */
  get(correlationId: string): Entry[] {
    return correlationId === NO_ID ? [] : (this.#byCorrelation.get(correlationId) ?? []);
  }
}
