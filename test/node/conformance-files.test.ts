/**
 * The conformance material under test/fixtures/conformance is other people's, byte for byte:
 * each file's sha256 is the one its provenance records. No test reads ../shared: a clone of this
 * repository alone passes `npm test`. `npm run check:conformance` compares the copies with
 * ../shared/conformance where that sits beside the repository (scripts/check-conformance.mjs).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const fixtures = join(import.meta.dirname, "../fixtures/conformance");

const SHA256: Record<string, string> = {
  "mqsc/mq-container__incubating__mqadvanced-server-dev__10-dev.mqsc.tpl": "e4b93ef2ea4e3b5576150fbb213468acc26e3ea4f6b418da3c1f88812e189402",
  "mqsc/mq-ansible__blueprints__sdr-rcvr__sender-config.mqsc": "d5b22d633e3120232a528341309102bede9463737fd0d030f922d7931b676ee2",
  "mqsc/mq-ansible__blueprints__sdr-rcvr__receiver-config.mqsc": "e10354c1f0a107a69256c0b52e0c4628991f46dee4188a07a04e2b6b2811ade6",
  "selector-cases.json": "2c010b2accc590ae8649a6632f3225728a0c8cb1f943ca86f0913b88af7dbc9f",
};

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

describe("conformance fixtures", () => {
  for (const [file, sha] of Object.entries(SHA256)) {
    it(`${file} is unedited`, () => {
      expect(sha256(join(fixtures, file))).toBe(sha);
    });
  }

  it("the MQSC scripts' provenance records their hashes", () => {
    const provenance = readFileSync(join(fixtures, "mqsc/README.txt"), "utf8");
    for (const [file, sha] of Object.entries(SHA256)) if (file.startsWith("mqsc/")) expect(provenance).toContain(sha);
  });

  it("the selector cases are the 380 their provenance describes", () => {
    const cases = JSON.parse(readFileSync(join(fixtures, "selector-cases.json"), "utf8")) as unknown[];
    expect(cases).toHaveLength(380);
    expect(readFileSync(join(fixtures, "selector-cases.README.txt"), "utf8")).toContain("380 JMS message-selector");
  });
});

describe("no test reads outside the repository", () => {
  it("no test file opens a path into ../shared", async () => {
    const { readdirSync } = await import("node:fs");
    const testRoot = join(import.meta.dirname, "..");
    const offenders = (readdirSync(testRoot, { recursive: true, encoding: "utf8" }) as string[])
      .filter((file) => /\.(ts|js|mjs)$/.test(file))
      .filter((file) => /["'`](\.\.\/)+shared\//.test(readFileSync(join(testRoot, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
