/**
 * What the built package (dist/lib) asks to load by URL or path, checked against the files
 * the tarball ships: each `new URL("...", import.meta.url)` (what bundlers turn into an asset
 * or a worker, and what an unbundled page fetches), each Worker and SharedWorker it starts,
 * and each relative module it imports (statically or on first use). A `.ts` name, a file left
 * out of `files`, or a worker started from a URL the package computes is reported. The few
 * places that take a URL from the user (a process's APPLICID, a listener's module) are named
 * in USER_URLS, so a new one is a decision, not an accident.
 */
import { posix } from "node:path";
import ts from "typescript";

/** A place in dist/lib that loads what the user names, not a file of the package. */
export interface UserUrl {
  file: string;
  /** "worker": new Worker/SharedWorker(expression); "import": import(expression). */
  kind: "worker" | "import";
  expression: string;
  why: string;
}

export const USER_URLS: readonly UserUrl[] = [
  { file: "dist/lib/adapters/browser/trigger-worker.js", kind: "worker", expression: "url", why: "a triggered application: the process's APPLICID" },
  {
    file: "dist/lib/adapters/browser/warm-workers.js",
    kind: "worker",
    expression: "url",
    why: "a triggered application's spare worker: the process's APPLICID",
  },
  { file: "dist/lib/adapters/worker/listener-bridge.js", kind: "import", expression: "url", why: "listenWithModule's handler module" },
  // Packages named in a variable so that a page's bundler does not try to bundle what only Node loads.
  {
    file: "dist/lib/adapters/mqi/client-address.js",
    kind: "import",
    expression: "fs",
    why: "node:fs/promises, to read a CCDT file (MQI client bindings in Node)",
  },
  {
    file: "dist/lib/adapters/mqi/client.js",
    kind: "import",
    expression: "name",
    why: "the ws package, in Node 20 which has no WebSocket of its own (MQI client bindings)",
  },
  {
    file: "dist/lib/adapters/mqi/client-thread.js",
    kind: "import",
    expression: "name",
    why: "node:worker_threads and node:module: the MQI client binding's socket on a worker thread, so GetSync can block (Node only)",
  },
];

/** One URL or module a built file loads, as found. */
export interface LoadedFile {
  file: string;
  kind: "url" | "worker" | "import";
  /** The shipped file it names (package-relative), or the user's expression. */
  target: string;
}

export interface BuiltUrlReport {
  loads: LoadedFile[];
  problems: string[];
}

/**
 * Checks the built JavaScript among `shipped` (package-relative paths, as `npm pack` lists
 * them), whose text `read` gives. The code is parsed (TypeScript's parser), so what comments
 * and strings say is not taken for code.
 */
export async function checkBuiltUrls(shipped: readonly string[], read: (file: string) => Promise<string>): Promise<BuiltUrlReport> {
  const files = new Set(shipped);
  const loads: LoadedFile[] = [];
  const problems: string[] = [];
  for (const file of shipped.filter((f) => f.startsWith("dist/lib/") && f.endsWith(".js"))) {
    const source = ts.createSourceFile(file, await read(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const relative = (kind: LoadedFile["kind"], specifier: string, what: string) => {
      if (!specifier.startsWith("./") && !specifier.startsWith("../")) {
        if (kind === "import") return; // a package ("comlink", "node:http"): npm's to resolve
        problems.push(`${file}: ${what} ${JSON.stringify(specifier)} is not relative to the file`);
        return;
      }
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      loads.push({ file, kind, target });
      if (!files.has(target)) problems.push(`${file}: ${what} ${JSON.stringify(specifier)} names ${target}, which the tarball does not ship`);
    };
    const fromUser = (kind: UserUrl["kind"], expression: ts.Expression | undefined, what: string) => {
      const text = expression?.getText(source) ?? "";
      if (USER_URLS.some((u) => u.file === file && u.kind === kind && u.expression === text)) loads.push({ file, kind, target: text });
      else problems.push(`${file}: ${what} from ${JSON.stringify(text)}, which is neither new URL("<a shipped file>", import.meta.url) nor one of USER_URLS`);
    };
    const visit = (node: ts.Node): void => {
      if (isUrlOfModule(node)) {
        const [name] = node.arguments!;
        if (ts.isStringLiteralLike(name!)) relative("url", name.text, "new URL");
        else problems.push(`${file}: new URL(${name!.getText(source)}, import.meta.url) is not a string literal, so no bundler can follow it`);
      } else if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        (node.expression.text === "Worker" || node.expression.text === "SharedWorker")
      ) {
        const [url] = node.arguments ?? [];
        // A worker from new URL("...", import.meta.url) is checked as that URL (visited below).
        if (url && isUrlOfModule(url) && ts.isStringLiteralLike(url.arguments![0]!))
          loads.push({ file, kind: "worker", target: posix.normalize(posix.join(posix.dirname(file), url.arguments![0]!.text)) });
        else fromUser("worker", url, `starts a ${node.expression.text}`);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteralLike(specifier)) relative("import", specifier.text, "import()");
        else fromUser("import", specifier, "imports a module");
      } else if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
        relative("import", node.moduleSpecifier.text, "import");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { loads, problems };
}

/** `new URL(x, import.meta.url)`. */
function isUrlOfModule(node: ts.Node): node is ts.NewExpression {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== "URL") return false;
  const base = node.arguments?.[1];
  return (
    base !== undefined &&
    ts.isPropertyAccessExpression(base) &&
    base.name.text === "url" &&
    ts.isMetaProperty(base.expression) &&
    base.expression.keywordToken === ts.SyntaxKind.ImportKeyword
  );
}
