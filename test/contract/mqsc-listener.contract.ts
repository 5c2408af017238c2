/**
 * LISTENER objects through MQSC, on every store (called from the MQSC contract): DEFINE,
 * ALTER, DELETE and DISPLAY LISTENER answer as runmqsc does (AMQ8626I, AMQ8630I, ...), with
 * IBM's attributes and defaults; START and STOP LISTENER change a logical state that DISPLAY
 * LSSTATUS shows (no socket is opened); the definitions are kept across a restart, and a
 * listener with CONTROL(QMGR) is running again after it.
 */
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { uniqueKey, type StoreHarness } from "./harness.js";

export function testMqscListeners(name: string, harness: StoreHarness): void {
  const withManager = <T>(body: (open: () => Promise<QueueManager>) => Promise<T>) =>
    harness.withStorage(uniqueKey(`mqsc-listener-${name}`), (openStore) => body(() => QueueManager.open({ name: "QM1", store: openStore() })));

  describe(`MQSC listeners: ${name}`, () => {
    it("defines and displays a listener as runmqsc does, with IBM's defaults, and keeps it across a restart", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const run = async (command: string) => (await qm.mqsc(command)).commands[0]!;
        const defined = await run("DEFINE LISTENER(L1) TRPTYPE(TCP) PORT(1414)");
        expect([defined.completionCode, defined.text]).toEqual([0, ["AMQ8626I: IBM MQ listener created."]]);
        const shown = await run("DISPLAY LISTENER(L1) ALL");
        expect(shown.completionCode).toBe(0);
        expect(shown.text[0]).toBe("AMQ8630I: Display listener information details.");
        const parameters = shown.objects![0]!.parameters;
        expect(parameters).toMatchObject({ listener: "L1", trptype: "TCP", port: 1414, ipaddr: "", backlog: 0, control: "MANUAL", descr: "" });
        expect(parameters.altdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(parameters.alttime).toMatch(/^\d{2}\.\d{2}\.\d{2}$/);
        expect(Object.keys(parameters).sort()).toEqual(["altdate", "alttime", "backlog", "control", "descr", "ipaddr", "listener", "port", "trptype"]);
        expect(shown.text.join("\n")).toContain("PORT(1414)");

        // IBM's synonyms and options: LSTR, LIKE, REPLACE, NOREPLACE; ALTER changes what it names.
        expect((await run("DEF LSTR(L2) LIKE(L1) DESCR('copy of L1')")).completionCode).toBe(0);
        expect((await run("DISPLAY LSTR(L2) PORT DESCR")).objects![0]!.parameters).toEqual({ listener: "L2", port: 1414, descr: "copy of L1" });
        const again = await run("DEFINE LISTENER(L2) PORT(1415) NOREPLACE");
        expect([again.completionCode, again.messages[0]!.id]).toEqual([2, "AMQ8150E"]);
        expect((await run("DEFINE LISTENER(L2) PORT(1415) CONTROL(QMGR) IPADDR('127.0.0.1') BACKLOG(100) REPLACE")).completionCode).toBe(0);
        const altered = await run("ALTER LISTENER(L1) PORT(1416) DESCR('altered')");
        expect([altered.completionCode, altered.text]).toEqual([0, ["AMQ8627I: IBM MQ listener changed."]]);

        // IBM's ranges: PORT is 0 to 65535; an attribute of another object is a syntax error.
        expect((await run("DEFINE LISTENER(L3) PORT(70000)")).syntaxError).toBeDefined();
        expect((await run("DEFINE LISTENER(L3) MAXDEPTH(5)")).syntaxError).toBeDefined();
        expect((await run("DEFINE LISTENER(L3) TRPTYPE(UDP)")).syntaxError).toBeDefined();
        expect(qm.object("listener", "L3")).toBeUndefined();

        // A new queue manager has IBM's SYSTEM.DEFAULT.LISTENER.TCP, and a DEFINE starts from it.
        expect((await run("DISPLAY LISTENER(SYSTEM.DEFAULT.LISTENER.TCP) TRPTYPE PORT")).objects![0]!.parameters).toEqual({
          listener: "SYSTEM.DEFAULT.LISTENER.TCP",
          trptype: "TCP",
          port: 0,
        });
        await qm.close();

        const reopened = await open();
        const runAgain = async (command: string) => (await reopened.mqsc(command)).commands[0]!;
        const listed = (await runAgain("DISPLAY LISTENER(L*) ALL")).objects!.map((o) => o.parameters);
        expect(listed).toMatchObject([
          { listener: "L1", port: 1416, descr: "altered", control: "MANUAL" },
          { listener: "L2", port: 1415, ipaddr: "127.0.0.1", backlog: 100, control: "QMGR", descr: "" }, // REPLACE starts again from SYSTEM.DEFAULT.LISTENER.TCP
        ]);
        // CONTROL(QMGR): running since the queue manager started; MANUAL: not until START LISTENER.
        const status = await runAgain("DISPLAY LSSTATUS(*)");
        expect([status.completionCode, status.text[0]]).toEqual([0, "AMQ8631I: Display listener status details."]);
        // With no attribute named, LSSTATUS shows them all (IBM: ALL is its default).
        expect(status.objects!.map((o) => o.parameters)).toMatchObject([{ listener: "L2", status: "RUNNING", pid: 0, port: 1415, control: "QMGR" }]);
        const deleted = await runAgain("DELETE LISTENER(L1)");
        expect([deleted.completionCode, deleted.text]).toEqual([0, ["AMQ8628I: IBM MQ listener deleted."]]);
        const gone = await runAgain("DISPLAY LISTENER(L1)");
        expect([gone.reasonCode, gone.text[0]]).toEqual([2085, "AMQ8147E: IBM MQ object L1 not found."]);
        await reopened.close();
        const third = await open();
        expect(third.objects(["listener"]).map((d) => d.name)).toEqual(["L2", "SYSTEM.DEFAULT.LISTENER.TCP"]);
        await third.close();
      });
    });

    it("starts and stops a listener as a state DISPLAY LSSTATUS shows, and refuses to delete one that runs", async () => {
      await withManager(async (open) => {
        const qm = await open();
        const run = async (command: string) => (await qm.mqsc(command)).commands[0]!;
        await run("DEFINE LISTENER(L1) TRPTYPE(TCP) PORT(1414)");
        const notRunning = await run("DISPLAY LSSTATUS(L1)");
        expect([notRunning.completionCode, notRunning.reasonCode, notRunning.messages[0]!.id]).toEqual([2, 2085, "AMQ8147E"]);
        const stopIdle = await run("STOP LISTENER(L1)");
        expect([stopIdle.completionCode, stopIdle.reasonCode]).toEqual([2, 3234]);
        expect((await run("STOP LISTENER(L1) IGNSTATE(YES)")).completionCode).toBe(0);

        const before = Date.now();
        const started = await run("START LISTENER(L1)");
        expect(started.completionCode).toBe(0);
        expect(started.text[0]).toBe("AMQ8021I: Request to start IBM MQ listener accepted.");
        expect(started.text[1]).toMatch(/no TCP port is opened/);
        const twice = await run("START LISTENER(L1)");
        expect([twice.completionCode, twice.reasonCode]).toEqual([2, 3233]);
        expect((await run("START LISTENER(L1) IGNSTATE(YES)")).completionCode).toBe(0);

        const status = (await run("DISPLAY LSSTATUS(L1) ALL")).objects![0]!.parameters;
        expect(status).toMatchObject({ listener: "L1", status: "RUNNING", pid: 0, trptype: "TCP", port: 1414, control: "MANUAL", ipaddr: "", backlog: 0 });
        expect(String(status.startda)).toBe(new Date(before).toISOString().slice(0, 10));

        const inUse = await run("DELETE LISTENER(L1)");
        expect([inUse.completionCode, inUse.reasonCode]).toEqual([2, 3249]);
        expect(qm.object("listener", "L1")).toBeDefined();
        expect((await run("STOP LISTENER(L1)")).text).toEqual(["AMQ8706I: Request to stop IBM MQ listener accepted."]);
        expect((await run("DISPLAY LSSTATUS(*)")).reasonCode).toBe(2085);
        expect((await run("DELETE LISTENER(L1)")).completionCode).toBe(0);
        const unknown = await run("START LISTENER(NOPE)");
        expect([unknown.reasonCode, unknown.text[0]]).toEqual([2085, "AMQ8147E: IBM MQ object NOPE not found."]);
        await qm.close();
      });
    });
  });
}
