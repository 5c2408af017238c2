/**
 * The reliable-delivery tutorial in real Chromium on a real IndexedDB, in the tutorial shell
 * as the page shows it, done by clicks and keys: persistent and non-persistent messages across
 * a restart of its queue manager, a client-acknowledge consumer that crashes and gets the
 * message again with delivery count 2, a transaction committed and one rolled back, the four
 * acknowledgement modes after a crash (what each gives back), and a durable subscription that
 * keeps what is published while its subscriber is away. What
 * each step did is checked on the queue manager itself, reopened apart from the page at the
 * end; axe-core finds no serious violation at each step.
 */
import "../../playground/style.css";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import type { QueueManager } from "../../core/index.js";
import { mountReliableTutorial, RELIABLE_QUEUE, type ReliableTutorial } from "../../playground/reliable-tutorial.js";
import { mountTutorialShell } from "../../playground/tutorial-shell.js";
import { seriousViolations } from "./support/axe.js";
import { screenshotStep } from "./support/step-screenshots.js";

const databaseName = `webmq-reliable-test-${Date.now().toString(36)}`;
const open = () => openLocalBrowserQueueManager({ name: "RELIABLE", databaseName });
let host: HTMLElement;
let tutorial: ReliableTutorial;

beforeAll(async () => {
  host = document.createElement("div");
  document.body.appendChild(host);
  tutorial = await mountReliableTutorial(open);
  mountTutorialShell(host, [tutorial.definition]);
});

afterAll(async () => {
  await tutorial.dispose();
  host.remove();
  indexedDB.deleteDatabase(databaseName);
});

const visibleStep = () => host.querySelector<HTMLElement>(".tutorial-step:not([hidden])")!;
const result = () => visibleStep().querySelector("output")!.textContent;
const button = (label: string) => [...visibleStep().querySelectorAll("button")].find((b) => b.textContent === label)!;

async function click(label: string): Promise<void> {
  await userEvent.click(button(label));
  await tutorial.idle();
}

async function bodies(qm: QueueManager): Promise<string[]> {
  const cursor = qm.browse(RELIABLE_QUEUE);
  const found: string[] = [];
  try {
    for (let m = await cursor.next(); m !== null; m = await cursor.next()) found.push(String(m.body));
  } finally {
    cursor.close();
  }
  return found;
}

describe("playground reliable-delivery tutorial (Chromium, IndexedDB)", () => {
  it("opens with the problem it shows, at step 1 of 5, each step showing the code it runs", async () => {
    expect(host.querySelector(".tutorial-problem")!.textContent).toMatch(/must not vanish when a server restarts/);
    expect(host.querySelector(".tutorial-where")!.textContent).toBe("Step 1 of 5");
    expect(host.querySelector<HTMLButtonElement>(".tutorial-back")!.disabled).toBe(true);
    expect(visibleStep().querySelector("pre")!.textContent).toContain("persistent: true");
    expect(await seriousViolations(document, host)).toEqual([]);
    // Reachable by keyboard: Tab from the tutorial's name in the list reaches the step's first button.
    host.querySelector<HTMLButtonElement>(".tutorial-pick")!.focus();
    for (let i = 0; i < 5 && document.activeElement !== button("Put one of each"); i++) await userEvent.tab();
    expect(document.activeElement).toBe(button("Put one of each"));
  });

  it("keeps the persistent message across a restart of its queue manager and loses the non-persistent one", async () => {
    await click("Put one of each");
    expect(result()).toMatch(/holds 2: "kept" \(persistent\), "lost" \(non-persistent\)/);
    const before = tutorial.queueManager();
    // The restart by keyboard: Tab to the button and Enter.
    button("Restart the queue manager").focus();
    await userEvent.keyboard("{Enter}");
    await tutorial.idle();
    expect(tutorial.queueManager()).not.toBe(before);
    expect(result()).toBe(`After the restart: ${RELIABLE_QUEUE} holds 1: "kept" (persistent).`);
    expect(await bodies(tutorial.queueManager())).toEqual(["kept"]);
    await screenshotStep("reliable", "1-persistence", host);
  });

  it("redelivers what a client-acknowledge consumer took and never acknowledged, with delivery count 2", async () => {
    await userEvent.click(host.querySelector(".tutorial-next")!);
    expect(host.querySelector(".tutorial-where")!.textContent).toBe("Step 2 of 5");
    await click("Receive, then crash");
    expect(result()).toMatch(/Received "order 7" \(delivery 1\), then crashed before acknowledging\. RELIABLE\.ORDERS holds 1: "order 7"/);
    expect(await bodies(tutorial.queueManager())).toEqual(["order 7"]);
    await click("Receive again and acknowledge");
    expect(result()).toMatch(/Redelivered "order 7": delivery count 2, redelivered true; acknowledged\. RELIABLE\.ORDERS is empty\./);
    expect(await bodies(tutorial.queueManager())).toEqual([]);
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("reliable", "2-acknowledge", host);
  });

  it("commits two sends together, and a rollback leaves nothing of its send", async () => {
    host.querySelector<HTMLButtonElement>(".tutorial-next")!.focus();
    await userEvent.keyboard("{Enter}");
    expect(host.querySelector(".tutorial-where")!.textContent).toBe("Step 3 of 5");
    await click("Send two and commit");
    expect(await bodies(tutorial.queueManager())).toEqual(["paid", "shipped"]);
    await click("Send one and roll back");
    expect(result()).toMatch(/Rolled back: "half done" never arrived\./);
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("reliable", "3-transaction", host);

    // On the queue manager itself, opened again apart from the page.
    await tutorial.dispose();
    const reopened = await open();
    try {
      expect(await bodies(reopened)).toEqual(["paid", "shipped"]);
    } finally {
      await reopened.close();
    }
  });
});

describe("playground reliable-delivery tutorial, steps 4 and 5 (Chromium, IndexedDB)", () => {
  beforeAll(async () => {
    // The page as a user finds it again: the tutorial mounted afresh on the same database (the one before is disposed).
    host.remove();
    host = document.createElement("div");
    document.body.appendChild(host);
    tutorial = await mountReliableTutorial(open);
    mountTutorialShell(host, [tutorial.definition]);
    for (let i = 0; i < 2; i++) await userEvent.click(host.querySelector(".tutorial-next")!);
  });

  it("shows what each acknowledgement mode gives back when its consumer acknowledges the first of two and crashes", async () => {
    await userEvent.click(host.querySelector(".tutorial-next")!);
    expect(host.querySelector(".tutorial-where")!.textContent).toBe("Step 4 of 5");
    const left: Record<string, string[]> = {};
    for (const mode of ["auto", "client", "dups-ok", "individual"]) {
      await click(`Crash in ${mode} mode`);
      expect(result()).toMatch(new RegExp(`^${mode}: `));
      left[mode] = await bodies(tutorial.queueManager());
    }
    // dups-ok acknowledges lazily but did so here before the crash (the session commits when a receive waits): it may give back, it need not.
    expect(left).toEqual({ auto: [], client: [], "dups-ok": [], individual: ["second"] });
    expect(result()).toBe(`individual: acknowledge() acknowledges that one message only. After the crash: ${RELIABLE_QUEUE} holds 1: "second" (persistent).`);
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("reliable", "4-acknowledge-modes", host);
  });

  it("keeps what is published while a durable subscriber is away, and delivers it when it comes back", async () => {
    await userEvent.click(host.querySelector(".tutorial-next")!);
    expect(host.querySelector(".tutorial-where")!.textContent).toBe("Step 5 of 5");
    expect(host.querySelector<HTMLButtonElement>(".tutorial-next")!.disabled).toBe(true);
    await click("Subscribe, then go away");
    await click("Publish two orders while it is away");
    expect(result()).toMatch(/^Published order 1 and order 2 on orders\/new: kept for 1 subscription, with no subscriber connected\.$/);
    await click("Come back and receive");
    expect(result()).toBe("Back: received order 1, order 2, published while the subscriber was away. Nothing was missed.");
    await click("Come back and receive");
    expect(result()).toBe("Back, and nothing was waiting.");
    expect(await seriousViolations(document, host)).toEqual([]);
    await screenshotStep("reliable", "5-durable-subscription", host);
  });
});
