/**
 * What a queue manager restores when it opens on a store: its object definitions, a count of
 * the committed persistent messages of each lane (they are paged in as delivery reaches
 * them, never all read), the units of work left prepared, and the first page of each lane.
 * Records that cannot be used are reported as damaged and left in the store.
 */
import { checkObjectName, type LocalQueueAttributes, type QueueManagerAttributes } from "../objects/attributes.js";
import { systemClock, type Clock } from "../base/clock.js";
import { DEFAULT_DEAD_LETTER_QUEUE } from "../objects/default-objects.js";
import { MQError } from "../base/errors.js";
import {
  describe,
  INCARNATION_KEY,
  SeqIds,
  type QueueManagerOptions,
  type Kernel,
  PREPARED_KEY_PREFIX,
  type PreparedRecord,
  type Units,
  loadMessageRestore,
} from "../kernel/index.js";
import { createMemoryStore } from "../store/memory-store.js";
import { applyQueueManagerAttributes, queueManagerDefaults } from "../objects/definitions.js";
import type { DamagedRecord } from "../store/record-check.js";
import type { ObjectCatalogue } from "../objects/registry.js";
import type { ObjectRecord, Store, StoreOp, StoreSnapshot } from "../store/store.js";

/** Restores `snapshot` into the kernel and catalogue; returns the store operations that tidy what a crash left (orphaned messages). */
export async function recover(kernel: Kernel, objects: ObjectCatalogue, units: Units, snapshot: StoreSnapshot): Promise<StoreOp[]> {
  const { damaged } = kernel;
  for (const record of snapshot.objects) {
    if (record?.kind === "qmgr") continue;
    const { definition, problems } = objects.restore(record);
    for (const problem of problems) damaged.push({ kind: String(record?.kind), key: String(record?.name), problem });
    if (!definition) continue;
    objects.set(definition);
    if (definition.type === "localQueue") {
      const queue = kernel.newQueue(record.name, definition.attributes as LocalQueueAttributes);
      if (record.dynamic === "permanent") queue.dynamic = "permanent";
      kernel.queues.set(record.name, queue);
    }
  }
  // Messages are counted, not read: each lane pages in what delivery needs first.
  const restore = snapshot.queues.length > 0 ? await loadMessageRestore() : undefined;
  const orphans = restore ? restore.restoreMessageCounts(kernel, snapshot.queues, damaged) : [];
  // Prepared transactions hold their messages out of sight before any page is read.
  for (const { key, value } of snapshot.meta) {
    if (typeof key === "string" && key.startsWith(PREPARED_KEY_PREFIX))
      await units.restorePrepared(key.slice(PREPARED_KEY_PREFIX.length), value as unknown as PreparedRecord);
  }
  await restore?.pageInRestored(kernel);
  return orphans;
}

/**
 * What a queue manager opens from: its store's snapshot, the incarnation its seqs start in
 * (past the stored one and every stored seq, so none is given twice), and its own record and
 * attributes (IBM's defaults, reported as damaged, when the stored ones are not usable).
 */
export async function readStored(options: QueueManagerOptions): Promise<{
  name: string;
  store: Store;
  snapshot: StoreSnapshot;
  incarnation: number;
  qmgrRecord: ObjectRecord | undefined;
  clock: Clock;
  attributes: QueueManagerAttributes;
  damaged: DamagedRecord[];
}> {
  const name = checkObjectName(options.name, "queue manager");
  const store = options.store ?? createMemoryStore();
  const snapshot = await store.load();
  // A range moved on to but not yet recorded shows in the seqs of the messages stored under it.
  let highestSeq = -1;
  for (const summary of snapshot.queues) if (typeof summary?.maxSeq === "number" && summary.maxSeq > highestSeq) highestSeq = summary.maxSeq;
  const incarnation = SeqIds.incarnationAfter(snapshot.meta.find((m) => m.key === INCARNATION_KEY)?.value, highestSeq);
  const qmgrRecord = snapshot.objects.find((o) => o.kind === "qmgr");
  if (qmgrRecord && qmgrRecord.name !== name) {
    throw new MQError("MQRC_Q_MGR_NAME_ERROR", `this storage holds queue manager ${qmgrRecord.name}, not ${name}`);
  }
  const damaged: DamagedRecord[] = [];
  let attributes: QueueManagerAttributes;
  try {
    attributes = applyQueueManagerAttributes(
      queueManagerDefaults(),
      qmgrRecord ? (qmgrRecord.attributes ?? {}) : { deadLetterQueue: DEFAULT_DEAD_LETTER_QUEUE },
    ) as QueueManagerAttributes;
  } catch (error) {
    attributes = applyQueueManagerAttributes(queueManagerDefaults(), {}) as QueueManagerAttributes;
    damaged.push({ kind: "qmgr", key: name, problem: `its attributes were not usable, so IBM's defaults apply: ${describe(error)}` });
  }
  return { name, store, snapshot, incarnation, qmgrRecord, clock: options.clock ?? systemClock, attributes, damaged };
}
