/**
 * The Store contract, written once and run on every store and runtime: committed batches
 * survive a reopen, bodies come back byte for byte, and a batch is atomic.
 */
import { describe, expect, it } from "vitest";
import type { MessageRecord, StoredBody } from "../../core/internal.js";
import type { Store, StoreOp } from "../../core/index.js";
import { uniqueKey, type StoreHarness } from "./harness.js";

function record(seq: number, queue = "Q1", extra: Partial<MessageRecord> = {}): MessageRecord {
  return {
    seq,
    queue,
    messageId: seq.toString(16).padStart(48, "0"),
    correlationId: "0".repeat(48),
    priority: 4,
    persistent: true,
    expiresAt: null,
    putTime: 1_700_000_000_000 + seq,
    replyToQueue: "",
    replyToQueueManager: "",
    messageType: "datagram",
    type: "",
    backoutCount: 0,
    properties: [
      { name: "count", type: "int", value: seq },
      { name: "__proto__", type: "string", value: "plain name" },
      { name: "big", type: "long", value: "9223372036854775807" },
    ],
    bodyFormat: "text",
    bodySize: 5,
    ...extra,
  };
}

function put(seq: number, body: StoredBody = `body-${seq}`, queue = "Q1"): StoreOp {
  return { op: "putMessage", record: record(seq, queue, { bodyFormat: typeof body === "string" ? "text" : "bytes" }), body };
}

/** Every stored message of queue Q1 at priority 4 (where `record` files them), in seq order. */
function lane(store: Store, queue = "Q1", priority = 4): Promise<MessageRecord[]> {
  return store.loadMessages({ queue, priority, afterSeq: -1, limit: 1000 });
}

export function testStore(name: string, harness: StoreHarness): void {
  const withStore = <T>(body: (open: () => Store) => Promise<T>) => harness.withStorage(uniqueKey(`store-${name}`), body);

  describe(`Store contract: ${name}`, () => {
    it("starts empty", async () => {
      await withStore(async (open) => {
        const store = open();
        expect(await store.load()).toEqual({ objects: [], queues: [], meta: [] });
        expect(await lane(store)).toEqual([]);
        expect(await store.readBody(1)).toBeUndefined();
        await store.close();
      });
    });

    it("restores committed messages, objects and meta after a reopen, messages in seq order", async () => {
      await withStore(async (open) => {
        const first = open();
        await first.commit([put(30), put(10)]);
        await first.commit([
          put(20, new Uint8Array([0, 1, 2, 255])),
          { op: "putObject", record: { kind: "queue", name: "Q1", type: "local", attributes: { maxDepth: 7, description: "it's" } } },
          { op: "putMeta", key: "incarnation", value: 3 },
        ]);
        await first.close();

        const second = open();
        const snapshot = await second.load();
        expect(snapshot.queues).toEqual([{ queue: "Q1", priority: 4, count: 3, maxSeq: 30, bytes: 15 }]);
        const messages = await lane(second);
        expect(messages.map((m) => m.seq)).toEqual([10, 20, 30]);
        expect(messages[0]).toEqual(record(10));
        expect(messages[1]!.bodyFormat).toBe("bytes");
        expect(snapshot.objects).toEqual([{ kind: "queue", name: "Q1", type: "local", attributes: { maxDepth: 7, description: "it's" } }]);
        expect(snapshot.meta).toEqual([{ key: "incarnation", value: 3 }]);
        expect(await second.readBody(10)).toBe("body-10");
        const bytes = await second.readBody(20);
        expect(bytes).toBeInstanceOf(Uint8Array);
        expect([...(bytes as Uint8Array)]).toEqual([0, 1, 2, 255]);
        await second.close();
      });
    });

    it("applies deletes and updates, and replaces objects and meta by key", async () => {
      await withStore(async (open) => {
        const store = open();
        await store.commit([put(1), put(2), put(3), { op: "putMeta", key: "k", value: 1 }]);
        await store.commit([
          { op: "deleteMessage", seq: 2 },
          { op: "updateMessage", record: record(3, "Q1", { backoutCount: 2 }) },
          { op: "putObject", record: { kind: "queue", name: "A", type: "local", attributes: {} } },
          { op: "putObject", record: { kind: "process", name: "A", type: "process", attributes: {} } },
          { op: "putMeta", key: "k", value: 2 },
        ]);
        await store.commit([
          { op: "deleteObject", kind: "process", name: "A" },
          { op: "putObject", record: { kind: "queue", name: "A", type: "local", attributes: { maxDepth: 1 } } },
          { op: "putMeta", key: "gone", value: { xid: "x" } },
        ]);
        await store.commit([
          { op: "deleteMeta", key: "gone" },
          { op: "deleteMeta", key: "never-there" },
        ]);
        await store.close();

        const reopened = open();
        const snapshot = await reopened.load();
        expect((await lane(reopened)).map((m) => [m.seq, m.backoutCount])).toEqual([
          [1, 0],
          [3, 2],
        ]);
        expect(await reopened.readBody(2)).toBeUndefined();
        expect(await reopened.readBody(3)).toBe("body-3"); // an update keeps the body
        expect(snapshot.objects).toEqual([{ kind: "queue", name: "A", type: "local", attributes: { maxDepth: 1 } }]);
        expect(snapshot.meta).toEqual([{ key: "k", value: 2 }]);
        await reopened.close();
      });
    });

    it("commits a batch atomically: an update of a missing message fails the whole batch", async () => {
      await withStore(async (open) => {
        const store = open();
        await store.commit([put(1)]);
        await expect(store.commit([put(2), { op: "deleteMessage", seq: 1 }, { op: "updateMessage", record: record(99) }])).rejects.toThrow();
        await store.close();
        const reopened = open();
        expect((await lane(reopened)).map((m) => m.seq)).toEqual([1]);
        expect(await reopened.readBody(1)).toBe("body-1");
        await reopened.close();
      });
    });

    it("lands every one of many concurrent commits", async () => {
      await withStore(async (open) => {
        const store = open();
        await Promise.all(Array.from({ length: 50 }, (_, i) => store.commit([put(i + 1, `b${i + 1}`, i % 2 ? "Q1" : "Q2")])));
        expect(
          (await lane(store, "Q1"))
            .concat(await lane(store, "Q2"))
            .map((m) => m.seq)
            .sort((a, b) => a - b),
        ).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(await store.readBody(50)).toBe("b50");
        await store.close();
      });
    });

    it("answers queries by lane, by seq and by correlation id from its indexes, and sums up each lane", async () => {
      await withStore(async (open) => {
        const store = open();
        const at = (seq: number, queue: string, priority: number, correlationId = "0".repeat(48)) =>
          ({ op: "putMessage", record: record(seq, queue, { priority, correlationId, bodySize: seq * 10 }), body: `b${seq}` }) as StoreOp;
        await store.commit([
          at(1, "A", 4),
          at(2, "A", 9),
          at(3, "A", 4, "ab".repeat(24)),
          at(4, "B", 4, "ab".repeat(24)),
          at(5, "A", 4),
          at(6, "A", 4, "ab".repeat(24)),
        ]);
        const summary = (await store.load()).queues.sort((a, b) => a.queue.localeCompare(b.queue) || a.priority - b.priority);
        expect(summary).toEqual([
          // bytes: the sum of the lane's bodySize (each record here says seq * 10).
          { queue: "A", priority: 4, count: 4, maxSeq: 6, bytes: 150 },
          { queue: "A", priority: 9, count: 1, maxSeq: 2, bytes: 20 },
          { queue: "B", priority: 4, count: 1, maxSeq: 4, bytes: 40 },
        ]);
        expect((await store.loadMessages({ queue: "A", priority: 4, afterSeq: 1, limit: 2 })).map((m) => m.seq)).toEqual([3, 5]);
        expect((await store.loadMessages({ queue: "A", priority: 4, afterSeq: 1, beforeSeq: 5, limit: 10 })).map((m) => m.seq)).toEqual([3]);
        expect((await store.loadMessages({ queue: "A", seq: 2 })).map((m) => m.priority)).toEqual([9]);
        expect(await store.loadMessages({ queue: "B", seq: 2 })).toEqual([]);
        expect((await store.loadMessages({ queue: "A", correlationId: "ab".repeat(24), limit: 10 })).map((m) => m.seq)).toEqual([3, 6]);
        await store.commit([{ op: "deleteQueueMessages", queue: "A" }, at(7, "A", 0)]);
        expect((await store.load()).queues.sort((a, b) => a.queue.localeCompare(b.queue))).toEqual([
          { queue: "A", priority: 0, count: 1, maxSeq: 7, bytes: 70 },
          { queue: "B", priority: 4, count: 1, maxSeq: 4, bytes: 40 },
        ]);
        expect(await store.readBody(3)).toBeUndefined();
        expect(await store.readBody(4)).toBe("b4");
        await store.close();
      });
    });

    it("keeps large and unicode bodies exactly", async () => {
      await withStore(async (open) => {
        const store = open();
        const text = "héllo wörld 😀 ".repeat(140_000); // 2.6 MB of UTF-8: more than one Durable Object row
        const bytes = new Uint8Array(2_500_000).map((_, i) => i % 251);
        await store.commit([put(1, text), put(2, bytes)]);
        await store.close();
        const reopened = open();
        expect(await reopened.readBody(1)).toBe(text);
        const back = (await reopened.readBody(2)) as Uint8Array;
        expect(back.byteLength).toBe(bytes.byteLength);
        expect(back.every((b, i) => b === bytes[i])).toBe(true);
        await reopened.close();
      });
    });
  });
}
