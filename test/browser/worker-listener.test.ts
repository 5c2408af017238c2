import * as Comlink from "comlink";
import { describe, expect, it } from "vitest";
import { UnprocessableMessageError, type Message } from "../../core/index.js";
import { listenRemote, wrapQueueManager, type BridgedListenerEvent, type RemoteQueueManager } from "../../adapters/worker/index.js";
import { leaseLocks } from "./support/lease-locks.js";

function managerWorker(qmgr: string): Worker {
  const url = new URL("./fixtures/queue-manager.worker.ts", import.meta.url);
  url.searchParams.set("qmgr", qmgr);
  return new Worker(url, { type: "module" });
}

/** Started in the form vite recognises as a worker (a module worker of its own). */
function moduleHostWorker(qmgr: string): Worker {
  return new Worker(new URL("./fixtures/listener-module-host.worker.ts", import.meta.url), { type: "module", name: qmgr });
}

function hostWorker(qmgr: string): Worker {
  const url = new URL("./fixtures/jms-host.worker.ts", import.meta.url);
  url.searchParams.set("qmgr", qmgr);
  return new Worker(url, { type: "module" });
}

function portTo(host: Worker): MessagePort {
  const channel = new MessageChannel();
  host.postMessage({ port: channel.port2 }, [channel.port2]);
  return channel.port1;
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, tries = 250): Promise<T> {
  let value = await probe();
  for (let i = 0; !done(value) && i < tries; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

const APP_QUEUES = "DEFINE QLOCAL(APP.IN) BOTHRESH(2) BOQNAME(APP.BACKOUT)\nDEFINE QLOCAL(APP.BACKOUT)";

async function finish(remote: RemoteQueueManager, worker: Worker, qmgr: string): Promise<void> {
  await remote.close();
  worker.terminate();
  indexedDB.deleteDatabase(`webmq:${qmgr}`);
}

describe("a listener in a Web Worker (Chromium)", () => {
  it("handles messages with the page's handler: good ones commit, poison goes to BOQNAME, the unprocessable to the dead-letter queue", async () => {
    const qmgr = `WLP${Date.now().toString(36).toUpperCase()}`;
    const worker = managerWorker(qmgr);
    const remote = wrapQueueManager(worker);
    await remote.mqsc(APP_QUEUES);
    const handled: string[] = [];
    const leasesBefore = await leaseLocks();
    const listener = await listenRemote(remote, "APP.IN", (message: Message) => {
      handled.push(`${String(message.body)}#${message.backoutCount}`);
      if (message.body === "poison") throw new Error("fails every time");
      if (message.body === "not an order") throw new UnprocessableMessageError("not an order");
    });
    const events: BridgedListenerEvent[] = [];
    await listener.addEventListener(
      "poison",
      Comlink.proxy((event: BridgedListenerEvent) => void events.push(event)),
    );
    await listener.addEventListener(
      "dead-letter",
      Comlink.proxy((event: BridgedListenerEvent) => void events.push(event)),
    );
    for (const body of ["order 1", "poison", "not an order", "order 2"]) await remote.put("APP.IN", { body, persistent: true });

    const stats = await until(
      () => listener.stats(),
      (s) => s.processed === 2 && s.backedOut === 1 && s.deadLettered === 1,
    );
    expect(stats).toMatchObject({ processed: 2, rolledBack: 2, backedOut: 1, deadLettered: 1, discarded: 0 });
    expect(handled).toEqual(expect.arrayContaining(["order 1#0", "poison#0", "poison#1", "not an order#0", "order 2#0"]));
    expect(handled).not.toContain("poison#2");
    expect((await remote.queueStatus("APP.IN")).depth).toBe(0);
    expect(await remote.get("APP.BACKOUT")).toMatchObject({ body: "poison", backoutCount: 2 });
    const dead = await remote.get("SYSTEM.DEAD.LETTER.QUEUE");
    expect(dead).toMatchObject({ body: "not an order", deadLetterHeader: { destQueue: "APP.IN", reason: new UnprocessableMessageError("").reason } });
    await until(
      async () => events.length,
      (n) => n === 2,
    );
    expect(events.map((e) => [e.type, e.movedTo])).toEqual(
      expect.arrayContaining([
        ["poison", "APP.BACKOUT"],
        ["dead-letter", "SYSTEM.DEAD.LETTER.QUEUE"],
      ]),
    );

    await listener.close();
    expect(await listener.closed()).toBe(true);
    // Its lease ends with it, in the page and in the worker.
    await expect.poll(leaseLocks).toBe(leasesBefore);
    await remote.put("APP.IN", { body: "after close" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await remote.get("APP.IN")).toMatchObject({ body: "after close" });
    await finish(remote, worker, qmgr);
  });

  it("puts back the message a page was handling when the page goes away, and stops listening for it", async () => {
    const qmgr = `WLV${Date.now().toString(36).toUpperCase()}`;
    const host = hostWorker(qmgr);
    const remote = wrapQueueManager(portTo(host));
    await remote.mqsc(APP_QUEUES);
    await remote.put("APP.IN", { body: "being handled", persistent: true });
    const client = new Worker(new URL("./fixtures/listener-client.worker.ts", import.meta.url), { type: "module" });
    const handed = new Promise<unknown>((resolve) => client.addEventListener("message", (event) => resolve(event.data), { once: true }));
    const port = portTo(host);
    client.postMessage({ port, queue: "APP.IN" }, [port]);
    expect(await handed).toEqual({ body: "being handled", backoutCount: 0 });
    expect(await remote.get("APP.IN")).toBeNull(); // held in the listener's unit of work

    client.terminate(); // the page vanishes: its lease is released, the listener closes
    const back = await until(
      () => remote.get("APP.IN"),
      (m) => m !== null,
    );
    // The delivery reached the page, so its backout counts (as MQ and the JMS bridge count it).
    expect(back).toMatchObject({ body: "being handled", backoutCount: 1 });
    await remote.put("APP.IN", { body: "nobody listens now" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await remote.get("APP.IN")).toMatchObject({ body: "nobody listens now", backoutCount: 0 });
    await finish(remote, host, qmgr);
  });

  it("runs a handler module in the worker, with no page round trip", async () => {
    const qmgr = `WLM${Date.now().toString(36).toUpperCase()}`;
    const worker = moduleHostWorker(qmgr);
    const remote = wrapQueueManager(worker);
    await remote.mqsc(APP_QUEUES);
    const module = new URL("./fixtures/listener-handler.module.ts", import.meta.url).href;
    const listener = await remote.listenWithModule("APP.IN", module, { maxSessions: 2 });
    for (const body of ["order 1", "poison", "not an order", "order 2", "order 3"]) await remote.put("APP.IN", { body });
    const stats = await until(
      () => listener.stats(),
      (s) => s.processed === 3 && s.backedOut === 1 && s.deadLettered === 1,
    );
    expect(stats).toMatchObject({ processed: 3, backedOut: 1, deadLettered: 1, discarded: 0 });
    expect(await remote.get("APP.BACKOUT")).toMatchObject({ body: "poison", backoutCount: 2 });
    expect(await remote.get("SYSTEM.DEAD.LETTER.QUEUE")).toMatchObject({ body: "not an order", deadLetterHeader: { destQueue: "APP.IN" } });
    await listener.close();

    const error = await remote.listenWithModule("APP.IN", new URL("./fixtures/queue-manager.worker.ts", import.meta.url).href).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TypeError", message: expect.stringContaining("no default export") });
    await finish(remote, worker, qmgr);
  });
});
