/**
 * Pages of this origin for the shared-manager tests: same-origin iframes, each its own window
 * with its own Web Locks and lifetime, loading the fixture page module (fixtures/shared-page.ts).
 * A page is closed by removing its iframe; `closeAllPages` removes what a test left open.
 */
import type { SharedPage } from "../fixtures/shared-page.js";

const pageModule = new URL("../fixtures/shared-page.ts", import.meta.url).href;
const frames: HTMLIFrameElement[] = [];

/** A new page with the fixture module loaded (its module may take up to 20 s to load while other files run). */
export async function openPage(): Promise<{ frame: HTMLIFrameElement; page: SharedPage }> {
  const frame = document.createElement("iframe");
  frame.srcdoc = `<!doctype html><script type="module">import ${JSON.stringify(pageModule)};</script>`;
  document.body.appendChild(frame);
  frames.push(frame);
  for (let tries = 0; tries < 800; tries++) {
    const page = (frame.contentWindow as unknown as { webmqPage?: SharedPage } | null)?.webmqPage;
    if (page) return { frame, page };
    await sleep(25);
  }
  throw new Error("the page did not load its module");
}

export function closeAllPages(): void {
  for (const frame of frames.splice(0)) frame.remove();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
