/**
 * Builds the playground into dist/playground, the worker's static assets, with Vite's API.
 * It is the root vitest config's globalSetup: wrangler refuses a config whose
 * [assets] directory does not exist, and vitest-pool-workers reads wrangler.toml without
 * running its [build] command, so on a fresh clone `npm test` builds the page first, and
 * the test of GET / sees the page that `npm start` serves.
 */
import { fileURLToPath } from "node:url";
import { build } from "vite";

export default async function buildPlayground(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL("./vite.config.ts", import.meta.url)), logLevel: "warn" });
}
