/**
 * axe-core's check of a document the test shows: the serious and critical violations, each
 * with the elements it found, so that a failure says what to fix. It is injected into the
 * document's own window (an iframe of the built page too), where it reads the styles.
 */
import axe from "axe-core";

export async function seriousViolations(doc: Document = document, context: Element = doc.body): Promise<string[]> {
  const win = doc.defaultView as unknown as { axe?: typeof axe; eval(source: string): unknown };
  if (!win.axe) win.eval(axe.source);
  const result = await win.axe!.run(context, { resultTypes: ["violations"] });
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
