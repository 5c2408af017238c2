/**
 * The package as another project gets it: `npm pack` (whose prepack builds dist/lib with tsc),
 * the tarball installed in a fresh project under the system's temporary folder (its
 * dependencies from npm's cache, --prefer-offline), then with plain `node` (no tsx, no
 * bundler) the README's "Use it from code" example, each entry's import and the `webmq` bin,
 * and with `tsc --noEmit` a TypeScript file using the entries' types. Removed afterwards.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "test/fixtures/package");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
let project: string;

/** The first ```ts block after a README heading. */
async function readmeExample(heading: string): Promise<string> {
  const readme = await readFile(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf(heading));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error(`README.md has no ts example under ${heading}`);
  return match[1]!;
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), "webmq-package-"));
  await run(NPM, ["pack", "--pack-destination", project], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const tarball = (await readdir(project)).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack made no tarball");
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "webmq-consumer", private: true, type: "module" }));
  await run(NPM, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", `./${tarball}`], { cwd: project });
}, 120_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe("the packed package, installed in a fresh project", { timeout: 60_000 }, () => {
  it("holds the built entries, their types, the LICENSE and the READMEs, and no TypeScript sources or tests", async () => {
    const { stdout } = await run("tar", ["-tzf", join(project, (await readdir(project)).find((n) => n.endsWith(".tgz"))!)]);
    const files = stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
    for (const file of ["LICENSE", "README.md", "package.json", "adapters/edge/README.md", "dist/lib/core/index.js", "dist/lib/core/index.d.ts", "dist/lib/cli/main.js", "dist/lib/adapters/edge/index.d.ts"]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => (f.endsWith(".ts") && !f.endsWith(".d.ts")) || f.startsWith("test/") || f.startsWith("playground/"))).toEqual([]);
    const manifest = JSON.parse(await readFile(join(project, "node_modules/webmq/package.json"), "utf8"));
    // Nothing has side effects on import but webmq/worker's entry, which installs comlink's
    // handlers for MQError and messages on both ends of the boundary.
    expect(manifest.sideEffects).toEqual(["./dist/lib/adapters/worker/index.js"]);
    expect(manifest.license).toBe("MIT");
  });

  it("runs the README's 'Use it from code' example with plain node", async () => {
    await writeFile(join(project, "example.mjs"), await readmeExample("## Use it from code"));
    const { stdout } = await run(process.execPath, ["example.mjs"], { cwd: project, timeout: 20_000 });
    expect(stdout).toMatch(/^eu$/m); // message?.getProperty("region")
    expect(stdout).toMatch(/^order 1 null$/m); // held under syncpoint, unseen by another get
    expect(stdout).toMatch(/^shipped order 1$/m); // the unit of work's put, committed
    expect(stdout).toMatch(/queue: 'APP.ORDERS'.*curdepth: 0.*maxdepth: 10000/s);
    expect(stdout).toContain("     1 : DEFINE QLOCAL(APP.ORDERS) MAXDEPTH(10000)");
    expect(stdout).toContain("AMQ8006I: IBM MQ queue created.");
    expect(stdout).toContain("All valid MQSC commands were processed.");
  });

  it("imports every entry with plain node; webmq/edge only in workerd", async () => {
    const script = `
      for (const entry of ["webmq", "webmq/internal", "webmq/jms", "webmq/selector", "webmq/dead-letters", "webmq/triggers", "webmq/events", "webmq/mqsc", "webmq/browser", "webmq/worker", "webmq/http", "webmq/http/node"]) {
        const module = await import(entry);
        console.log(entry, Object.keys(module).length > 0);
      }
      await import("webmq/edge").then(() => console.log("edge loaded"), (e) => console.log("edge:", e.code));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project });
    expect(stdout).toBe(["webmq", "webmq/internal", "webmq/jms", "webmq/selector", "webmq/dead-letters", "webmq/triggers", "webmq/events", "webmq/mqsc", "webmq/browser", "webmq/worker", "webmq/http", "webmq/http/node"].map((e) => `${e} true\n`).join("") + "edge: ERR_UNSUPPORTED_ESM_URL_SCHEME\n");
  });

  it("loads what an application uses on first use (JMS, selectors, pub/sub, triggering, the dead-letter handler) from the built package", async () => {
    const script = `
      import { QueueManager } from "webmq";
      import { Connection } from "webmq/jms";
      import { compileSelector } from "webmq/selector";
      import { decodeTriggerMessage } from "webmq/triggers";
      const qm = await QueueManager.open({ name: "QM1" });
      const connection = await qm.createConnection();
      const session = await connection.createSession();
      await session.createProducer(session.createQueue("DEV.QUEUE.1")).send({ body: "jms", properties: { region: "eu" } });
      console.log(connection instanceof Connection, (await qm.get("DEV.QUEUE.1", { selector: "region = 'eu'" }))?.body);
      console.log(compileSelector("a > 1").matches((name) => (name === "a" ? 2 : undefined)));
      await qm.defineObject("subscription", "S1", { topicString: "news", destination: "DEV.QUEUE.2" });
      console.log((await qm.publish("news", { body: "hi" })).subscriptions);
      await qm.mqsc("DEFINE PROCESS(P1) APPLICID('app')\\nDEFINE QLOCAL(TQ) TRIGGER TRIGTYPE(FIRST) INITQ(SYSTEM.DEFAULT.INITIATION.QUEUE) PROCESS(P1)");
      await qm.put("TQ", { body: "x" });
      const trigger = await qm.get("SYSTEM.DEFAULT.INITIATION.QUEUE", { wait: 2000 });
      console.log(decodeTriggerMessage(trigger.body).queueName);
      const handler = await qm.startDeadLetterHandler("WAIT(NO)\\nACTION(DISCARD)");
      await handler.close();
      await connection.close();
      await qm.close();
      console.log("done");`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project, timeout: 20_000 });
    expect(stdout.split("\n").map((line) => line.trim())).toEqual(["true jms", "true", "1", "TQ", "done", ""]);
  });

  it("installs the webmq command, which runs MQSC in memory", async () => {
    const bin = join(project, "node_modules/.bin/webmq");
    expect((await run(bin, ["--help"])).stdout).toContain("Usage: webmq <command>");
    const child = run(bin, ["runmqsc", "--local", "QM1"], { cwd: project });
    child.child.stdin!.end("DEFINE QLOCAL(FROM.THE.BIN)\n");
    const { stdout } = await child;
    expect(stdout).toContain("     1 : DEFINE QLOCAL(FROM.THE.BIN)\nAMQ8006I: IBM MQ queue created.\nOne MQSC command read.");
  });

  it("type-checks a TypeScript file that uses the entries' types (tsc --noEmit)", async () => {
    await copyFile(join(FIXTURES, "use-types.ts"), join(project, "use-types.ts"));
    await copyFile(join(FIXTURES, "use-edge-types.ts"), join(project, "use-edge-types.ts"));
    const base = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, lib: ["ES2022", "DOM"] };
    // The core, browser, worker and http entries' .d.ts are checked too (no skipLibCheck).
    await writeFile(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...base, types: [] }, files: ["use-types.ts"] }));
    await writeFile(join(project, "tsconfig.edge.json"), JSON.stringify({
      compilerOptions: { ...base, skipLibCheck: true, lib: ["ES2022"], typeRoots: [join(ROOT, "node_modules/@cloudflare")], types: ["workers-types"] },
      files: ["use-edge-types.ts"],
    }));
    await run(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: project }).catch((e: { stdout: string }) => expect.fail(e.stdout));
    await run(process.execPath, [TSC, "-p", "tsconfig.edge.json"], { cwd: project }).catch((e: { stdout: string }) => expect.fail(e.stdout));
    // and a type error is one: the check is not vacuous
    await writeFile(join(project, "wrong.ts"), 'import { QueueManager } from "webmq";\nconst n: number = (await QueueManager.open({ name: "X" })).name;\nexport { n };\n');
    await writeFile(join(project, "tsconfig.wrong.json"), JSON.stringify({ compilerOptions: { ...base, types: [] }, files: ["wrong.ts"] }));
    const wrong = await run(process.execPath, [TSC, "-p", "tsconfig.wrong.json"], { cwd: project }).then(() => "", (e: { stdout: string }) => e.stdout);
    expect(wrong).toContain("error TS2322");
  });
});
