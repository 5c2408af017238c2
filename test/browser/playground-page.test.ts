/**
 * The playground page itself, as the real worker serves it (the built dist/playground, under
 * workerd, reached at /edge/ through the browser project's proxy), in an iframe of the size
 * under test: at 1280x900 a long transcript scrolls in its own box and the queue table stays
 * beside the console; at 390 px nothing widens the page; after a reload the transcript is
 * still there, as the command history is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { HISTORY_KEY, TRANSCRIPT_KEY } from "../../playground/console/console.js";

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
  await expect.poll(() => $('tr[data-queue="DEV.QUEUE.1"]'), { timeout: 15_000 }).not.toBeNull();
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

  it("fits a 390 px wide phone: nothing widens the page", async () => {
    await load(390, 800);
    expect(doc().documentElement.clientWidth).toBe(390);
    expect(doc().documentElement.scrollWidth).toBeLessThanOrEqual(390);
    const input = $(".mqsc-input")!.getBoundingClientRect();
    expect(input.right).toBeLessThanOrEqual(390);
    expect(input.width).toBeGreaterThan(250);
  });
});
