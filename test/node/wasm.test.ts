/**
 * C programs of our own, compiled from source to wasm32-wasi with include/cmqc.h and run by
 * the wasm host (adapters/wasm) against a queue manager in this process: what amqsput,
 * amqsget (waiting while JavaScript puts), amqsbcg, amqsinq and a request/reply pair do; a
 * triggered program started by the trigger monitor with the MQTMC2; and `webmq wasm` as a
 * user runs it. Each is checked on the queue manager afterwards.
 */
import { spawn } from "node:child_process";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { QueueManager, type Message } from "../../core/index.js";
import { registerQueueManager } from "../../adapters/mqi/index.js";
import { compileFile, runMqiFile } from "../../adapters/wasm/node.js";
import { startWasmTriggerMonitor } from "../../adapters/wasm/triggers.js";
import { buildProgram, missingToolchain, REQUIRED, ROOT } from "../fixtures/wasm/toolchain.js";

const missing = missingToolchain();
const PROGRAMS = ["put", "get", "browse", "inq", "server", "request", "triggered", "uncommitted", "set", "sub", "props", "stat"] as const;

it.runIf(REQUIRED)("the C toolchain is installed (WEBMQ_REQUIRE_CLANG=1)", () => {
  expect(missing).toBeUndefined();
});

describe.skipIf(missing !== undefined)("C programs on the wasm host", () => {
  let dir: string;
  const modules = {} as Record<(typeof PROGRAMS)[number], WebAssembly.Module>;
  let qm: QueueManager;
  let unregister: () => void;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "webmq-wasm-test-"));
    // Two at a time: clang and wasm-opt each use one core.
    for (let i = 0; i < PROGRAMS.length; i += 2)
      await Promise.all(PROGRAMS.slice(i, i + 2).map(async (name) => (modules[name] = await compileFile(await buildProgram(name, dir)))));
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    qm = await QueueManager.open({ name: "QM1" }); // its default objects include DEV.QUEUE.1 and .2
    unregister = registerQueueManager(qm);
  });
  afterEach(async () => {
    unregister();
    await qm.close();
  });

  let runs = 0;
  /** Runs a program with `args`; answers its exit status and what it printed. */
  async function run(name: (typeof PROGRAMS)[number], args: string[]): Promise<{ status: number; stdout: string }> {
    const file = join(dir, `${name}-${runs++}.out`);
    const out = await open(file, "w");
    try {
      const status = await runMqiFile(modules[name], { args, stdout: out.fd, applName: `${name}.wasm` });
      return { status, stdout: await readFile(file, "utf8") };
    } finally {
      await out.close();
    }
  }
  const text = (m: Message | null) => (typeof m!.body === "string" ? m!.body : new TextDecoder().decode(m!.body as Uint8Array));
  const depth = (queue: string) => qm.queueStatus(queue).depth;

  it("put: each argument is a text message on the queue, with the MsgId and PutApplName the program was given back", async () => {
    const { status, stdout } = await run("put", ["DEV.QUEUE.1", "QM1", "hello", "wörld"]);
    expect(status).toBe(0);
    const lines = stdout.split("\n");
    expect(lines).toHaveLength(3); // two lines, each ending in a newline
    for (const [i, body] of ["hello", "wörld"].entries()) {
      const message = await qm.get("DEV.QUEUE.1");
      expect(text(message)).toBe(body);
      expect(message!.format.trim()).toBe("MQSTR");
      expect(lines[i]).toBe(`put ${message!.messageId} ${"put.wasm".padEnd(28)}`);
    }
    expect(depth("DEV.QUEUE.1")).toBe(0);
  });

  it("put: a queue that does not exist ends the program with MQOPEN's reason 2085", async () => {
    const { status, stdout } = await run("put", ["NO.SUCH.QUEUE", "QM1", "x"]);
    expect(stdout).toBe("MQOPEN ended with reason code 2085\n");
    expect(status).toBe(2085);
  });

  it("get with wait: the program waits in MQGET, the runtime does not, and a put from JavaScript reaches it", async () => {
    let ended = false;
    const program = run("get", ["DEV.QUEUE.1", "QM1", "60000", "1"]).finally(() => (ended = true));
    await vi.waitFor(() => expect(qm.queueStatus("DEV.QUEUE.1").openInputCount).toBeGreaterThan(0), { timeout: 10_000 });
    expect(ended).toBe(false);
    await qm.put("DEV.QUEUE.1", { body: "late" }); // resolves while the C program is blocked
    const { status, stdout } = await program;
    expect(stdout).toBe("message <late> format MQSTR   \n");
    expect(status).toBe(0);
    expect(depth("DEV.QUEUE.1")).toBe(0);
    expect(qm.queueStatus("DEV.QUEUE.1").openInputCount).toBe(0);
  });

  it("get: a message longer than the buffer fails with 2080, says its length, and stays on the queue", async () => {
    await qm.put("DEV.QUEUE.1", { body: "0123456789" });
    const { status, stdout } = await run("get", ["DEV.QUEUE.1", "QM1", "0", "1", "4"]);
    expect(stdout).toBe("MQGET ended with reason code 2080, data length 10\n");
    expect(status).toBe(2080);
    expect(text(await qm.get("DEV.QUEUE.1"))).toBe("0123456789");
  });

  it("browse: every message in order, and all of them still on the queue", async () => {
    for (const body of ["one", "two", "three"]) await qm.put("DEV.QUEUE.1", { body });
    const { status, stdout } = await run("browse", ["DEV.QUEUE.1", "QM1"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^1 <one> priority \d backout 0\n2 <two> priority \d backout 0\n3 <three> priority \d backout 0\n$/);
    expect(depth("DEV.QUEUE.1")).toBe(3);
  });

  it("inquire: MQINQ gives a queue's and the queue manager's attributes, and warns when IntAttrs are too few", async () => {
    await qm.mqsc("ALTER QLOCAL(DEV.QUEUE.2) DESCR('inquired from C') MAXDEPTH(777)");
    for (const body of ["a", "b"]) await qm.put("DEV.QUEUE.2", { body });
    const { status, stdout } = await run("inq", ["DEV.QUEUE.2", "QM1"]);
    expect(status).toBe(0);
    expect(stdout.split("\n")).toEqual([
      `queue <${"DEV.QUEUE.2".padEnd(48)}> depth 2 maxdepth 777 ipprocs 0 descr <${"inquired from C".padEnd(64)}>`,
      `qmgr <${"QM1".padEnd(48)}> cmdlevel 940 cc 0`,
      "too few ints: cc 1 reason 2022",
      "",
    ]);
  });

  it("request/reply: two requesters and a server in wasm at once, each reply correlated to its request, under syncpoint", async () => {
    const server = run("server", ["DEV.QUEUE.1", "QM1", "60000", "2"]);
    const requests = ["first", "second"].map((body) => run("request", ["DEV.QUEUE.1", "QM1", "60000", "DEV.QUEUE.2", body]));
    const [first, second] = await Promise.all(requests);
    expect(first).toEqual({ status: 0, stdout: "reply <echo: first> type 2\n" });
    expect(second).toEqual({ status: 0, stdout: "reply <echo: second> type 2\n" });
    expect(await server).toEqual({ status: 0, stdout: "served 2\n" });
    expect(depth("DEV.QUEUE.1")).toBe(0);
    expect(depth("DEV.QUEUE.2")).toBe(0);
  });

  it("a program that ends without MQCMIT or MQDISC has its get backed out: the message is back, its BackoutCount raised", async () => {
    await qm.put("DEV.QUEUE.1", { body: "keep me" });
    const { status, stdout } = await run("uncommitted", ["DEV.QUEUE.1", "QM1"]);
    expect(stdout).toBe("got <keep me> uncommitted\n");
    expect(status).toBe(3);
    const message = await qm.get("DEV.QUEUE.1");
    expect(text(message)).toBe("keep me");
    expect(message!.backoutCount).toBe(1);
  });

  it("set: MQSET inhibits puts and sets TRIGDATA on a queue opened with MQOO_SET; a selector MQSET does not take is 2067", async () => {
    const { status, stdout } = await run("set", ["DEV.QUEUE.1", "QM1", "set from C"]);
    expect(stdout).toBe("set cc 0 reason 0\ndepth cc 2 reason 2067\n");
    expect(status).toBe(0);
    const shown = (await qm.mqsc("DISPLAY QLOCAL(DEV.QUEUE.1) PUT TRIGDATA")).transcript;
    expect(shown).toMatch(/PUT\(DISABLED\)/);
    expect(shown).toMatch(/TRIGDATA\(set from C\)/);
    await expect(qm.put("DEV.QUEUE.1", { body: "x" })).rejects.toMatchObject({ reasonCode: 2051 });
  });

  it("sub: MQSUB makes a managed subscription, gives back the topic string, and the program gets what JavaScript publishes while it waits", async () => {
    const program = run("sub", ["price/fruit", "QM1", "60000", "2"]);
    await vi.waitFor(async () => expect((await qm.publish("price/fruit", { body: "probe" })).subscriptions).toBe(1), { timeout: 10_000 });
    await qm.publish("price/fruit", { body: "apples 3" });
    const { status, stdout } = await program;
    expect(stdout).toBe("subscribed to <price/fruit>\npublication <probe>\npublication <apples 3>\n");
    expect(status).toBe(0);
    // MQCLOSE of the subscription ended it: nothing subscribes any more.
    expect((await qm.publish("price/fruit", { body: "late" })).subscriptions).toBe(0);
  });

  it("sub with MQSO_PUBLICATIONS_ON_REQUEST: MQSUBRQ sends the retained publication (NumPubs 1), which the program then gets", async () => {
    await qm.publish("price/veg", { body: "carrots 2" }, { retain: true });
    const { status, stdout } = await run("sub", ["price/veg", "QM1", "0", "5", "request"]);
    expect(stdout).toBe("subscribed to <price/veg>\nMQSUBRQ cc 0 reason 0 pubs 1\npublication <carrots 2>\nno more publications\n");
    expect(status).toBe(0);
  });

  it("props put: MQCRTMH and MQSETMP's properties reach the message through MQPMO version 3, each with its MQTYPE's type; a byte string is 2473", async () => {
    const { status, stdout } = await run("props", ["put", "DEV.QUEUE.1", "QM1"]);
    expect(stdout).toBe("MQSETMP bytes ended with reason code 2473\nbyte string refused with 2473\nput with properties\nMQDLTMH cc 0 handle -1\n");
    expect(status).toBe(0);
    const message = await qm.get("DEV.QUEUE.1");
    expect(text(message)).toBe("body");
    expect(message!.properties.map(({ name, type, value }) => [name, type, value])).toEqual([
      ["colour", "string", "blue"],
      ["size", "int", 42],
      ["big", "long", 5000000000], // the core keeps a long that fits a double as a number
      ["ratio", "double", 0.25],
      ["urgent", "boolean", true],
      ["small", "byte", -5],
    ]);
  });

  it("props get: MQGET with MQGMO version 4 fills the handle; MQINQMP walks every property with its type and value; MQDLTMP and MQDLTMH", async () => {
    await qm.put("DEV.QUEUE.1", {
      body: "with properties",
      properties: { region: "eu", count: 7, ok: false, total: { type: "long", value: 9007199254740993n } },
    });
    const { status, stdout } = await run("props", ["get", "DEV.QUEUE.1", "QM1"]);
    expect(stdout.split("\n")).toEqual([
      "region type 1024 length 2 <eu>",
      "count type 64 length 4 7",
      "ok type 4 length 4 0",
      "total type 128 length 8 9007199254740993",
      "MQDLTMP cc 0",
      "MQDLTMP again reason 2471",
      "MQDLTMH cc 0 handle -1",
      "",
    ]);
    expect(status).toBe(0);
    expect(depth("DEV.QUEUE.1")).toBe(0);
  });

  it("stat: MQSTAT(MQSTAT_TYPE_ASYNC_ERROR) counts the MQPMO_ASYNC_RESPONSE puts into a version-2 MQSTS, the failure named; then starts again; 2430 and 2426", async () => {
    await qm.mqsc("ALTER QLOCAL(DEV.QUEUE.2) MAXMSGL(4)"); // "three" is too long for it
    const { status, stdout } = await run("stat", ["DEV.QUEUE.1", "DEV.QUEUE.2", "QM1"]);
    const blank = " ".repeat(48);
    expect(stdout.split("\n")).toEqual([
      "put DEV.QUEUE.1 cc 0 reason 0",
      "put DEV.QUEUE.1 cc 0 reason 0",
      "put DEV.QUEUE.2 cc 2 reason 2030",
      `stat cc 0 reason 0: 2 0 1, first failure 2 2030 on ${"DEV.QUEUE.2".padEnd(48)} of ${"QM1".padEnd(48)}, object string 0`,
      `stat cc 0 reason 0: 0 0 0, first failure 0 0 on ${blank} of ${blank}, object string 0`,
      `stat cc 2 reason 2430: 0 0 0, first failure 0 0 on ${blank} of ${blank}, object string 0`,
      "not an MQSTS: cc 2 reason 2426",
      "",
    ]);
    expect(status).toBe(0);
    expect(depth("DEV.QUEUE.1")).toBe(2);
  });

  it("a triggered program: the trigger monitor starts the .wasm APPLICID names with the MQTMC2, and it moves the messages", async () => {
    const exits: { status: number; queue: string }[] = [];
    const errors: unknown[] = [];
    const wasm = join(dir, "triggered.wasm");
    const out = await open(join(dir, "triggered.out"), "w");
    await qm.mqsc(`DEFINE QLOCAL(WASM.INITQ)`);
    await qm.mqsc(`DEFINE QLOCAL(APP.OUT)`);
    await qm.mqsc(`DEFINE PROCESS(WASM.MOVER) APPLTYPE(UNIX) APPLICID('${wasm}') USERDATA('APP.OUT') ENVRDATA('-x -y')`);
    await qm.mqsc(`DEFINE QLOCAL(APP.IN) TRIGGER TRIGTYPE(FIRST) INITQ(WASM.INITQ) PROCESS(WASM.MOVER)`);
    const monitor = await startWasmTriggerMonitor(qm, "WASM.INITQ", {
      run: { stdout: out.fd },
      onExit: (status, trigger) => exits.push({ status, queue: trigger.queueName }),
      onError: (error) => errors.push(error),
    });
    try {
      await qm.put("APP.IN", { body: "to be moved" });
      await vi.waitFor(() => expect(exits).toEqual([{ status: 0, queue: "APP.IN" }]), { timeout: 20_000 });
    } finally {
      await monitor.close();
      await out.close();
    }
    expect(errors).toEqual([]);
    expect(await readFile(join(dir, "triggered.out"), "utf8")).toBe(`moved 1 from ${"APP.IN".padEnd(48)} for process ${"WASM.MOVER".padEnd(48)} args 4\n`);
    expect(depth("APP.IN")).toBe(0);
    expect(text(await qm.get("APP.OUT"))).toBe("to be moved");
  });

  describe("webmq wasm", () => {
    function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "cli/main.ts"), "wasm", ...args], {
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
          env: { ...process.env, ...env },
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d));
        child.stderr.on("data", (d: Buffer) => (stderr += d));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      });
    }

    it("runs a module straight from clang (Asyncify applied by wasm-opt) with its arguments, output and exit status", async () => {
      const plain = await buildProgram("put", dir, { plain: true });
      const data = join(dir, "cli.sqlite");
      const put = await cli(["--local", "--data", data, plain, "DEV.QUEUE.1", "QM1", "from the command line"], { PERSISTENT: "1" });
      expect(put.stderr).toBe("");
      expect(put.stdout).toMatch(/^put [0-9a-f]{48} put\.wasm {20}\n$/);
      expect(put.code).toBe(0);
      // The message was kept in the --data file: the next command's program gets it.
      const get = await cli(["--local", "--data", data, join(dir, "get.wasm"), "DEV.QUEUE.1", "QM1", "0"]);
      expect(get.stdout).toBe("message <from the command line> format MQSTR   \nno more messages\n");
      expect(get.code).toBe(0);
      const failed = await cli(["--local", join(dir, "put.wasm"), "NO.SUCH.QUEUE", "QM1", "x"]);
      expect(failed.stdout).toBe("MQOPEN ended with reason code 2085\n");
      expect(failed.code).toBe(2085 & 0xff); // a process's exit status is 8 bits, as on Linux
    }, 60_000);

    it("refuses a file that is not a wasm module with one line and status 20", async () => {
      const bogus = join(dir, "bogus.wasm");
      await writeFile(bogus, "not wasm");
      const result = await cli(["--local", bogus]);
      expect(result.code).toBe(20);
      expect(result.stderr).toMatch(/^webmq: MQRC_UNEXPECTED_ERROR \(2195\): .*\n$/);
    }, 30_000);
  });
});
