import { describe, expect, it } from "vitest";
import { connectRemote, wrapQueueManager } from "../../adapters/worker/index.js";
import { leaseLocks } from "./support/lease-locks.js";

function hostWorker(qmgr: string): Worker {
  const url = new URL("./fixtures/jms-host.worker.ts", import.meta.url);
  url.searchParams.set("qmgr", qmgr);
  return new Worker(url, { type: "module" });
}

/** A port to the host's queue manager. */
function portTo(host: Worker): MessagePort {
  const channel = new MessageChannel();
  host.postMessage({ port: channel.port2 }, [channel.port2]);
  return channel.port1;
}

describe("JMS across a worker boundary (Chromium)", () => {
  it("sends, receives and commits through sessions of a queue manager in a worker", async () => {
    const qmgr = `JMSB${Date.now().toString(36).toUpperCase()}`;
    const host = hostWorker(qmgr);
    const remote = wrapQueueManager(portTo(host));
    const leasesBefore = await leaseLocks();
    const connection = await connectRemote(remote, { clientId: "page-1" });
    // The page holds the lease, and the worker waits for it (to close the connection if the page goes).
    await expect.poll(leaseLocks).toBe(leasesBefore + 2);
    const session = await connection.createSession({ transacted: true });
    await session.send("DEV.QUEUE.1", { body: "from the page", persistent: true });
    expect(await remote.get("DEV.QUEUE.1")).toBeNull();
    await session.commit();
    const got = await session.receive("DEV.QUEUE.1", 1000);
    expect(got).toMatchObject({ body: "from the page", redelivered: false, deliveryCount: 1 });
    await session.rollback();
    expect(await session.receive("DEV.QUEUE.1", 1000)).toMatchObject({ body: "from the page", redelivered: true, deliveryCount: 2 });
    await session.commit();
    await connection.close();
    expect((await remote.queueStatus("DEV.QUEUE.1")).depth).toBe(0);
    // Closed, the connection's lease ends on both sides: nothing waits for a page that is still here.
    await expect.poll(leaseLocks).toBe(leasesBefore);
    await remote.close();
    host.terminate();
    indexedDB.deleteDatabase(`webmq:${qmgr}`);
  });

  it("gives back what a client held when the client goes away without a word", async () => {
    const qmgr = `JMSC${Date.now().toString(36).toUpperCase()}`;
    const host = hostWorker(qmgr);
    const remote = wrapQueueManager(portTo(host));
    await remote.put("DEV.QUEUE.1", { body: "held by the client", persistent: true });
    const client = new Worker(new URL("./fixtures/jms-client.worker.ts", import.meta.url), { type: "module" });
    const report = new Promise<{ body: unknown; redelivered: unknown }>((resolve) =>
      client.addEventListener("message", (event) => resolve(event.data), { once: true }),
    );
    const port = portTo(host);
    client.postMessage({ port, queue: "DEV.QUEUE.1" }, [port]);
    expect(await report).toEqual({ body: "held by the client", redelivered: false });
    expect(await remote.get("DEV.QUEUE.1")).toBeNull(); // held, unacknowledged

    client.terminate(); // no close, no goodbye: the client's lease is released as it dies
    let back = null;
    for (let tries = 0; back === null && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      back = await remote.get("DEV.QUEUE.1");
    }
    expect(back).toMatchObject({ body: "held by the client", backoutCount: 1 });
    await remote.close();
    host.terminate();
    indexedDB.deleteDatabase(`webmq:${qmgr}`);
  });
});
