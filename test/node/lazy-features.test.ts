/**
 * Features the queue manager loads on first use (core/base/lazy-feature.ts): what a user sees the
 * first time, when the code is not there yet. Each case imports a fresh copy of the core
 * (vi.resetModules), so that the selector compiler, loaded once per module graph, is not yet
 * loaded: the other suites exercise it loaded.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyFeature } from "../../core/base/lazy-feature.js";
import type * as Core from "../../core/index.js";

/** A fresh copy of the core, as an application that has just started has it. */
async function freshCore(): Promise<typeof Core> {
  vi.resetModules();
  return import("../../core/index.js");
}

const reasonOf = (error: unknown) => (error as { reason?: string }).reason;

describe("a feature loaded on first use", () => {
  it("is loaded once for callers that ask at the same time, and kept", async () => {
    const load = vi.fn(async () => ({ ready: true }));
    const feature = new LazyFeature("a feature", load);
    expect(feature.loaded).toBeUndefined();
    const [one, two] = await Promise.all([feature.get(), feature.get()]);
    expect(one).toBe(two);
    expect(feature.loaded).toBe(one);
    await feature.get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("that cannot be loaded (a chunk a browser offline cannot fetch) is MQRC_RESOURCE_PROBLEM, and is tried again at the next use", async () => {
    let attempts = 0;
    const feature = new LazyFeature("publish/subscribe", async () => {
      attempts++;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "loaded";
    });
    const error = await feature.get().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: "MQRC_RESOURCE_PROBLEM", reasonCode: 2102 });
    expect((error as Error).message).toContain("publish/subscribe");
    expect((error as Error).message).toContain("Failed to fetch");
    expect(feature.loaded).toBeUndefined();
    expect(await feature.get()).toBe("loaded");
  });
});

describe("the first selector an application uses", () => {
  afterEach(() => vi.resetModules());

  it("on a browse: the cursor's first next() refuses a bad one with MQRC_SELECTOR_SYNTAX_ERROR, taking nothing", async () => {
    const { QueueManager } = await freshCore();
    const qm = await QueueManager.open({ name: "QM1" });
    await qm.put("DEV.QUEUE.1", { body: "stays" });
    const cursor = qm.browse("DEV.QUEUE.1", { selector: "a LIKE 7" });
    expect(reasonOf(await cursor.next().catch((error: unknown) => error))).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    await qm.close();
  });

  it("on a browse: a good one selects from the first next()", async () => {
    const { QueueManager } = await freshCore();
    const qm = await QueueManager.open({ name: "QM1" });
    for (const region of ["us", "eu", "us", "eu"]) await qm.put("DEV.QUEUE.1", { body: region, properties: { region } });
    const seen: unknown[] = [];
    for await (const message of qm.browse("DEV.QUEUE.1", { selector: "region = 'eu'" })) seen.push(message.body);
    expect(seen).toEqual(["eu", "eu"]);
    await qm.close();
  });

  it("on a listener: only the messages it selects are handled, once each", async () => {
    const { QueueManager } = await freshCore();
    const qm = await QueueManager.open({ name: "QM1" });
    for (let n = 0; n < 6; n++) await qm.put("DEV.QUEUE.1", { body: `m${n}`, properties: { n } });
    const handled: unknown[] = [];
    const listener = qm.listen("DEV.QUEUE.1", (message) => void handled.push(message.body), { selector: "n >= 3", maxSessions: 2 });
    await vi.waitFor(() => expect(listener.stats.processed).toBe(3));
    await listener.close();
    expect(handled.sort()).toEqual(["m3", "m4", "m5"]);
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(3);
    await qm.close();
  });

  it("on a listener: a bad one is an 'error' event, the listener closes itself, and nothing is taken", async () => {
    const { QueueManager } = await freshCore();
    const qm = await QueueManager.open({ name: "QM1" });
    await qm.put("DEV.QUEUE.1", { body: "stays", properties: { n: 1 } });
    const listener = qm.listen("DEV.QUEUE.1", () => undefined, { selector: "n >" });
    const errors: { detail: string; error?: unknown }[] = [];
    listener.addEventListener("error", (event) => errors.push(event));
    await vi.waitFor(() => expect(listener.closed).toBe(true));
    expect(errors).toHaveLength(1);
    expect(reasonOf(errors[0]!.error)).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
    expect(errors[0]!.detail).toContain("could not start");
    expect(listener.stats).toMatchObject({ processed: 0, errors: 1 });
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    await listener.close();
    await qm.close();
  });

  it("on a get: a bad one is refused, and the compiler, once loaded, serves every queue manager", async () => {
    const { QueueManager } = await freshCore();
    const [one, two] = await Promise.all([QueueManager.open({ name: "QM1" }), QueueManager.open({ name: "QM2" })]);
    expect(reasonOf(await one.get("DEV.QUEUE.1", { selector: "region = " }).catch((error: unknown) => error))).toBe("MQRC_SELECTOR_SYNTAX_ERROR");
    await two.put("DEV.QUEUE.1", { body: "eu", properties: { region: "eu" } });
    // Loaded now: browse compiles at once again, and refuses a bad selector at the call.
    expect(() => two.browse("DEV.QUEUE.1", { selector: "a LIKE 7" })).toThrow(expect.objectContaining({ reason: "MQRC_SELECTOR_SYNTAX_ERROR" }));
    expect((await two.get("DEV.QUEUE.1", { selector: "region = 'eu'" }))?.body).toBe("eu");
    await Promise.all([one.close(), two.close()]);
  });
});

/** Modules the core loads on first use, as a test names them for vi.doMock. */
const TRIGGERING = "../../core/features/triggers/install.js";
const BROKER = "../../core/features/pubsub/install.js";
const DEPTH_EVENTS = "../../core/features/events/install.js";
const SELECTORS = "../../core/selector/index.js";
const EXPIRY = "../../core/features/expiry/expiry.js";

/**
 * A fresh core whose module `path` cannot be loaded (a chunk a browser offline cannot fetch)
 * while `offline.on` is true; it loads as usual once that is false.
 */
async function freshCoreOffline(path: string): Promise<{ core: typeof Core; storage: Core.MemoryStorage; offline: { on: boolean } }> {
  vi.resetModules();
  const offline = { on: true };
  vi.doMock(path, async (importOriginal) => {
    if (offline.on) throw new TypeError("Failed to fetch dynamically imported module");
    return importOriginal();
  });
  const core = await import("../../core/index.js");
  return { core, storage: new core.MemoryStorage(), offline };
}

describe("a change whose feature cannot be loaded is refused whole: nothing is committed, and trying again works", () => {
  afterEach(() => {
    for (const path of [TRIGGERING, BROKER, DEPTH_EVENTS, SELECTORS, EXPIRY]) vi.doUnmock(path);
    vi.resetModules();
  });

  /** A trigger monitor on APP.INITQ (triggering needs one running); returns the queues it was started for. */
  const monitor = async (qm: Core.QueueManager): Promise<string[]> => {
    const started: string[] = [];
    await qm.startTriggerMonitor("APP.INITQ", { applications: { starter: (trigger) => void started.push(trigger.queueName) } });
    return started;
  };
  const TRIGGERED = { trigger: true, triggerType: "every", initiationQueue: "APP.INITQ", processName: "APP.PROC" } as const;

  it("DEFINE QLOCAL with TRIGGER while triggering cannot load: MQRC_RESOURCE_PROBLEM, no queue (not after a restart either); defined again, a put triggers", async () => {
    const { core, storage, offline } = await freshCoreOffline(TRIGGERING);
    const open = () => core.QueueManager.open({ name: "QM1", store: core.createMemoryStore({ storage }) });
    const qm = await open();
    await qm.mqsc("DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(APP.INITQ)");
    expect(reasonOf(await qm.defineQueue("APP.TRIGGERED", TRIGGERED).catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(qm.object("queue", "APP.TRIGGERED")).toBeUndefined();
    await qm.close();
    offline.on = false;
    const again = await open();
    expect(again.object("queue", "APP.TRIGGERED")).toBeUndefined();
    const started = await monitor(again);
    await again.defineQueue("APP.TRIGGERED", TRIGGERED);
    await again.put("APP.TRIGGERED", { body: "work" });
    await vi.waitFor(() => expect(started).toEqual(["APP.TRIGGERED"]));
    await again.close();
  });

  it("a restart while triggering cannot load is refused with MQRC_RESOURCE_PROBLEM; opened again once it loads, the stored TRIGGER queue triggers", async () => {
    const before = await freshCore();
    const storage = new before.MemoryStorage();
    const first = await before.QueueManager.open({ name: "QM1", store: before.createMemoryStore({ storage }) });
    await first.mqsc("DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(APP.INITQ)");
    await first.defineQueue("APP.TRIGGERED", TRIGGERED);
    await first.close();
    const { core, offline } = await freshCoreOffline(TRIGGERING);
    const reopen = () => core.QueueManager.open({ name: "QM1", store: core.createMemoryStore({ storage }) });
    expect(reasonOf(await reopen().catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    offline.on = false;
    const again = await reopen();
    const started = await monitor(again);
    await again.put("APP.TRIGGERED", { body: "work" });
    await vi.waitFor(() => expect(started).toEqual(["APP.TRIGGERED"]));
    await again.close();
  });

  it("an open that fails so leaves nothing running on the storage: no timer, and the store it was given is closed", async () => {
    const before = await freshCore();
    const storage = new before.MemoryStorage();
    const clock = new before.ManualClock();
    const first = await before.QueueManager.open({ name: "QM1", store: before.createMemoryStore({ storage }), clock });
    await first.mqsc("DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(APP.INITQ)");
    await first.defineQueue("APP.TRIGGERED", TRIGGERED);
    // A message that expires: its queue manager sweeps it at its expiry, on a timer.
    await first.put("DEV.QUEUE.1", { body: "expires", persistent: true, expiry: 60_000 });
    await first.close();
    expect(clock.pendingTimers).toBe(0);
    const { core } = await freshCoreOffline(TRIGGERING);
    const store = core.createMemoryStore({ storage });
    expect(reasonOf(await core.QueueManager.open({ name: "QM1", store, clock }).catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(clock.pendingTimers).toBe(0);
    await expect(store.load()).rejects.toThrow();
  });

  it("ALTER QLOCAL TRIGGER while triggering cannot load: MQRC_RESOURCE_PROBLEM and the queue stays NOTRIGGER; altered again, a put triggers", async () => {
    const { core, offline } = await freshCoreOffline(TRIGGERING);
    const qm = await core.QueueManager.open({ name: "QM1" });
    await qm.mqsc("DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(APP.INITQ)\nDEFINE QLOCAL(APP.TRIGGERED)");
    expect(reasonOf(await qm.alterQueue("APP.TRIGGERED", TRIGGERED).catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(qm.queueAttributes("APP.TRIGGERED").trigger).toBe(false);
    offline.on = false;
    const started = await monitor(qm);
    await qm.alterQueue("APP.TRIGGERED", TRIGGERED);
    await qm.put("APP.TRIGGERED", { body: "work" });
    await vi.waitFor(() => expect(started).toEqual(["APP.TRIGGERED"]));
    await qm.close();
  });

  it("opening a model queue with TRIGGER while triggering cannot load: MQRC_RESOURCE_PROBLEM, and no dynamic queue is left behind", async () => {
    const { core, offline } = await freshCoreOffline(TRIGGERING);
    const qm = await core.QueueManager.open({ name: "QM1" });
    await qm.mqsc("DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(APP.INITQ)");
    await qm.defineObject("modelQueue", "APP.MODEL", { ...TRIGGERED, definitionType: "permanentDynamic" });
    const before = qm.queueNames();
    expect(reasonOf(await qm.open("APP.MODEL", { input: true, dynamicQueueName: "APP.DYN.*" }).catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(qm.queueNames()).toEqual(before);
    offline.on = false;
    const started = await monitor(qm);
    const handle = await qm.open("APP.MODEL", { output: true, dynamicQueueName: "APP.DYN.*" });
    await handle.put({ body: "work" });
    await vi.waitFor(() => expect(started).toEqual([handle.queueName]));
    await handle.close();
    await qm.close();
  });

  it("DEFINE SUB while publish/subscribe cannot load: MQRC_RESOURCE_PROBLEM and no subscription; defined again, a publication reaches it", async () => {
    const { core, offline } = await freshCoreOffline(BROKER);
    const qm = await core.QueueManager.open({ name: "QM1" });
    const define = () => qm.defineObject("subscription", "APP.SUB", { topicString: "prices/eu", destination: "DEV.QUEUE.1" });
    expect(reasonOf(await define().catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(qm.object("subscription", "APP.SUB")).toBeUndefined();
    offline.on = false;
    await define();
    expect(qm.subscriptionStatus("APP.SUB")).toBeDefined();
    expect(await qm.publish("prices/eu", { body: "42" })).toEqual({ subscriptions: 1 });
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    await qm.close();
  });

  it("a message expiring on a USEDLQ(YES) queue while that move cannot load stays, held back, and goes to the dead-letter queue at the retry sweep", async () => {
    const { core, offline } = await freshCoreOffline(EXPIRY);
    const clock = new core.ManualClock();
    const qm = await core.QueueManager.open({ name: "QM1", clock });
    await qm.mqsc("ALTER QLOCAL(DEV.QUEUE.1) USEDLQ(YES)");
    await qm.put("DEV.QUEUE.1", { body: "late", persistent: true, expiry: 100 });
    clock.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not lost, not delivered: an expired message waits for its move.
    expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    expect(await qm.get("DEV.QUEUE.1")).toBeNull();
    offline.on = false;
    clock.advance(60_000);
    await vi.waitFor(() => expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0));
    expect(await qm.get("SYSTEM.DEAD.LETTER.QUEUE")).toMatchObject({ body: "late", deadLetterHeader: { reasonName: "MQFB_EXPIRATION" } });
    await qm.close();
  });

  it("ALTER QMGR PERFMEV(ENABLED) while depth events cannot load: MQRC_RESOURCE_PROBLEM and PERFMEV stays DISABLED, after a restart too", async () => {
    const { core, storage, offline } = await freshCoreOffline(DEPTH_EVENTS);
    const open = () => core.QueueManager.open({ name: "QM1", store: core.createMemoryStore({ storage }) });
    const qm = await open();
    expect(reasonOf(await qm.alterQueueManager({ performanceEvent: true }).catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    expect(qm.attributes.performanceEvent).toBe(false);
    await qm.close();
    offline.on = false;
    const again = await open();
    expect(again.attributes.performanceEvent).toBe(false);
    await again.close();
  });
});

/** A fresh core whose selector compiler loads only when `release()` is called, so a test can act while it loads. */
async function freshCoreSlowSelectors(): Promise<{ core: typeof Core; release: () => void }> {
  vi.resetModules();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.doMock(SELECTORS, async (importOriginal) => {
    await gate;
    return importOriginal();
  });
  return { core: await import("../../core/index.js"), release };
}

describe("a consumer whose first selector is still loading", () => {
  afterEach(() => {
    vi.doUnmock(SELECTORS);
    vi.resetModules();
  });

  /** A consumer on DEV.QUEUE.1 selecting n = 1, recording what it is told. */
  const consumeSelected = (qm: Core.QueueManager) => {
    const told = { messages: [] as unknown[], errors: [] as { error: unknown; ended: boolean }[] };
    const consumer = qm.consume("DEV.QUEUE.1", {
      credit: 1,
      selector: "n = 1",
      onMessage: (message) => void told.messages.push(message.body),
      onError: (error, ended) => void told.errors.push({ error, ended }),
    });
    return { consumer, told };
  };

  it("is ended with MQRC_Q_MGR_STOPPING when the queue manager closes meanwhile, as an attached one is, and takes nothing", async () => {
    const { core, release } = await freshCoreSlowSelectors();
    const storage = new core.MemoryStorage();
    const qm = await core.QueueManager.open({ name: "QM1", store: core.createMemoryStore({ storage }) });
    await qm.put("DEV.QUEUE.1", { body: "kept", properties: { n: 1 }, persistent: true });
    const { consumer, told } = consumeSelected(qm);
    const closing = qm.close();
    release();
    await closing;
    await vi.waitFor(() => expect(told.errors).toHaveLength(1));
    expect(reasonOf(told.errors[0]!.error), String(told.errors[0]!.error)).toMatch(/^MQRC_Q_MGR_(STOPPING|NOT_AVAILABLE)$/);
    expect(told.errors[0]!.ended).toBe(true);
    expect(consumer.closed).toBe(true);
    expect(told.messages).toEqual([]);
    const again = await core.QueueManager.open({ name: "QM1", store: core.createMemoryStore({ storage }) });
    expect(again.queueStatus("DEV.QUEUE.1").depth).toBe(1);
    await again.close();
  });

  it("is ended when its queue is deleted meanwhile, rather than left waiting on a queue that is gone", async () => {
    const { core, release } = await freshCoreSlowSelectors();
    const qm = await core.QueueManager.open({ name: "QM1" });
    await qm.defineQueue("APP.GONE");
    const told = { errors: [] as { error: unknown; ended: boolean }[] };
    const consumer = qm.consume("APP.GONE", {
      credit: 1,
      selector: "n = 1",
      onMessage: () => undefined,
      onError: (error, ended) => void told.errors.push({ error, ended }),
    });
    await qm.deleteQueue("APP.GONE").catch(() => undefined);
    release();
    // Either the delete was refused (the consumer holds the queue open) or the consumer is ended.
    await vi.waitFor(() => expect(qm.hasQueue("APP.GONE") || told.errors.length === 1).toBe(true));
    if (!qm.hasQueue("APP.GONE")) {
      expect(reasonOf(told.errors[0]!.error)).toBe("MQRC_UNKNOWN_OBJECT_NAME");
      expect(told.errors[0]!.ended).toBe(true);
      expect(consumer.closed).toBe(true);
    }
    await qm.close();
  });
});

describe("a browse whose first selector's compiler cannot be loaded", () => {
  afterEach(() => {
    vi.doUnmock(SELECTORS);
    vi.resetModules();
  });

  it("refuses next() with MQRC_RESOURCE_PROBLEM, and the same cursor tries the load again at its next step", async () => {
    const { core, offline } = await freshCoreOffline(SELECTORS);
    const qm = await core.QueueManager.open({ name: "QM1" });
    await qm.put("DEV.QUEUE.1", { body: "us", properties: { region: "us" } });
    await qm.put("DEV.QUEUE.1", { body: "eu", properties: { region: "eu" } });
    const cursor = qm.browse("DEV.QUEUE.1", { selector: "region = 'eu'" });
    expect(reasonOf(await cursor.next().catch((error: unknown) => error))).toBe("MQRC_RESOURCE_PROBLEM");
    offline.on = false;
    expect((await cursor.next())?.body).toBe("eu");
    expect(await cursor.next()).toBeNull();
    await qm.close();
  });
});

describe("an application whose code loads while the queue manager closes", () => {
  const DEAD_LETTER_HANDLER = "../../core/features/dead-letters/dead-letter-handler.js";
  afterEach(() => {
    vi.doUnmock(DEAD_LETTER_HANDLER);
    vi.resetModules();
  });

  it("a dead-letter handler is refused with MQRC_Q_MGR_STOPPING, not left running on the closed manager", async () => {
    vi.resetModules();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.doMock(DEAD_LETTER_HANDLER, async (importOriginal) => {
      await gate;
      return importOriginal();
    });
    const core = await import("../../core/index.js");
    const qm = await core.QueueManager.open({ name: "QM1" });
    // A JMS listener busy with a message holds close() while it closes the connections.
    let finish!: () => void;
    const busy = new Promise<void>((resolve) => (finish = resolve));
    let handling = false;
    const session = await (await qm.createConnection()).createSession();
    session.createConsumer(session.createQueue("DEV.QUEUE.1")).setMessageListener(async () => {
      handling = true;
      await busy;
    });
    await qm.put("DEV.QUEUE.1", { body: "in hand" });
    await vi.waitFor(() => expect(handling).toBe(true));
    const starting = qm.startDeadLetterHandler("INPUTQ(' ') WAIT(YES)\nACTION(DISCARD)");
    const closing = qm.close();
    release();
    const outcome = await starting.catch((error: unknown) => error);
    finish();
    await closing;
    if (outcome instanceof core.MQError) expect(outcome.reason).toMatch(/^MQRC_Q_MGR_(STOPPING|NOT_AVAILABLE)$/);
    else expect((outcome as { closed: boolean }).closed, "the handler started as the manager closed is closed with it").toBe(true);
  });
});
