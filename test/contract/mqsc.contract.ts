/**
 * The MQSC contract, run on every store and runtime: IBM's real scripts and the seed
 * documents' MQSC run as they are; every attribute a DEFINE or ALTER sets is what DISPLAY
 * then shows; what the product implements takes effect and survives a reopen; what it only
 * recognises answers with its own message and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { parseScript, type MqscParameter, type ParsedCommand } from "../../core/features/mqsc/parser.js";
import { VERBS, OBJECT_KEYWORDS } from "../../core/features/mqsc/commands.js";
import { CATALOGUE, QUEUE_MANAGER, attributeByKeyword, channelAttributeNames } from "../../core/objects/catalogue/index.js";
import devTemplate from "../fixtures/conformance/mqsc/mq-container__incubating__mqadvanced-server-dev__10-dev.mqsc.tpl?raw";
import senderScript from "../fixtures/conformance/mqsc/mq-ansible__blueprints__sdr-rcvr__sender-config.mqsc?raw";
import receiverScript from "../fixtures/conformance/mqsc/mq-ansible__blueprints__sdr-rcvr__receiver-config.mqsc?raw";
import seed000 from "../fixtures/seeds/seed-000-poison-messages.mqsc?raw";
import seed001 from "../fixtures/seeds/seed-001-reliable-delivery.mqsc?raw";
import seed002qm1 from "../fixtures/seeds/seed-002-triggering-qm1.mqsc?raw";
import seed002qm2 from "../fixtures/seeds/seed-002-triggering-qm2.mqsc?raw";
import { uniqueKey, type StoreHarness } from "./harness.js";
import { testMqscListeners } from "./mqsc-listener.contract.js";

/** The developer template's one Go placeholder, filled in as the container does. */
export const devScript = devTemplate.replace("{{ .ChckClnt }}", "REQUIRED");

const OPTIONS = new Set(["REPLACE", "NOREPLACE", "LIKE", "FORCE"]);

/**
 * Runs a script one command at a time; after each DEFINE or ALTER that succeeds, DISPLAYs
 * the object and checks every attribute the command set. Returns the commands that were
 * recognised but not implemented.
 */
export async function runAndCheck(qm: QueueManager, script: string): Promise<string[]> {
  const unimplemented: string[] = [];
  for (const command of parseScript(script)) {
    expect(command.syntaxError, command.text).toBeUndefined();
    const result = await qm.mqsc(command.text);
    const outcome = result.commands[0]!;
    expect(outcome.syntaxError, `${command.text}\n${outcome.text.join("\n")}`).toBeUndefined();
    if (outcome.messages[0]?.id === "WEBMQ001E") {
      expect(outcome.completionCode).toBe(2);
      unimplemented.push(command.text);
      continue;
    }
    expect(outcome.completionCode, `${command.text}\n${outcome.text.join("\n")}`).toBeLessThan(2);
    await expectDisplayShows(qm, command);
  }
  return unimplemented;
}

async function expectDisplayShows(qm: QueueManager, command: ParsedCommand): Promise<void> {
  const [verbParameter, target, ...rest] = command.parameters as [MqscParameter, MqscParameter, ...MqscParameter[]];
  const verb = VERBS[verbParameter.keyword];
  if (verb !== "DEFINE" && verb !== "ALTER") return;
  const isQmgr = target.keyword === "QMGR";
  const object = OBJECT_KEYWORDS[target.keyword];
  const name = target.values?.[0]?.text ?? "";
  const display = isQmgr ? "DISPLAY QMGR ALL" : `DISPLAY ${target.keyword}('${name.replace(/'/g, "''")}') ALL`;
  const shown = (await qm.mqsc(display)).commands[0]!;
  expect(shown.completionCode, shown.text.join("\n")).toBe(0);
  const parameters = shown.objects![0]!.parameters;
  const spec = isQmgr ? QUEUE_MANAGER : CATALOGUE[object!.type];
  for (const parameter of rest) {
    if (OPTIONS.has(parameter.keyword)) continue;
    const found = attributeByKeyword(spec, parameter.keyword)!;
    expect(found, `${parameter.keyword} in ${command.text}`).toBeDefined();
    const key = found.attribute.keyword.toLowerCase();
    expect(parameters, `${display} shows ${found.attribute.keyword}`).toHaveProperty(key);
    const actual = String(parameters[key]);
    if (found.attribute.type.kind === "flag") {
      expect(actual, `${parameter.keyword} in ${command.text}`).toBe(found.on ? "YES" : "NO");
      continue;
    }
    const expected = parameter.values!.map((v) => (v.quoted ? v.text.replace(/ +$/, "") : v.text.toUpperCase())).join(",");
    expect(actual, `${parameter.keyword} in ${command.text}`).toBe(expected);
  }
}

export function testMqsc(name: string, harness: StoreHarness): void {
  const withManager = <T>(body: (open: (qmgr?: string) => Promise<QueueManager>) => Promise<T>) =>
    harness.withStorage(uniqueKey(`mqsc-${name}`), (openStore) => body((qmgr = "QM1") => QueueManager.open({ name: qmgr, store: openStore() })));

  testMqscListeners(name, harness);
  describe(`MQSC contract: ${name}`, () => {
    it("runs IBM's developer-image script: queues, model, topic, DEADQ, channels and CHLAUTH and authority records take effect; AUTHINFO and REFRESH SECURITY answer that they are not implemented", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const unimplemented = await runAndCheck(qm, devScript);
        expect(unimplemented.map((c) => c.split(/[ (]/).slice(0, 2).join(" "))).toEqual(["DEFINE AUTHINFO", "REFRESH SECURITY"]);
        const whole = await qm.mqsc(devScript);
        expect(whole.read).toBe(21);
        expect(whole.syntaxErrors).toBe(0);
        expect(whole.notProcessed).toBe(2);
        expect(whole.summary).toEqual(["21 MQSC commands read.", "No commands have a syntax error.", "2 valid MQSC commands could not be processed."]);
        await qm.close();

        const again = await open();
        expect(again.attributes.deadLetterQueue).toBe("DEV.DEAD.LETTER.QUEUE");
        expect(again.attributes.connectionAuthentication).toBe("DEV.AUTHINFO");
        expect(again.object("modelQueue", "DEV.APP.MODEL.QUEUE")).toBeDefined();
        expect(again.object("topic", "DEV.BASE.TOPIC")!.attributes.topicString).toBe("dev/");
        expect(again.object("channel", "DEV.APP.SVRCONN")!.attributes).toMatchObject({ channelType: "serverConnection", mcaUserId: "app" });
        // The image's four SET AUTHREC commands: app's records, kept across the reopen.
        const records = (await again.mqsc("DISPLAY AUTHREC PRINCIPAL('app')")).commands[0]!;
        expect(records.objects!.map((o) => `${o.parameters.objtype} ${o.parameters.profile} ${(o.parameters.authlist as string[]).join(",")}`)).toEqual([
          "QMGR self CONNECT,INQ",
          "QUEUE DEV.** BROWSE,GET,INQ,PUT",
          "QUEUE DEV.APP.MODEL.QUEUE BROWSE,DSP,GET,INQ,PUT",
          "TOPIC DEV.** PUB,SUB",
        ]);
        // The image's five SET CHLAUTH commands, kept across the reopen (the second USERMAP replaced the first).
        const chlauth = (await again.mqsc("DISPLAY CHLAUTH(*)")).commands[0]!;
        expect(chlauth.objects!.map((o) => `${o.parameters.chlauth} ${o.parameters.type} ${o.parameters.usersrc ?? o.parameters.userlist}`)).toEqual([
          "* ADDRESSMAP NOACCESS",
          "DEV.ADMIN.SVRCONN BLOCKUSER nobody",
          "DEV.ADMIN.SVRCONN USERMAP MAP",
          "DEV.APP.SVRCONN ADDRESSMAP CHANNEL",
        ]);
        const reply = await again.open("DEV.APP.MODEL.QUEUE", { input: true, output: true });
        await reply.put({ body: "a reply" });
        expect((await reply.get())!.body).toBe("a reply");
        await reply.close();
        await again.close();
      });
    });

    it("runs IBM's sender and receiver blueprints: the transmission queue, remote queue and channels work as defined", async () => {
      await withManager(async (open) => {
        const sender = await open();
        expect(await runAndCheck(sender, senderScript)).toEqual([]);
        expect(sender.queueAttributes("RECEIVER").usage).toBe("transmission");
        await sender.put("REMOTE.Q", { body: "for the receiver" });
        expect(await sender.get("RECEIVER")).toMatchObject({
          body: "for the receiver",
          transmission: { remoteQueue: "RCVR.TARGET.Q", remoteQueueManager: "RECEIVER" },
        });
        expect(sender.channelStatus("SDR.TO.RCVR")).toBe("retrying");
        const status = (await sender.mqsc("DISPLAY CHSTATUS(SDR.TO.RCVR) STATUS")).commands[0]!;
        expect(status.objects![0]!.parameters).toMatchObject({ channel: "SDR.TO.RCVR", status: "RETRYING" });
        expect((await sender.mqsc("STOP CHANNEL(SDR.TO.RCVR)")).commands[0]!.messages[0]!.id).toBe("AMQ8019I");
        await sender.close();
      });
      await withManager(async (open) => {
        const receiver = await open("RECEIVER");
        const unimplemented = await runAndCheck(receiver, receiverScript);
        expect(unimplemented.map((c) => c.split(/[ (]/).slice(0, 2).join(" "))).toEqual(["REFRESH SECURITY"]);
        // The blueprint's listener, CONTROL(QMGR) and started: RUNNING as a state (no socket here).
        expect(receiver.listenerStatus("RCVR.LISTENER.TCP")).toMatchObject({ startMode: "qmgr" });
        expect(receiver.attributes).toMatchObject({ deadLetterQueue: "DEV.DEAD.LETTER.QUEUE", channelAuthentication: false, connectionAuthentication: "" });
        expect(receiver.object("channel", "SDR.TO.RCVR")!.attributes.channelType).toBe("receiver");
        await receiver.put("RCVR.TARGET.Q", { body: "arrived" });
        expect((await receiver.get("RCVR.TARGET.Q"))!.body).toBe("arrived");
        await receiver.close();
      });
    });

    it("runs the seed documents' MQSC, and DISPLAY shows every attribute it set", async () => {
      for (const [qmgr, script] of [
        ["QM1", seed000],
        ["QM1", seed001],
        ["QM1", seed002qm1],
        ["QM2", seed002qm2],
      ] as const) {
        await withManager(async (open) => {
          const qm = await open(qmgr);
          expect(await runAndCheck(qm, script)).toEqual([]);
          await qm.close();
          const again = await open(qmgr);
          // After the reopen, each object is as the last command that set it left it.
          const commands = parseScript(script);
          const lastFor = new Map(commands.map((c) => [`${c.parameters[1]!.keyword}/${c.parameters[1]!.values?.[0]?.text ?? ""}`, c]));
          for (const command of lastFor.values()) await expectDisplayShows(again, command);
          await again.close();
        });
      }
    });

    it("makes the attributes it acts on act: MAXDEPTH, PUT, GET, DEFPRTY, DEFPSIST, MSGDLVSQ", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(ACT.Q) MAXDEPTH(2) DEFPRTY(6) DEFPSIST(YES) MSGDLVSQ(FIFO) MAXMSGL(5)");
        expect(await qm.put("ACT.Q", { body: "a" })).toMatchObject({ priority: 6, persistent: true });
        await qm.put("ACT.Q", { body: "b", priority: 9 });
        await expect(qm.put("ACT.Q", { body: "c" })).rejects.toMatchObject({ reason: "MQRC_Q_FULL" });
        expect((await qm.get("ACT.Q"))!.body).toBe("a"); // FIFO: the priority 9 message waits its turn
        await expect(qm.put("ACT.Q", { body: "toolong" })).rejects.toMatchObject({ reason: "MQRC_MSG_TOO_BIG_FOR_Q" });
        await qm.mqsc("ALTER QLOCAL(ACT.Q) PUT(DISABLED) GET(DISABLED)");
        await expect(qm.put("ACT.Q", { body: "x" })).rejects.toMatchObject({ reason: "MQRC_PUT_INHIBITED" });
        await expect(qm.get("ACT.Q")).rejects.toMatchObject({ reason: "MQRC_GET_INHIBITED" });
        await qm.close();
      });
    });

    it("clears and deletes queues as MQ does, and shows queue status and handles", async () => {
      await withManager(async (open) => {
        const qm = await open();
        await qm.mqsc("DEFINE QLOCAL(WORK.Q)");
        await qm.put("WORK.Q", { body: "one", persistent: true });
        await qm.put("WORK.Q", { body: "two" });
        const handle = await qm.open("WORK.Q", { input: true, output: true, application: "worker" });
        const status = (await qm.mqsc("DISPLAY QSTATUS(WORK.Q) TYPE(QUEUE) CURDEPTH IPPROCS OPPROCS UNCOM LPUTDATE MSGAGE")).commands[0]!;
        expect(status.objects![0]!.parameters).toMatchObject({ queue: "WORK.Q", type: "QUEUE", curdepth: 2, ipprocs: 1, opprocs: 1, uncom: "NO" });
        expect(status.objects![0]!.parameters.lputdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const handles = (await qm.mqsc("DISPLAY QSTATUS(WORK.Q) TYPE(HANDLE) ALL")).commands[0]!;
        expect(handles.objects![0]!.parameters).toMatchObject({
          queue: "WORK.Q",
          type: "HANDLE",
          appltag: "worker",
          input: "SHARED",
          output: "YES",
          browse: "NO",
        });
        const inUse = (await qm.mqsc("CLEAR QLOCAL(WORK.Q)")).commands[0]!;
        expect(inUse.messages.map((m) => m.id)).toContain("AMQ8148E");
        expect(inUse.completionCode).toBe(2);
        await handle.close();
        const notEmpty = (await qm.mqsc("DELETE QLOCAL(WORK.Q) NOPURGE")).commands[0]!;
        expect([notEmpty.messages[0]!.id, notEmpty.reasonCode]).toEqual(["AMQ8143E", 2055]);
        expect((await qm.mqsc("CLEAR QLOCAL(WORK.Q)")).commands[0]!.messages[0]!.id).toBe("AMQ8022I");
        expect(qm.queueStatus("WORK.Q").depth).toBe(0);
        await qm.put("WORK.Q", { body: "three", persistent: true });
        expect((await qm.mqsc("DELETE QLOCAL(WORK.Q) PURGE")).commands[0]!.messages[0]!.id).toBe("AMQ8007I");
        const missing = (await qm.mqsc("DISPLAY QLOCAL(WORK.Q)")).commands[0]!;
        expect([missing.text[0], missing.reasonCode]).toEqual(["AMQ8147E: IBM MQ object WORK.Q not found.", 2085]);
        await qm.close();
        const again = await open();
        expect(again.hasQueue("WORK.Q")).toBe(false);
        await again.close();
      });
    });

    it("answers each kind of mistake as runmqsc does, and sums the run up", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const result = await qm.mqsc(
          [
            "DEFINE QLOCAL(GOOD.Q) DESCR('it''s fine')",
            "DEFINE QLOCAL(BAD.Q) MAXDEPTH(1000000000)",
            "DEFINE QLOCAL(GOOD.Q)",
            "FROB QLOCAL(X)",
            "ALTER QALIAS(GOOD.Q) TARGET(DEV.QUEUE.1)",
          ].join("\n"),
        );
        expect(result.commands.map((c) => [c.completionCode, c.messages[0]?.id])).toEqual([
          [0, "AMQ8006I"],
          [2, "AMQ8405E"],
          [2, "AMQ8150E"],
          [2, "AMQ8405E"],
          [2, "AMQ8151E"],
        ]);
        expect(result.commands[1]!.syntaxError!.position).toMatchObject({ line: 2, column: 31 });
        expect(result.commands[3]!.syntaxError!.position).toMatchObject({ line: 4, column: 1 });
        expect(result.summary).toEqual(["5 MQSC commands read.", "2 commands have a syntax error.", "2 valid MQSC commands could not be processed."]);
        expect(result.transcript.split("\n")[0]).toBe("     1 : DEFINE QLOCAL(GOOD.Q) DESCR('it''s fine')");
        expect(qm.queueAttributes("GOOD.Q").description).toBe("it's fine");
        expect(qm.hasQueue("BAD.Q")).toBe(false);
        await qm.close();
      });
    });

    it("DISPLAYs generic names across types as runmqsc does: attributes an object lacks are left out", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const result = await qm.mqsc(
          [
            "DEFINE QLOCAL(MIX.LOCAL) DESCR(' ')",
            "DEFINE QALIAS(MIX.ALIAS) TARGET(MIX.LOCAL) DESCR('an alias')",
            "DISPLAY QUEUE(MIX.*) MAXDEPTH",
            "DISPLAY QUEUE(MIX.*) TYPE(ALL) TARGQ",
            "DISPLAY QUEUE(MIX.*) WHERE(DESCR EQ ' ')",
            "DISPLAY QUEUE(MIX.*) WHERE(NOSUCH EQ 1)",
            "DELETE QLOCAL(MIX.LOCAL) PURGE NOPURGE",
            "DEFINE CHANNEL(MIX.CHL) CHLTYPE(SDR) CONNAME('h')",
            "DEFINE CHANNEL(MIX.CHL) CHLTYPE(RCVR) REPLACE",
          ].join("\n"),
        );
        const [, , maxdepth, target, blank, unknown, purge, , retype] = result.commands;
        expect(maxdepth!.objects!.map((o) => o.parameters)).toEqual([
          { queue: "MIX.ALIAS", type: "QALIAS" },
          { queue: "MIX.LOCAL", type: "QLOCAL", maxdepth: 5000 },
        ]);
        expect(target!.objects!.map((o) => o.parameters)).toEqual([
          { queue: "MIX.ALIAS", type: "QALIAS", target: "MIX.LOCAL" },
          { queue: "MIX.LOCAL", type: "QLOCAL" },
        ]);
        expect(blank!.objects!.map((o) => o.parameters.queue)).toEqual(["MIX.LOCAL"]);
        expect(unknown!.syntaxError?.message).toMatch(/NOSUCH/);
        expect(purge!.syntaxError?.message).toMatch(/PURGE and NOPURGE/);
        expect(qm.hasQueue("MIX.LOCAL")).toBe(true);
        expect(retype!.completionCode).toBe(2);
        expect(qm.object("channel", "MIX.CHL")!.attributes.channelType).toBe("sender");
        await qm.close();
      });
    });

    it("shows channel attributes by channel type, and refuses one that does not apply", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const receiverOnly = [...channelAttributeNames("receiver")].length;
        expect(receiverOnly).toBeGreaterThan(5);
        const bad = (await qm.mqsc("DEFINE CHANNEL(TO.QM2) CHLTYPE(RCVR) CONNAME('host(1414)')")).commands[0]!;
        expect(bad.syntaxError?.message).toMatch(/CONNAME is not an attribute of a RCVR channel/);
        await qm.mqsc("DEFINE CHANNEL(TO.QM2) CHLTYPE(SDR) CONNAME('host(1414)') XMITQ(QM2.XMITQ)");
        const shown = (await qm.mqsc("DISPLAY CHANNEL(TO.*) CHLTYPE CONNAME")).commands[0]!;
        expect(shown.objects!.map((o) => o.parameters)).toEqual([{ channel: "TO.QM2", chltype: "SDR", conname: "host(1414)" }]);
        await qm.close();
      });
    });
    it("answers the status commands clients send as a distributed queue manager does, with values true of this one", async () => {
      await withManager(async (open) => {
        const before = Date.now();
        const qm = await open();
        const run = async (command: string) => (await qm.mqsc(command)).commands[0]!;
        const dateTime = (ms: number) => {
          const iso = new Date(ms).toISOString();
          return { date: iso.slice(0, 10), time: iso.slice(11, 19).replace(/:/g, ".") };
        };

        // None of them is "recognised but not implemented" any more.
        for (const command of [
          "DISPLAY QMSTATUS",
          "PING QMGR",
          "DISPLAY QMGR QMNAME",
          "DISPLAY CONN(*)",
          "DISPLAY APSTATUS(*)",
          "DISPLAY AUTHSERV",
          "DISPLAY LSSTATUS(*)",
          "DISPLAY SVSTATUS(*)",
        ]) {
          const result = await run(command);
          expect(result.syntaxError, command).toBeUndefined();
          expect(result.messages[0]?.id, command).not.toBe("WEBMQ001E");
        }

        // DISPLAY QMSTATUS: AMQ8705I; QMNAME and STATUS unless more is asked for.
        const status = await run("DISPLAY QMSTATUS");
        expect(status.completionCode).toBe(0);
        expect(status.messages.map((m) => `${m.id}: ${m.text}`)).toEqual(["AMQ8705I: Display Queue Manager Status Details."]);
        expect(status.objects![0]!.parameters).toEqual({ qmname: "QM1", status: "RUNNING" });
        expect(status.text).toEqual(["AMQ8705I: Display Queue Manager Status Details.", "   QMNAME(QM1)                             STATUS(RUNNING)"]);
        const all = (await run("DIS QMSTATUS ALL")).objects![0]!.parameters;
        expect(Object.keys(all)).toEqual([
          "qmname",
          "type",
          "status",
          "autoclus",
          "chinit",
          "cmdserv",
          "conns",
          "ldapconn",
          "standby",
          "startda",
          "startti",
          "uniclus",
        ]);
        expect(all).toMatchObject({
          type: "QMGR",
          status: "RUNNING",
          cmdserv: "RUNNING",
          chinit: "STOPPED",
          conns: 0,
          standby: "NOPERMIT",
          ldapconn: "INACTIVE",
        });
        // Started when this queue manager was opened, this time (not when it was created).
        const started = Date.parse(`${String(all.startda)}T${String(all.startti).replace(/\./g, ":")}Z`);
        expect(started).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
        expect(started).toBeLessThanOrEqual(Date.now());
        expect([all.startda, all.startti]).toEqual(Object.values(dateTime(qm.startedAt)));
        // One attribute by name (a log attribute this queue manager has no value for is accepted and left out).
        expect((await run("DISPLAY QMSTATUS CONNS LOGPATH")).objects![0]!.parameters).toEqual({ qmname: "QM1", status: "RUNNING", conns: 0 });
        expect((await run("DISPLAY QMSTATUS NOSUCH")).syntaxError?.message).toMatch(/NOSUCH is not an attribute of DISPLAY QMSTATUS/);

        // PING QMGR: AMQ8415I.
        const ping = await run("PING QMGR");
        expect([ping.completionCode, ping.text]).toEqual([0, ["AMQ8415I: Ping Queue Manager command complete."]]);

        // DISPLAY QMGR with one attribute: QMNAME and that attribute only.
        expect((await run("DISPLAY QMGR QMNAME")).objects![0]!.parameters).toEqual({ qmname: "QM1" });
        expect((await run("DISPLAY QMGR DEADQ")).objects![0]!.parameters).toEqual({ qmname: "QM1", deadq: "SYSTEM.DEAD.LETTER.QUEUE" });
        expect((await run("DISPLAY QMGR QMNAME DEADQ")).objects![0]!.lines).toEqual([
          "   QMNAME(QM1)                             DEADQ(SYSTEM.DEAD.LETTER.QUEUE)",
        ]);

        // No connection yet: CONN and APSTATUS answer that none is found; CONNS is 0.
        for (const command of ["DISPLAY CONN(*)", "DISPLAY APSTATUS(*)"]) {
          const none = await run(command);
          expect([none.completionCode, none.reasonCode, none.text], command).toEqual([2, 2085, ["AMQ8147E: IBM MQ object * not found."]]);
        }

        // Open handles and JMS connections are connections: DISPLAY CONN lists each, CONNS counts them.
        const handle = await qm.open("SYSTEM.DEFAULT.LOCAL.QUEUE", { input: true, application: "health-check" });
        const connection = await qm.createConnection({ clientId: "orders" });
        expect((await run("DISPLAY QMSTATUS CONNS")).objects![0]!.parameters.conns).toBe(2);
        const conns = await run("DISPLAY CONN(*)");
        expect(conns.completionCode).toBe(0);
        expect(conns.messages[0]).toEqual({ id: "AMQ8276I", text: "Display Connection details." });
        expect(conns.objects!.map((o) => Object.keys(o.parameters))).toEqual([
          ["conn", "extconn", "type"],
          ["conn", "extconn", "type"],
        ]);
        for (const object of conns.objects!) {
          expect(String(object.parameters.conn)).toMatch(/^[0-9A-F]{16}$/);
          expect(object.parameters.type).toBe("CONN");
        }
        const detail = (await run("DISPLAY CONN(*) ALL")).objects!.map((o) => o.parameters);
        expect(detail.map((p) => [p.appltag, p.clientid, p.appltype])).toEqual([
          ["health-check", "", "USER"],
          ["", "orders", "USER"],
        ]);
        const handles = (await run("DISPLAY CONN(*) TYPE(HANDLE) ALL")).objects!.map((o) => o.parameters);
        expect(handles).toEqual([
          expect.objectContaining({ type: "HANDLE", objname: "SYSTEM.DEFAULT.LOCAL.QUEUE", objtype: "QUEUE", openopts: "MQOO_INPUT_SHARED" }),
        ]);
        const one = String(detail[0]!.conn);
        expect((await run(`DISPLAY CONN(${one}) APPLTAG`)).objects!.map((o) => o.parameters)).toEqual([
          { conn: one, extconn: detail[0]!.extconn, type: "CONN", appltag: "health-check" },
        ]);

        // DISPLAY APSTATUS: AMQ8932I, one entry per application name, with its count.
        const apps = await run("DISPLAY APSTATUS('health*')");
        expect(apps.messages[0]!.id).toBe("AMQ8932I");
        expect(apps.objects!.map((o) => o.parameters)).toEqual([{ applname: "health-check", cluster: "", count: 1, movcount: 0, balanced: "NOTAPPLIC" }]);

        await handle.close();
        await connection.close();
        expect((await run("DISPLAY QMSTATUS CONNS")).objects![0]!.parameters.conns).toBe(0);

        // DISPLAY AUTHSERV: no installable authorization service here, so SERVCOMP is blank (IBM's answer when there is no OAM).
        const auth = await run("DISPLAY AUTHSERV ALL");
        expect(auth.completionCode).toBe(0);
        expect(auth.objects![0]!.parameters).toEqual({ servcomp: "", ifver: 0, uidsupp: "NO" });

        // LSSTATUS and SVSTATUS: no listener runs until one is started, and no service ever runs here, so none is found.
        for (const command of ["DISPLAY LSSTATUS(*)", "DISPLAY SVSTATUS(*) ALL", "DISPLAY LSSTATUS(SYSTEM.LISTENER.TCP.1)"]) {
          const none = await run(command);
          expect([none.completionCode, none.reasonCode, none.messages[0]!.id], command).toEqual([2, 2085, "AMQ8147E"]);
        }
        await qm.close();
      });
    });

    it("filters DISPLAY CONN, APSTATUS and QMSTATUS with WHERE, as the object DISPLAYs do", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const run = async (command: string) => (await qm.mqsc(command)).commands[0]!;
        const orders = await qm.open("SYSTEM.DEFAULT.LOCAL.QUEUE", { input: true, application: "orders-app" });
        const billing = await qm.open("SYSTEM.DEFAULT.LOCAL.QUEUE", { browse: true, application: "billing-app" });
        const second = await qm.open("DEV.QUEUE.1", { output: true, application: "orders-app" });
        const jms = await qm.createConnection({ clientId: "reports" });

        // DISPLAY CONN: each connection is kept when its own attributes satisfy the filter.
        const byTag = await run("DISPLAY CONN(*) WHERE(APPLTAG EQ 'orders-app') APPLTAG");
        expect(byTag.completionCode).toBe(0);
        expect(byTag.objects!.map((o) => o.parameters.appltag)).toEqual(["orders-app", "orders-app"]);
        expect((await run("DISPLAY CONN(*) WHERE(CLIENTID EQ reports) CLIENTID")).objects!.map((o) => o.parameters.clientid)).toEqual(["reports"]);
        expect((await run("DISPLAY CONN(*) WHERE(APPLTAG LK 'bill*')")).objects).toHaveLength(1);
        // TYPE(HANDLE): the handles' own attributes.
        const handles = await run("DISPLAY CONN(*) TYPE(HANDLE) WHERE(OBJNAME EQ 'DEV.QUEUE.1') OBJNAME OPENOPTS");
        expect(handles.objects!.map((o) => [o.parameters.objname, o.parameters.openopts])).toEqual([["DEV.QUEUE.1", "MQOO_OUTPUT"]]);
        // Nothing left: IBM's "not found"; a filter on an attribute CONN never shows: a syntax error.
        const none = await run("DISPLAY CONN(*) WHERE(APPLTAG EQ nobody)");
        expect([none.completionCode, none.reasonCode, none.messages[0]!.id]).toEqual([2, 2085, "AMQ8147E"]);
        expect((await run("DISPLAY CONN(*) WHERE(NOSUCH EQ 1)")).syntaxError?.message).toMatch(/NOSUCH is not an attribute of DISPLAY CONN/);
        expect((await run("DISPLAY CONN(*) WHERE(APPLTAG)")).syntaxError?.message).toMatch(/WHERE needs a keyword, an operator and a value/);

        // DISPLAY APSTATUS: by COUNT, a number.
        const busy = await run("DISPLAY APSTATUS(*) WHERE(COUNT GT 1)");
        expect(busy.objects!.map((o) => [o.parameters.applname, o.parameters.count])).toEqual([["orders-app", 2]]);
        expect((await run("DISPLAY APSTATUS(*) WHERE(COUNT GE 1)")).objects!.map((o) => o.parameters.applname)).toEqual(["", "billing-app", "orders-app"]);
        expect((await run("DISPLAY APSTATUS(*) WHERE(COUNT GT 5)")).reasonCode).toBe(2085);

        // DISPLAY QMSTATUS: the one queue manager, shown or not.
        const shown = await run("DISPLAY QMSTATUS WHERE(CONNS GE 4) CONNS");
        expect(shown.objects!.map((o) => o.parameters)).toEqual([{ qmname: "QM1", status: "RUNNING", conns: 4 }]);
        const hidden = await run("DISPLAY QMSTATUS WHERE(CONNS LT 4)");
        expect([hidden.completionCode, hidden.reasonCode]).toEqual([2, 2085]);
        expect((await run("DISPLAY QMSTATUS WHERE(STATUS EQ RUNNING)")).objects).toHaveLength(1);
        expect((await run("DISPLAY QMSTATUS WHERE(NOSUCH EQ 1)")).syntaxError?.message).toMatch(/NOSUCH is not an attribute of DISPLAY QMSTATUS/);

        await Promise.all([orders.close(), billing.close(), second.close(), jms.close()]);
        await qm.close();
      });
    });

    it("DISPLAY SUB ALL shows exactly the attributes IBM lists for a subscription on a distributed queue manager", async () => {
      await withManager(async (open) => {
        const qm = await open();
        // IBM's DISPLAY SUB: the summary attributes and the standard ones (no z/OS-only keyword).
        const ibm = [
          "DEST",
          "DESTCORL",
          "DESTQMGR",
          "DURABLE",
          "SUB",
          "SUBID",
          "SUBTYPE",
          "SUBUSER",
          "TOPICSTR",
          "ALTDATE",
          "ALTTIME",
          "CRDATE",
          "CRTIME",
          "DESTCLAS",
          "EXPIRY",
          "PSPROP",
          "PUBACCT",
          "PUBAPPID",
          "PUBPRTY",
          "REQONLY",
          "SELECTOR",
          "SELTYPE",
          "SUBLEVEL",
          "SUBSCOPE",
          "TOPICOBJ",
          "USERDATA",
          "VARUSER",
          "WSCHEMA",
        ];
        expect((await qm.mqsc("DEFINE QLOCAL(NEWS.Q)\nDEFINE SUB(NEWS) TOPICSTR('news/#') DEST(NEWS.Q) SELECTOR('region = ''eu''')")).notProcessed).toBe(0);
        const shown = (await qm.mqsc("DISPLAY SUB(NEWS) ALL")).commands[0]!.objects![0]!;
        expect(
          Object.keys(shown.parameters)
            .map((k) => k.toUpperCase())
            .sort(),
        ).toEqual([...ibm].sort());
        expect(shown.parameters).toMatchObject({ sub: "NEWS", durable: "YES", subtype: "ADMIN", seltype: "STANDARD", topicstr: "news/#" });
        expect(shown.parameters.subid).toBe((await qm.mqsc("DISPLAY SBSTATUS(NEWS)")).commands[0]!.objects![0]!.parameters.subid);
        expect(shown.lines.slice(0, 2)).toEqual(["   SUB(NEWS)", `   SUBID(${String(shown.parameters.subid)})`]);
        // SUB and SUBID always come first; one asked for follows them.
        expect(Object.keys((await qm.mqsc("DISPLAY SUB(NEW*) SELTYPE")).commands[0]!.objects![0]!.parameters)).toEqual(["sub", "subid", "seltype"]);

        const session = await (await qm.createConnection({ clientId: "app" })).createSession();
        await (await session.createDurableConsumer(session.createTopic("news/eu"), "reader")).close();
        const jms = (await qm.mqsc("DISPLAY SUB('app:reader') ALL")).commands[0]!.objects![0]!.parameters;
        expect([jms.subtype, jms.seltype, jms.durable]).toEqual(["API", "NONE", "YES"]);
        await qm.close();
      });
    });
  });
}
