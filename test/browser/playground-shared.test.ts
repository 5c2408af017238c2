/**
 * The playground in two tabs of one browser (two iframes of the built page, as the real worker
 * serves it at /edge/): both use the one PLAYGROUND, run by one of them. A DEFINE typed in one
 * is in the other's queue table without a reload; a message put in one is got in the other,
 * once. The page says where PLAYGROUND runs, whether storage is persistent, and that `qm` is
 * there for the devtools console, and it is.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SharedQueueManager } from "../../adapters/browser/index.js";

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
  await expect.poll(() => frame.contentDocument!.querySelector('tr[data-queue="DEV.QUEUE.1"]'), { timeout: 15_000 }).not.toBeNull();
  return frame;
}

function enter(frame: HTMLIFrameElement, command: string): void {
  const input = frame.contentDocument!.querySelector<HTMLTextAreaElement>(".mqsc-input")!;
  input.value = command;
  input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
}

afterAll(() => {
  for (const frame of frames) frame.remove();
});

describe("the playground in two tabs (Chromium, the built page)", () => {
  it("shares PLAYGROUND: a DEFINE in one tab is in the other's table without a reload, a message put in one is got once in the other", { timeout: 30_000 }, async () => {
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

    enter(first, `DEFINE QLOCAL(${queue}) MAXDEPTH(77)`);
    // Within the change notice, well before the table's own poll would read it again.
    await expect.poll(() => second.contentDocument!.querySelector(`tr[data-queue="${queue}"]`)?.textContent ?? "", { timeout: 1000, interval: 20 }).toContain("77");

    const qmOf = (frame: HTMLIFrameElement) => (frame.contentWindow as unknown as { qm: SharedQueueManager }).qm;
    await qmOf(second).put(queue, { body: "from the second tab", persistent: true });
    expect(await qmOf(first).get(queue)).toMatchObject({ body: "from the second tab" });
    expect(await qmOf(second).get(queue)).toBeNull();
    await qmOf(first).mqsc(`DELETE QLOCAL(${queue})`);
  });
});
