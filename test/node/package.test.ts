/**
 * The package as another project gets it: `npm pack` (whose prepack builds dist/lib with tsc),
 * the tarball installed in a fresh project under the system's temporary folder (its
 * dependencies from npm's cache, --prefer-offline), then with plain `node` (no tsx, no
 * bundler) docs/getting-started.md's "Use it from code" example, each entry's import and the `webmq` bin,
 * with `tsc --noEmit` a TypeScript file using the entries' types, and with Vite an app
 * (test/fixtures/package/browser-app) run in Chromium: the shared manager in a SharedWorker
 * and elected among tabs, a triggered application's worker, a webmq/worker worker. Every URL
 * the built code loads is checked against the tarball's files (package/built-urls.ts).
 * Removed afterwards.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser, type Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS, SPA_FALLBACK_PATH, buildBrowserApp, serveFolder } from "./package/browser-app.js";
import { checkBuiltUrls } from "./package/built-urls.js";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "test/fixtures/package");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
let project: string;
/** The tarball's files, package-relative, as `npm pack` wrote them. */
let packed: string[];

/** The first ```ts block after a heading of a guide in docs/. */
async function guideExample(guide: string, heading: string): Promise<string> {
  const text = await readFile(join(ROOT, "docs", guide), "utf8");
  const at = text.indexOf(heading);
  if (at < 0) throw new Error(`docs/${guide} has no heading ${heading}`);
  const match = /```ts\n([\s\S]*?)```/.exec(text.slice(at));
  if (!match) throw new Error(`docs/${guide} has no ts example under ${heading}`);
  return match[1]!;
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), "webmq-package-"));
  await run(NPM, ["pack", "--pack-destination", project], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const tarball = (await readdir(project)).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack made no tarball");
  packed = (await run("tar", ["-tzf", join(project, tarball)])).stdout
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ""));
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "webmq-consumer", private: true, type: "module" }));
  await run(NPM, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", `./${tarball}`], { cwd: project });
}, 120_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe("the packed package, installed in a fresh project", { timeout: 60_000 }, () => {
  it("holds the built entries, their types, the LICENSE, the READMEs and the guides the README links to, and no TypeScript sources or tests", async () => {
    const files = packed;
    for (const file of [
      "LICENSE",
      "README.md",
      "docs/getting-started.md",
      "package.json",
      "adapters/edge/README.md",
      "dist/lib/core/index.js",
      "dist/lib/core/index.d.ts",
      "dist/lib/cli/main.js",
      "dist/lib/adapters/edge/index.d.ts",
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => (f.endsWith(".ts") && !f.endsWith(".d.ts")) || f.startsWith("test/") || f.startsWith("playground/"))).toEqual([]);
    const manifest = JSON.parse(await readFile(join(project, "node_modules/webmq/package.json"), "utf8"));
    // Nothing has side effects on import but webmq/worker's entry, which installs comlink's
    // handlers for MQError and messages on both ends of the boundary, and the shared manager's
    // SharedWorker (webmq/browser/shared-worker), which listens for pages as it loads, and
    // webmq/wasm's buffer-global.js, which gives a runtime without Buffer one before the MQI loads.
    expect(manifest.sideEffects).toEqual([
      "./dist/lib/adapters/worker/index.js",
      "./dist/lib/adapters/browser/shared/owner.shared-worker.js",
      "./dist/lib/adapters/wasm/buffer-global.js",
    ]);
    expect(manifest.license).toBe("MIT");
  });

  it("runs the 'Use it from code' example of docs/getting-started.md with plain node", async () => {
    await writeFile(join(project, "example.mjs"), await guideExample("getting-started.md", "## Use it from code"));
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
      for (const entry of ["webmq", "webmq/internal", "webmq/jms", "webmq/selector", "webmq/dead-letters", "webmq/triggers", "webmq/events", "webmq/mqsc", "webmq/browser", "webmq/worker", "webmq/http", "webmq/http/node", "webmq/http/client", "webmq/ibmmq", "webmq/wasm"]) {
        const module = await import(entry);
        console.log(entry, Object.keys(module).length > 0);
      }
      await import("webmq/edge").then(() => console.log("edge loaded"), (e) => console.log("edge:", e.code));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project });
    expect(stdout).toBe(
      [
        "webmq",
        "webmq/internal",
        "webmq/jms",
        "webmq/selector",
        "webmq/dead-letters",
        "webmq/triggers",
        "webmq/events",
        "webmq/mqsc",
        "webmq/browser",
        "webmq/worker",
        "webmq/http",
        "webmq/http/node",
        "webmq/http/client",
        "webmq/ibmmq",
        "webmq/wasm",
      ]
        .map((e) => `${e} true\n`)
        .join("") + "edge: ERR_UNSUPPORTED_ESM_URL_SCHEME\n",
    );
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
    await writeFile(
      join(project, "tsconfig.edge.json"),
      JSON.stringify({
        compilerOptions: { ...base, skipLibCheck: true, lib: ["ES2022"], typeRoots: [join(ROOT, "node_modules/@cloudflare")], types: ["workers-types"] },
        files: ["use-edge-types.ts"],
      }),
    );
    await run(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: project }).catch((e: { stdout: string }) => expect.fail(e.stdout));
    await run(process.execPath, [TSC, "-p", "tsconfig.edge.json"], { cwd: project }).catch((e: { stdout: string }) => expect.fail(e.stdout));
    // and a type error is one: the check is not vacuous
    await writeFile(
      join(project, "wrong.ts"),
      'import { QueueManager } from "webmq";\nconst n: number = (await QueueManager.open({ name: "X" })).name;\nexport { n };\n',
    );
    await writeFile(join(project, "tsconfig.wrong.json"), JSON.stringify({ compilerOptions: { ...base, types: [] }, files: ["wrong.ts"] }));
    const wrong = await run(process.execPath, [TSC, "-p", "tsconfig.wrong.json"], { cwd: project }).then(
      () => "",
      (e: { stdout: string }) => e.stdout,
    );
    expect(wrong).toContain("error TS2322");
  });
});

describe("what the built code loads by URL", () => {
  it("names, in every new URL(..., import.meta.url), worker and relative import of dist/lib, a file the tarball ships", async () => {
    const installed = join(project, "node_modules/webmq");
    const { loads, problems } = await checkBuiltUrls(packed, (file) => readFile(join(installed, file), "utf8"));
    expect(problems).toEqual([]);
    // Not vacuous: the shared manager's SharedWorker is among what was checked, and so is a
    // feature loaded on first use.
    const open = "dist/lib/adapters/browser/shared/open.js";
    expect(loads).toContainEqual({ file: open, kind: "url", target: "dist/lib/adapters/browser/shared/owner.shared-worker.js" });
    expect(loads).toContainEqual({ file: open, kind: "worker", target: "dist/lib/adapters/browser/shared/owner.shared-worker.js" });
    expect(loads).toContainEqual({ file: "dist/lib/core/manager/queue-manager.js", kind: "import", target: "dist/lib/core/features/mqsc/execute.js" });
    expect(loads).toContainEqual({ file: "dist/lib/adapters/browser/trigger-worker.js", kind: "worker", target: "url" });
  });

  it("reports a worker URL naming a file not shipped, one not a literal, and a worker started from a URL of its own making", async () => {
    const code: Record<string, string> = {
      "dist/lib/a.js": 'const w = new SharedWorker(new URL("./w.ts", import.meta.url), { type: "module" });\nimport { x } from "./gone.js";',
      "dist/lib/w.js": "",
      "dist/lib/b.js": "const u = new URL(name + '.js', import.meta.url);\nnew Worker(u, { type: 'module' });",
    };
    const { problems } = await checkBuiltUrls(Object.keys(code), async (file) => code[file]!);
    expect(problems).toEqual([
      'dist/lib/a.js: new URL "./w.ts" names dist/lib/w.ts, which the tarball does not ship',
      'dist/lib/a.js: import "./gone.js" names dist/lib/gone.js, which the tarball does not ship',
      "dist/lib/b.js: new URL(name + '.js', import.meta.url) is not a string literal, so no bundler can follow it",
      'dist/lib/b.js: starts a Worker from "u", which is neither new URL("<a shipped file>", import.meta.url) nor one of USER_URLS',
    ]);
  });
});

/** `promise`, or a failure saying what did not happen within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type App = {
  openShared(name: string, sharedWorker: boolean): Promise<string>;
  openSharedOrReason(name: string, sharedWorker: boolean): Promise<string>;
  put(name: string, queue: string, body: string): Promise<void>;
  get(name: string, queue: string): Promise<string | null>;
  triggered(): Promise<string | null>;
  inWorker(): Promise<string | null>;
};

describe("an app bundled by Vite from the installed package, in Chromium", { timeout: 60_000 }, () => {
  let built: string;
  let site: Awaited<ReturnType<typeof serveFolder>>;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    built = await buildBrowserApp(project);
    site = await serveFolder(built);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A page of the app, loaded, in the browser's one context (so all pages share an origin's workers and locks); `initScript` runs before the app's. */
  async function openPage(path = "/", initScript?: () => void): Promise<Page> {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    if (initScript) await page.addInitScript(initScript);
    await page.goto(`${site.origin}${path}`);
    await page.waitForFunction(() => "webmqApp" in globalThis);
    return page;
  }

  const call = <K extends keyof App>(page: Page, method: K, ...args: Parameters<App[K]>): Promise<Awaited<ReturnType<App[K]>>> =>
    within(
      page.evaluate(
        ([m, a]) => (globalThis as unknown as { webmqApp: Record<string, (...x: unknown[]) => unknown> }).webmqApp[m as string]!(...(a as unknown[])),
        [method, args] as const,
      ) as Promise<Awaited<ReturnType<App[K]>>>,
      20_000,
      `${method}(${args.join(", ")})`,
    );

  it("has bundled the shared manager's SharedWorker and the app's workers as module chunks", async () => {
    const assets = await readdir(join(built, "assets"));
    expect(
      assets
        // Vite names a chunk <name>-<hash>.js, and its hash may itself hold a "-": take the name by what it is.
        .map((name) => /^(owner\.shared-worker|orders\.worker|queue-manager\.worker)-[\w-]+\.js$/.exec(name)?.[1])
        .filter((name) => name !== undefined)
        .sort(),
    ).toEqual(["orders.worker", "owner.shared-worker", "queue-manager.worker"]);
  });

  it.each([
    { mode: "in a SharedWorker", sharedWorker: true, roles: ["client", "client"], path: "/", name: "SHARED.WORKER" },
    { mode: "in the tab elected to run it", sharedWorker: false, roles: ["owner", "client"], path: "/", name: "SHARED.TAB" },
    { mode: "in a SharedWorker, bundled by esbuild", sharedWorker: true, roles: ["client", "client"], path: "/esbuild/", name: "SHARED.ESBUILD" },
  ])("opens the shared manager $mode: a put in one page is got in another", async ({ sharedWorker, roles, path, name }) => {
    const [first, second] = [await openPage(path), await openPage(path)];
    try {
      expect([await call(first, "openShared", name, sharedWorker), await call(second, "openShared", name, sharedWorker)]).toEqual(roles);
      await call(first, "put", name, "DEV.QUEUE.1", `put in the first page, ${name}`);
      expect(await call(second, "get", name, "DEV.QUEUE.1")).toBe(`put in the first page, ${name}`);
      await call(second, "put", name, "DEV.QUEUE.2", "and back");
      expect(await call(first, "get", name, "DEV.QUEUE.2")).toBe("and back");
      expect(pageErrors).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("refuses the open with MQRC_Q_MGR_NOT_AVAILABLE, saying what to build, when the SharedWorker's script does not load (esbuild without the worker's entry point)", async () => {
    const page = await openPage("/esbuild-no-worker/");
    try {
      const answer = await call(page, "openSharedOrReason", "SHARED.NO.WORKER", true);
      expect(answer).toMatch(/^MQRC_Q_MGR_NOT_AVAILABLE \(2059\): .*SharedWorker, owner\.shared-worker\.js, did not load.*webmq\/browser\/shared-worker/);
    } finally {
      await page.close();
    }
  });

  // The browser's error event is a page's only word that a SharedWorker's script did not load,
  // and a page of a loaded Chromium once waited 20 s without it: here the page never hears it
  // (its listeners for "error" on a SharedWorker are dropped), and must still be told, by what
  // the worker's URL answers: a 404, or a single-page app host's index.html in its place.
  const dropSharedWorkerErrors = () => {
    const addEventListener = SharedWorker.prototype.addEventListener;
    SharedWorker.prototype.addEventListener = function (
      this: SharedWorker,
      type: string,
      ...rest: [EventListenerOrEventListenerObject, (AddEventListenerOptions | boolean)?]
    ) {
      if (type !== "error") addEventListener.call(this, type, ...rest);
    } as typeof addEventListener;
    Object.defineProperty(SharedWorker.prototype, "onerror", { set: () => undefined, get: () => null });
  };
  it.each([
    { served: "not at all (404)", path: "/esbuild-no-worker/", name: "SHARED.NO.WORKER.EVENT", answer: /answered 404\b[^;]*; / },
    {
      served: "as the app's index.html (a single-page app's host)",
      path: SPA_FALLBACK_PATH,
      name: "SHARED.SPA.WORKER",
      answer: /is served as text\/html; charset=utf-8, not JavaScript; /,
    },
  ])(
    "refuses the open with MQRC_Q_MGR_NOT_AVAILABLE, naming the script's answer, when no error event reaches the page and the worker's script is served $served",
    async ({ path, name, answer }) => {
      const page = await openPage(path, dropSharedWorkerErrors);
      try {
        const refusal = await call(page, "openSharedOrReason", name, true);
        expect(refusal).toMatch(
          /^MQRC_Q_MGR_NOT_AVAILABLE \(2059\): .*SharedWorker, owner\.shared-worker\.js, did not load \(http:\/\/127\.0\.0\.1:\d+\/[a-z-]+\/owner\.shared-worker\.js .*webmq\/browser\/shared-worker/,
        );
        expect(refusal).toMatch(answer);
      } finally {
        await page.close();
      }
    },
  );

  it("starts a triggered application's worker (startWorkerTriggerMonitor) and serves a manager from a Web Worker (webmq/worker)", async () => {
    const page = await openPage();
    try {
      expect(await call(page, "triggered")).toBe("done: order 1");
      expect(await call(page, "inWorker")).toBe("from the page");
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
