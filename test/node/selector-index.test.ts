/**
 * Selective gets through the put-time index of their selector (core/kernel/selector-index.ts):
 * once a selector is in use on a queue, each message is tested as it arrives, so a get that
 * selects 1 message in 1,000 reads only the records it takes from the store, however deep the
 * queue is, and still takes the right message (priority order, FIFO within a priority, a
 * backout that makes a message selectable, a consumer). Counted in store reads, not timed.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore, QueueManager, type Store } from "../../core/index.js";

const Q = "DEV.QUEUE.1";

/** A memory store that counts the message records its reads hand back. */
function countingStore(): { store: Store; loaded: () => number } {
  const inner = createMemoryStore();
  let loaded = 0;
  const store = new Proxy(inner, {
    get(target, key) {
      if (key === "loadMessages")
        return async (query: Parameters<Store["loadMessages"]>[0]) => {
          const records = await target.loadMessages(query);
          loaded += records.length;
          return records;
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store, loaded: () => loaded };
}

describe("a selective get with a selector in use", () => {
  it("reads only the records it takes from the store, on a queue 20,000 deep with 100 per lane in memory", async () => {
    const { store, loaded } = countingStore();
    const qm = await QueueManager.open({ name: "QM1", store, messagesInMemoryPerLane: 100 });
    try {
      await qm.alterQueue(Q, { maxDepth: 100_000 });
      // A consumer polling with its selector: in use before the messages arrive.
      expect(await qm.get(Q, { selector: "region = 'eu'" })).toBeNull();
      for (let i = 0; i < 20_000; i++) await qm.put(Q, { body: `m${i}`, persistent: true, properties: { region: i % 1000 === 999 ? "eu" : "us" } });
      const before = loaded();
      for (let k = 0; k < 20; k++) {
        const message = await qm.get(Q, { selector: "region = 'eu'" });
        expect(message?.body).toBe(`m${k * 1000 + 999}`);
      }
      expect(await qm.get(Q, { selector: "region = 'eu'" })).toBeNull();
      // One record per message taken (its own read by seq); a scan would read ~1,000 per get.
      expect(loaded() - before).toBeLessThanOrEqual(20);
      expect(qm.queueStatus(Q).depth).toBe(19_980);
    } finally {
      await qm.close();
    }
  });

  it("takes the highest priority first and FIFO within it, in memory and paged", async () => {
    const qm = await QueueManager.open({ name: "QM1", store: createMemoryStore(), messagesInMemoryPerLane: 2 });
    try {
      expect(await qm.get(Q, { selector: "pick = TRUE" })).toBeNull();
      const puts: [string, number, boolean][] = [
        ["a", 2, true],
        ["b", 7, false],
        ["c", 2, true],
        ["d", 7, true],
        ["e", 2, true],
        ["f", 7, true],
        ["g", 7, true],
        ["h", 2, true],
      ];
      for (const [body, priority, pick] of puts) await qm.put(Q, { body, priority, persistent: true, properties: { pick } });
      const got: string[] = [];
      for (let m = await qm.get(Q, { selector: "pick = TRUE" }); m; m = await qm.get(Q, { selector: "pick = TRUE" })) got.push(m.body as string);
      expect(got).toEqual(
        ["a", "c", "d", "e", "f", "g", "h"].sort((x, y) => puts.find((p) => p[0] === y)![1] - puts.find((p) => p[0] === x)![1] || x.localeCompare(y)),
      );
      expect((await qm.get(Q))?.body).toBe("b");
    } finally {
      await qm.close();
    }
  });

  it("finds a message that a backout made selectable (JMSXDeliveryCount), and one backed out in front", async () => {
    const qm = await QueueManager.open({ name: "QM1", store: createMemoryStore() });
    try {
      expect(await qm.get(Q, { selector: "JMSXDeliveryCount > 1" })).toBeNull();
      expect(await qm.get(Q, { selector: "kind = 'x'" })).toBeNull();
      await qm.put(Q, { body: "first", persistent: true, properties: { kind: "x" } });
      await qm.put(Q, { body: "second", persistent: true, properties: { kind: "x" } });
      const unit = qm.beginUnitOfWork();
      expect((await qm.get(Q, { selector: "kind = 'x'", unitOfWork: unit }))?.body).toBe("first");
      expect((await qm.get(Q, { selector: "kind = 'x'" }))?.body).toBe("second");
      await unit.rollback();
      expect((await qm.get(Q, { selector: "JMSXDeliveryCount > 1" }))?.body).toBe("first");
      expect(qm.queueStatus(Q).depth).toBe(0);
    } finally {
      await qm.close();
    }
  });
});
