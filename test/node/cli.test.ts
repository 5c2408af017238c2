/**
 * The `webmq` command, run as a user runs it: a child process (node with tsx, from the
 * sources) against Node's real HTTP server on a loopback port, and against --local. Output,
 * exit statuses and the one-line errors are what is checked, and the queue manager behind
 * the server is looked at directly to see what the command did.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";

const TOKEN = "cli-test-token";
const CLI = join(import.meta.dirname, "../../cli/main.ts");
let server: NodeServer;
let manager: QueueManager;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `webmq args...` with `input` on stdin and only the environment given (no WEBMQ_* from outside). */
function webmq(args: string[], input = "", env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const remote = () => ["--url", server.url, "--token", TOKEN];

beforeAll(async () => {
  manager = await QueueManager.open({ name: "QM1" });
  server = await serveHttp({ queueManagers: [manager], tokens: [TOKEN] });
});
afterAll(async () => {
  await server.close();
  await manager.close();
});

describe("webmq runmqsc", { timeout: 30_000 }, () => {
  it("runs MQSC from stdin against the server and prints it as runmqsc does", async () => {
    const run = await webmq(["runmqsc", ...remote(), "QM1"], "DEFINE QLOCAL(CLI.ORDERS) +\n   MAXDEPTH(7)\n* a comment\nDISPLAY QLOCAL(CLI.ORDERS) MAXDEPTH\n");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[1]).toBe("Starting MQSC for queue manager QM1.");
    expect(run.stdout).toContain(
      [
        "     1 : DEFINE QLOCAL(CLI.ORDERS) MAXDEPTH(7)",
        "AMQ8006I: IBM MQ queue created.",
        "     2 : DISPLAY QLOCAL(CLI.ORDERS) MAXDEPTH",
        "AMQ8409I: Display Queue details.",
      ].join("\n"),
    );
    expect(run.stdout).toMatch(/QUEUE\(CLI\.ORDERS\)\s+TYPE\(QLOCAL\)\n\s+MAXDEPTH\(7\)\n/);
    expect(run.stdout.endsWith("2 MQSC commands read.\nNo commands have a syntax error.\nAll valid MQSC commands were processed.\n")).toBe(true);
    expect(manager.queueAttributes("CLI.ORDERS").maxDepth).toBe(7);
  });

  it("runs a script file (-f), stops at END, and exits 10 when a command failed or had a syntax error", async () => {
    const dir = await mkdtemp(join(tmpdir(), "webmq-cli-"));
    try {
      const file = join(dir, "setup.mqsc");
      await writeFile(file, "DEFINE QLOCAL(CLI.SCRIPT)\nDEFINE QLOCAL(CLI.SCRIPT)\nDEFINE QLOKAL(X)\nEND\nDEFINE QLOCAL(CLI.AFTER.END)\n");
      const run = await webmq(["runmqsc", ...remote(), "-f", file, "QM1"]);
      expect(run.status).toBe(10);
      expect(run.stdout).toContain("     2 : DEFINE QLOCAL(CLI.SCRIPT)\nAMQ8150E: IBM MQ object already exists.");
      expect(run.stdout).toContain("     3 : DEFINE QLOKAL(X)\nAMQ8405E:");
      expect(run.stdout).toContain("     4 : END\n3 MQSC commands read.\nOne command has a syntax error.\nOne valid MQSC command could not be processed.\n");
      expect(manager.queueNames()).toContain("CLI.SCRIPT");
      expect(manager.queueNames()).not.toContain("CLI.AFTER.END");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("takes the server and token from WEBMQ_URL and WEBMQ_TOKEN", async () => {
    const run = await webmq(["runmqsc", "QM1"], "DEFINE QLOCAL(CLI.FROM.ENV)\n", { WEBMQ_URL: server.url, WEBMQ_TOKEN: TOKEN });
    expect(run.status).toBe(0);
    expect(manager.queueNames()).toContain("CLI.FROM.ENV");
  });

  it("at a terminal, runs each command as it is complete, and Up recalls earlier lines", async () => {
    // util-linux's script gives the command a pseudo-terminal; what is written to it is typed.
    const child = spawn("script", ["-qec", `"${process.execPath}" --import tsx "${CLI}" runmqsc --local QM1`, "/dev/null"], {
      env: { PATH: process.env.PATH ?? "", TERM: "xterm" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const until = async (text: string) => {
      for (let waited = 0; !output.includes(text); waited += 50) {
        if (waited > 15_000) throw new Error(`no ${JSON.stringify(text)} in ${JSON.stringify(output)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until("Starting MQSC for queue manager QM1.");
    child.stdin.write("DEFINE QLOCAL(TTY.Q) +\r");
    child.stdin.write("MAXDEPTH(3)\r");
    await until("AMQ8006I");
    expect(output).toContain("     1 : DEFINE QLOCAL(TTY.Q) MAXDEPTH(3)\r\nAMQ8006I: IBM MQ queue created.");
    // Up twice: the first line again, continued; typed a key at a time, as a person would
    for (const key of ["\x1b[A", "\x1b[A", "\r", "MAXDEPTH(4)\r"]) {
      child.stdin.write(key);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await until("AMQ8150E");
    expect(output).toContain("     2 : DEFINE QLOCAL(TTY.Q) MAXDEPTH(4)\r\nAMQ8150E: IBM MQ object already exists.");
    child.stdin.write("END\r");
    expect(await exited).toBe(10);
    expect(output).toContain("2 MQSC commands read.\r\nNo commands have a syntax error.\r\nOne valid MQSC command could not be processed.");
  });

  it("runs against a queue manager in memory with --local, with the objects a new one gets", async () => {
    const run = await webmq(["runmqsc", "--local", "TRY"], "DISPLAY QLOCAL(DEV.QUEUE.1) MAXDEPTH\nDISPLAY QMGR QMNAME\n");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Starting MQSC for queue manager TRY.");
    expect(run.stdout).toMatch(/QUEUE\(DEV\.QUEUE\.1\)\s+TYPE\(QLOCAL\)\n\s+MAXDEPTH\(5000\)/);
    expect(run.stdout).toContain("QMNAME(TRY)");
  });
});

describe("webmq --local --data FILE", { timeout: 60_000 }, () => {
  it("keeps the queue manager in a SQLite file: what one command defines and puts, the next finds", async () => {
    const folder = mkdtempSync(join(tmpdir(), "webmq-cli-data-"));
    const file = join(folder, "qm1.db");
    try {
      const define = await webmq(["runmqsc", "--local", "--data", file, "KEPT"], "DEFINE QLOCAL(ORDERS) DEFPSIST(YES)\n");
      expect(define.stderr).toBe("");
      expect(define.status).toBe(0);
      expect((await webmq(["put", "--local", "--data", file, "KEPT", "ORDERS"], "order 1\norder 2\n")).status).toBe(0);
      // MQ_DATA names the file as --data does.
      const browse = await webmq(["browse", "--local", "KEPT", "ORDERS"], "", { MQ_DATA: file });
      expect(browse.stdout).toMatch(/order 1[\s\S]*order 2/);
      const got = await webmq(["get", "--local", "--data", file, "--wait", "0", "KEPT", "ORDERS"]);
      expect(got.stdout).toMatch(/order 1[\s\S]*order 2/);
      const empty = await webmq(["runmqsc", "--local", "--data", file, "KEPT"], "DISPLAY QLOCAL(ORDERS) CURDEPTH\n");
      expect(empty.stdout).toMatch(/CURDEPTH\(0\)/);
      const refused = await webmq(["browse", "--data", file, "KEPT", "ORDERS"]);
      expect(refused.stderr).toContain("--data keeps a --local queue manager in a file");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("webmq put, get and browse", { timeout: 60_000 }, () => {
  it("puts each stdin line as a message up to a blank line, browses them in place, then gets them", async () => {
    await manager.mqsc("DEFINE QLOCAL(CLI.MESSAGES)");
    const put = await webmq(["put", ...remote(), "QM1", "CLI.MESSAGES"], "first\nsecond, with spaces\n\nnot sent\n");
    expect(put.stderr).toBe("");
    expect(put.status).toBe(0);
    expect(put.stdout).toBe("target queue is CLI.MESSAGES\n2 messages put\n");
    expect(manager.queueStatus("CLI.MESSAGES").depth).toBe(2);

    const browse = await webmq(["browse", ...remote(), "QM1", "CLI.MESSAGES"]);
    expect(browse.status).toBe(0);
    expect(browse.stdout).toMatch(/^ {3}1 [0-9a-f]{48} <first>\n {3}2 [0-9a-f]{48} <second, with spaces>\n2 messages browsed\n$/);
    expect(manager.queueStatus("CLI.MESSAGES").depth).toBe(2);

    const get = await webmq(["get", ...remote(), "--wait", "300", "QM1", "CLI.MESSAGES"]);
    expect(get.status).toBe(0);
    expect(get.stdout).toBe("message <first>\nmessage <second, with spaces>\nno more messages\n");
    expect(manager.queueStatus("CLI.MESSAGES").depth).toBe(0);
  });

  it("get waits for a message that arrives while it waits", async () => {
    await manager.mqsc("DEFINE QLOCAL(CLI.LATE)");
    const started = Date.now();
    const get = webmq(["get", ...remote(), "--wait", "3000", "QM1", "CLI.LATE"]);
    // Put once the child has had time to start and be waiting; it would print the message either way.
    setTimeout(() => void manager.put("CLI.LATE", { body: "late" }), 1500);
    const run = await get;
    expect(run.stdout).toBe("message <late>\nno more messages\n");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500 + 3000);
  });
});

// Each case starts the command several times (node with tsx, ~2-4 s each beside other files).
describe("webmq errors: one line with the MQ reason, a non-zero exit status", { timeout: 60_000 }, () => {
  it("no server at the URL", async () => {
    const port = await closedPort();
    const run = await webmq(["get", "--url", `http://127.0.0.1:${port}`, "--token", TOKEN, "QM1", "DEV.QUEUE.1"]);
    expect(run.status).toBe(20);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      new RegExp(`^webmq: MQRC_Q_MGR_NOT_AVAILABLE \\(2059\\): no server answers at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)\\n$`),
    );
  });

  it("bad credentials: a wrong token, or basic auth the server does not take", async () => {
    for (const credentials of [
      ["--token", "wrong"],
      ["--user", "app:secret"],
    ]) {
      const run = await webmq(["runmqsc", "--url", server.url, ...credentials, "QM1"], "DISPLAY QMGR\n");
      expect(run.status).toBe(20);
      expect(run.stderr).toMatch(/^webmq: MQRC_NOT_AUTHORIZED \(2035\): .*HTTP 401.*\n$/);
    }
  });

  it("sends basic auth's user:password (--user or WEBMQ_USER) and IBM's CSRF header", async () => {
    const seen: { authorization?: string; csrf?: string; path?: string }[] = [];
    const recorder = createHttpServer((request, response) => {
      seen.push({ authorization: request.headers.authorization, csrf: request.headers["ibm-mq-rest-csrf-token"] as string | undefined, path: request.url });
      response.writeHead(401, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          error: [{ msgId: "MQWB0104E", reason: "MQRC_NOT_AUTHORIZED", reasonCode: 2035, message: "The REST API request is not authenticated." }],
        }),
      );
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(recorder.address() as { port: number }).port}`;
      const flag = await webmq(["runmqsc", "--url", url, "--user", "app:s3cret:x", "QM1"], "DISPLAY QMGR\n");
      const fromEnv = await webmq(["browse", "QM1", "DEV.QUEUE.1"], "", { WEBMQ_URL: url, WEBMQ_USER: "env:pw" });
      expect(flag.stderr).toBe(
        "webmq: MQRC_NOT_AUTHORIZED (2035): The REST API request is not authenticated. (HTTP 401 from /ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc)\n",
      );
      expect(fromEnv.status).toBe(20);
      expect(seen).toEqual([
        { authorization: `Basic ${Buffer.from("app:s3cret:x").toString("base64")}`, csrf: "webmq-cli", path: "/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc" },
        {
          authorization: `Basic ${Buffer.from("env:pw").toString("base64")}`,
          csrf: "webmq-cli",
          path: "/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/messagelist",
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => recorder.close(() => resolve()));
    }
  });

  it("an unknown queue, an unknown queue manager", async () => {
    const queue = await webmq(["put", ...remote(), "QM1", "NO.SUCH.QUEUE"], "x\n");
    expect(queue.status).toBe(20);
    expect(queue.stderr).toMatch(/^webmq: MQRC_UNKNOWN_OBJECT_NAME \(2085\): .*\n$/);
    const local = await webmq(["browse", "--local", "QM1", "NO.SUCH.QUEUE"]);
    expect(local.status).toBe(20);
    expect(local.stderr).toBe("webmq: MQRC_UNKNOWN_OBJECT_NAME (2085): queue NO.SUCH.QUEUE is not defined on queue manager QM1\n");
    const qmgr = await webmq(["runmqsc", ...remote(), "QM9"], "DISPLAY QMGR\n");
    expect(qmgr.status).toBe(20);
    expect(qmgr.stderr).toMatch(/^webmq: MQRC_Q_MGR_NAME_ERROR \(2058\): .*\n$/);
  });

  it("--help for each command; a usage mistake exits 2", async () => {
    for (const command of ["runmqsc", "put", "get", "browse"]) {
      const run = await webmq([command, "--help"]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Usage: webmq ${command} [options] QMGR`);
    }
    expect((await webmq(["--help"])).stdout).toContain("runmqsc QMGR");
    const bad = await webmq(["get", "--frobnicate", "QM1", "Q"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^webmq: get: Unknown option '--frobnicate'/);
    expect((await webmq(["get", "QM1"])).status).toBe(2);
  });
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
