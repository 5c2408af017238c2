/**
 * The "Offline and back" tutorial in real Chromium, done by clicks and keys as a user does it:
 * the page's queue manager (IndexedDB) connected by a sending channel to QM.PLAY on the real
 * edge worker (workerd, reached through Vite's /ibmmq proxy, WebSocket included, as the page
 * reaches the worker that serves it); the page's offline switch on, orders put, the channel
 * RETRYING and the orders waiting on the transmission queue; the switch off and the orders on the
 * server; then the browser's own offline (DevTools' network conditions for the channel's address,
 * and the page told it is offline) and back; then the link cut in the middle of a batch. What
 * arrived is read on the SERVER's queue manager through its REST API, apart from the page: every
 * order once, none doubled. The timeline shows the channel's `sent` events; axe-core finds no
 * serious violation at any step; each step's screenshot is saved (support/step-screenshots.ts).
 */
import "../../playground/style.css";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import { mountOfflineTutorial, type OfflineTutorial } from "../../playground/offline/offline-tutorial.js";
import { openOfflineQueueManager } from "../../playground/offline/link.js";
import { SERVER_QUEUE } from "../../playground/offline/ends.js";
import { mountTutorialShell } from "../../playground/tutorial-shell.js";
import { mountTimeline, type Timeline } from "../../playground/timeline/timeline.js";
import { seriousViolations } from "./support/axe.js";
import { screenshotStep } from "./support/step-screenshots.js";
import { uniqueName, waitFor } from "./support/channel-pages.js";

const token = inject("edgeToken");
const SERVER = "QM.PLAY";
const channel = uniqueName("SHOP.");
const databaseName = `webmq-offline-test-${Date.now().toString(36)}`;
const offlinePattern = `ws://${location.host}/ibmmq/channel*`;
let host: HTMLElement;
let tutorial: OfflineTutorial;
let timeline: Timeline;

beforeAll(async () => {
  await page.viewport(900, 1000); // the screenshots show the whole step
  host = document.createElement("main");
  document.body.appendChild(host);
  const tutorials = document.createElement("div");
  host.appendChild(tutorials);
  timeline = mountTimeline(host);
  tutorial = await mountOfflineTutorial({
    open: async (credentials) => {
      const opened = await openOfflineQueueManager("SHOP", databaseName, credentials);
      timeline.watch(opened.qm);
      return opened;
    },
    serverUrl: location.origin,
    channel: () => channel,
  });
  mountTutorialShell(tutorials, [tutorial.definition]);
});

afterAll(async () => {
  await commands.setNetworkOffline(false, offlinePattern);
  await tutorial.dispose();
  host.remove();
  indexedDB.deleteDatabase(databaseName);
});

const visibleStep = () => host.querySelector<HTMLElement>(".tutorial-step:not([hidden])")!;
const where = () => host.querySelector(".tutorial-where")!.textContent;
const result = () => visibleStep().querySelector("output")!.textContent!;
const figure = (name: string) => visibleStep().querySelector(`[data-figure="${name}"]`)!.textContent!;
const button = (label: string) => [...visibleStep().querySelectorAll("button")].find((b) => b.textContent === label)!;
const offlineSwitch = () => visibleStep().querySelector<HTMLButtonElement>('[role="switch"]')!;

async function click(label: string): Promise<void> {
  await userEvent.click(button(label));
  await tutorial.idle();
}
async function next(): Promise<void> {
  await userEvent.click(host.querySelector(".tutorial-next")!);
}
/** The board's figure once it reads `wanted` (it is refreshed from both queue managers every second). */
async function board(name: string, wanted: RegExp, ms = 30_000): Promise<string> {
  return waitFor(
    `the board's ${name}`,
    async () => (await tutorial.refresh(), figure(name)),
    (text) => wanted.test(text),
    ms,
  );
}

/** The server's REST API, apart from the page. */
function rest(method: string, path: string): Promise<Response> {
  return fetch(`/ibmmq/rest/v2/messaging/qmgr/${SERVER}/queue/${SERVER_QUEUE}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "ibm-mq-rest-csrf-token": "test" },
  });
}
async function serverDepth(): Promise<number> {
  const response = await rest("GET", "messagelist");
  expect(response.status).toBe(200);
  const list = (await response.json()) as { messages?: unknown[] };
  return list.messages?.length ?? 0;
}
/** Every message on the server's queue, got (removed) one by one: their bodies in the order got. */
async function getAllOnServer(): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const response = await rest("DELETE", "message");
    if (response.status === 204) return bodies;
    expect(response.status).toBe(200);
    bodies.push(await response.text());
  }
}
const orders = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `order ${from + i}`);

describe("playground: Offline and back (Chromium, IndexedDB, the edge worker's QM.PLAY)", () => {
  it("connects the page's queue manager to the server's by a channel, typed and clicked", { timeout: 60_000 }, async () => {
    expect(host.querySelector(".tutorial-problem")!.textContent).toMatch(/loses its network/);
    expect(where()).toBe("Step 1 of 5");
    const server = visibleStep().querySelector<HTMLInputElement>('[name="offline-server"]')!;
    await userEvent.clear(server);
    await userEvent.type(server, SERVER);
    await userEvent.type(visibleStep().querySelector<HTMLInputElement>('[name="offline-token"]')!, token);
    await click("Connect the shop to the server");
    expect(result()).toBe(`Channel ${channel} is running: orders put on ORDERS here go to ${SERVER_QUEUE} on ${SERVER}.`);
    expect(await board("channel", /^RUNNING$/)).toBe("RUNNING");
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("offline", "1-connect", host);
  });

  it(
    "keeps the orders put while the page's switch says offline, the channel RETRYING, and delivers each once when it is switched back",
    { timeout: 90_000 },
    async () => {
      await next();
      expect(where()).toBe("Step 2 of 5");
      await userEvent.click(offlineSwitch());
      expect(offlineSwitch().getAttribute("aria-checked")).toBe("true");
      await board("channel", /^RETRYING$/);
      expect(figure("online")).toBe("offline");
      expect(await seriousViolations(document, host)).toEqual([]);
      await screenshotStep("offline", "2-offline", host);

      await next();
      await click("Put 5 orders");
      // The second by keyboard: Tab to the button, Enter.
      button("Put 5 orders").focus();
      await userEvent.keyboard("{Enter}");
      await tutorial.idle();
      expect(result()).toBe("Put orders 6 to 10 on ORDERS.");
      expect(await board("waiting", /^10 orders$/)).toBe("10 orders");
      expect(figure("channel")).toBe("RETRYING");
      expect(await serverDepth()).toBe(0);
      await screenshotStep("offline", "3-put-offline", host);

      await next();
      expect(where()).toBe("Step 4 of 5");
      offlineSwitch().focus();
      await userEvent.keyboard(" ");
      expect(offlineSwitch().getAttribute("aria-checked")).toBe("false");
      await waitFor("the orders on the server", serverDepth, (depth) => depth >= 10);
      await board("waiting", /^0 orders$/);
      expect(await board("arrived", /^10 orders$/)).toBe("10 orders");
      expect(figure("channel")).toBe("RUNNING");
      expect(await seriousViolations(document, host)).toEqual([]);
      await screenshotStep("offline", "4-back-online", host);
    },
  );

  it("keeps them across the browser's own offline too, and sends them when the browser is online again", { timeout: 90_000 }, async () => {
    await commands.setNetworkOffline(true, offlinePattern);
    await board("online", /^offline$/);
    await board("channel", /^RETRYING$/);
    await userEvent.click(host.querySelector(".tutorial-back")!);
    expect(where()).toBe("Step 3 of 5");
    await click("Put 5 orders");
    await board("waiting", /^5 orders$/);
    expect(await serverDepth()).toBe(10);
    await commands.setNetworkOffline(false, offlinePattern);
    await waitFor("the orders on the server", serverDepth, (depth) => depth >= 15);
    await board("waiting", /^0 orders$/);
  });

  it("delivers each order once when the link is cut in the middle of a batch, checked on the server", { timeout: 90_000 }, async () => {
    await next();
    await next();
    expect(where()).toBe("Step 5 of 5");
    await click("Put 5 orders and cut the link mid-batch");
    await waitFor(
      "the cut",
      async () => visibleStep().querySelector(".offline-cut-note")!.textContent!,
      (text) => text.includes("in doubt"),
    );
    await waitFor("the orders on the server", serverDepth, (depth) => depth >= 20);
    await board("waiting", /^0 orders$/);
    await click("Count the orders on the server");
    expect(result()).toBe(`${SERVER_QUEUE} on ${SERVER} holds 20 orders; doubled: none; still on their way: none.`);
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("offline", "5-cut-mid-batch", host);

    // On the server's queue manager itself: every order once, none doubled, in the order put.
    const got = await getAllOnServer();
    expect(new Set(got).size, "no order doubled on the server").toBe(got.length);
    expect(got).toEqual(orders(1, 20));
  });

  it("shows on the timeline each order put on the transmission queue, then sent over the channel", async () => {
    const rows = [...timeline.element.querySelectorAll(".timeline-row")].filter((row) => row.textContent!.includes(`first seen on ${SERVER}`));
    expect(rows).toHaveLength(20);
    // A batch left in doubt by the cut and found committed at the next start is told as removed, not as sent (core/features/channels/in-doubt.ts has no ids).
    const last = rows.map((row) => row.querySelector(".timeline-event:last-child")!);
    expect(last.filter((event) => event.classList.contains("timeline-sent")).length).toBeGreaterThanOrEqual(15);
    for (const event of last)
      expect(event.textContent).toMatch(
        new RegExp(`sent over channel ${channel.replace(".", "\\.")}|acknowledged: removed from ${SERVER.replace(".", "\\.")}`),
      );
    expect(await seriousViolations(document, host)).toEqual([]);
  });
});
