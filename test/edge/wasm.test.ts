/**
 * C programs compiled to wasm32-wasi (test/fixtures/wasm/*.c, built by clang before this
 * project starts) run inside workerd, in a queue manager's Durable Object, against that
 * object's queue manager (adapters/wasm/web.ts, WASI from browser_wasi_shim): workerd
 * compiles no wasm from bytes, so each program is imported as a compiled module. amqsput's
 * and amqsget's work, and a triggered program the object's trigger monitor (MQ_TRIGGER_MONITORS)
 * starts by the APPLICID it was registered under, as runmqtrm starts a C program.
 */
import { abortAllDurableObjects, env, runInDurableObject, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { QueueManager, type TriggerInfo } from "../../core/index.js";
import { DurableObjectStore } from "../../adapters/edge/index.js";
import type { QueueManagerObject } from "../../adapters/edge/queue-manager-object.js";
import { compileWasmProgram, makeReachable, runWasmProgram, type ProgramResult } from "../../adapters/wasm/web.js";
import { registerWasmApplications } from "../../adapters/wasm/edge.js";
import type {} from "../fixtures/wasm/prebuilt.js"; // inject's type

const NAME = "QM.EDGE.WASM";
const HEADERS = { authorization: "Bearer edge-test-token", "content-type": "text/plain", "ibm-mq-rest-csrf-token": "x" };
const status = inject("wasmPrebuilt");

const stub = () => env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(NAME));
/** Runs `body` inside the object, on its queue manager (opened with its trigger monitors). */
const inObject = <T>(body: (qm: QueueManager) => Promise<T>): Promise<T> =>
  runInDurableObject(stub(), async (instance) => body(await (instance as unknown as QueueManagerObject).queueManager(NAME))) as Promise<T>;

it.runIf(status.required)("the C toolchain built the programs (WEBMQ_REQUIRE_CLANG=1)", () => {
  expect(status.missing).toBeUndefined();
});

describe.skipIf(!status.built)("C programs compiled to wasm in a Durable Object (workerd)", { timeout: 20_000 }, () => {
  let put: WebAssembly.Module;
  let get: WebAssembly.Module;
  const exits: { result: ProgramResult; trigger: TriggerInfo }[] = [];

  beforeAll(async () => {
    put = (await import("./fixtures/wasm-build/put.wasm")).default;
    get = (await import("./fixtures/wasm-build/get.wasm")).default;
    const triggered = (await import("./fixtures/wasm-build/triggered.wasm")).default;
    registerWasmApplications({ "mover.wasm": triggered }, { onExit: (result, trigger) => exits.push({ result, trigger }) });
    // The object's queues and process, made anew; reopened after, so that its monitor starts on WASM.INITQ.
    await runInDurableObject(stub(), async (_instance, state) => {
      const qm = await QueueManager.open({ name: NAME, store: new DurableObjectStore(state.storage) });
      for (const queue of ["APP.IN", "APP.OUT", "WASM.INITQ"]) if (qm.hasQueue(queue)) await qm.deleteQueue(queue, { purge: true });
      if (qm.object("process", "WASM.MOVER")) await qm.deleteObject("process", "WASM.MOVER");
      const result = await qm.mqsc(
        [
          "DEFINE QLOCAL(WASM.INITQ)",
          "DEFINE QLOCAL(APP.OUT)",
          "DEFINE PROCESS(WASM.MOVER) APPLTYPE(UNIX) APPLICID('mover.wasm') USERDATA('APP.OUT') ENVRDATA('-x -y')",
          "DEFINE QLOCAL(APP.IN) TRIGGER TRIGTYPE(FIRST) INITQ(WASM.INITQ) PROCESS(WASM.MOVER)",
        ].join("\n"),
      );
      if (result.notProcessed + result.syntaxErrors > 0) throw new Error(result.transcript);
      await qm.close();
    });
    await abortAllDurableObjects();
  });

  it("workerd compiles no wasm from bytes: bytes are refused with an error that says to import the module", async () => {
    await expect(compileWasmProgram(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]))).rejects.toThrow(/compiles no wasm at run time/);
  });

  it("put then get in the object: the messages are on its queue manager, and the get program prints them in order", async () => {
    const results = await inObject(async (qm) => {
      makeReachable(qm);
      const putResult = await runWasmProgram(put, { args: ["DEV.QUEUE.1", NAME, "hello", "wörld"], env: { PERSISTENT: "1" }, programName: "put.wasm" });
      const depth = qm.queueStatus("DEV.QUEUE.1").depth;
      const getResult = await runWasmProgram(get, { args: ["DEV.QUEUE.1", NAME, "0"] });
      return { putResult, depth, getResult, after: qm.queueStatus("DEV.QUEUE.1").depth };
    });
    expect(results.putResult.stdout).toMatch(/^put [0-9a-f]{48} put\.wasm {20}\nput [0-9a-f]{48} put\.wasm {20}\n$/);
    expect(results.putResult.status).toBe(0);
    expect(results.depth).toBe(2);
    expect(results.getResult).toEqual({
      status: 0,
      stdout: "message <hello> format MQSTR   \nmessage <wörld> format MQSTR   \nno more messages\n",
      stderr: "",
    });
    expect(results.after).toBe(0);
  });

  it("a missing queue ends the program with MQOPEN's reason 2085 as its exit status", async () => {
    const result = await inObject(async (qm) => {
      makeReachable(qm);
      return runWasmProgram(put, { args: ["NO.SUCH.QUEUE", NAME, "x"] });
    });
    expect(result).toEqual({ status: 2085, stdout: "MQOPEN ended with reason code 2085\n", stderr: "" });
  });

  it("a triggered program: a message posted over REST starts the registered module in the object with the MQTMC2, and it moves the message", async () => {
    const posted = await SELF.fetch(`http://localhost/ibmmq/rest/v2/messaging/qmgr/${NAME}/queue/APP.IN/message`, {
      method: "POST",
      headers: HEADERS,
      body: "to be moved",
    });
    expect(posted.status).toBe(201);
    for (let i = 0; i < 400 && exits.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(exits.map(({ result, trigger }) => ({ ...result, queue: trigger.queueName }))).toEqual([
      { status: 0, stdout: `moved 1 from ${"APP.IN".padEnd(48)} for process ${"WASM.MOVER".padEnd(48)} args 4\n`, stderr: "", queue: "APP.IN" },
    ]);
    const after = await inObject(async (qm) => ({ in: qm.queueStatus("APP.IN").depth, out: (await qm.get("APP.OUT"))?.body }));
    expect(after).toEqual({ in: 0, out: "to be moved" });
  });
});
