/**
 * The playground's workbench on the queue manager in this tab (real Chromium, real
 * IndexedDB): the shared workbench suite, then the layout at a phone's width and on a laptop
 * with a long transcript.
 */
import "../../playground/style.css";
import { seriousViolations } from "./support/axe.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import type { QueueManager } from "../../core/index.js";
import { BrowserConnection } from "../../playground/connection/browser-connection.js";
import { CommandHistory } from "../../playground/console/history.js";
import { mountWorkbench, type Workbench } from "../../playground/workbench.js";
import { testWorkbench } from "./support/workbench.contract.js";

const databaseName = `webmq-workbench-test-${Date.now().toString(36)}`;
const historyKey = `${databaseName}:history`;
const transcriptKey = `${databaseName}:transcript`;
let host: HTMLElement;
let qm: QueueManager;
let workbench: Workbench;

beforeAll(async () => {
  host = document.createElement("div");
  document.body.appendChild(host);
  qm = await openLocalBrowserQueueManager({ name: "PLAYGROUND", databaseName });
  workbench = mountWorkbench(host, {
    local: new BrowserConnection(Promise.resolve(qm), "PLAYGROUND", "this tab, IndexedDB"),
    pollInterval: 200,
    history: new CommandHistory(localStorage, historyKey),
    transcriptKey,
  });
  await workbench.refresh();
});

afterAll(async () => {
  workbench.dispose();
  await qm.close();
  host.remove();
  localStorage.removeItem(historyKey);
  localStorage.removeItem(transcriptKey);
  indexedDB.deleteDatabase(databaseName);
});

testWorkbench("the queue manager in this tab (IndexedDB)", {
  workbench: () => workbench,
  queueManager: "PLAYGROUND",
  maxDepth: async (queue) => qm.object("localQueue", queue)?.attributes.maxDepth as number | undefined,
  putOutside: async (queue, body) => void (await qm.put(queue, { body })),
  firstMessage: async (queue) => {
    const cursor = qm.browse(queue);
    try {
      const message = await cursor.next();
      if (message === null) return null;
      return {
        body: String(message.body),
        priority: message.priority,
        persistent: message.persistent,
        properties: Object.fromEntries(message.properties.map((p) => [p.name, p.value])),
      };
    } finally {
      cursor.close();
    }
  },
});

describe("playground workbench layout (Chromium)", () => {
  it("fits a 390 px wide phone: nothing sticks out sideways, the input is wide enough to type in", async () => {
    await page.viewport(390, 800);
    const root = document.documentElement;
    expect(root.clientWidth).toBe(390);
    expect(root.scrollWidth).toBeLessThanOrEqual(390);
    for (const part of [workbench.picker.element, workbench.console.element, workbench.queues.element, workbench.chart.element, workbench.messages.element]) {
      const box = part.getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    expect(workbench.console.input.getBoundingClientRect().width).toBeGreaterThan(250);
  });

  it("keeps the queue table in reach at 1280x900 with a long transcript, which scrolls in its own box", async () => {
    await page.viewport(1280, 900);
    for (let i = 0; i < 80; i++) await workbench.console.run(`DISPLAY QLOCAL(PLAY.*) CURDEPTH MAXDEPTH DESCR`);
    const output = workbench.console.transcript.element;
    expect(output.scrollHeight).toBeGreaterThan(output.clientHeight * 4);
    // The newest output is what shows.
    expect(output.scrollTop + output.clientHeight).toBeGreaterThanOrEqual(output.scrollHeight - 2);
    workbench.console.element.scrollIntoView({ block: "start" });
    const console = workbench.console.element.getBoundingClientRect();
    const table = workbench.queues.element.getBoundingClientRect();
    const input = workbench.console.input.getBoundingClientRect();
    expect(console.height).toBeLessThan(700);
    expect(input.bottom).toBeLessThanOrEqual(900);
    // Beside the console, on the same screen.
    expect(table.left).toBeGreaterThanOrEqual(console.right);
    expect(table.top).toBeLessThan(900);
    expect(table.top).toBeGreaterThanOrEqual(0);
  });

  it("has no serious or critical accessibility violation (axe-core) in the state the steps above left", async () => {
    expect(await seriousViolations(document, host)).toEqual([]);
  });
});
