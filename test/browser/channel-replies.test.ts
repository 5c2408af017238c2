/**
 * Replies come back to the page over a requester/server pair (Chromium): the server cannot
 * dial a browser, so the page's RQSTR dials the server's SVR, which then sends from its
 * transmission queue to the page. The server's replies, put to a QREMOTE naming the page's
 * queue manager while the page is away, arrive on the page's queue once each, in order.
 */
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import { closeAllPages, openPage } from "./support/shared-pages.js";
import { channelStatus, uniqueName, waitFor } from "./support/channel-pages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  closeAllPages();
});

describe("replies over RQSTR (page) and SVR (server)", () => {
  // serveHttp's channel endpoint hands a requester's connection to the SVR of its name (it took
  // only a RCVR: AMQ9520, 2085, before).
  it("the server's replies reach the page's queue once each, in order", { timeout: 60_000 }, async () => {
    const name = uniqueName("APP");
    const server = uniqueName("QM");
    const channel = uniqueName("QM.APP.");
    // The server's end, as a user writes it: a transmission queue named for the page's queue
    // manager, a remote queue for the replies, and a server channel with no CONNAME (it waits for its requester).
    const { port, token } = await commands.channelServerStart(
      server,
      `DEFINE QLOCAL(${name}) USAGE(XMITQ)
DEFINE QREMOTE(APP.REPLIES.REMOTE) RNAME(APP.REPLIES) RQMNAME(${name}) XMITQ(${name})
DEFINE CHANNEL(${channel}) CHLTYPE(SVR) XMITQ(${name}) BATCHSZ(50)`,
    );
    cleanup.push(() => commands.channelServerClose(server));
    const replies = Array.from({ length: 200 }, (_, i) => `reply ${i}`);
    await commands.channelServerPut(server, "APP.REPLIES.REMOTE", replies);

    const { page } = await openPage();
    const qm = await page.openBrowserQueueManager({
      name,
      databaseName: `webmq-test:${name}`,
      sharedWorker: false,
      channelCredentials: { [channel]: { token } },
    });
    const defined = await qm.mqsc(`DEFINE QLOCAL(APP.REPLIES)
DEFINE CHANNEL(${channel}) CHLTYPE(RQSTR) CONNAME('127.0.0.1(${port})')
START CHANNEL(${channel})`);
    expect(
      defined.commands.every((c) => c.completionCode === 0),
      defined.transcript,
    ).toBe(true);
    // Until every reply is there, or the server refused the requester (its reason, on the owner: this page).
    const owner = await qm.whenOwner();
    await waitFor(
      "the replies on the page",
      async () => ({ depth: (await qm.queueStatus("APP.REPLIES")).depth, refused: owner.channelAgentStatus(channel)?.reason }),
      ({ depth, refused }) => depth >= replies.length || refused !== undefined,
      30_000,
    );
    expect(owner.channelAgentStatus(channel)?.reason).toBeUndefined();
    const got: string[] = [];
    for (let m = await qm.get("APP.REPLIES"); m; m = await qm.get("APP.REPLIES")) got.push(String(m.body));
    expect(got).toEqual(replies);
    expect(await commands.channelServerDepth(server, name)).toBe(0);
    expect(await channelStatus(qm, channel)).toBe("RUNNING");
    await qm.close();
  });
});
