/**
 * The servers a load run is pointed at, started as a user starts them, on loopback and a
 * free port, each in a process of its own: Node's server (`serveHttp`, README "Serve it from
 * Node") over a queue manager in memory (node-server-process.ts), and the edge worker under
 * workerd (`startLocalEdge`, as `npm start` runs it). Each comes with the function that stops
 * it and frees its port.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
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
    const { url, close } = await startNodeProcess(token);
    return { target: { name, url, token, qmgr: "QM1", responseTimeout: RESPONSE_TIMEOUT }, close };
  }
  const edge: { url: string; dispose(): Promise<void> } = await startLocalEdge({
    port: 0,
    vars: { MQ_TOKENS: token, MQ_QUEUE_MANAGERS: "QM1", MQ_RESPONSE_TIMEOUT_MS: String(RESPONSE_TIMEOUT) },
  });
  return { target: { name, url: edge.url, token, qmgr: "QM1", responseTimeout: RESPONSE_TIMEOUT }, close: () => edge.dispose() };
}

/** node-server-process.ts in a child process (tsx's hooks); closing its standard input stops it. */
async function startNodeProcess(token: string): Promise<{ url: string; close(): Promise<void> }> {
  const script = fileURLToPath(new URL("./node-server-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, LOAD_TOKEN: token, LOAD_RESPONSE_TIMEOUT_MS: String(RESPONSE_TIMEOUT) },
  });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([once(lines, "line").then(([line]) => String(line)), exited.then(() => undefined)]);
  if (first === undefined) throw new Error("Node's server process ended before it listened");
  lines.close();
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    close: async () => {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
