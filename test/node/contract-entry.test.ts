/**
 * Every contract runs everywhere. A store contract (an exported function of
 * test/contract/*.contract.ts taking a StoreHarness) is reached from testAllContracts in
 * test/contract/index.ts, directly or through another contract (testMqsc runs
 * testMqscListeners), and no runner outside test/contract calls one by itself, so a runtime
 * cannot run a list of its own that drifts. An HTTP contract (one taking a served target:
 * HttpTarget, AdminTarget, SecurityTarget, ...) is run by a runner in test/node and by one in
 * test/edge, the two places the REST API is served.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const TEST = join(dirname(fileURLToPath(import.meta.url)), "..");
const CONTRACT = join(TEST, "contract");
const ENTRY = join(CONTRACT, "index.ts");

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);

/** The exported functions of a file named test*: its contracts, and whether each takes a StoreHarness. */
function contractsIn(source: ts.SourceFile): { name: string; store: boolean }[] {
  const found: { name: string; store: boolean }[] = [];
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name?.text.startsWith("test")) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    found.push({ name: statement.name.text, store: statement.parameters.some((p) => p.type?.getText(source) === "StoreHarness") });
  }
  return found;
}

/** Every identifier a file uses, outside its import declarations. */
function identifiersUsedIn(source: ts.SourceFile): Set<string> {
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : tsFilesUnder(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

const contractFiles = readdirSync(CONTRACT)
  .filter((name) => name.endsWith(".contract.ts"))
  .map((name) => join(CONTRACT, name));
const declared = contractFiles.flatMap((file) => contractsIn(parse(file)).map((contract) => ({ ...contract, file })));
/** Contract name -> the file that declares it. */
const allContracts = new Map(declared.map(({ name, file }) => [name, file] as const));
const storeContracts = new Map(declared.filter((c) => c.store).map(({ name, file }) => [name, file] as const));
const httpContracts = new Map(declared.filter((c) => !c.store).map(({ name, file }) => [name, file] as const));

/** The contracts `files` call, and those the called ones call in turn. */
function contractsReachedFrom(files: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = files.flatMap((file) => [...identifiersUsedIn(parse(file))].filter((name) => allContracts.has(name)));
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    const used = identifiersUsedIn(parse(allContracts.get(name)!));
    for (const other of allContracts.keys()) if (other !== name && used.has(other)) pending.push(other);
  }
  return reached;
}

describe("the one contract entry", () => {
  it("finds the store contracts it is about", () => {
    // A floor, so that a change in how contracts are declared cannot make the checks below pass on nothing.
    expect(storeContracts.size).toBeGreaterThanOrEqual(16);
    expect([...storeContracts.keys()]).toEqual(expect.arrayContaining(["testStore", "testCrashPoints", "testMqscListeners"]));
    expect([...httpContracts.keys()]).toEqual(
      expect.arrayContaining(["testHttpApi", "testMessageLeases", "testAdminApi", "testAdminObjectsApi", "testSecurity"]),
    );
  });

  it("reaches every store contract from testAllContracts", () => {
    const reached = contractsReachedFrom([ENTRY]);
    const missing = [...storeContracts.keys()].filter((name) => !reached.has(name));
    expect(missing, "add these to STORE_CONTRACTS in test/contract/index.ts").toEqual([]);
  });

  it("is the only way a runner outside test/contract runs a store contract", () => {
    const modules = new Set([...storeContracts.values()].map((file) => file.replace(/\.ts$/, "")));
    const offenders: string[] = [];
    for (const file of tsFilesUnder(TEST)) {
      if (file.startsWith(CONTRACT + "/")) continue;
      for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
        const target = resolve(dirname(file), fileName).replace(/\.[jt]s$/, "");
        if (modules.has(target)) offenders.push(`${relative(TEST, file)} imports ${fileName}`);
      }
    }
    expect(offenders, "call testAllContracts from test/contract/index.js instead").toEqual([]);
  });

  it("runs every HTTP contract both in node and in workerd", () => {
    for (const runtime of ["node", "edge"]) {
      const reached = contractsReachedFrom(tsFilesUnder(join(TEST, runtime)).filter((file) => file.endsWith(".test.ts")));
      const missing = [...httpContracts.keys()].filter((name) => !reached.has(name));
      expect(missing, `call these from a runner in test/${runtime}`).toEqual([]);
    }
  });
});
