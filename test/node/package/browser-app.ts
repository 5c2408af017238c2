/**
 * The browser side of the package test: the app in test/fixtures/package/browser-app, copied
 * into the project that installed the tarball, built there with Vite (as the user's own
 * `vite build` would, resolving `webmq` from that project's node_modules), and served from
 * 127.0.0.1 on a free port to Debian's Chromium (never a downloaded browser).
 */
import { execFile } from "node:child_process";
import { copyFile, cp, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../../..");
const VITE = join(ROOT, "node_modules/vite/bin/vite.js");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Copies the app into `project` and runs `vite build` there (dist/), then bundles its shared
 * manager part with esbuild into dist/esbuild/, the SharedWorker as a second entry point named
 * as open.js asks for it (and into dist/esbuild-no-worker/ without it); answers dist/.
 */
export async function buildBrowserApp(project: string): Promise<string> {
  const app = join(project, "browser-app");
  await cp(join(ROOT, "test/fixtures/package/browser-app"), app, { recursive: true });
  await run(process.execPath, [VITE, "build", "--logLevel", "warn"], { cwd: app, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  const esbuildOut = join(app, "dist/esbuild");
  const esbuildTo = async (outdir: string, withWorker: boolean) => {
    const worker: Record<string, string> = withWorker ? { "owner.shared-worker": "webmq/browser/shared-worker" } : {};
    await build({
      absWorkingDir: app,
      entryPoints: { "esbuild-app": "./esbuild-app.ts", ...worker },
      bundle: true,
      format: "esm",
      splitting: true,
      target: "es2022",
      outdir,
      logLevel: "warning",
    });
    await copyFile(join(app, "esbuild.html"), join(outdir, "index.html"));
  };
  // and once as a user who forgot the worker's entry point does (dist/esbuild-no-worker/)
  await Promise.all([esbuildTo(esbuildOut, true), esbuildTo(join(app, "dist/esbuild-no-worker"), false)]);
  return join(app, "dist");
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css",
  ".map": "application/json",
};

/**
 * Under this path the esbuild build without the worker is served as a single-page app's host
 * serves one: a file it does not have is answered with the app's index.html (200, text/html).
 */
export const SPA_FALLBACK_PATH = "/spa-fallback/";

/** Serves `folder` on 127.0.0.1 (a free port): the app's origin. */
export async function serveFolder(folder: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    let path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    const spa = path.startsWith(SPA_FALLBACK_PATH);
    if (spa) path = `/esbuild-no-worker/${path.slice(SPA_FALLBACK_PATH.length)}`;
    const file = join(folder, path.endsWith("/") || path.endsWith(sep) ? join(path, "index.html") : path);
    if (!file.startsWith(folder + sep)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      if (spa) return void response.writeHead(200, { "Content-Type": TYPES[".html"] }).end(await readFile(join(folder, "esbuild-no-worker/index.html")));
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
