/**
 * Builds the playground into dist/playground, the worker's static assets, with Vite's API.
 * It is the root vitest config's globalSetup: wrangler refuses a config whose
 * [assets] directory does not exist, and vitest-pool-workers reads wrangler.toml without
 * running its [build] command, so on a fresh clone `npm test` builds the page first, and
 * the test of GET / sees the page that `npm start` serves.
 */
import { fileURLToPath } from "node:url";
import { build } from "vite";

/**
 * One build per process, however many callers: the root globalSetup and the browser project's
 * edge server (test/browser/support/edge-server.ts) both ask, and the edge must not start while
 * the build empties and rewrites dist/playground, or the assets it lists are not the ones the
 * page then asks for (the built page's script was now and then missing in full runs). Kept on
 * globalThis: each globalSetup file may load this module anew.
 */
export default function buildPlayground(): Promise<void> {
  const shared = globalThis as { webmqPlaygroundBuild?: Promise<void> };
  shared.webmqPlaygroundBuild ??= build({ configFile: fileURLToPath(new URL("./vite.config.ts", import.meta.url)), logLevel: "warn" }).then(() => undefined);
  return shared.webmqPlaygroundBuild;
}
