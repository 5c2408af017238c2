/**
 * The built playground page, as the real worker serves it (dist/playground under workerd,
 * reached at /edge/ through the browser project's proxy), in iframes. One file, so that its
 * parts run one after the other: every iframe of the page shares one origin, so one PLAYGROUND
 * (a Web Lock elects the tab that runs it), one IndexedDB database and one localStorage, and
 * two files loading the page at once would take each other's owner, transcript and database.
 *
 * The page alone: at 1280x900 a long transcript scrolls in its own box and the queue table
 * stays beside the console; at 390 px nothing widens the page; after a reload the transcript
 * is still there, as the command history is.
 *
 * Two tabs of it: both use the one PLAYGROUND, run by one of them. A DEFINE typed in one is in
 * the other's queue table without a reload; a message put in one is got in the other, once.
 * The page says where PLAYGROUND runs, whether storage is persistent, and that `qm` is there
 * for the devtools console, and it is.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { page } from "vitest/browser";
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import { HISTORY_KEY, TRANSCRIPT_KEY } from "../../playground/console/console.js";
import { seriousViolations } from "./support/axe.js";

/**
 * The page is the whole built playground (its IndexedDB manager, the tab election, the queue
 * table's first read) loading while the browser project's other files run: generous times, and
 * a failure that says what the page showed.
 */
const PAGE_READY_MS = 30_000;
const TEST_MS = 60_000;

/** A click on an element of the page's frame (userEvent acts on this document's elements only). */
function click(element: HTMLElement): void {
  element.click();
}

describe("one page", { timeout: TEST_MS }, () => {
  let frame: HTMLIFrameElement;
  const doc = () => frame.contentDocument!;
  const $ = (selector: string) => doc().querySelector<HTMLElement>(selector);

  /** Loads the page at this size and waits for the tab's queue manager to list its queues. */
  async function load(width: number, height: number): Promise<void> {
    frame.style.width = `${width}px`;
    frame.style.height = `${height}px`;
    await new Promise<void>((resolve) => {
      frame.addEventListener("load", () => resolve(), { once: true });
      frame.src = "/edge/";
    });
    await expect
      .poll(() => $('tr[data-queue="DEV.QUEUE.1"]'), { timeout: PAGE_READY_MS })
      .not.toBeNull()
      .catch((error: Error) => {
        throw new Error(
          `the page's queue table did not fill; its status line says: ${$(".shared-status")?.innerText ?? `(no status line; the frame shows ${frame.contentDocument?.location.href}: ${frame.contentDocument?.documentElement.outerHTML.slice(0, 600)})`}`,
          { cause: error },
        );
      });
  }

  /** Runs a command through the page's input, as Enter would (a keydown the console acts on). */
  async function enter(command: string): Promise<void> {
    const input = $(".mqsc-input") as HTMLTextAreaElement;
    input.value = command;
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    await expect.poll(() => $(".mqsc-output")!.textContent!.includes(`: ${command}`)).toBe(true);
  }

  beforeAll(async () => {
    await page.viewport(1400, 1000);
    localStorage.removeItem(TRANSCRIPT_KEY);
    localStorage.removeItem(HISTORY_KEY);
    frame = document.createElement("iframe");
    frame.style.border = "0";
    document.body.appendChild(frame);
  });

  afterAll(async () => {
    frame.remove();
    localStorage.removeItem(TRANSCRIPT_KEY);
    localStorage.removeItem(HISTORY_KEY);
    indexedDB.deleteDatabase("webmq:PLAYGROUND");
    indexedDB.deleteDatabase("webmq:RELIABLE");
    indexedDB.deleteDatabase("webmq:SHOP");
  });

  describe("the playground page, served by the real worker", () => {
    it("keeps the queue table beside the console at 1280x900 with a long transcript, which scrolls in its box", async () => {
      await load(1280, 900);
      for (let i = 1; i <= 40; i++) await enter(`DISPLAY QLOCAL(DEV.QUEUE.${(i % 3) + 1}) ALL * ${i}`);
      const output = $(".mqsc-output")!;
      expect(output.scrollHeight).toBeGreaterThan(output.clientHeight * 4);
      $(".workbench-console")!.scrollIntoView({ block: "start" });
      const console = $(".mqsc-console")!.getBoundingClientRect();
      const table = $(".queue-table")!.getBoundingClientRect();
      expect(console.bottom).toBeLessThanOrEqual(900);
      expect(table.left).toBeGreaterThanOrEqual(console.right);
      expect(table.top).toBeGreaterThanOrEqual(0);
      expect(table.top).toBeLessThan(900 - 100);
      expect(doc().documentElement.scrollWidth).toBeLessThanOrEqual(1280);
    });

    it("finds its transcript and history again after a reload", async () => {
      const before = $(".mqsc-output")!.textContent!;
      await load(1280, 900);
      const after = $(".mqsc-output")!.textContent!;
      expect(after.startsWith(before)).toBe(true);
      expect(after).toContain("DISPLAY QLOCAL(DEV.QUEUE.2) ALL * 40");
      expect(JSON.parse(localStorage.getItem(HISTORY_KEY)!)).toHaveLength(40);
    });

    it("puts the tutorials beside the console and the queues at 1280x900, one at a time in steps, with no serious accessibility violation", async () => {
      await load(1280, 900);
      await expect.poll(() => $(".tutorial-list"), { timeout: PAGE_READY_MS }).not.toBeNull();
      doc().documentElement.scrollTop = 0;
      const tutorials = $("section.tutorials")!.getBoundingClientRect();
      const workbench = $("section.console")!.getBoundingClientRect();
      expect(tutorials.right).toBeLessThanOrEqual(workbench.left);
      expect(tutorials.width).toBeGreaterThan(400);
      expect(workbench.width).toBeGreaterThan(650);
      for (const column of [tutorials, workbench]) expect(column.top).toBeLessThan(200);
      // The console and the queue table are on the first screen, beside the tutorial.
      expect($(".queue-table")!.getBoundingClientRect().top).toBeLessThan(900);
      const boxes = ["header", ".console > p", ".shared-status", ".connection-picker", ".mqsc-console"].map(
        (selector) => `${selector} ${JSON.stringify($(selector)?.getBoundingClientRect())}`,
      );
      expect($(".mqsc-input")!.getBoundingClientRect().bottom, boxes.join("\n")).toBeLessThanOrEqual(900);
      // The user's queues; the system ones behind the switch.
      expect($('tr[data-queue="SYSTEM.DEAD.LETTER.QUEUE"]')).toBeNull();
      const shownTutorials = () => [...doc().querySelectorAll<HTMLElement>("section.tutorial:not([hidden])")].map((section) => section.dataset.tutorial);
      expect(shownTutorials()).toEqual(["pubsub"]);
      expect(await seriousViolations(doc())).toEqual([]);

      // The listener tutorial in its two parts, one step each.
      click($('.tutorial-pick[data-tutorial="poison"]')!);
      expect(shownTutorials()).toEqual(["poison"]);
      const poison = $('section[data-tutorial="poison"]')!;
      const visibleStepTitle = (section: HTMLElement) => section.querySelector(".tutorial-step:not([hidden]) h3")!.textContent;
      expect(poison.querySelector(".tutorial-where")!.textContent).toBe("Step 1 of 2");
      expect(visibleStepTitle(poison)).toBe("A poison order goes aside, good orders keep flowing");
      click(poison.querySelector<HTMLElement>(".tutorial-next")!);
      expect(visibleStepTitle(poison)).toBe("The misconfigured listener");
      expect(poison.querySelector(".tutorial-step:not([hidden]) .setups button")).not.toBeNull();
      expect(await seriousViolations(doc())).toEqual([]);

      click($('.tutorial-pick[data-tutorial="reliable"]')!);
      expect(shownTutorials()).toEqual(["reliable"]);
      const reliable = $('section[data-tutorial="reliable"]')!;
      expect(reliable.querySelector(".tutorial-where")!.textContent).toBe("Step 1 of 5");
      click(reliable.querySelector<HTMLElement>(".tutorial-next")!);
      expect(reliable.querySelector(".tutorial-where")!.textContent).toBe("Step 2 of 5");
      expect(await seriousViolations(doc())).toEqual([]);

      click($('.queue-table input[name="show-system"]')!);
      await expect.poll(() => $('tr[data-queue="SYSTEM.DEAD.LETTER.QUEUE"]')).not.toBeNull();
      expect(await seriousViolations(doc())).toEqual([]);
    });

    it("sets the tutorials aside, saying why, while the page acts on a server's queue manager", async () => {
      click($('.connection-picker input[value="server"]')!);
      const token = $('.connection-picker input[name="token"]') as HTMLInputElement;
      token.value = inject("edgeToken");
      click($('.connection-picker button[type="submit"]')!);
      await expect.poll(() => $(".connection-note")!.textContent).toMatch(/^Acting on QM1/);
      expect($(".tutorials-aside")!.hidden).toBe(false);
      expect($(".tutorials-aside")!.textContent).toMatch(/while the page acts on QM1, a server's, they wait/);
      expect($(".tutorial-stage")!.hidden).toBe(true);
      expect(await seriousViolations(doc())).toEqual([]);
      click($('.connection-picker input[value="tab"]')!);
      await expect.poll(() => $(".tutorial-stage")!.hidden).toBe(false);
      expect($(".tutorials-aside")!.hidden).toBe(true);
    });

    it("fits a 390 px wide phone: nothing widens the page", async () => {
      await load(390, 800);
      expect(doc().documentElement.clientWidth).toBe(390);
      expect(doc().documentElement.scrollWidth).toBeLessThanOrEqual(390);
      const input = $(".mqsc-input")!.getBoundingClientRect();
      expect(input.right).toBeLessThanOrEqual(390);
      expect(input.width).toBeGreaterThan(250);
      // One column: the tutorials above the workbench.
      expect($("section.tutorials")!.getBoundingClientRect().bottom).toBeLessThanOrEqual($("section.console")!.getBoundingClientRect().top);
      expect(await seriousViolations(doc())).toEqual([]);
    });
  });
});

describe("two tabs", () => {
  const frames: HTMLIFrameElement[] = [];

  async function openTab(): Promise<HTMLIFrameElement> {
    const frame = document.createElement("iframe");
    frame.style.width = "1280px";
    frame.style.height = "900px";
    document.body.appendChild(frame);
    frames.push(frame);
    await new Promise<void>((resolve) => {
      frame.addEventListener("load", () => resolve(), { once: true });
      frame.src = "/edge/";
    });
    await expect
      .poll(() => frame.contentDocument!.querySelector('tr[data-queue="DEV.QUEUE.1"]'), { timeout: PAGE_READY_MS })
      .not.toBeNull()
      .catch((error: Error) => {
        throw new Error(
          `the tab's queue table did not fill; its status line says: ${frame.contentDocument!.querySelector<HTMLElement>(".shared-status")?.innerText ?? "(no status line)"}`,
          { cause: error },
        );
      });
    return frame;
  }

  function enterIn(frame: HTMLIFrameElement, command: string): void {
    const input = frame.contentDocument!.querySelector<HTMLTextAreaElement>(".mqsc-input")!;
    input.value = command;
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  }

  afterAll(() => {
    for (const frame of frames) frame.remove();
  });

  describe("the playground in two tabs (Chromium, the built page)", () => {
    it(
      "shares PLAYGROUND: a DEFINE in one tab is in the other's table without a reload, a message put in one is got once in the other",
      { timeout: TEST_MS },
      async () => {
        const first = await openTab();
        const second = await openTab();
        const queue = `SHARED.${Date.now().toString(36).toUpperCase()}`;
        const status = (frame: HTMLIFrameElement) => frame.contentDocument!.querySelector(".shared-status")!.textContent!;
        await expect.poll(() => status(first)).toMatch(/runs in this tab/);
        await expect.poll(() => status(second)).toMatch(/runs in another tab/);
        for (const frame of [first, second]) {
          await expect.poll(() => status(frame)).toMatch(/Storage is persistent|Persistent storage was not granted/);
          expect(status(frame)).toMatch(/devtools console, qm is PLAYGROUND/);
        }

        enterIn(first, `DEFINE QLOCAL(${queue}) MAXDEPTH(77)`);
        // Within the change notice, well before the table's own poll would read it again.
        await expect
          .poll(() => second.contentDocument!.querySelector(`tr[data-queue="${queue}"]`)?.textContent ?? "", { timeout: 1000, interval: 20 })
          .toContain("77");

        const qmOf = (frame: HTMLIFrameElement) => (frame.contentWindow as unknown as { qm: SharedQueueManager }).qm;
        await qmOf(second).put(queue, { body: "from the second tab", persistent: true });
        expect(await qmOf(first).get(queue)).toMatchObject({ body: "from the second tab" });
        expect(await qmOf(second).get(queue)).toBeNull();
        await qmOf(first).mqsc(`DELETE QLOCAL(${queue})`);
      },
    );

    it(
      "shows the timeline in the tab that does not run PLAYGROUND: what happened there is relayed from the tab that runs it",
      { timeout: TEST_MS },
      async () => {
        const [first, second] = frames as [HTMLIFrameElement, HTMLIFrameElement];
        const queue = `RELAYED.${Date.now().toString(36).toUpperCase()}`;
        const qmOf = (frame: HTMLIFrameElement) => (frame.contentWindow as unknown as { qm: SharedQueueManager }).qm;
        const rowsOf = (frame: HTMLIFrameElement) => [...frame.contentDocument!.querySelectorAll(".timeline-row")].map((row) => row.textContent!);
        await qmOf(second).mqsc(`DEFINE QLOCAL(${queue})`);
        await qmOf(second).put(queue, { body: "seen in both tabs", persistent: true });
        await qmOf(second).get(queue);
        for (const frame of [first, second])
          await expect
            .poll(() => rowsOf(frame).find((row) => row.includes(`put on ${queue}`)) ?? "", { timeout: 5000 })
            .toMatch(new RegExp(`put on ${queue.replace(".", "\\.")}[\\s\\S]*acknowledged: removed from ${queue.replace(".", "\\.")}`));
        expect(await seriousViolations(second.contentDocument!)).toEqual([]);
        await qmOf(first).mqsc(`DELETE QLOCAL(${queue})`);
      },
    );
  });
});
