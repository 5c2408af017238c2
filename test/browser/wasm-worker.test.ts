/**
 * C programs compiled to wasm32-wasi (test/fixtures/wasm/*.c, built before this project starts
 * by test/fixtures/wasm/prebuilt.ts) run in a real Web Worker in Chromium, against a queue
 * manager on IndexedDB in that worker (adapters/wasm/web.ts, WASI from browser_wasi_shim):
 * amqsput's and amqsget's work, a get that waits while the page puts, and a triggered program
 * the worker's trigger monitor fetches by the URL its APPLICID names. Each is checked on the
 * queue manager afterwards.
 */
import { wrap, type Remote } from "comlink";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type {} from "../fixtures/wasm/prebuilt.js"; // inject's type
import type { WasmHost } from "./fixtures/wasm-host.worker.js";

/** Where vite serves the project's files: the programs are fetched as a page fetches its own. */
const built = (name: string) => new URL(`/test/fixtures/wasm/build/${name}`, location.origin).href;
const status = inject("wasmPrebuilt");

it.runIf(status.required)("the C toolchain built the programs (WEBMQ_REQUIRE_CLANG=1)", () => {
  expect(status.missing).toBeUndefined();
});

describe.skipIf(!status.built)("C programs compiled to wasm in a Web Worker (Chromium)", () => {
  let worker: Worker;
  let host: Remote<WasmHost>;
  const qmgr = `WASM${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    worker = new Worker(new URL("./fixtures/wasm-host.worker.ts", import.meta.url), { type: "module" });
    host = wrap<WasmHost>(worker);
    await host.open(qmgr);
  });
  afterAll(async () => {
    await host.close();
    worker.terminate();
    indexedDB.deleteDatabase(`webmq:${qmgr}`);
  });

  it("put then get: each argument a message, the MsgIds printed; the get program prints them in order and the queue is empty", async () => {
    const put = await host.run(built("put.wasm"), ["DEV.QUEUE.1", qmgr, "hello", "wörld"], { PERSISTENT: "1" });
    expect(put.stderr).toBe("");
    expect(put.stdout).toMatch(/^put [0-9a-f]{48} put\.wasm {20}\nput [0-9a-f]{48} put\.wasm {20}\n$/);
    expect(put.status).toBe(0);
    expect(await host.depth("DEV.QUEUE.1")).toBe(2);

    const get = await host.run(built("get.wasm"), ["DEV.QUEUE.1", qmgr, "0"]);
    expect(get).toEqual({ status: 0, stdout: "message <hello> format MQSTR   \nmessage <wörld> format MQSTR   \nno more messages\n", stderr: "" });
    expect(await host.depth("DEV.QUEUE.1")).toBe(0);
  });

  it("a queue that does not exist: the program's exit status is MQOPEN's reason, 2085", async () => {
    expect(await host.run(built("put.wasm"), ["NO.SUCH.QUEUE", qmgr, "x"])).toEqual({
      status: 2085,
      stdout: "MQOPEN ended with reason code 2085\n",
      stderr: "",
    });
  });

  it("get with wait: the program waits in MQGET, the worker goes on, and a put from the page reaches it", async () => {
    const program = host.run(built("get.wasm"), ["DEV.QUEUE.2", qmgr, "60000", "1"]);
    // The worker answers while the C program is blocked: its MQOPEN shows, then the put lands.
    for (let i = 0; i < 400 && (await host.openInput("DEV.QUEUE.2")) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await host.openInput("DEV.QUEUE.2")).toBeGreaterThan(0);
    await host.put("DEV.QUEUE.2", "late");
    expect(await program).toEqual({ status: 0, stdout: "message <late> format MQSTR   \n", stderr: "" });
    expect(await host.depth("DEV.QUEUE.2")).toBe(0);
  });

  it("a triggered program: the worker's trigger monitor fetches the APPLICID's URL, runs it with the MQTMC2, and it moves the message", async () => {
    await host.mqsc("DEFINE QLOCAL(WASM.INITQ)");
    await host.mqsc("DEFINE QLOCAL(APP.OUT)");
    await host.mqsc("DEFINE PROCESS(WASM.MOVER) APPLTYPE(UNIX) APPLICID('triggered.wasm') USERDATA('APP.OUT') ENVRDATA('-x -y')");
    await host.mqsc("DEFINE QLOCAL(APP.IN) TRIGGER TRIGTYPE(FIRST) INITQ(WASM.INITQ) PROCESS(WASM.MOVER)");
    await host.startTriggers("WASM.INITQ", built(""));
    await host.put("APP.IN", "to be moved");
    let triggered = await host.triggered();
    for (let i = 0; i < 400 && triggered.exits.length === 0 && triggered.errors.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      triggered = await host.triggered();
    }
    expect(triggered).toEqual({
      exits: [{ status: 0, queue: "APP.IN", stdout: `moved 1 from ${"APP.IN".padEnd(48)} for process ${"WASM.MOVER".padEnd(48)} args 4\n` }],
      errors: [],
    });
    expect(await host.depth("APP.IN")).toBe(0);
    expect(await host.drain("APP.OUT")).toEqual(["to be moved"]);
  });
});
