/**
 * The catalogue's help lines live apart from the attribute specs (core/objects/catalogue/help.ts),
 * so that a queue manager does not ship them. The split must lose nothing: every attribute of
 * every object type, the queue manager's included, has its line, and the help table names no
 * attribute the catalogue does not have (a renamed attribute would silently lose its help).
 */
import { describe, expect, it } from "vitest";
import { ATTRIBUTE_HELP, attributeHelpText } from "../../core/objects/catalogue/help.js";
import { CATALOGUE, QUEUE_MANAGER, type ObjectTypeSpec } from "../../core/internal.js";

const SPECS: ObjectTypeSpec[] = [...Object.values(CATALOGUE), QUEUE_MANAGER];

describe("catalogue help lines", () => {
  it("has one for every attribute of every object type", () => {
    const missing = SPECS.flatMap((spec) =>
      spec.attributes.filter((attribute) => !attributeHelpText(spec, attribute)?.trim()).map((a) => `${spec.mqscType} ${a.name}`),
    );
    expect(missing).toEqual([]);
  });

  it("names only attributes the catalogue has", () => {
    const unknown = Object.entries(ATTRIBUTE_HELP).flatMap(([mqscType, lines]) => {
      const spec = SPECS.find((s) => s.mqscType === mqscType);
      return Object.keys(lines)
        .filter((name) => !spec?.attributes.some((a) => a.name === name))
        .map((name) => `${mqscType} ${name}`);
    });
    expect(unknown).toEqual([]);
  });

  it("gives an alias queue the lines of the attributes it shares with QLOCAL", () => {
    const put = CATALOGUE.aliasQueue.attributes.find((a) => a.keyword === "PUT")!;
    expect(ATTRIBUTE_HELP.QALIAS?.putEnabled).toBeUndefined();
    expect(attributeHelpText(CATALOGUE.aliasQueue, put)).toBe(ATTRIBUTE_HELP.QLOCAL!.putEnabled);
  });
});
