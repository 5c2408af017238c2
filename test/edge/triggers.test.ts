/**
 * Triggering at the edge, in workerd: MQ_TRIGGER_MONITORS (see vitest.config.ts) names a
 * trigger monitor on QM.EDGE.TRIGGER's APP.INITQ; the applications it starts are registered
 * here by APPLICID. The queue manager's Durable Object runs the monitor from the moment it
 * opens, by request or by alarm, and keeps an alarm while there is triggered work left, so an
 * evicted object wakes and carries on.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { QueueManager, type TriggerInfo } from "../../core/index.js";
import { encodeTriggerMessage, MQFMT_TRIGGER } from "../../core/features/triggers/index.js";
import { DurableObjectStore, registerTriggerHandlers } from "../../adapters/edge/index.js";
import type { QueueManagerObject } from "../../adapters/edge/queue-manager-object.js";

const NAME = "QM.EDGE.TRIGGER";
const HEADERS = { authorization: "Bearer edge-test-token", "content-type": "text/plain", "ibm-mq-rest-csrf-token": "x" };
const messageUrl = (queue: string, query = "") => `http://localhost/ibmmq/rest/v2/messaging/qmgr/${NAME}/queue/${queue}/message${query}`;

/** What the applications were started with, in this isolate. */
const started: TriggerInfo[] = [];

registerTriggerHandlers({
  // Drains the queue it was started for, replying to each request, as the seed advises.
  "edge-test-app": async (trigger, { queueManager }) => {
    started.push(trigger);
    for (;;) {
      const request = await queueManager.get(trigger.queueName, { wait: 100 });
      if (!request) return;
      await queueManager.put("APP.REPLY", { body: `reply to ${String(request.body)}`, persistent: true });
    }
  },
  "edge-test-failing": async () => {
    throw new Error("the application failed");
  },
});

const stub = () => env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(NAME));
const inObject = <T>(body: (qm: QueueManager, instance: QueueManagerObject) => Promise<T>): Promise<T> =>
  runInDurableObject(stub(), async (instance) => {
    const object = instance as unknown as QueueManagerObject;
    return body(await object.queueManager(NAME), object);
  }) as Promise<T>;
const alarmOf = () => runInDurableObject(stub(), (_instance, state) => state.storage.getAlarm());

/** A queue manager opened straight on the object's storage (no monitor runs), its objects made anew from `mqsc`. */
async function prepare(mqsc: string, then?: (qm: QueueManager, state: DurableObjectState) => Promise<void>): Promise<void> {
  await runInDurableObject(stub(), async (_instance, state) => {
    // The object's storage outlives the tests of this file: what an earlier test left goes first.
    await state.storage.deleteAlarm();
    const qm = await QueueManager.open({ name: NAME, store: new DurableObjectStore(state.storage) });
    for (const queue of ["APP.REQ", "APP.REPLY", "APP.INITQ"]) if (qm.hasQueue(queue)) await qm.deleteQueue(queue, { purge: true });
    for (const process of ["APP.PROC", "APP.FAILING"]) if (qm.object("process", process)) await qm.deleteObject("process", process);
    const result = await qm.mqsc(mqsc);
    if (result.notProcessed + result.syntaxErrors > 0) throw new Error(result.transcript);
    await then?.(qm, state);
    await qm.close();
  });
  await abortAllDurableObjects();
  started.length = 0;
}

const PROCESSES = "DEFINE PROCESS(APP.PROC) APPLICID('edge-test-app') USERDATA('edge user data')\nDEFINE PROCESS(APP.FAILING) APPLICID('edge-test-failing')";
const QUEUES = (request: string) => `DEFINE QLOCAL(APP.INITQ)\nDEFINE QLOCAL(APP.REPLY)\nDEFINE QLOCAL(APP.REQ) ${request}`;

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const post = (queue: string, body: string) => SELF.fetch(messageUrl(queue), { method: "POST", headers: HEADERS, body });
const depths = () =>
  inObject(async (qm) => ({
    request: qm.queueStatus("APP.REQ").depth,
    reply: qm.queueStatus("APP.REPLY").depth,
    initiation: qm.queueStatus("APP.INITQ").depth,
  }));

describe("edge trigger monitors (workerd)", { timeout: 20_000 }, () => {
  // Each test starts from an object that holds nothing in memory.
  beforeEach(() => abortAllDurableObjects());

  it("TRIGTYPE(EVERY) through the HTTP facade: a posted message starts the registered application, which replies", async () => {
    await prepare(`${PROCESSES}\n${QUEUES("TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(APP.PROC) TRIGDATA('edge trigger data')")}`);
    expect((await post("APP.REQ", "hello")).status).toBe(201);
    const reply = await SELF.fetch(messageUrl("APP.REPLY", "?wait=5000"), { method: "DELETE", headers: HEADERS });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe("reply to hello");
    expect(started[0]).toMatchObject({
      queueName: "APP.REQ",
      processName: "APP.PROC",
      applicationId: "edge-test-app",
      triggerData: "edge trigger data",
      userData: "edge user data",
      queueManagerName: NAME,
    });
    const stats = await inObject(async (_qm, instance) => instance.triggerMonitors!.stats);
    expect(stats).toMatchObject({ triggers: 1, started: 1, failed: 0 });
    expect(await inObject(async (_qm, instance) => instance.triggerMonitors!.monitors.map((m) => m.initiationQueue))).toEqual(["APP.INITQ"]);
    // The monitor holds the initiation queue open for input, as runmqtrm does.
    expect(await inObject(async (qm) => qm.queueStatus("APP.INITQ").openInputCount)).toBe(1);
    // Nothing left to do: no alarm stays behind.
    expect(await until(alarmOf, (alarm) => alarm === null)).toBeNull();
  });

  it("an alarm wakes an evicted object whose initiation queue holds a trigger message: the monitor takes it and the application runs", async () => {
    // A trigger message left on the initiation queue, for a queue that does not trigger by
    // itself; and the wake a monitor leaves behind (set far enough ahead not to fire by itself).
    await prepare(`${PROCESSES}\n${QUEUES("NOTRIGGER")}`, async (qm, state) => {
      await qm.put("APP.REQ", { body: "waited", persistent: true });
      const trigger = encodeTriggerMessage({
        queueName: "APP.REQ",
        processName: "APP.PROC",
        triggerData: "",
        applicationType: 6,
        applicationId: "edge-test-app",
        environmentData: "",
        userData: "",
      });
      await qm.put("APP.INITQ", { body: trigger, bodyFormat: "bytes", persistent: true }, { context: { format: MQFMT_TRIGGER } });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub())).toBe(true);
    const after = await until(depths, (d) => d.reply === 1);
    expect(after).toEqual({ request: 0, reply: 1, initiation: 0 });
    expect(await inObject(async (qm) => (await qm.get("APP.REPLY"))?.body)).toBe("reply to waited");
    expect(await inObject(async (_qm, instance) => instance.triggerMonitors!.stats)).toMatchObject({ triggers: 1, started: 1, failed: 0 });
    expect(await until(alarmOf, (alarm) => alarm === null)).toBeNull();
  });

  it("after a restart a FIRST queue that still qualifies (messages waiting, nothing triggered) is triggered when the monitor opens the initiation queue", async () => {
    await prepare(`${PROCESSES}\n${QUEUES("TRIGGER TRIGTYPE(FIRST) INITQ(APP.INITQ) PROCESS(APP.PROC)")}`, async (qm, state) => {
      for (const body of ["a", "b"]) await qm.put("APP.REQ", { body, persistent: true });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub())).toBe(true);
    expect(await until(depths, (d) => d.reply === 2)).toEqual({ request: 0, reply: 2, initiation: 0 });
    expect(started.map((t) => t.queueName)).toEqual(["APP.REQ"]);
  });

  it("reports and counts a failing or unregistered application, goes on, keeps an alarm while the work is left, and retries it on the alarm", async () => {
    await prepare(`${PROCESSES}\n${QUEUES("TRIGGER TRIGTYPE(EVERY) INITQ(APP.INITQ) PROCESS(APP.FAILING)")}`);
    expect((await post("APP.REQ", "one")).status).toBe(201);
    expect(
      await until(
        () => inObject(async (_qm, instance) => instance.triggerMonitors!.stats.failed),
        (failed) => failed === 1,
      ),
    ).toBe(1);
    await inObject(async (qm) => void (await qm.mqsc("ALTER PROCESS(APP.FAILING) APPLICID('not-registered')")));
    expect((await post("APP.REQ", "two")).status).toBe(201);
    const stats = await until(
      () => inObject(async (_qm, instance) => instance.triggerMonitors!.stats),
      (s) => s.failed === 2,
    );
    expect(stats).toMatchObject({ triggers: 2, started: 1, failed: 2, running: 0 });
    // The messages wait on the request queue: the object keeps an alarm so that it comes back to them.
    expect(await depths()).toEqual({ request: 2, reply: 0, initiation: 0 });
    expect(await alarmOf()).not.toBeNull();
    // The process fixed; the alarm's wake finds work left with nothing started for it and retries.
    await inObject(async (qm) => void (await qm.mqsc("ALTER QLOCAL(APP.REQ) PROCESS(APP.PROC)")));
    expect(await inObject(async (_qm, instance) => instance.triggerMonitors!.wake())).toBe(1);
    expect(await until(depths, (d) => d.reply === 2)).toEqual({ request: 0, reply: 2, initiation: 0 });
    expect(await inObject(async (_qm, instance) => instance.triggerMonitors!.stats)).toMatchObject({ triggers: 3, started: 2, failed: 2, retries: 1 });
    expect(await until(alarmOf, (alarm) => alarm === null)).toBeNull();
  });
});
