/**
 * Triggering on every store, with a manual clock for TRIGINT: each rule of seed 002, the
 * MQTM on the initiation queue, and trigger monitors that start registered applications.
 */
import { describe, expect, it } from "vitest";
import { ManualClock, QueueManager, type TriggerInfo } from "../../core/index.js";
import { decodeTriggerMessage } from "../../core/features/triggers/index.js";
import { uniqueKey, type StoreHarness } from "./harness.js";

const APP = "APP.TRIGGERED";
const INITQ = "APP.INITQ";

const settle = async (until: () => boolean = () => false) => {
  for (let i = 0; i < 50 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

export function testTriggering(name: string, harness: StoreHarness): void {
  /** A queue manager with a process "APP.PROC" (APPLICID starter) and APP.TRIGGERED triggered as `attributes` say. */
  const withTriggered = (
    attributes: string,
    body: (qm: QueueManager, clock: ManualClock, started: TriggerInfo[]) => Promise<void>,
    options: { monitor?: boolean } = {},
  ) =>
    harness.withStorage(uniqueKey(`trigger-${name}`), async (openStore) => {
      const clock = new ManualClock();
      const qm = await QueueManager.open({ name: "QM1", store: openStore(), clock });
      const started: TriggerInfo[] = [];
      try {
        const defined = await qm.mqsc(
          [
            `DEFINE PROCESS(APP.PROC) APPLICID('starter') USERDATA('from the process') ENVRDATA('env')`,
            `DEFINE QLOCAL(${INITQ})`,
            `DEFINE QLOCAL(${APP}) TRIGGER INITQ(${INITQ}) PROCESS(APP.PROC) TRIGDATA('data for it') ${attributes}`,
          ].join("\n"),
        );
        expect(defined.transcript).not.toMatch(/AMQ\d+E/);
        if (options.monitor !== false) await qm.startTriggerMonitor(INITQ, { applications: { starter: (trigger) => void started.push(trigger) } });
        await body(qm, clock, started);
      } finally {
        await qm.close();
      }
    });

  describe(`triggering: ${name}`, () => {
    it("EVERY starts the application once per message, with the MQTM's fields", async () => {
      await withTriggered("TRIGTYPE(EVERY)", async (qm, _clock, started) => {
        await qm.put(APP, { body: "one" });
        await qm.put(APP, { body: "two" });
        await settle(() => started.length === 2);
        expect(started).toHaveLength(2);
        expect(started[0]).toMatchObject({
          queueName: APP,
          processName: "APP.PROC",
          triggerData: "data for it",
          applicationId: "starter",
          userData: "from the process",
          environmentData: "env",
          applicationType: 6,
          queueManagerName: "QM1",
        });
        expect(qm.queueStatus(INITQ).depth).toBe(0);
      });
    });

    it("triggers after a restart: a queue stored with TRIGGER on needs no ALTER", async () => {
      await harness.withStorage(uniqueKey(`trigger-restart-${name}`), async (openStore) => {
        const first = await QueueManager.open({ name: "QM1", store: openStore() });
        await first.mqsc(
          `DEFINE PROCESS(APP.PROC) APPLICID('starter')\nDEFINE QLOCAL(${INITQ})\nDEFINE QLOCAL(${APP}) TRIGGER TRIGTYPE(EVERY) INITQ(${INITQ}) PROCESS(APP.PROC)`,
        );
        await first.close();
        const qm = await QueueManager.open({ name: "QM1", store: openStore() });
        try {
          const started: TriggerInfo[] = [];
          await qm.startTriggerMonitor(INITQ, { applications: { starter: (trigger) => void started.push(trigger) } });
          await qm.put(APP, { body: "after the restart" });
          await settle(() => started.length === 1);
          expect(started).toMatchObject([{ queueName: APP, processName: "APP.PROC" }]);
        } finally {
          await qm.close();
        }
      });
    });

    it("puts the MQTM on the initiation queue byte for byte, format MQTRIG, for whoever has it open for input", async () => {
      await withTriggered(
        "TRIGTYPE(EVERY)",
        async (qm) => {
          const reader = await qm.open(INITQ, { input: true });
          await qm.put(APP, { body: "x" });
          await settle(() => qm.queueStatus(INITQ).depth === 1);
          const trigger = await reader.get();
          expect(trigger?.format).toBe("MQTRIG  ");
          expect(trigger?.persistent).toBe(false);
          const bytes = trigger!.body as Uint8Array;
          expect(bytes.byteLength).toBe(684);
          expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("TM  ");
          expect(decodeTriggerMessage(bytes)).toMatchObject({ queueName: APP, processName: "APP.PROC", applicationId: "starter" });
          await reader.close();
        },
        { monitor: false },
      );
    });

    it("FIRST fires when the eligible depth goes from 0 to 1, and again only after TRIGINT", async () => {
      await withTriggered("TRIGTYPE(FIRST)", async (qm, clock, started) => {
        await qm.alterQueueManager({ triggerInterval: 1000 });
        await qm.put(APP, { body: 1 });
        await qm.put(APP, { body: 2 });
        await settle(() => started.length >= 1);
        expect(started).toHaveLength(1);
        clock.advance(1000);
        await qm.put(APP, { body: 3 });
        await settle(() => started.length >= 2);
        expect(started).toHaveLength(2);
        await qm.mqsc(`CLEAR QLOCAL(${APP})`);
        await qm.put(APP, { body: 4 });
        await settle(() => started.length >= 3);
        expect(started).toHaveLength(3);
      });
    });

    it("FIRST with TRIGINT 0 fires on every arrival", async () => {
      await withTriggered("TRIGTYPE(FIRST)", async (qm, _clock, started) => {
        await qm.alterQueueManager({ triggerInterval: 0 });
        for (let i = 0; i < 3; i++) await qm.put(APP, { body: i });
        await settle(() => started.length >= 3);
        expect(started).toHaveLength(3);
      });
    });

    it("FIRST waits while an application has the queue open for input, and fires when the last one closes leaving messages", async () => {
      await withTriggered("TRIGTYPE(FIRST)", async (qm, _clock, started) => {
        const application = await qm.open(APP, { input: true });
        await qm.put(APP, { body: "while open" });
        await settle();
        expect(started).toHaveLength(0);
        await application.close();
        await settle(() => started.length >= 1);
        expect(started).toHaveLength(1);
      });
    });

    it("DEPTH fires when TRIGDPTH eligible messages are there, then turns the queue NOTRIGGER until ALTER turns it on", async () => {
      await withTriggered("TRIGTYPE(DEPTH) TRIGDPTH(3)", async (qm, _clock, started) => {
        await qm.put(APP, { body: 1 });
        await qm.put(APP, { body: 2 });
        await settle();
        expect(started).toHaveLength(0);
        await qm.put(APP, { body: 3 });
        await settle(() => started.length >= 1);
        expect(started).toHaveLength(1);
        const shown = await qm.mqsc(`DISPLAY QLOCAL(${APP}) TRIGGER`);
        expect(shown.commands[0]!.objects![0]!.lines.join("\n")).toMatch(/\bNOTRIGGER\b/);
        await qm.put(APP, { body: 4 });
        await settle();
        expect(started).toHaveLength(1);
        await qm.mqsc(`ALTER QLOCAL(${APP}) TRIGGER`);
        await settle(() => started.length >= 2);
        expect(started).toHaveLength(2);
      });
    });

    it("counts only messages of priority TRIGMPRI or more", async () => {
      await withTriggered("TRIGTYPE(EVERY) TRIGMPRI(5)", async (qm, _clock, started) => {
        await qm.put(APP, { body: "low", priority: 4 });
        await settle();
        expect(started).toHaveLength(0);
        await qm.put(APP, { body: "high", priority: 5 });
        await settle(() => started.length >= 1);
        expect(started).toHaveLength(1);
      });
    });

    it("triggers a put in a unit of work when it commits, never when it backs out", async () => {
      await withTriggered("TRIGTYPE(EVERY)", async (qm, _clock, started) => {
        const backedOut = qm.beginUnitOfWork();
        await qm.put(APP, { body: "no", persistent: true }, { unitOfWork: backedOut });
        await backedOut.rollback();
        const committed = qm.beginUnitOfWork();
        await qm.put(APP, { body: "yes", persistent: true }, { unitOfWork: committed });
        await settle();
        expect(started).toHaveLength(0);
        await committed.commit();
        await settle(() => started.length >= 1);
        expect(started).toHaveLength(1);
      });
    });

    it("makes no trigger message without a monitor, a defined process or with GET(DISABLED); a monitor that opens the initiation queue gets the ones now due", async () => {
      await withTriggered(
        "TRIGTYPE(FIRST)",
        async (qm, _clock, started) => {
          await qm.put(APP, { body: "waiting" });
          await settle();
          expect(qm.queueStatus(INITQ).depth).toBe(0);
          await qm.mqsc(`ALTER QLOCAL(${APP}) PROCESS(NO.SUCH.PROC)`);
          const monitor = await qm.startTriggerMonitor(INITQ, { applications: { starter: (trigger) => void started.push(trigger) } });
          await settle();
          expect(started).toHaveLength(0);
          await qm.mqsc(`ALTER QLOCAL(${APP}) PROCESS(APP.PROC) GET(DISABLED)`);
          await monitor.close();
          const second = await qm.startTriggerMonitor(INITQ, { applications: { starter: (trigger) => void started.push(trigger) } });
          await settle();
          expect(started).toHaveLength(0);
          await qm.mqsc(`ALTER QLOCAL(${APP}) GET(ENABLED)`);
          await second.close();
          const third = await qm.startTriggerMonitor(INITQ, { applications: { starter: (trigger) => void started.push(trigger) } });
          await settle(() => started.length >= 1);
          expect(started).toHaveLength(1);
          expect(third.stats).toMatchObject({ triggers: 1, started: 1, failed: 0 });
        },
        { monitor: false },
      );
    });

    it("several monitors on one initiation queue share its trigger messages, each started once", async () => {
      await withTriggered(
        "TRIGTYPE(EVERY)",
        async (qm) => {
          const seen: string[] = [];
          const first = await qm.startTriggerMonitor(INITQ, { applications: { starter: () => void seen.push("first") } });
          const second = await qm.startTriggerMonitor(INITQ, { applications: { starter: () => void seen.push("second") } });
          for (let i = 0; i < 6; i++) await qm.put(APP, { body: i });
          await settle(() => seen.length >= 6);
          await settle();
          expect(seen).toHaveLength(6);
          expect(first.stats.triggers + second.stats.triggers).toBe(6);
          expect(first.stats.triggers).toBeGreaterThan(0);
          expect(second.stats.triggers).toBeGreaterThan(0);
          expect(qm.queueStatus(INITQ).openInputCount).toBe(2);
        },
        { monitor: false },
      );
    });

    it("reports an application that fails or is not registered, counts it, and goes on; DISPLAY QSTATUS shows the monitor's handle", async () => {
      await withTriggered(
        "TRIGTYPE(EVERY)",
        async (qm) => {
          const errors: unknown[] = [];
          let calls = 0;
          const monitor = await qm.startTriggerMonitor(INITQ, {
            applications: {
              starter: () => {
                calls++;
                if (calls === 1) throw new Error("first start fails");
              },
            },
            onError: (error) => errors.push(error),
          });
          await qm.put(APP, { body: 1 });
          await qm.put(APP, { body: 2 });
          await settle(() => monitor.stats.triggers >= 2);
          await settle();
          expect(monitor.stats).toMatchObject({ triggers: 2, started: 2, failed: 1 });
          expect(String(errors[0])).toMatch(/first start fails/);
          await qm.mqsc("DEFINE PROCESS(OTHER.PROC) APPLICID('nobody')");
          await qm.mqsc(`ALTER QLOCAL(${APP}) PROCESS(OTHER.PROC)`);
          await qm.put(APP, { body: 3 });
          await settle(() => monitor.stats.triggers >= 3);
          expect(monitor.stats).toMatchObject({ triggers: 3, failed: 2 });
          const status = await qm.mqsc(`DISPLAY QSTATUS(${INITQ}) TYPE(HANDLE) APPLTAG`);
          expect(status.transcript).toMatch(/webmq trigger monitor/);
          expect(qm.queueStatus(INITQ).openInputCount).toBe(1);
          await monitor.close();
          expect(qm.queueStatus(INITQ).openInputCount).toBe(0);
        },
        { monitor: false },
      );
    });
  });
}
