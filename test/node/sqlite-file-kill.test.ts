/**
 * Node's file store across a real process kill: a child puts persistent messages, saying so
 * after each put returns, and is killed with SIGKILL mid-stream (mid-transaction, as likely as
 * not); the file then opens (the lock the dead process held is cleared) with every message the
 * child was told of, each once, and at most the one put in flight besides.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { openFileStore } from "../../adapters/http/node-store.js";

const PUTTER = join(import.meta.dirname, "../fixtures/sqlite-putter.ts");

/** Runs the putter on `file` until it has reported `count` puts, then kills it; answers the highest put it reported. */
function putThenKill(file: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", PUTTER, file], { stdio: ["ignore", "pipe", "pipe"] });
    let last = -1;
    let buffered = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) last = Number(line.slice(4));
      if (last >= count - 1) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("close", (code, signal) => (signal === "SIGKILL" ? resolve(last) : reject(new Error(`the putter ended with ${code}: ${stderr}`))));
  });
}

describe("the SQLite file store when its process is killed", { timeout: 60_000 }, () => {
  it("keeps every put that returned, each once, and opens again after the kill", async () => {
    const folder = mkdtempSync(join(tmpdir(), "webmq-kill-"));
    const file = join(folder, "qm.db");
    try {
      const first = await putThenKill(file, 150);
      const second = await putThenKill(file, 150);
      // As a process killed inside a transaction leaves them: SQLite's lock, and its owner's pid (no such process).
      mkdirSync(`${file}.lock`, { recursive: true });
      writeFileSync(`${file}.owner`, "4194303");
      const qm = await QueueManager.open({ name: "QM.KILLED", store: openFileStore(file) });
      try {
        const bodies: string[] = [];
        for (let m = await qm.get("ORDERS"); m; m = await qm.get("ORDERS")) bodies.push(String(m.body));
        // Each run counts from 0 again: order i appears once per run that reported it, plus at most the one in flight.
        const counts = new Map<string, number>();
        for (const body of bodies) counts.set(body, (counts.get(body) ?? 0) + 1);
        for (let i = 0; i <= Math.min(first, second); i++) expect(counts.get(`order ${i}`), `order ${i}`).toBeGreaterThanOrEqual(2);
        for (let i = Math.min(first, second) + 1; i <= Math.max(first, second); i++) expect(counts.get(`order ${i}`), `order ${i}`).toBeGreaterThanOrEqual(1);
        expect(bodies.length).toBeGreaterThanOrEqual(first + 1 + second + 1);
        expect(bodies.length).toBeLessThanOrEqual(first + 1 + second + 1 + 2);
      } finally {
        await qm.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
