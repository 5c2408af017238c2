/**
 * Triggered channels (core/features/channels/initiator.ts): a transmission queue with TRIGGER
 * TRIGTYPE(FIRST) INITQ(SYSTEM.CHANNEL.INITQ) starts its channel through the channel initiator,
 * which starts with a queue manager that has a channel connector, as IBM's runmqchi starts with
 * its queue manager. With DISCINT the channel ends when idle, and the next message starts it again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

async function pair(transmissionQueueTrigger: string) {
  const clock = new ManualClock();
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry, clock });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()), clock });
  open.push(page, edge);
  registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ) ${transmissionQueueTrigger}
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) DISCINT(30)`);
  await edge.mqsc(`DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
  return { page, edge, clock };
}

describe("a triggered channel", () => {
  it("starts when a message reaches its transmission queue, ends after DISCINT idle, and the next message starts it again", async () => {
    const { page, edge, clock } = await pair("TRIGGER TRIGTYPE(FIRST) INITQ(SYSTEM.CHANNEL.INITQ) TRIGDATA(C1)");
    // The channel initiator holds the initiation queue open, as runmqchi does.
    expect(page.queueStatus("SYSTEM.CHANNEL.INITQ").openInputCount).toBe(1);
    expect(page.channelStatus("C1")).toBeUndefined();
    await page.put("ORDERS", { body: "first", persistent: true });
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
    expect(page.channelStatus("C1")).toBe("running");
    clock.advance(30_000);
    await expect.poll(() => page.channelStatus("C1")).toBeUndefined(); // inactive, ended normally
    await page.put("ORDERS", { body: "second", persistent: true });
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(2);
    expect(page.channelStatus("C1")).toBe("running");
    expect(page.queueStatus("SYSTEM.CHANNEL.INITQ").depth).toBe(0);
  });

  it("with no TRIGDATA, a process whose USERDATA names the channel starts it", async () => {
    const { page, edge } = await pair("TRIGGER TRIGTYPE(FIRST) INITQ(SYSTEM.CHANNEL.INITQ) PROCESS(C1.PROCESS)");
    await page.mqsc("DEFINE PROCESS(C1.PROCESS) USERDATA(C1)");
    await page.put("ORDERS", { body: "by process", persistent: true });
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
  });

  it("a channel its operator stopped is not started by a trigger", async () => {
    const { page, edge } = await pair("TRIGGER TRIGTYPE(FIRST) INITQ(SYSTEM.CHANNEL.INITQ) TRIGDATA(C1)");
    page.startChannel("C1");
    await page.channelStarted("C1");
    await page.stopChannel("C1");
    await page.put("ORDERS", { body: "held", persistent: true });
    await expect.poll(() => page.queueStatus("SYSTEM.CHANNEL.INITQ").depth).toBe(0); // the trigger message was taken
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.channelStatus("C1")).toBe("stopped");
    expect(edge.queueStatus("APP.ORDERS").depth).toBe(0);
    expect(page.queueStatus("QM1").depth).toBe(1);
  });
});
