/**
 * The WebSocket channels' addressing (adapters/http/channels/address.ts): CONNAME as IBM writes
 * it and URLs become the WebSocket URLs a connector tries in turn; the endpoint's paths; and the
 * channel code runs at the edge as in Node (only node-websocket.ts imports Node or `ws`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { channelPathTarget, channelUrls } from "../../adapters/http/channels/index.js";
import { authorize, mayRunChannels, type Operation } from "../../adapters/http/security/roles.js";

describe("CONNAME", () => {
  it.each([
    ["mq.example.com(443)", {}, ["ws://mq.example.com:443/ibmmq/channel"]],
    ["mq.example.com(443)", { scheme: "wss" as const }, ["wss://mq.example.com/ibmmq/channel"]],
    ["mq.example.com", {}, ["ws://mq.example.com/ibmmq/channel"]],
    ["a(1414), b(1415)", {}, ["ws://a:1414/ibmmq/channel", "ws://b:1415/ibmmq/channel"]],
    ["::1(1414)", {}, ["ws://[::1]:1414/ibmmq/channel"]],
    ["https://mq.example.com", {}, ["wss://mq.example.com/ibmmq/channel"]],
    ["http://127.0.0.1:8080/ibmmq/channel/QM2", {}, ["ws://127.0.0.1:8080/ibmmq/channel/QM2"]],
    ["wss://edge.example.com/ibmmq/channel/QM1,host(1)", {}, ["wss://edge.example.com/ibmmq/channel/QM1", "ws://host:1/ibmmq/channel"]],
    ["host(80)", { path: "/ibmmq/channel/QM1" }, ["ws://host/ibmmq/channel/QM1"]],
  ])("%s %o is tried as %o", (connectionName, options, urls) => {
    expect(channelUrls(connectionName, options)).toEqual(urls);
  });

  it.each(["", " , ", "host(port)", "ftp://host", "a b(1)"])("%j cannot be read: MQRC_CONNECTION_BROKEN (AMQ9214)", (connectionName) => {
    expect(() => channelUrls(connectionName)).toThrow(
      expect.objectContaining({ reason: "MQRC_CONNECTION_BROKEN", message: expect.stringContaining("AMQ9214") }),
    );
  });
});

describe("the endpoint's paths", () => {
  it("are /ibmmq/channel (any queue manager defining the channel) and /ibmmq/channel/{qmgr}", () => {
    expect(channelPathTarget("/ibmmq/channel")).toEqual({});
    expect(channelPathTarget("/ibmmq/channel/")).toEqual({});
    expect(channelPathTarget("/ibmmq/channel/QM1")).toEqual({ queueManager: "QM1" });
    expect(channelPathTarget("/ibmmq/channel/QM%2E1")).toEqual({ queueManager: "QM.1" });
    expect(channelPathTarget("/ibmmq/channels")).toBeUndefined();
    expect(channelPathTarget("/ibmmq/channel/QM1/x")).toBeUndefined();
  });
});

describe("the MQWebChannel role", () => {
  it("runs channels, and nothing of the REST API", () => {
    expect(mayRunChannels("MQWebChannel")).toBe(true);
    expect(mayRunChannels("MQWebAdmin")).toBe(true);
    expect(mayRunChannels("MQWebUser")).toBe(false);
    expect(mayRunChannels("MQWebAdminRO")).toBe(false);
    for (const operation of [
      { kind: "put", target: "Q" },
      { kind: "get", target: "Q" },
      { kind: "browse", target: "Q" },
      { kind: "publish", target: "T" },
      { kind: "admin-read", target: "qmgr" },
      { kind: "admin-change", target: "qmgr" },
      { kind: "mqsc", commands: ["DISPLAY"] },
    ] satisfies Operation[])
      expect(authorize("MQWebChannel", operation).allowed, operation.kind).toBe(false);
    expect(authorize("MQWebChannel", { kind: "session" }).allowed).toBe(true);
  });
});

it("adapters/http/channels imports no node: module and no ws outside node-websocket.ts", () => {
  const folder = join(dirname(fileURLToPath(import.meta.url)), "../../adapters/http/channels");
  const files = readdirSync(folder).filter((file) => file.endsWith(".ts") && file !== "node-websocket.ts");
  const sources = [...files.map((file) => join(folder, file)), join(folder, "../security/socket-login.ts")];
  expect(sources.length).toBeGreaterThan(4);
  const offenders = sources.filter((file) => /from\s+["'](node:[^"']+|ws)["']|import\(["'](node:|ws["'])/.test(readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
  expect(readFileSync(join(folder, "node-websocket.ts"), "utf8")).toMatch(/from "ws"/);
});
