/**
 * The playground's build: `npm run build:playground` writes dist/playground, which the edge
 * worker serves as static assets (wrangler.toml [assets]); `npm run dev:playground` serves
 * the page alone with Vite's dev server (the console works; the REST API is the worker's).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  // Relative URLs, so the page works wherever the worker mounts its assets.
  base: "./",
  // Triggered applications are module workers (startWorkerTriggerMonitor starts them so).
  worker: { format: "es", rolldownOptions: { output: { codeSplitting: false } } },
  build: {
    outDir: fileURLToPath(new URL("../dist/playground", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // The playground uses every feature at once (its tutorials run JMS, pub/sub, listeners and
    // triggering), so what an application loads on first use is inlined here: a few requests
    // through the worker's asset server instead of forty.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
