/**
 * core/ must run in every runtime: it imports nothing runtime-specific and uses no host
 * global but through the Clock. Two checks: core type-checks with only ES2022's library
 * and no ambient types (so a stray `window`, `process` or `setTimeout` fails to compile),
 * and every import names a relative file or an allowed platform-neutral package.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const coreDir = join(import.meta.dirname, "../../core");
/** Pure-JavaScript packages that run anywhere. */
const ALLOWED_PACKAGES = new Set(["denque"]);

function coreFiles(dir = coreDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return coreFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("core stays platform-neutral", () => {
  it("type-checks with lib ES2022 and no ambient runtime types", () => {
    const configPath = join(coreDir, "tsconfig.json");
    const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    expect(config.options.lib).toEqual(["lib.es2022.d.ts"]);
    expect(config.options.types).toEqual([]);
    const program = ts.createProgram(config.fileNames, config.options);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${relative(coreDir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it("imports only its own files and platform-neutral packages", () => {
    const offenders: string[] = [];
    for (const file of coreFiles()) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022);
      source.forEachChild(function visit(node) {
        const specifier =
          (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
            ? node.moduleSpecifier.text
            : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)
              ? (node.arguments[0] as ts.StringLiteral).text
              : undefined;
        if (specifier !== undefined && !specifier.startsWith("./") && !specifier.startsWith("../") && !ALLOWED_PACKAGES.has(specifier)) {
          offenders.push(`${relative(coreDir, file)} imports ${specifier}`);
        }
        node.forEachChild(visit);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("touches host timers only in clock.ts", () => {
    const offenders = coreFiles()
      .filter((file) => !file.endsWith("clock.ts"))
      .filter((file) => /\b(setTimeout|setInterval|queueMicrotask|setImmediate)\s*\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(coreDir, file));
    expect(offenders).toEqual([]);
  });
});
