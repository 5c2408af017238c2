/**
 * A connector that knows the network is down (as the browser's does from navigator.onLine and
 * its online/offline events): while it is offline a channel makes no attempt to connect, each
 * of which would fail at once, and spends none of its retries; it stays RETRYING with the
 * reason, and dials the moment the network is back. Driven on a ManualClock, attempts counted
 * at the connector.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, QueueManager } from "../../core/index.js";
import { LinkedChannels, type ChannelConnector, type ChannelNetwork } from "../../core/features/channels/index.js";

const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

/** LinkedChannels behind a network switch: offline, every connect fails at once (as a browser's does), and is counted. */
class SwitchedNetwork implements ChannelConnector, ChannelNetwork {
  online = true;
  attempts = 0;
  readonly linked = new LinkedChannels();
  readonly network = this;
  #waiting: (() => void)[] = [];

  async connect(channel: string, connectionName: string, from: string) {
    this.attempts++;
    if (!this.online) throw new Error("net::ERR_INTERNET_DISCONNECTED");
    return this.linked.connect(channel, connectionName, from);
  }

  whenOnline(): Promise<void> {
    return this.online ? Promise.resolve() : new Promise((resolve) => this.#waiting.push(resolve));
  }

  set(online: boolean): void {
    this.online = online;
    if (online) for (const wake of this.#waiting.splice(0)) wake();
    else this.linked.cutAll();
  }
}

async function pair() {
  const clock = new ManualClock();
  const net = new SwitchedNetwork();
  const page = await QueueManager.open({ name: "PAGE", channelConnector: net, clock });
  const edge = await QueueManager.open({ name: "QM1", clock });
  open.push(page, edge);
  net.linked.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(C1) CHLTYPE(SDR) CONNAME('QM1') XMITQ(QM1) SHORTRTY(3) SHORTTMR(10) LONGRTY(2) LONGTMR(60)`);
  await edge.mqsc("DEFINE CHANNEL(C1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)");
  return { clock, net, page, edge };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("retries while the network is offline", () => {
  it("START CHANNEL offline: RETRYING with the reason, no attempt however long, no retry spent; online dials at once", async () => {
    const { clock, net, page, edge } = await pair();
    net.set(false);
    await page.put("ORDERS", { body: "written offline", persistent: true });
    expect((await page.mqsc("START CHANNEL(C1)")).commands[0]!.text.join("\n")).toMatch(/AMQ8018I/);
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000); // half an hour: SHORTRTY and LONGRTY would all be spent, and the channel STOPPED
      await settle();
    }
    expect(net.attempts).toBe(0);
    expect(page.channelStatus("C1")).toBe("retrying");
    expect(page.channelAgentStatus("C1")).toMatchObject({ shortRetriesLeft: 3, longRetriesLeft: 2 });
    const shown = (await page.mqsc("DISPLAY CHSTATUS(C1) ALL")).commands[0]!.objects![0]!.parameters;
    expect(shown).toMatchObject({ status: "RETRYING", shortrts: 3, longrts: 2 });
    expect(String(shown.reason)).toMatch(/the network is offline/);
    net.set(true); // no clock moved: the network's coming back is what dials
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    expect(net.attempts).toBe(1);
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
  });

  it("a running channel whose network goes: RETRYING, no attempt while offline; back online it reconnects and delivers what was put meanwhile", async () => {
    const { clock, net, page, edge } = await pair();
    page.startChannel("C1");
    await expect.poll(() => page.channelStatus("C1")).toBe("running");
    expect(net.attempts).toBe(1);
    net.set(false);
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    await page.put("ORDERS", { body: "put while offline", persistent: true });
    for (let i = 0; i < 10; i++) {
      clock.advance(10_000);
      await settle();
    }
    expect(net.attempts).toBe(1);
    expect(page.channelAgentStatus("C1")?.reason).toMatch(/the network is offline.*before: MQRC_CONNECTION_BROKEN/);
    net.set(true);
    await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(1);
    expect(net.attempts).toBe(2);
  });

  it("STOP CHANNEL while it waits for the network: STOPPED, and the network's return does not start it", async () => {
    const { net, page } = await pair();
    net.set(false);
    page.startChannel("C1");
    await expect.poll(() => page.channelStatus("C1")).toBe("retrying");
    await page.mqsc("STOP CHANNEL(C1)");
    await expect.poll(() => page.channelStatus("C1")).toBe("stopped");
    net.set(true);
    await settle();
    await settle();
    expect(net.attempts).toBe(0);
    expect(page.channelStatus("C1")).toBe("stopped");
  });
});
