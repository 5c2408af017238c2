/**
 * The servers a load run is pointed at, started as a user starts them, on loopback and a
 * free port: Node's server (`serveHttp`, README "Serve it from Node") over a queue manager in
 * memory, and the edge worker under workerd (`startLocalEdge`, as `npm start` runs it).
 * Each comes with the function that stops it and frees its port.
 */
import { randomBytes } from "node:crypto";
import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import type { LoadTarget } from "./rest.js";

export interface RunningServer {
  target: LoadTarget;
  close(): Promise<void>;
}

export type ServerName = "node" | "workerd";
export const SERVER_NAMES: readonly ServerName[] = ["node", "workerd"];

/** How long an unread got message is held before it goes back (shorter than the 30 s default, so a run ends soon). */
const RESPONSE_TIMEOUT = 1000;

export async function startServer(name: ServerName): Promise<RunningServer> {
  const token = `load-${randomBytes(9).toString("hex")}`;
  if (name === "node") {
    const manager = await QueueManager.open({ name: "QM1" });
    const server = await serveHttp({ queueManagers: [manager], tokens: [token], responseTimeout: RESPONSE_TIMEOUT });
    return {
      target: { name, url: server.url, token, qmgr: "QM1", responseTimeout: RESPONSE_TIMEOUT },
      close: async () => {
        await server.close();
        await manager.close();
      },
    };
  }
  const edge: { url: string; dispose(): Promise<void> } = await startLocalEdge({
    port: 0,
    vars: { MQ_TOKENS: token, MQ_QUEUE_MANAGERS: "QM1", MQ_RESPONSE_TIMEOUT_MS: String(RESPONSE_TIMEOUT) },
  });
  return { target: { name, url: edge.url, token, qmgr: "QM1", responseTimeout: RESPONSE_TIMEOUT }, close: () => edge.dispose() };
}
