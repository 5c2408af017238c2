import { durableObjectHarness, gatheringDurableObjectHarness } from "../contract/durable-object-harness.js";
import { testAllContracts } from "../contract/index.js";
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { DurableObjectStore } from "../../adapters/edge/index.js";

testAllContracts("Durable Object SQLite (workerd)", durableObjectHarness, { crashPoints: 50 });
testAllContracts("Durable Object SQLite, commits gathered as the worker's object gathers them (workerd)", gatheringDurableObjectHarness, { crashPoints: 50 });

describe("Durable Object store: a corrupt row (workerd)", () => {
  it("reports a record that does not parse, skips it and delivers the rest", async () => {
    const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(`corrupt-${Date.now()}`));
    await runInDurableObject(stub, async (_instance, state) => {
      const qm = await QueueManager.open({ name: "QM1", store: new DurableObjectStore(state.storage), messagesInMemoryPerLane: 2 });
      for (let i = 0; i < 6; i++) await qm.put("DEV.QUEUE.1", { body: `m${i}`, persistent: true });
      await qm.close();
      // The queue's lane at priority 0 has a table of its own (adapters/edge/durable-object-tables.ts).
      const { id } = state.storage.sql.exec<{ id: number }>("SELECT id FROM mq_lanes WHERE queue = 'DEV.QUEUE.1' AND priority = 0").one();
      const lane = `mq_lane_${id}`;
      const [row] = state.storage.sql.exec<{ seq: number }>(`SELECT seq FROM ${lane} ORDER BY seq LIMIT 1 OFFSET 3`).toArray();
      state.storage.sql.exec(`UPDATE ${lane} SET record = '{not json' WHERE seq = ?`, row!.seq);

      const again = await QueueManager.open({ name: "QM1", store: new DurableObjectStore(state.storage), messagesInMemoryPerLane: 2 });
      const bodies: unknown[] = [];
      for (let m = await again.get("DEV.QUEUE.1"); m; m = await again.get("DEV.QUEUE.1")) bodies.push(m.body);
      expect(bodies).toEqual(["m0", "m1", "m2", "m4", "m5"]);
      expect(again.damagedRecords).toEqual([expect.objectContaining({ kind: "message", key: String(row!.seq) })]);
      expect(state.storage.sql.exec(`SELECT COUNT(*) AS n FROM ${lane}`).one()).toEqual({ n: 1 }); // left where it was
      await again.close();
    });
  });
});
