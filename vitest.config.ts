import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { edgePort } from "./test/browser/support/edge-server.js";
import { channelServerCommands } from "./test/browser/support/channel-server.js";

/** Debian's chromium, installed by .ci/run; never a downloaded browser. */
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The port of the edge worker the browser tests reach through the proxy below. */
const edge = `http://127.0.0.1:${await edgePort()}`;

export default defineConfig({
  test: {
    // The playground's build is the worker's static assets: the workerd project and the node
    // tests that run the worker on a port (test/node/edge-sockets.test.ts) need it, once.
    globalSetup: ["playground/build.ts"],
    // Two node or workerd files at once (vitest's default is one on a 2-core machine): many of
    // them wait on child processes, sockets and workerd, and one at a time the suite neared CI's
    // 15 minutes. Browser files still run one at a time (browser.fileParallelism below), beside
    // them: some switch the whole browser context offline. vitest wants one maxWorkers for all.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          // Property tests (fast-check) run hundreds of cases: 5 s is too short on a busy 2-core machine.
          testTimeout: 20_000,
          include: ["test/node/**/*.test.ts"],
        },
      },
      {
        // The playground's server connection is tested against the real worker: the page asks
        // its own origin for /ibmmq/..., as it does when the worker serves it; its channels too
        // (ws: the WebSocket at /ibmmq/channel, test/browser/playground-offline.test.ts).
        // /edge/ is the worker itself, so a test can load the built page as `npm start` serves it.
        server: {
          proxy: { "/ibmmq": { target: edge, changeOrigin: false, ws: true }, "/edge/": { target: edge, rewrite: (path) => path.slice("/edge".length) } },
        },
        // Found only when a worker imports them (adapters/wasm/web.ts): optimised up front, or vite
        // reloads the page mid-run when it meets them.
        optimizeDeps: { include: ["@bjorn3/browser_wasi_shim", "buffer/index.js"] },
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          // The C programs test/browser/wasm-worker.test.ts runs, compiled by clang first.
          globalSetup: ["test/browser/support/edge-server.ts", "test/fixtures/wasm/prebuilt.ts"],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            fileParallelism: false,
            // The channel tests' server (serveHttp, in this process) and the context's network switch.
            commands: channelServerCommands,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
      "test/edge/vitest.config.ts",
    ],
  },
});
