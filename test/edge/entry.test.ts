import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createEdgeWorker } from "../../adapters/edge/worker.js";
import * as entry from "../../playground/worker-entry.js";

describe("the Worker entry (wrangler.toml main)", () => {
  // workerd refuses to start a module that exports anything but handlers and classes.
  it("exports only the fetch handler and the Durable Object class", () => {
    expect(Object.keys(entry).sort()).toEqual(["QueueManagerObject", "default"]);
    expect(typeof entry.QueueManagerObject).toBe("function");
    expect(typeof entry.default.fetch).toBe("function");
  });

  // Asked directly, as when dist/playground has no index.html: no static asset answers first.
  it("answers / with the playground's start page it gives the worker", async () => {
    const response = await entry.default.fetch(new Request("http://localhost/"), env);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>webmq playground</h1>");
    expect(html).toContain("Cloudflare Worker (workerd)");
  });
});

describe("createEdgeWorker (webmq/edge)", () => {
  it("answers / with the start page it is given, and with IBM's 404 without one", async () => {
    const given = await createEdgeWorker({ startPage: "<!doctype html><title>Mine</title>" }).fetch(new Request("http://localhost/"), env);
    expect(given.status).toBe(200);
    expect(await given.text()).toBe("<!doctype html><title>Mine</title>");

    const none = await createEdgeWorker().fetch(new Request("http://localhost/"), env);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: [{ msgId: "MQWB0901E" }] });
  });
});
