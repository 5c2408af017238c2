/**
 * Features the queue manager loads on first use (core/lazy-feature.ts): what a user sees the
 * first time, when the code is not there yet. Each case imports a fresh copy of the core
 * (vi.resetModules), so that the selector compiler, loaded once per module graph, is not yet
 * loaded: the other suites exercise it loaded.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyFeature } from "../../core/lazy-feature.js";
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
