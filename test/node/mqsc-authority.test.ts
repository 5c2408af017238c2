/**
 * Authority records through MQSC, as runmqsc runs them: IBM's generic profiles and their
 * priorities, SET / DELETE / DISPLAY AUTHREC with their filters, DISPLAY ENTAUTH, and each
 * command run as a principal checked for the authority IBM's "Authorizations for MQSC
 * commands" names, refused with 2035 and nothing changed.
 */
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { compareSpecificity, matchesProfile } from "../../core/features/authority/index.js";

const open = () => QueueManager.open({ name: "QM1" });
const one = async (qm: QueueManager, command: string, options?: Parameters<QueueManager["mqsc"]>[1]) => (await qm.mqsc(command, options)).commands[0]!;

describe("OAM generic profiles", () => {
  it.each([
    ["AB.?D", "AB.CD", true],
    ["AB.?D", "AB.CCD", false],
    ["ABC.*.JKL", "ABC.DEF.JKL", true],
    ["ABC.*.JKL", "ABC.JKL", false],
    ["ABC.DE*.JKL", "ABC.DE.JKL", true],
    ["ABC.DE*.JKL", "ABC.DEGH.JKL", true],
    ["ABC.DE*", "ABC.DE.X", false],
    ["**", "ANY.NAME.AT.ALL", true],
    ["ABC.**", "ABC", true],
    ["ABC.**", "ABC.D.E", true],
    ["**.XYZ", "A.B.XYZ", true],
    ["ABC.**.XYZ", "ABC.XYZ", true],
    ["ABC.**.XYZ", "ABC.D.XYZ.Q", false],
    ["DEV.QUEUE.1", "DEV.QUEUE.1", true],
    ["DEV.QUEUE.1", "DEV.QUEUE.10", false],
  ])("%s matches %s: %s", (profile, name, expected) => {
    expect(matchesProfile(profile, name)).toBe(expected);
  });

  it("ranks profiles as IBM's 'Profile priorities': left to right, a letter beats ?, which beats *, which beats **", () => {
    const ranked = ["AB.**", "AB.*", "AB.C*", "AB.CD", "AB.?D"].sort(compareSpecificity);
    expect(ranked).toEqual(["AB.CD", "AB.C*", "AB.?D", "AB.*", "AB.**"]);
  });
});

describe("SET, DISPLAY and DELETE AUTHREC", () => {
  it("adds and removes authorities, expands ALLMQI and ALL, and lays DISPLAY out as runmqsc does", async () => {
    const qm = await open();
    expect((await one(qm, "SET AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHADD(ALLMQI)")).messages[0]!.id).toBe("AMQ8862I");
    await one(qm, "SET AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHRMV(SETALL,SETID) AUTHADD(DSP)");
    const shown = await one(qm, "DISPLAY AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE)");
    expect(shown.text).toEqual([
      "AMQ8864I: Display authority record details.",
      "   PROFILE(APP.*)                          ENTITY(app)",
      "   ENTTYPE(PRINCIPAL)                      OBJTYPE(QUEUE)",
      "   AUTHLIST(BROWSE,DSP,GET,INQ,PASSALL,PASSID,PUT,SET)",
    ]);
    await one(qm, "SET AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE) PRINCIPAL('app') AUTHADD(ALL)");
    expect((await one(qm, "DISPLAY AUTHREC PROFILE('APP.*')")).objects![0]!.parameters.authlist).toEqual(["ALL"]);
    await qm.close();
  });

  it("refuses what IBM refuses: an authority that does not apply, no entity, both PRINCIPAL and GROUP, a bad OBJTYPE; nothing stored", async () => {
    const qm = await open();
    for (const command of [
      "SET AUTHREC PROFILE(X) OBJTYPE(CHANNEL) PRINCIPAL('a') AUTHADD(PUT)",
      "SET AUTHREC PROFILE(X) OBJTYPE(QUEUE) AUTHADD(PUT)",
      "SET AUTHREC PROFILE(X) OBJTYPE(QUEUE) PRINCIPAL('a') GROUP('g') AUTHADD(PUT)",
      "SET AUTHREC PROFILE(X) OBJTYPE(DATABASE) PRINCIPAL('a') AUTHADD(PUT)",
      "SET AUTHREC PROFILE(X) OBJTYPE(QUEUE) PRINCIPAL('a') AUTHADD(FLY)",
      "SET AUTHREC PROFILE(X) OBJTYPE(QUEUE) PRINCIPAL('a')",
      "SET AUTHREC PROFILE('A.**.B.**') OBJTYPE(QUEUE) PRINCIPAL('a') AUTHADD(PUT)",
    ]) {
      expect((await one(qm, command)).syntaxError, command).toBeDefined();
    }
    expect(qm.authorityRecords.values.size).toBe(0);
    expect((await one(qm, "DELETE AUTHREC PROFILE(X) OBJTYPE(QUEUE) PRINCIPAL('a')")).reasonCode).toBe(2085);
    await qm.close();
  });

  it("filters DISPLAY AUTHREC by MATCH(PROFILE), MATCH(EXACT) and MATCH(MEMBERSHIP)", async () => {
    const qm = await open();
    await qm.mqsc(
      [
        "SET AUTHREC PROFILE('ABCD') OBJTYPE(QUEUE) GROUP('g1') AUTHADD(PUT)",
        "SET AUTHREC PROFILE('ABC*') OBJTYPE(QUEUE) GROUP('g1') AUTHADD(GET)",
        "SET AUTHREC PROFILE('AB*') OBJTYPE(QUEUE) PRINCIPAL('u') AUTHADD(BROWSE)",
        "SET AUTHREC PROFILE('XY*') OBJTYPE(QUEUE) GROUP('g1') AUTHADD(BROWSE)",
      ].join("\n"),
    );
    const profiles = async (command: string) =>
      ((await one(qm, command, { groupsOf: () => ["g1"] })).objects ?? []).map((o) => `${o.parameters.profile} ${o.parameters.entity}`);
    expect(await profiles("DISPLAY AUTHREC PROFILE(ABCD) OBJTYPE(QUEUE)")).toEqual(["AB* u", "ABC* g1", "ABCD g1"]);
    expect(await profiles("DISPLAY AUTHREC PROFILE(ABCD) OBJTYPE(QUEUE) MATCH(EXACT)")).toEqual(["ABCD g1"]);
    expect(await profiles("DISPLAY AUTHREC PROFILE(ABCD) OBJTYPE(QUEUE) PRINCIPAL('u')")).toEqual(["AB* u"]);
    expect(await profiles("DISPLAY AUTHREC PROFILE(ABCD) OBJTYPE(QUEUE) PRINCIPAL('u') MATCH(MEMBERSHIP)")).toEqual(["AB* u", "ABC* g1", "ABCD g1"]);
    expect((await one(qm, "DISPLAY AUTHREC PROFILE(NOPE) OBJTYPE(QUEUE)")).reasonCode).toBe(3200);
    await qm.close();
  });

  it("DISPLAY ENTAUTH gives what the check gives: the most specific profile per entity, summed over the principal's groups", async () => {
    const qm = await open();
    await qm.mqsc(
      [
        "SET AUTHREC PROFILE('AB.*') OBJTYPE(QUEUE) PRINCIPAL('fred') AUTHADD(PUT)",
        "SET AUTHREC PROFILE('AB.C*') OBJTYPE(QUEUE) PRINCIPAL('fred') AUTHADD(GET)",
        "SET AUTHREC PROFILE('**') OBJTYPE(QUEUE) GROUP('readers') AUTHADD(BROWSE,INQ)",
      ].join("\n"),
    );
    const entauth = await one(qm, "DISPLAY ENTAUTH PRINCIPAL('fred') OBJNAME(AB.CD) OBJTYPE(QUEUE)", { groupsOf: () => ["readers"] });
    expect(entauth.text).toEqual([
      "AMQ8866I: Display entity authority details.",
      "   OBJNAME(AB.CD)                          ENTITY(fred)",
      "   ENTTYPE(PRINCIPAL)                      OBJTYPE(QUEUE)",
      "   AUTHLIST(BROWSE,GET,INQ)",
    ]);
    await qm.close();
  });
});

describe("MQSC run as a principal", () => {
  const as = { principal: { name: "op", groups: ["ops"] } };

  it.each([
    ["DISPLAY QLOCAL(APP.Q)", "DSP"],
    ["ALTER QLOCAL(APP.Q) MAXDEPTH(7)", "CHG"],
    ["DEFINE QLOCAL(APP.NEW)", "CRT"],
    ["DELETE QLOCAL(APP.Q) PURGE", "DLT"],
    ["CLEAR QLOCAL(APP.Q)", "CLR"],
  ])("%s needs %s: refused (2035, AMQ8135E, nothing changed) without it, run with it", async (command, authority) => {
    const qm = await open();
    await qm.defineQueue("APP.Q");
    await qm.put("APP.Q", { body: "kept" });
    await one(qm, "SET AUTHREC PROFILE('APP.**') OBJTYPE(QUEUE) GROUP('ops') AUTHADD(NONE)");
    const refused = await one(qm, command, as);
    expect(refused.reasonCode).toBe(2035);
    expect(refused.messages[0]!.id).toBe("AMQ8135E");
    expect(qm.queueAttributes("APP.Q").maxDepth).toBe(5000);
    expect(qm.object("localQueue", "APP.NEW")).toBeUndefined();
    expect(qm.queueStatus("APP.Q").depth).toBe(1);

    await one(qm, `SET AUTHREC PROFILE('APP.**') OBJTYPE(QUEUE) GROUP('ops') AUTHADD(${authority})`);
    const granted = await one(qm, command, as);
    expect(granted.completionCode, granted.text.join("\n")).toBe(0);
    await qm.close();
  });

  it("a generic DISPLAY shows only the objects the principal may display; SET AUTHREC needs CHG on the queue manager", async () => {
    const qm = await open();
    await qm.defineQueue("APP.A");
    await qm.defineQueue("OTHER.B");
    await one(qm, "SET AUTHREC PROFILE('APP.**') OBJTYPE(QUEUE) GROUP('ops') AUTHADD(DSP)");
    const shown = await one(qm, "DISPLAY QLOCAL(*)", as);
    expect(shown.objects!.map((o) => o.parameters.queue)).toEqual(["APP.A"]);
    expect((await one(qm, "SET AUTHREC PROFILE('**') OBJTYPE(QUEUE) GROUP('ops') AUTHADD(ALL)", as)).reasonCode).toBe(2035);
    await qm.close();
  });
});
