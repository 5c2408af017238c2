/**
 * adapters/http/stomp and adapters/http/channels run in a Durable Object as on Node: only their
 * Node bindings (the files named node-*.ts) may import `node:` modules or `ws`, and
 * security/socket-login.ts, which both use at the edge, neither.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const HTTP = join(dirname(fileURLToPath(import.meta.url)), "../../adapters/http");
const NODE_ONLY = /from\s+["'](node:[^"']+|ws)["']|import\(["'](node:|ws["'])/;

it.each(["stomp", "channels"])("adapters/http/%s imports no node: module and no ws outside its node-*.ts bindings", (folder) => {
  const files = readdirSync(join(HTTP, folder)).filter((file) => file.endsWith(".ts"));
  const bindings = files.filter((file) => file.startsWith("node-"));
  const neutral = files.filter((file) => !file.startsWith("node-")).map((file) => join(HTTP, folder, file));
  expect(neutral.length).toBeGreaterThan(3);
  expect(neutral.filter((file) => NODE_ONLY.test(readFileSync(file, "utf8")))).toEqual([]);
  // Not vacuous: the bindings do import them (directly, or through the shared ws endpoint).
  expect(bindings.some((file) => /from "(ws|\.\.\/node-websocket-endpoint\.js)"/.test(readFileSync(join(HTTP, folder, file), "utf8")))).toBe(true);
});

it("adapters/http/mqi-client (MQI client sessions, for the edge as for Node) imports no node: module and no ws outside node-websocket.ts", () => {
  const folder = join(HTTP, "mqi-client");
  const neutral = readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.startsWith("node-"));
  expect(neutral).toEqual(expect.arrayContaining(["admission.ts", "session.ts"]));
  expect(neutral.filter((file) => NODE_ONLY.test(readFileSync(join(folder, file), "utf8")))).toEqual([]);
  expect(readFileSync(join(folder, "node-websocket.ts"), "utf8")).toMatch(/from "\.\.\/node-websocket-endpoint\.js"/);
  expect(readFileSync(join(HTTP, "node-websocket-endpoint.ts"), "utf8")).toMatch(/from "ws"/);
});

it("security/socket-login.ts, shared by STOMP and channels at the edge, imports no node: module and no ws", () => {
  expect(readFileSync(join(HTTP, "security/socket-login.ts"), "utf8")).not.toMatch(NODE_ONLY);
});
