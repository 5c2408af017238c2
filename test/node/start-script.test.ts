/**
 * `npm start` as a user runs it: the real `node scripts/start.mjs` process, on a free port
 * (PORT=0), in a directory of its own (its .dev.vars and .wrangler state), the playground's
 * build skipped (the test setup has built it). The worker gets what the user configures, with
 * the development token and user added to it; a port in use is one line naming PORT.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, untyped
import { hashPassword } from "../../scripts/pbkdf2.mjs";

const script = join(import.meta.dirname, "../../scripts/start.mjs");
const directories: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function start(env: Record<string, string>, devVars?: string) {
  const directory = mkdtempSync(join(tmpdir(), "webmq-start-"));
  directories.push(directory);
  if (devVars !== undefined) writeFileSync(join(directory, ".dev.vars"), devVars);
  // Only what a shell would give, without the MQ_ variables of whoever runs the tests.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("MQ_")));
  const child = spawn(process.execPath, [script], {
    cwd: directory,
    env: { ...inherited, WEBMQ_SKIP_PLAYGROUND_BUILD: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const banner = new Promise<string>((resolve, reject) => {
    const check = () => (stdout.includes("Ctrl+C stops it.") ? resolve(stdout) : undefined);
    child.stdout!.on("data", check);
    void exit.then((code) => reject(new Error(`start.mjs exited ${code}: ${stderr}`)));
  });
  // A test that expects the process to exit does not wait for the banner.
  banner.catch(() => undefined);
  return { child, banner, exit, output: () => ({ stdout, stderr }) };
}

it("gives the worker the user's variables from .dev.vars and the environment, the dev token and user added to them", async () => {
  const alicePassword = "alice-secret-1";
  const started = start(
    { PORT: "0", MQ_DEV_TOKEN: "dev-start-test", MQ_DEV_PASSWORD: "dev-password-1", MQ_USERS: `alice:MQWebAdmin:${await hashPassword(alicePassword, 1000)}` },
    "# local secrets\nMQ_TOKENS=file-token\nMQ_QUEUE_MANAGERS=QM7\n",
  );
  const banner = await started.banner;
  expect(banner).toContain("export TOKEN=dev-start-test");
  expect(banner).toMatch(/your variables:\s+MQ_QUEUE_MANAGERS, MQ_TOKENS, MQ_USERS/);
  const url = /REST API:\s+(http:\/\/\S+?)\/ibmmq\/rest\/v2\/messaging\/qmgr\/QM7\//.exec(banner)?.[1];
  expect(url, banner).toBeDefined();
  const messages = `${url}/ibmmq/rest/v2/messaging/qmgr/QM7/queue/DEV.QUEUE.1/message`;
  const put = (authorization: string) =>
    fetch(messages, { method: "POST", headers: { authorization, "ibm-mq-rest-csrf-token": "x", "content-type": "text/plain" }, body: "hi" });
  // The token of .dev.vars, the dev token beside it, the user of the environment, the dev user beside it.
  expect((await put("Bearer file-token")).status).toBe(201);
  expect((await put("Bearer dev-start-test")).status).toBe(201);
  expect((await put(`Basic ${Buffer.from(`alice:${alicePassword}`).toString("base64")}`)).status).toBe(201);
  expect((await put(`Basic ${Buffer.from("mqadmin:dev-password-1").toString("base64")}`)).status).toBe(201);
  expect((await put("Bearer not-given")).status).toBe(401);
}, 120_000);

it("on a port in use prints one line naming PORT and exits 1", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  try {
    const port = (taken.address() as AddressInfo).port;
    const started = start({ PORT: String(port) });
    expect(await started.exit).toBe(1);
    const { stdout, stderr } = started.output();
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([`webmq: port ${port} is in use; set PORT to another (PORT=9000 npm start)`]);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}, 60_000);
