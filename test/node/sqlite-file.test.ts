/**
 * Node's durable store (adapters/http/node-store.ts): every store contract on a SQLite file,
 * each reopen a new store on the same file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { openFileStore } from "../../adapters/http/node-store.js";
import { testAllContracts } from "../contract/index.js";
import type { StoreHarness } from "../contract/harness.js";

const folder = mkdtempSync(join(tmpdir(), "webmq-sqlite-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fileHarness: StoreHarness = {
  async withStorage(key, body) {
    return body(() => openFileStore(join(folder, `${key}.db`)));
  },
};

testAllContracts("SQLite file (node)", fileHarness);
