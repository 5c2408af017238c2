/**
 * Node's durable store (adapters/http/node-store.ts): every store contract on a SQLite file,
 * each reopen a new store on the same file.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { openFileStore } from "../../adapters/http/node-store.js";
import { testAllContracts } from "../contract/index.js";
import type { StoreHarness } from "../contract/harness.js";

// The contracts check what the store keeps across a reopen, not the disk's syncs: on tmpfs
// (/dev/shm) SQLite's FULL syncs cost nothing, where on a busy disk the crash points alone
// (50 workloads of ~300 commits) took minutes. test/node/sqlite-file-kill.test.ts uses the disk.
const folder = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "webmq-sqlite-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fileHarness: StoreHarness = {
  async withStorage(key, body) {
    return body(() => openFileStore(join(folder, `${key}.db`)));
  },
};

testAllContracts("SQLite file (node)", fileHarness);
