/**
 * A page's channels belong to the origin's owner of its queue manager (Chromium, real pages):
 * the page that runs the manager is closed in the middle of a transfer and a page of the same
 * origin opens the same IndexedDB again: the new owner starts the channel that was running
 * (no START from anyone), its in-doubt batch is resolved, and every order arrives once. In a
 * SharedWorker, the channel credentials reach the worker without being stored or shown, a
 * channel whose server is down is RETRYING and started again at SHORTTMR, and a page's
 * `online` event, relayed, starts it at once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import { closeAllPages, openPage, sleep } from "./support/shared-pages.js";
import { ORDERS, channelStatus, expectOnceInOrder, pageSenderMqsc, putOrders, serverReceiverMqsc, uniqueName, waitFor } from "./support/channel-pages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  closeAllPages();
});

async function serverWithReceiver(channel: string): Promise<{ server: string; port: number; token: string }> {
  const server = uniqueName("QM");
  const { port, token } = await commands.channelServerStart(server, serverReceiverMqsc(channel));
  cleanup.push(() => commands.channelServerClose(server));
  return { server, port, token };
}

async function defineSender(qm: SharedQueueManager, server: string, channel: string, port: number, extra = ""): Promise<void> {
  const defined = await qm.mqsc(pageSenderMqsc(server, channel, port, extra));
  expect(
    defined.commands.every((c) => c.completionCode === 0),
    defined.transcript,
  ).toBe(true);
}

describe("a page's channel across owners (Chromium)", () => {
  it(`the page running the channel closed mid-transfer and reopened: ${ORDERS} orders arrive once each`, { timeout: 120_000 }, async () => {
    const channel = uniqueName("APP.TO.");
    const { server, port, token } = await serverWithReceiver(channel);
    const name = uniqueName("APP");
    const options = { name, databaseName: `webmq-test:${name}`, sharedWorker: false, channelCredentials: { [channel]: { token } } };
    const first = await openPage();
    const qm = await first.page.openBrowserQueueManager(options);
    expect(qm.role).toBe("owner");
    // Small batches, so that the page can be closed between two of them.
    await defineSender(qm, server, channel, port, "BATCHSZ(5)");
    await putOrders(qm, ORDERS);
    await qm.mqsc(`START CHANNEL(${channel})`);
    const atClose = await waitFor(
      "the transfer under way",
      () => commands.channelServerDepth(server, "APP.ORDERS"),
      (depth) => depth >= 50,
      30_000,
    );
    first.frame.remove();
    expect(atClose, "closed mid-transfer").toBeLessThan(ORDERS);

    // A page of the same origin, later: the same database, the same credentials from the app's code.
    await sleep(100);
    const second = await openPage();
    const reopened = await second.page.openBrowserQueueManager(options);
    await waitFor(
      "the orders on the server",
      () => commands.channelServerDepth(server, "APP.ORDERS"),
      (depth) => depth >= ORDERS,
      60_000,
    );
    await waitFor(
      "the transmission queue",
      async () => (await reopened.queueStatus(server)).depth,
      (depth) => depth === 0,
    );
    expectOnceInOrder(await commands.channelServerGet(server, "APP.ORDERS", ORDERS + 1, 200), ORDERS);
    expect(await channelStatus(reopened, channel)).toBe("RUNNING");
    await reopened.close();
  });

  it(
    "in a SharedWorker: credentials in memory only, RETRYING while the server is down, started again at SHORTTMR and by a page's online event",
    { timeout: 120_000 },
    async () => {
      const channel = uniqueName("APP.TO.");
      const { server, port, token } = await serverWithReceiver(channel);
      const name = uniqueName("APP");
      const { page } = await openPage();
      const qm = await page.openBrowserQueueManager({
        name,
        databaseName: `webmq-test:${name}`,
        sharedWorker: true,
        channelCredentials: { [channel]: { token } },
      });
      expect(qm.role).toBe("client");
      await defineSender(qm, server, channel, port, "BATCHSZ(50) SHORTTMR(1)");

      await commands.channelServerPause(server);
      await qm.mqsc(`START CHANNEL(${channel})`);
      await waitFor(
        "the channel, its server down",
        () => channelStatus(qm, channel),
        (s) => s === "RETRYING",
      );
      await putOrders(qm, 300);
      expect((await qm.queueStatus(server)).depth).toBe(300);
      await commands.channelServerResume(server);
      await waitFor(
        "the orders, after a retry",
        () => commands.channelServerDepth(server, "APP.ORDERS"),
        (depth) => depth >= 300,
        30_000,
      );
      expectOnceInOrder(await commands.channelServerGet(server, "APP.ORDERS", 301, 200), 300);

      // Neither DISPLAY nor IndexedDB holds the token.
      const shown = await qm.mqsc(`DISPLAY CHANNEL(${channel}) ALL`);
      expect(shown.transcript).toContain(channel);
      expect(shown.transcript).not.toContain(token);
      expect(await indexedDbHolds(token)).toBe(false);

      // SHORTTMR(60) now: only the page's `online`, relayed to the worker, starts it within the test.
      await qm.mqsc(`STOP CHANNEL(${channel})
ALTER CHANNEL(${channel}) CHLTYPE(SDR) SHORTTMR(60)`);
      await commands.channelServerPause(server);
      await qm.mqsc(`START CHANNEL(${channel})`);
      await waitFor(
        "the channel, its server down again",
        () => channelStatus(qm, channel),
        (s) => s === "RETRYING",
      );
      await putOrders(qm, 30, 300);
      await commands.channelServerResume(server);
      const pattern = `ws://127.0.0.1:${port}/nothing-of-the-worker`;
      await commands.setNetworkOffline(true, pattern);
      await sleep(200);
      await commands.setNetworkOffline(false, pattern);
      await waitFor(
        "the orders, after the online event",
        () => commands.channelServerDepth(server, "APP.ORDERS"),
        (depth) => depth >= 30,
        20_000,
      );
      await qm.close();
    },
  );
});

/** Whether any record of any IndexedDB database of this origin holds `text`. */
async function indexedDbHolds(text: string): Promise<boolean> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (JSON.stringify(all, (_key, value: unknown) => (value instanceof Uint8Array ? new TextDecoder().decode(value) : value)).includes(text)) {
        db.close();
        return true;
      }
    }
    db.close();
  }
  return false;
}
