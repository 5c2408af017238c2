import { describe, expect, it } from "vitest";
import { MQError } from "../../core/index.js";
import { wrapQueueManager } from "../../adapters/worker/index.js";

function startWorker(qmgr: string): Worker {
  const url = new URL("./fixtures/queue-manager.worker.ts", import.meta.url);
  url.searchParams.set("qmgr", qmgr);
  return new Worker(url, { type: "module" });
}

describe("a queue manager in a Web Worker on IndexedDB (Chromium)", () => {
  it("serves put, get and browse to the page, keeps persistent messages across a worker restart, and passes MQError through", async () => {
    const qmgr = `WQM${Date.now().toString(36).toUpperCase()}`;
    const first = startWorker(qmgr);
    const remote = wrapQueueManager(first);
    expect(await remote.name()).toBe(qmgr);
    const put = await remote.put("DEV.QUEUE.1", { body: "from the page", persistent: true, priority: 3 });
    await remote.put("DEV.QUEUE.1", { body: "not persistent", persistent: false });
    const cursor = await remote.browse("DEV.QUEUE.1");
    expect((await cursor.next())!.body).toBe("from the page");
    const error = await remote.get("NO.SUCH.Q").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MQError);
    expect(error).toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME", reasonCode: 2085 });
    await remote.close();
    first.terminate();

    const second = startWorker(qmgr);
    const again = wrapQueueManager(second);
    const message = await again.get("DEV.QUEUE.1");
    expect(message).toMatchObject({ messageId: put.messageId, body: "from the page", priority: 3, persistent: true });
    expect(await again.get("DEV.QUEUE.1")).toBeNull();
    await again.close();
    second.terminate();
    indexedDB.deleteDatabase(`webmq:${qmgr}`);
  });

  it("gives the page messages that read their properties as JMS does, from get, browse and list", async () => {
    const qmgr = `WQP${Date.now().toString(36).toUpperCase()}`;
    const worker = startWorker(qmgr);
    const remote = wrapQueueManager(worker);
    await remote.put("DEV.QUEUE.1", { body: "a", properties: { region: "eu", count: 5, big: 2n ** 62n } });
    const listed = await remote.list("DEV.QUEUE.1");
    expect(listed[0]!.getProperty("region")).toBe("eu");
    const cursor = await remote.browse("DEV.QUEUE.1");
    expect((await cursor.next())!.propertyValues).toEqual(Object.assign(Object.create(null), { region: "eu", count: 5, big: 2n ** 62n }));
    const message = await remote.get("DEV.QUEUE.1");
    expect(message!.getProperty("count")).toBe(5);
    expect(message!.getProperty("missing")).toBeNull();
    expect(message!.getPropertyNames()).toEqual(["region", "count", "big"]);
    expect(message!.properties).toEqual([
      { name: "region", type: "string", value: "eu" },
      { name: "count", type: "int", value: 5 },
      { name: "big", type: "long", value: 2n ** 62n },
    ]);
    await remote.close();
    worker.terminate();
    indexedDB.deleteDatabase(`webmq:${qmgr}`);
  });
});
