/**
 * Listeners at the edge, in workerd: MQ_LISTENERS (see vitest.config.ts) names a listener on
 * QM.EDGE.LISTEN's APP.IN with a handler registered here; the queue manager's Durable Object
 * runs it from the moment it opens, by request or by alarm, and keeps an alarm while the queue
 * holds messages, so an evicted object wakes and carries on.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { DurableObjectStore, registerListenerHandlers } from "../../adapters/edge/index.js";
import type { QueueManagerObject } from "../../adapters/edge/queue-manager-object.js";

const NAME = "QM.EDGE.LISTEN";

registerListenerHandlers({
  "edge-test-handler": async (message, { queueManager }) => {
    if (message.body === "poison") throw new Error("poison");
    await queueManager.put("APP.OUT", { body: `handled ${String(message.body)}`, persistent: true });
  },
});

const stub = () => env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(NAME));
const inObject = <T>(body: (qm: QueueManager, instance: QueueManagerObject) => Promise<T>): Promise<T> =>
  runInDurableObject(stub(), async (instance) => {
    const object = instance as unknown as QueueManagerObject;
    return body(await object.queueManager(NAME), object);
  }) as Promise<T>;

/** A queue manager opened straight on the object's storage (no listener runs), its queues made anew from `mqsc`. */
async function prepare(mqsc: string, then?: (qm: QueueManager, state: DurableObjectState) => Promise<void>): Promise<void> {
  await runInDurableObject(stub(), async (_instance, state) => {
    const qm = await QueueManager.open({ name: NAME, store: new DurableObjectStore(state.storage) });
    // The object's storage outlives the tests of this file: what an earlier test left goes first.
    for (const queue of ["APP.IN", "APP.OUT", "APP.BACKOUT"]) if (qm.hasQueue(queue)) await qm.deleteQueue(queue, { purge: true });
    const result = await qm.mqsc(mqsc);
    if (result.notProcessed + result.syntaxErrors > 0) throw new Error(result.transcript);
    await then?.(qm, state);
    await qm.close();
  });
  await abortAllDurableObjects();
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("edge listeners (workerd)", { timeout: 20_000 }, () => {
  // Each test starts from an object that holds nothing in memory.
  beforeEach(() => abortAllDurableObjects());

  it("runs the configured listener: messages posted over REST are handled, a poison one goes to its backout queue", async () => {
    // Defined first; the object is then evicted, so its next opening starts the listener on the defined queue.
    await prepare("DEFINE QLOCAL(APP.IN) BOTHRESH(2) BOQNAME(APP.BACKOUT)\nDEFINE QLOCAL(APP.OUT)\nDEFINE QLOCAL(APP.BACKOUT)");
    for (const body of ["one", "poison", "two"]) {
      const posted = await SELF.fetch(`http://localhost/ibmmq/rest/v2/messaging/qmgr/${NAME}/queue/APP.IN/message`, {
        method: "POST",
        headers: { authorization: "Bearer edge-test-token", "content-type": "text/plain", "ibm-mq-rest-csrf-token": "x" },
        body,
      });
      expect(posted.status).toBe(201);
    }
    const depths = await until(
      () => inObject(async (qm) => [qm.queueStatus("APP.IN").depth, qm.queueStatus("APP.OUT").depth, qm.queueStatus("APP.BACKOUT").depth]),
      ([input, out, backout]) => input === 0 && out === 2 && backout === 1,
    );
    expect(depths).toEqual([0, 2, 1]);
    const stats = await inObject(async (_qm, instance) => instance.listeners!.listeners[0]!.stats);
    expect(stats).toMatchObject({ processed: 2, backedOut: 1 });
    const moved = await inObject((qm) => qm.get("APP.BACKOUT"));
    expect(moved).toMatchObject({ body: "poison", backoutCount: 2 });
  });

  it("an alarm wakes an evicted object, which opens its queue manager and listeners and handles what waited", async () => {
    // Messages stored without any listener running, and the wake a listener leaves behind
    // (set far enough ahead not to fire by itself).
    await prepare("DEFINE QLOCAL(APP.IN)\nDEFINE QLOCAL(APP.OUT)", async (qm, state) => {
      for (const body of ["a", "b", "c"]) await qm.put("APP.IN", { body, persistent: true });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub())).toBe(true);
    const out = await until(
      () => inObject(async (qm) => qm.queueStatus("APP.OUT").depth),
      (depth) => depth === 3,
    );
    expect(out).toBe(3);
    const bodies = await inObject(async (qm) => [(await qm.get("APP.OUT"))?.body, (await qm.get("APP.OUT"))?.body, (await qm.get("APP.OUT"))?.body]);
    expect(bodies).toEqual(["handled a", "handled b", "handled c"]);
  });

  it("keeps an alarm while a listened queue holds messages it cannot handle yet, and none once it is empty", async () => {
    // GET(DISABLED): the listener cannot take the message, so it waits on the queue.
    await prepare("DEFINE QLOCAL(APP.IN)\nDEFINE QLOCAL(APP.OUT)", async (qm) => {
      await qm.put("APP.IN", { body: "waiting", persistent: true });
      await qm.alterQueue("APP.IN", { getEnabled: false });
    });
    await inObject(async () => undefined);
    const alarm = await runInDurableObject(stub(), (_instance, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    await inObject(async (qm) => void (await qm.mqsc("ALTER QLOCAL(APP.IN) GET(ENABLED)")));
    await until(
      () => inObject(async (qm) => qm.queueStatus("APP.IN").depth),
      (depth) => depth === 0,
    );
    // Nothing left: no alarm stays behind.
    expect(await runInDurableObject(stub(), (_instance, state) => state.storage.getAlarm())).toBeNull();
  });
});
