/**
 * What the Chromium benchmarks share: a bench page's folder served by a Vite dev server on
 * 127.0.0.1 (a free port; no watcher, no HMR, its dependencies bundled up front so nothing
 * reloads mid-run), opened in playwright's headless Chromium (Debian's /usr/bin/chromium,
 * never a downloaded browser), ready once `ready` holds in the page. Both are closed by
 * `cleanup`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright";
import { createServer } from "vite";
import type { Cleanup } from "./cleanup.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The Chromium the benchmarks run, for their version line. */
export const CHROMIUM_PATH = CHROMIUM;

export async function openBenchPage(root: string, what: string, ready: () => boolean, cleanup: Cleanup): Promise<Page> {
  const cacheDir = await mkdtemp(join(tmpdir(), "webmq-bench-vite-"));
  cleanup.add(() => rm(cacheDir, { recursive: true, force: true }));
  const server = await createServer({
    configFile: false,
    root,
    cacheDir,
    logLevel: "warn",
    optimizeDeps: { include: ["idb", "denque", "comlink"] },
    server: { host: "127.0.0.1", port: 0, strictPort: true, hmr: false, watch: null },
  });
  cleanup.add(() => server.close());
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === "string") throw new Error(`${what}: the Vite server has no port`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  cleanup.add(() => browser.close());
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  if (process.env.BENCH_DEBUG) page.on("console", (message) => console.error("page:", message.text()));
  await page.goto(`http://127.0.0.1:${address.port}/index.html`);
  await page.waitForFunction(ready, undefined, { timeout: 60_000 }).catch((e) => {
    throw new Error(`${what}: the page did not load: ${errors.join("; ") || e}`);
  });
  return page;
}
