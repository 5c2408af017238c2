// Compares test/fixtures/conformance with the originals in ../shared/conformance, where that
// folder sits beside the repository (a developer's machine): every copy byte for byte equal.
// Not a test: a clone of this repository alone has no ../shared, and its tests hold the copies
// to the sha256 their provenance records (test/node/conformance-files.test.ts).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const fixtures = join(root, "test/fixtures/conformance");
const shared = join(root, "../shared/conformance");

if (!existsSync(shared)) {
  console.error(`no ${shared} beside this repository: nothing to compare`);
  process.exit(2);
}
// Every file there but our own README.md is a copy.
const copied = readdirSync(fixtures, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name).slice(fixtures.length + 1))
  .filter((file) => file !== "README.md");
const differing = copied.filter((file) => !existsSync(join(shared, file)) || !readFileSync(join(fixtures, file)).equals(readFileSync(join(shared, file))));
for (const file of differing) console.error(`differs from ../shared/conformance: ${file}`);
console.log(`${copied.length - differing.length} of ${copied.length} copies equal to ../shared/conformance`);
process.exit(differing.length === 0 ? 0 : 1);
