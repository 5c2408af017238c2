/**
 * Screenshots of the tutorials' steps, for a reviewer to look at: saved under
 * test/browser/__screenshots__/tutorials/ (gitignored: `__screenshots__/`), never compared nor
 * committed. Each path is printed, so the run's output says where to find them.
 */
import { page } from "vitest/browser";

export async function screenshotStep(tutorial: string, name: string, element: HTMLElement): Promise<string> {
  const path = await page.screenshot({ element, path: `__screenshots__/tutorials/${tutorial}/${name}.png` });
  console.log(`screenshot: ${path}`);
  return path;
}
