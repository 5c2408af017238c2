/**
 * Every fenced code block of README.md and docs/*.md, run, so that no example rots
 * (docs/README.md "Every example runs" says the rules to readers):
 * - `ts`: the package's entries mapped to their sources, types stripped (esbuild), run in this
 *   process; a `console.log(...)` whose line ends in `// → TEXT` must print TEXT;
 * - `mqsc`: run with `qm.mqsc()` on a new queue manager in memory, every command succeeding;
 * - `sh`: bash against the worker as `npm start` runs it (scripts/local-edge.mjs), every HTTP
 *   answer 2xx, `webmq` the command from the sources;
 * - `json` after `<!-- answer of: COMMAND -->`: what COMMAND answers;
 * - `text`: output shown; anything else must follow `<!-- not run: WHY -->`.
 * Reads only the repository; scratch files go to a temporary folder, removed afterwards.
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "node:util";
import { transform } from "esbuild";
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";
import { IBM_EXAMPLE_MQ_USERS, TEST_SESSION_SECRET } from "../fixtures/security.js";

const ROOT = join(import.meta.dirname, "../..");
/** The README, then the guides in the order docs/README.md lists them (the sh blocks share one worker). */
const GUIDES = [
  "getting-started",
  "rest-api",
  "mqsc-and-cli",
  "jms",
  "triggering",
  "listeners-and-dead-letters",
  "browser",
  "edge",
  "node",
  "clusters",
  "security",
  "development",
];
const FILES = ["README.md", "docs/README.md", ...GUIDES.map((g) => `docs/${g}.md`)];
const TOKEN = "docs-token";
/** IBM_EXAMPLE_MQ_USERS's mqadmin has its name as its password. */
const PASSWORD = "mqadmin";

type Mark = { kind: "not run" | "file" | "answer of"; value: string };
type Block = { file: string; line: number; lang: string; code: string; mark?: Mark };

/** The fenced blocks of a Markdown text, each with the HTML comment on the last non-blank line before it. */
export function extractBlocks(file: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`);
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === "") k--;
    const comment = k >= 0 ? /^<!-- (not run|file|answer of): (.+?) -->$/.exec(lines[k]!.trim()) : null;
    blocks.push({
      file,
      line: i + 1,
      lang: open[1]!,
      code: lines.slice(i + 1, end).join("\n"),
      ...(comment ? { mark: { kind: comment[1] as Mark["kind"], value: comment[2]! } } : {}),
    });
    i = end;
  }
  return blocks;
}

const blocks = FILES.flatMap((file) => extractBlocks(file, readFileSync(join(ROOT, file), "utf8")));
const isRun = (b: Block) =>
  b.mark?.kind !== "not run" && (b.lang === "ts" || b.lang === "mqsc" || b.lang === "sh" || (b.lang === "json" && b.mark?.kind === "answer of"));
const where = (b: Block) => `${b.file}:${b.line}`;

it("finds every guide docs/README.md lists, and every block either run or marked not run with a reason", () => {
  const listed = [...readFileSync(join(ROOT, "docs/README.md"), "utf8").matchAll(/\]\(([\w-]+)\.md\)/g)].map((m) => m[1]);
  expect(listed).toEqual(GUIDES);
  expect(readdirSync(join(ROOT, "docs")).sort()).toEqual(["README.md", ...GUIDES.map((g) => `${g}.md`)].sort());
  const unmarked = blocks.filter((b) => !isRun(b) && b.lang !== "text" && b.mark?.kind !== "not run").map((b) => `${where(b)} (${b.lang || "no language"})`);
  expect(unmarked).toEqual([]);
  // The counts the docs' readers are told nothing of, but a reviewer is: printed, and not vacuous.
  const run = blocks.filter(isRun);
  console.log(
    `docs code blocks: ${blocks.length}; run ${run.length} (${["ts", "mqsc", "sh", "json"].map((l) => `${l} ${run.filter((b) => b.lang === l).length}`).join(", ")}); not run ${blocks.filter((b) => b.mark?.kind === "not run").length}; text ${blocks.filter((b) => b.lang === "text").length}`,
  );
  expect(run.length).toBeGreaterThan(20);
});

it("reads a block's mark, and ends a block at its closing fence", () => {
  const text = "a\n\n<!-- not run: deploys -->\n\n```sh\nwrangler deploy\n```\n\n```ts\nx\n```\n";
  expect(extractBlocks("t.md", text)).toEqual([
    { file: "t.md", line: 5, lang: "sh", code: "wrangler deploy", mark: { kind: "not run", value: "deploys" } },
    { file: "t.md", line: 9, lang: "ts", code: "x" },
  ]);
});

/** `webmq/...` to its source file, by package.json's exports. */
const ENTRIES: Record<string, string> = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).exports as Record<string, { import?: string }>)
    .filter(([, target]) => typeof target === "object" && target.import)
    .map(([entry, target]) => [
      entry === "." ? "webmq" : `webmq/${entry.slice(2)}`,
      join(ROOT, target.import!.replace("./dist/lib/", "").replace(/\.js$/, ".ts")),
    ]),
);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "webmq-docs-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Runs a ts block; answers each checked console.log's expected and printed text. */
async function runTs(block: Block): Promise<{ expected: string; printed: string }[]> {
  const modules: unknown[] = [];
  const body: string[] = [];
  let code = block.code;
  if (block.file === "docs/node.md") code = code.replace("port: 9443", "port: 0").replace('"./qm1.db"', JSON.stringify(join(scratch, "qm1.db")));
  for (const line of code.split("\n")) {
    const imported = /^import\s+(.+?)\s+from\s+"([^"]+)";?\s*(\/\/.*)?$/.exec(line);
    if (imported) {
      const source = ENTRIES[imported[2]!];
      if (!source) throw new Error(`${where(block)}: imports ${imported[2]}, which is not one of the package's entries`);
      modules.push(await import(source));
      const names = imported[1]!.startsWith("* as ") ? imported[1]!.slice(5) : imported[1]!.replace(/\s+as\s+/g, ": ");
      body.push(`const ${names} = __modules[${modules.length - 1}];`);
      continue;
    }
    const checked = /^(\s*)console\.log\((.*)\);\s*\/\/ → (.*)$/.exec(line);
    body.push(checked ? `${checked[1]}__check(${JSON.stringify(checked[3]!.split(";")[0]!.trim())}, ${checked[2]});` : line);
  }
  const { code: js } = await transform(`async function __block(__modules, __check, console) {\n${body.join("\n")}\n}`, { loader: "ts", target: "es2022" });
  const run = new Function(`${js}\nreturn __block;`)() as (m: unknown[], check: (e: string, ...a: unknown[]) => void, c: Pick<Console, "log">) => Promise<void>;
  const checks: { expected: string; printed: string }[] = [];
  await run(modules, (expected, ...args) => checks.push({ expected, printed: format(...args) }), { log: () => undefined });
  return checks;
}

describe("ts blocks", () => {
  it.each(blocks.filter((b) => isRun(b) && b.lang === "ts").map((b) => [where(b), b] as const))("%s", async (_, block) => {
    const checks = await runTs(block);
    for (const { expected, printed } of checks) {
      if (expected.endsWith("...")) expect(printed.startsWith(expected.slice(0, -3)), `${printed} starts with ${expected}`).toBe(true);
      else expect(printed).toBe(expected);
    }
    if (/\/\/ → /.test(block.code)) expect(checks.length).toBeGreaterThan(0);
  });
});

describe("mqsc blocks", () => {
  it.each(blocks.filter((b) => isRun(b) && b.lang === "mqsc").map((b) => [where(b), b] as const))("%s", async (_, block) => {
    const qm = await QueueManager.open({ name: "DOCS" });
    try {
      const result = await qm.mqsc(block.code);
      expect(result.commands.filter((c) => c.completionCode !== 0).map((c) => `${c.command}: ${c.text.join(" ")}`)).toEqual([]);
      expect([result.syntaxErrors, result.notProcessed, result.read]).toEqual([0, 0, result.commands.length]);
    } finally {
      await qm.close();
    }
  });
});

describe("sh and json blocks, against the worker as npm start runs it", { timeout: 60_000 }, () => {
  let edge: { url: string; dispose(): Promise<void> } | undefined;
  const folders = new Map<string, string>();
  beforeAll(async () => {
    edge = await startLocalEdge({
      port: 0,
      vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1", MQ_USERS: IBM_EXAMPLE_MQ_USERS, MQ_SESSION_SECRET: TEST_SESSION_SECRET },
    });
    const bin = join(scratch, "bin");
    await mkdir(bin);
    const tsx = createRequire(join(ROOT, "package.json")).resolve("tsx");
    await writeFile(
      join(bin, "webmq"),
      `#!/bin/sh\nexec "${process.execPath}" --import "${tsx.replace(/\.cjs$/, ".mjs")}" "${join(ROOT, "cli/main.ts")}" "$@"\n`,
    );
    await chmod(join(bin, "webmq"), 0o755);
    // Each guide's sh blocks run in a folder of their own, with the files its blocks name.
    for (const file of FILES) {
      const folder = join(scratch, file.replace(/[/.]/g, "-"));
      await mkdir(folder);
      folders.set(file, folder);
      for (const b of blocks.filter((b) => b.file === file && b.mark?.kind === "file")) await writeFile(join(folder, b.mark!.value), `${b.code}\n`);
    }
  }, 120_000);
  afterAll(async () => {
    await edge?.dispose();
  });

  /** Runs a script as the docs' reader would, against the worker; answers its output. */
  function bash(script: string, folder: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const substituted = script.replaceAll("http://localhost:8787", edge!.url.replace(/\/$/, "")).replaceAll("dev-...", TOKEN).replaceAll("PASSWORD", PASSWORD);
    const prelude = `set -e\ncurl() { command curl --silent --show-error --write-out '\\n[HTTP %{http_code}]\\n' "$@"; }\nexport PATH="${join(scratch, "bin")}:$PATH" TOKEN=${TOKEN}\n`;
    return new Promise((resolve) => {
      const child = spawn("bash", ["-c", prelude + substituted], {
        cwd: folder,
        stdio: ["ignore", "pipe", "pipe"],
        env: { PATH: process.env.PATH ?? "", HOME: folder },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });
  }

  it.each(blocks.filter((b) => isRun(b) && b.lang === "sh").map((b) => [where(b), b] as const))("%s", async (_, block) => {
    const { code, stdout, stderr } = await bash(block.code, folders.get(block.file)!);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const statuses = [...stdout.matchAll(/\[HTTP (\d+)\]/g)].map((m) => Number(m[1]));
    if (/\bcurl\b/.test(block.code)) expect(statuses.length, stdout).toBeGreaterThan(0);
    expect(
      statuses.filter((s) => s < 200 || s > 299),
      stdout,
    ).toEqual([]);
  });

  it.each(blocks.filter((b) => isRun(b) && b.lang === "json").map((b) => [where(b), b] as const))("%s", async (_, block) => {
    const { stdout } = await bash(block.mark!.value, folders.get(block.file)!);
    const answer = JSON.parse(stdout.replace(/\n\[HTTP \d+\]\n$/, ""));
    expect(answer).toEqual(prefixes(JSON.parse(block.code)));
  });
});

/** The expected answer, with each string ending in "..." matching any string it starts. */
function prefixes(value: unknown): unknown {
  if (typeof value === "string" && value.endsWith("..."))
    return expect.stringMatching(new RegExp(`^${value.slice(0, -3).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  if (Array.isArray(value)) return value.map(prefixes);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, prefixes(v)]));
  return value;
}
