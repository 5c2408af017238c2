/**
 * adapters/http/stomp runs in a Durable Object as on Node: only its Node binding
 * (node-websocket.ts) may import `node:` modules or `ws`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const STOMP = join(dirname(fileURLToPath(import.meta.url)), "../../adapters/http/stomp");

it("imports no node: module and no ws outside node-websocket.ts", () => {
  const files = readdirSync(STOMP).filter((file) => file.endsWith(".ts") && file !== "node-websocket.ts");
  expect(files.length).toBeGreaterThan(5);
  const offenders = files.filter((file) => /from\s+["'](node:[^"']+|ws)["']|import\(["'](node:|ws["'])/.test(readFileSync(join(STOMP, file), "utf8")));
  expect(offenders).toEqual([]);
  expect(readFileSync(join(STOMP, "node-websocket.ts"), "utf8")).toMatch(/from "ws"/);
});
