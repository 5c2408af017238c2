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
import { closeAllPages, openPage, sleep } from "./support/shared-pages.js";
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

  it("makes no connection attempt while offline, spends no retry, and connects at once when online", { timeout: 60_000 }, async () => {
    const server = uniqueName("QM");
    const channel = uniqueName("APP.TO.");
    const { port, token } = await commands.channelServerStart(server, serverReceiverMqsc(channel));
    cleanup.push(() => commands.channelServerClose(server));

    const { frame, page } = await openPage();
    // Every WebSocket the page's queue manager opens (its channel connector takes the page's global at first connect) is counted.
    const pageWindow = frame.contentWindow as unknown as { WebSocket: typeof WebSocket; navigator: Navigator };
    let attempts = 0;
    pageWindow.WebSocket = new Proxy(pageWindow.WebSocket, {
      construct(target, args) {
        attempts++;
        return Reflect.construct(target, args) as object;
      },
    });
    const name = uniqueName("APP");
    const qm = await page.openBrowserQueueManager({
      name,
      databaseName: `webmq-test:${name}`,
      sharedWorker: false,
      channelCredentials: { [channel]: { token } },
    });
    // SHORTTMR(1): without the pause, a retry a second, each failing at once.
    const defined = await qm.mqsc(pageSenderMqsc(server, channel, port, "SHORTRTY(100) SHORTTMR(1)"));
    expect(
      defined.commands.every((c) => c.completionCode === 0),
      defined.transcript,
    ).toBe(true);

    offlinePattern = `ws://127.0.0.1:${port}/*`;
    await commands.setNetworkOffline(true, offlinePattern);
    await waitFor(
      "the page offline",
      async () => pageWindow.navigator.onLine,
      (online) => !online,
    );
    await qm.mqsc(`START CHANNEL(${channel})`);
    await putOrders(qm, 10);
    await waitFor(
      "the channel, offline",
      () => channelStatus(qm, channel),
      (s) => s === "RETRYING",
    );
    await sleep(4_000); // four SHORTTMRs
    expect(attempts, "connection attempts while offline").toBe(0);
    const shown = (await qm.mqsc(`DISPLAY CHSTATUS(${channel}) ALL`)).transcript;
    expect(shown).toMatch(/SHORTRTS\(100\)/);
    expect(shown).toMatch(/the network is offline/);

    await commands.setNetworkOffline(false, offlinePattern);
    await waitFor(
      "the orders on the server",
      () => commands.channelServerDepth(server, "APP.ORDERS"),
      (depth) => depth >= 10,
    );
    expect(attempts).toBe(1);
    expectOnceInOrder(await commands.channelServerGet(server, "APP.ORDERS", 11, 200), 10);
    await qm.close();
  });
});
