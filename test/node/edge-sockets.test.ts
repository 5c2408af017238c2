/**
 * The worker as `npm start` runs it (scripts/local-edge.mjs): the bundled worker and its
 * Durable Objects under workerd on a real port. The conservation suite talks to it over
 * sockets.
 */
import { afterAll, beforeAll } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { testConservation } from "./sockets/conservation.contract.js";

const TOKEN = "edge-socket-token";
const RESPONSE_TIMEOUT = 1500;
const MAX_WAIT = 20_000;
let edge: { url: string; dispose(): Promise<void> } | undefined;

beforeAll(async () => {
  edge = await startLocalEdge({
    port: 0,
    vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1", MQ_RESPONSE_TIMEOUT_MS: String(RESPONSE_TIMEOUT), MQ_MAX_WAIT_MS: String(MAX_WAIT) },
  });
}, 120_000);
afterAll(async () => {
  await edge?.dispose();
});

testConservation("the worker under workerd, as npm start runs it", {
  url: () => edge!.url,
  token: TOKEN,
  qmgr: "QM1",
  responseTimeout: RESPONSE_TIMEOUT,
  maxWait: MAX_WAIT,
});
