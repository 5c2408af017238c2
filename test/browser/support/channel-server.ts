/**
 * The server end of the browser's channel tests: a serveHttp (memory store) that a page's
 * queue manager dials over WebSocket, run in the Vitest process and driven from the browser
 * through Vitest's browser commands (registered in vitest.config.ts), which also reach the
 * test's Playwright context (`setNetworkOffline`: context.setOffline). Servers are keyed by
 * their queue manager's name, so test files running in other sessions do not meet.
 */
import type { BrowserCommand } from "vitest/node";
import type { QueueManager } from "../../../core/index.js";
import type { NodeServer } from "../../../adapters/http/node-server.js";

/** The token the page's channels present: MQWebChannel, so it opens nothing of the REST API. */
export const CHANNEL_TOKEN = "browser-channel-token-4c1e9a";

interface Running {
  qm: QueueManager;
  server?: NodeServer;
  port: number;
}

const servers = new Map<string, Running>();

// Loaded when a test first asks: vitest.config.ts imports this file for every project and run.
const serve = async (qm: QueueManager, port = 0) => {
  const { serveHttp } = await import("../../../adapters/http/node-server.js");
  return serveHttp({ queueManagers: [qm], tokens: [`${CHANNEL_TOKEN}:MQWebChannel:page-channel`], port });
};

function running(name: string): Running {
  const found = servers.get(name);
  if (!found) throw new Error(`no channel server ${name}`);
  return found;
}

/** Starts a server whose queue manager is `name`, runs `mqsc` on it; answers its port and the channel token. */
const channelServerStart: BrowserCommand<[name: string, mqsc: string]> = async (_context, name, mqsc) => {
  const { QueueManager } = await import("../../../core/index.js");
  const qm = await QueueManager.open({ name });
  const result = await qm.mqsc(mqsc);
  if (!result.commands.every((c) => c.completionCode === 0)) throw new Error(result.transcript);
  const server = await serve(qm);
  servers.set(name, { qm, server, port: server.port });
  return { port: server.port, token: CHANNEL_TOKEN };
};

/** MQSC on the server's queue manager; its transcript (failures throw). */
const channelServerMqsc: BrowserCommand<[name: string, mqsc: string]> = async (_context, name, mqsc) => {
  const result = await running(name).qm.mqsc(mqsc);
  if (!result.commands.every((c) => c.completionCode === 0)) throw new Error(result.transcript);
  return result.transcript;
};

/** Gets up to `count` messages from `queue`, each waiting up to `waitMs`: body and priority, in the order got. */
const channelServerGet: BrowserCommand<[name: string, queue: string, count: number, waitMs: number]> = async (_context, name, queue, count, waitMs) => {
  const { qm } = running(name);
  const got: { body: string; priority: number }[] = [];
  while (got.length < count) {
    const m = await qm.get(queue, { wait: waitMs });
    if (!m) break;
    got.push({ body: String(m.body), priority: m.priority });
  }
  return got;
};

const channelServerDepth: BrowserCommand<[name: string, queue: string]> = async (_context, name, queue) => running(name).qm.queueStatus(queue).depth;

const channelServerPut: BrowserCommand<[name: string, queue: string, bodies: string[]]> = async (_context, name, queue, bodies) => {
  for (const body of bodies) await running(name).qm.put(queue, { body, persistent: true });
};

/** Closes the server's port (its channel endpoint with it) and keeps its queue manager: the partner unreachable. */
const channelServerPause: BrowserCommand<[name: string]> = async (_context, name) => {
  const found = running(name);
  await found.server?.close();
  found.server = undefined;
};

/** Serves the same queue manager again on the same port. */
const channelServerResume: BrowserCommand<[name: string]> = async (_context, name) => {
  const found = running(name);
  found.server ??= await serve(found.qm, found.port);
};

const channelServerClose: BrowserCommand<[name: string]> = async (_context, name) => {
  const found = servers.get(name);
  servers.delete(name);
  await found?.server?.close();
  await found?.qm.close();
};

/**
 * Takes the browser offline for `urlPattern` (the channel server's address) and tells its
 * pages so (navigator.onLine false, `offline`), or online again. Why not Playwright's
 * context.setOffline: it also cuts the WebSocket by which Vitest drives the test page, and
 * the run waits forever. DevTools' per-URL network conditions (emulateNetworkConditionsByRule)
 * cut only the pattern's requests and WebSockets, and overrideNetworkState is what the pages
 * are told (it fires their online/offline events).
 */
const devtools = new WeakMap<object, Promise<CdpSession>>();
interface CdpSession {
  send(method: string, params?: object): Promise<unknown>;
}
const setNetworkOffline: BrowserCommand<[offline: boolean, urlPattern: string]> = async (context, offline, urlPattern) => {
  const { page, context: browserContext } = context as unknown as { page: object; context: { newCDPSession(page: object): Promise<CdpSession> } };
  let session = devtools.get(page);
  if (!session) {
    session = browserContext.newCDPSession(page).then(async (cdp) => {
      await cdp.send("Network.enable");
      return cdp;
    });
    devtools.set(page, session);
  }
  const cdp = await session;
  const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await cdp.send("Network.emulateNetworkConditionsByRule", { matchedNetworkConditions: offline ? [{ urlPattern, offline: true, ...conditions }] : [] });
  await cdp.send("Network.overrideNetworkState", { offline, ...conditions });
};

export const channelServerCommands = {
  channelServerStart,
  channelServerMqsc,
  channelServerGet,
  channelServerDepth,
  channelServerPut,
  channelServerPause,
  channelServerResume,
  channelServerClose,
  setNetworkOffline,
};

declare module "vitest/browser" {
  interface BrowserCommands {
    channelServerStart(name: string, mqsc: string): Promise<{ port: number; token: string }>;
    channelServerMqsc(name: string, mqsc: string): Promise<string>;
    channelServerGet(name: string, queue: string, count: number, waitMs: number): Promise<{ body: string; priority: number }[]>;
    channelServerDepth(name: string, queue: string): Promise<number>;
    channelServerPut(name: string, queue: string, bodies: string[]): Promise<void>;
    channelServerPause(name: string): Promise<void>;
    channelServerResume(name: string): Promise<void>;
    channelServerClose(name: string): Promise<void>;
    setNetworkOffline(offline: boolean, urlPattern: string): Promise<void>;
  }
}
