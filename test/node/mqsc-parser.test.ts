/** MQSC's syntax rules, one by one, as IBM documents them for runmqsc. */
import { describe, expect, it } from "vitest";
import { parseScript } from "../../core/features/mqsc/parser.js";

const words = (script: string) =>
  parseScript(script).map((c) => c.parameters.map((p) => (p.values ? `${p.keyword}(${p.values.map((v) => v.text).join("|")})` : p.keyword)).join(" "));

describe("MQSC parser", () => {
  it("reads keywords in any case, folds unquoted values to upper case and keeps quoted ones as written", () => {
    expect(words("define qlocal(my.queue) descr('Mixed Case') Maxdepth(10)")).toEqual(["DEFINE QLOCAL(MY.QUEUE) DESCR(Mixed Case) MAXDEPTH(10)"]);
    const [command] = parseScript("DEF QL('dev.q')");
    expect(command!.parameters[1]!.values![0]).toMatchObject({ text: "dev.q", quoted: true });
  });

  it("writes a quote inside quotes twice", () => {
    expect(words("DEFINE QLOCAL(Q) DESCR('it''s ''here''')")).toEqual(["DEFINE QLOCAL(Q) DESCR(it's 'here')"]);
    expect(words("DEFINE QLOCAL(Q) DESCR('''')")).toEqual(["DEFINE QLOCAL(Q) DESCR(')"]);
  });

  it("continues a line ending in + from the next line's first non-blank, and one ending in - from its first column", () => {
    expect(words("DEFINE QLOCAL(Q) +\n      DESCR('a +\n      b')")).toEqual(["DEFINE QLOCAL(Q) DESCR(a b)"]);
    expect(words("DEFINE QLOCAL(Q) DESCR('a -\n  b')")).toEqual(["DEFINE QLOCAL(Q) DESCR(a   b)"]);
    expect(words("DEFINE QLOCAL(Q) -\nMAXDEPTH(5)")).toEqual(["DEFINE QLOCAL(Q) MAXDEPTH(5)"]);
    expect(words("DEFINE QLOCAL(Q) +   \n\n  MAXDEPTH(5)")).toEqual(["DEFINE QLOCAL(Q) MAXDEPTH(5)"]);
  });

  it("skips comment lines that begin with * and blank lines, and reads several commands", () => {
    const script = "* a comment\n\nDEFINE QLOCAL(A)\n   \n* another\nDEFINE QLOCAL(B)\r\nDISPLAY QLOCAL(*)";
    expect(words(script)).toEqual(["DEFINE QLOCAL(A)", "DEFINE QLOCAL(B)", "DISPLAY QLOCAL(*)"]);
    expect(parseScript(script).map((c) => c.line)).toEqual([3, 6, 7]);
  });

  it("takes a value with or without a blank before the parenthesis, and commas as separators", () => {
    expect(words("DEFINE QLOCAL(RECEIVER) USAGE (XMITQ)")).toEqual(["DEFINE QLOCAL(RECEIVER) USAGE(XMITQ)"]);
    expect(words("SET AUTHREC PROFILE('DEV.**') AUTHADD(BROWSE,GET, INQ)")).toEqual(["SET AUTHREC PROFILE(DEV.**) AUTHADD(BROWSE|GET|INQ)"]);
    expect(words("DEFINE QLOCAL(A),MAXDEPTH(1)")).toEqual(["DEFINE QLOCAL(A) MAXDEPTH(1)"]);
  });

  it("reads generic names and parentheses inside unquoted values", () => {
    expect(words("DISPLAY QLOCAL(DEV.*) WHERE(CURDEPTH GT 0)")).toEqual(["DISPLAY QLOCAL(DEV.*) WHERE(CURDEPTH|GT|0)"]);
    expect(words("DEFINE CHANNEL(C) CHLTYPE(SDR) CONNAME(host(1414))")).toEqual(["DEFINE CHANNEL(C) CHLTYPE(SDR) CONNAME(HOST(1414))"]);
  });

  it("reports an unclosed quote or parenthesis with its line and column", () => {
    const [quote] = parseScript("\nDEFINE QLOCAL(Q) DESCR('open");
    expect(quote!.syntaxError).toMatchObject({ position: { line: 2, column: 24, offset: 23 } });
    const [paren] = parseScript("DEFINE QLOCAL(Q MAXDEPTH(5)");
    expect(paren!.syntaxError!.message).toMatch(/unexpected "\("|not closed/);
    const [continued] = parseScript("DEFINE QLOCAL(Q) +\n   DESCR(x) )");
    expect(continued!.syntaxError!.position).toMatchObject({ line: 2, column: 13 });
  });

  it("refuses text that is not keywords and values", () => {
    for (const bad of ["'quoted first'", "(x)", "DEFINE QLOCAL(Q) DESCR'x'", "DEFINE QLOCAL(Q) DESCR('x'y)"]) {
      expect(parseScript(bad)[0]!.syntaxError, bad).toBeDefined();
    }
  });

  it("ends a script that stops in a continuation with the command read so far", () => {
    expect(words("DEFINE QLOCAL(Q) +")).toEqual(["DEFINE QLOCAL(Q)"]);
  });
});
