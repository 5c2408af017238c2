/**
 * The offline app's promise, in Chromium with real pages: a page's queue manager (IndexedDB)
 * keeps the orders put to a remote queue on its transmission queue while the browser is
 * offline (DevTools' network conditions for the server's address, and navigator.onLine false with its `offline` event: support/channel-server.ts says why not Playwright's context.setOffline), its sender channel RETRYING; when the browser is
 * online again the channel starts at once (the `online` event, not its SHORTTMR) and every
 * order arrives on the server's queue (serveHttp, support/channel-server.ts) exactly once, in
 * order within each priority. The manager runs in the page (tab mode), as the window's events
 * are the ones a tab owner hears.
 */
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import { closeAllPages, openPage } from "./support/shared-pages.js";
import { ORDERS, channelStatus, expectOnceInOrder, pageSenderMqsc, putOrders, serverReceiverMqsc, uniqueName, waitFor } from "./support/channel-pages.js";

const cleanup: (() => Promise<void>)[] = [];
let offlinePattern = "";
afterEach(async () => {
  if (offlinePattern) await commands.setNetworkOffline(false, offlinePattern);
  for (const step of cleanup.splice(0).reverse()) await step();
  closeAllPages();
});

describe("a page's sender channel across going offline (Chromium, tab mode)", () => {
  it(`keeps ${ORDERS} persistent orders while offline, RETRYING, and delivers each once when back online`, { timeout: 120_000 }, async () => {
    const server = uniqueName("QM");
    const channel = uniqueName("APP.TO.");
    const { port, token } = await commands.channelServerStart(server, serverReceiverMqsc(channel));
    cleanup.push(() => commands.channelServerClose(server));

    const { page } = await openPage();
    const name = uniqueName("APP");
    const qm = await page.openBrowserQueueManager({
      name,
      databaseName: `webmq-test:${name}`,
      sharedWorker: false,
      channelCredentials: { [channel]: { token } },
    });
    expect(qm.role).toBe("owner");
    // SHORTTMR at its default (60 s): only the `online` event can start it again within this test.
    const defined = await qm.mqsc(pageSenderMqsc(server, channel, port));
    expect(
      defined.commands.every((c) => c.completionCode === 0),
      defined.transcript,
    ).toBe(true);

    // The server's address only: the whole context offline would cut Vitest's own socket (support/channel-server.ts).
    offlinePattern = `ws://127.0.0.1:${port}/*`;
    await commands.setNetworkOffline(true, offlinePattern);
    await qm.mqsc(`START CHANNEL(${channel})`);
    await waitFor(
      "the channel, offline",
      () => channelStatus(qm, channel),
      (s) => s === "RETRYING",
    );
    await putOrders(qm, ORDERS);
    expect((await qm.queueStatus(server)).depth).toBe(ORDERS);
    expect(await commands.channelServerDepth(server, "APP.ORDERS")).toBe(0);
    expect(await channelStatus(qm, channel)).toBe("RETRYING");

    const online = Date.now();
    await commands.setNetworkOffline(false, offlinePattern);
    await waitFor(
      "the orders on the server",
      () => commands.channelServerDepth(server, "APP.ORDERS"),
      (depth) => depth >= ORDERS,
      60_000,
    );
    const seconds = (Date.now() - online) / 1000;
    expect(seconds, "started by the online event, not by SHORTTMR(60)").toBeLessThan(50);
    await waitFor(
      "the transmission queue",
      async () => (await qm.queueStatus(server)).depth,
      (depth) => depth === 0,
    );
    expectOnceInOrder(await commands.channelServerGet(server, "APP.ORDERS", ORDERS + 1, 200), ORDERS);
    expect(await channelStatus(qm, channel)).toBe("RUNNING");
    await qm.close();
  });
});
