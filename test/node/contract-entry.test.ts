/**
 * Every store contract runs everywhere: each one (an exported function of test/contract/*.contract.ts
 * taking a StoreHarness) is reached from testAllContracts in test/contract/index.ts, directly
 * or through another contract (testMqsc runs testMqscListeners), and no runner outside
 * test/contract calls one by itself, so a runtime cannot run a list of its own that drifts.
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

/** The exported functions of a file with a parameter typed StoreHarness. */
function storeContractsIn(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && statement.parameters.some((p) => p.type?.getText(source) === "StoreHarness")) names.push(statement.name.text);
  }
  return names;
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
/** Store contract name -> the file that declares it. */
const storeContracts = new Map(contractFiles.flatMap((file) => storeContractsIn(parse(file)).map((name) => [name, file] as const)));

describe("the one contract entry", () => {
  it("finds the store contracts it is about", () => {
    // A floor, so that a change in how contracts are declared cannot make the checks below pass on nothing.
    expect(storeContracts.size).toBeGreaterThanOrEqual(16);
    expect([...storeContracts.keys()]).toEqual(expect.arrayContaining(["testStore", "testCrashPoints", "testMqscListeners"]));
  });

  it("reaches every store contract from testAllContracts", () => {
    const reached = new Set<string>();
    const pending = [...identifiersUsedIn(parse(ENTRY))].filter((name) => storeContracts.has(name));
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      const used = identifiersUsedIn(parse(storeContracts.get(name)!));
      for (const other of storeContracts.keys()) if (other !== name && used.has(other)) pending.push(other);
    }
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
});
