/**
 * The real edge worker for the browser tests of the playground's server connection: the
 * browser project's globalSetup starts it under workerd (scripts/local-edge.mjs, as
 * `npm start` runs it) on a loopback port chosen when the config loads, and the browser
 * project's Vite server proxies /ibmmq to it. The page then reaches the REST API at its own
 * origin, as the real playground does when the worker serves it, with no CORS in between.
 * It stops when the run ends.
 */
import { createServer } from "node:net";
import buildPlayground from "../../../playground/build.js";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../../scripts/local-edge.mjs";

/** The bearer token the worker accepts, and the queue managers it serves, in these tests. */
export const EDGE_TOKEN = "playground-test-token";
export const EDGE_QUEUE_MANAGERS = "QM1,QM.PLAY";
const PORT_VARIABLE = "WEBMQ_PLAYGROUND_EDGE_PORT";

/** A port free now on loopback; set once per run, so the proxy and the setup agree on it. */
export async function edgePort(): Promise<number> {
  const chosen = process.env[PORT_VARIABLE];
  if (chosen) return Number(chosen);
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  process.env[PORT_VARIABLE] = String(port);
  return port;
}

export default async function startEdgeForBrowserTests(project: TestProject): Promise<() => Promise<void>> {
  // The page's build (the root globalSetup's, shared: one per process) finishes before the edge
  // reads dist/playground: wrangler refuses a missing [assets] directory, and an edge started
  // while the build rewrites it serves a list of assets the page no longer has.
  await buildPlayground();
  const edge: { url: string; dispose(): Promise<void> } = await startLocalEdge({
    port: await edgePort(),
    vars: { MQ_TOKENS: EDGE_TOKEN, MQ_QUEUE_MANAGERS: EDGE_QUEUE_MANAGERS },
  });
  project.provide("edgeToken", EDGE_TOKEN);
  return () => edge.dispose();
}

declare module "vitest" {
  export interface ProvidedContext {
    edgeToken: string;
  }
}
