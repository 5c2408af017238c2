/** The conformance scripts under test/fixtures are IBM's, byte for byte: their sha256 is the one their provenance records. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "../fixtures/conformance/mqsc");
const SHA256: Record<string, string> = {
  "mq-container__incubating__mqadvanced-server-dev__10-dev.mqsc.tpl": "e4b93ef2ea4e3b5576150fbb213468acc26e3ea4f6b418da3c1f88812e189402",
  "mq-ansible__blueprints__sdr-rcvr__sender-config.mqsc": "d5b22d633e3120232a528341309102bede9463737fd0d030f922d7931b676ee2",
  "mq-ansible__blueprints__sdr-rcvr__receiver-config.mqsc": "e10354c1f0a107a69256c0b52e0c4628991f46dee4188a07a04e2b6b2811ade6",
};

describe("conformance fixtures", () => {
  for (const [file, sha] of Object.entries(SHA256)) {
    it(`${file} is unedited`, () => {
      expect(createHash("sha256").update(readFileSync(join(dir, file))).digest("hex")).toBe(sha);
      expect(readFileSync(join(dir, "README.txt"), "utf8")).toContain(sha);
    });
  }
});
