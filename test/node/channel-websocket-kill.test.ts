/**
 * A channel over WebSocket across a real process kill: the receiving server runs in a child
 * process (test/fixtures/channel-receiver-server.ts: serveHttp over a SQLite file store), the
 * sender in this one; both set up with IBM's sdr-rcvr blueprints over REST MQSC. While 1,500
 * persistent messages move, the child is killed with SIGKILL (mid-batch, or mid-commit, as it
 * falls), the channel goes RETRYING, the child is started again on the same file and port, and
 * START CHANNEL over REST resolves the batch in doubt and moves the rest: every message arrives
 * once, in order within each priority.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QueueManager, type Message } from "../../core/index.js";
import { nodeChannelConnector, openFileStore, serveHttp } from "../../adapters/http/node-server.js";
import { RECEIVER_BLUEPRINT, restMqsc, senderBlueprint } from "../fixtures/channel-sockets.js";

const SERVER = join(import.meta.dirname, "../fixtures/channel-receiver-server.ts");
const CHANNEL_TOKEN = "kill-channel-token-5c2e9a";
const ADMIN_TOKEN = "kill-admin-token-8b4d1f";
const COUNT = 1500;

interface Child {
  process: ChildProcess;
  port: number;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Starts the receiving server on `file` and `port` (0: any); resolves once it listens. */
function startReceiver(file: string, port: number): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SERVER, file, String(port), CHANNEL_TOKEN, ADMIN_TOKEN], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on("exit", (code, signal) => done(signal ?? code)));
    let stderr = "";
    let stdout = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /port (\d+)\n/.exec(stdout);
      if (match) resolve({ process: child, port: Number(match[1]), exited });
    });
    child.on("error", reject);
    void exited.then((how) => reject(new Error(`the receiving server ended (${how}) before it listened: ${stderr}`)));
  });
}

describe("a channel over WebSocket when the receiving server's process is killed", { timeout: 120_000 }, () => {
  it("delivers every persistent message once, in order within each priority, after SIGKILL and a restart", async () => {
    const folder = mkdtempSync(join(tmpdir(), "webmq-channel-kill-"));
    const file = join(folder, "receiver.db");
    let child = await startReceiver(file, 0);
    const port = child.port;
    const url = () => `http://127.0.0.1:${port}`;
    const senderQm = await QueueManager.open({
      name: "SENDER",
      channelConnector: nodeChannelConnector({ credentials: { "SDR.TO.RCVR": { token: CHANNEL_TOKEN } } }),
    });
    const sender = await serveHttp({ queueManagers: [senderQm], tokens: [ADMIN_TOKEN] });
    try {
      await restMqsc(url(), "RECEIVER", ADMIN_TOKEN, RECEIVER_BLUEPRINT);
      expect((await restMqsc(sender.url, "SENDER", ADMIN_TOKEN, senderBlueprint(`127.0.0.1(${port})`))).map((r) => r.completionCode)).toEqual([0, 0, 0, 0, 0]);
      let seed = 2109;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < COUNT; i++)
        await senderQm.put("REMOTE.Q", { body: `order ${i}`, persistent: true, priority: Math.floor(random() * 10), properties: { n: i } });

      // Killed mid-transfer: some batches confirmed, more to come.
      await expect.poll(() => senderQm.channelAgentStatus("SDR.TO.RCVR")?.messages ?? 0, { timeout: 30_000, interval: 2 }).toBeGreaterThanOrEqual(300);
      child.process.kill("SIGKILL");
      expect(await child.exited).toBe("SIGKILL");
      await expect.poll(() => senderQm.channelStatus("SDR.TO.RCVR"), { timeout: 10_000 }).toBe("retrying");
      const movedBeforeKill = senderQm.channelAgentStatus("SDR.TO.RCVR")!.messages;
      expect(movedBeforeKill).toBeLessThan(COUNT);

      child = await startReceiver(file, port);
      expect((await restMqsc(sender.url, "SENDER", ADMIN_TOKEN, "START CHANNEL(SDR.TO.RCVR)"))[0]!.completionCode).toBe(0);
      await expect.poll(() => senderQm.queueStatus("RECEIVER").depth, { timeout: 60_000, interval: 50 }).toBe(0);
      await expect.poll(() => senderQm.channelAgentStatus("SDR.TO.RCVR")?.inDoubt, { timeout: 10_000 }).toBe(false);
      await restMqsc(sender.url, "SENDER", ADMIN_TOKEN, "STOP CHANNEL(SDR.TO.RCVR)");
      child.process.kill("SIGTERM");
      await child.exited;

      const receiverQm = await QueueManager.open({ name: "RECEIVER", store: openFileStore(file) });
      try {
        const got: Message[] = [];
        for (let m = await receiverQm.get("RCVR.TARGET.Q"); m; m = await receiverQm.get("RCVR.TARGET.Q")) got.push(m);
        const counts = new Map<string, number>();
        for (const m of got) counts.set(String(m.body), (counts.get(String(m.body)) ?? 0) + 1);
        const missing = Array.from({ length: COUNT }, (_, i) => `order ${i}`).filter((body) => !counts.has(body));
        const doubled = [...counts].filter(([, n]) => n > 1).map(([body]) => body);
        expect({ missing, doubled, total: got.length }).toEqual({ missing: [], doubled: [], total: COUNT });
        for (let priority = 0; priority <= 9; priority++) {
          const order = got.filter((m) => m.priority === priority).map((m) => Number(m.getProperty("n")));
          expect(order, `priority ${priority}`).toEqual([...order].sort((a, b) => a - b));
        }
        expect(receiverQm.queueStatus("DEV.DEAD.LETTER.QUEUE").depth).toBe(0);
      } finally {
        await receiverQm.close();
      }
    } finally {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
      await child.exited;
      await sender.close();
      await senderQm.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
