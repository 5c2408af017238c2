/**
 * Queue depth events (core/features/events/depth-events.ts) on every store and runtime: nothing while
 * PERFMEV is DISABLED; Queue Depth High then Low with the switches the queue manager flips
 * shown by DISPLAY QLOCAL (and kept across a restart); Queue Full when a put is refused; event
 * puts that fail never failing the application; and the PCF bytes, field by field.
 */
import { describe, expect, it } from "vitest";
import { ManualClock, PERFORMANCE_EVENT_QUEUE, QueueManager, type DepthEvent, type Message } from "../../core/index.js";
import { DEPTH_EVENT_LAYOUT, decodeEvent, encodeDepthEvent } from "../../core/features/events/index.js";
import { reason, uniqueKey, type StoreHarness } from "./harness.js";

const Q = "APP.DEPTH";

export function testDepthEvents(name: string, harness: StoreHarness): void {
  /** A manager on a manual clock with PERFMEV as given and APP.DEPTH defined with `queue` (MQSC attributes). */
  const withManager = (
    perfmev: "ENABLED" | "DISABLED",
    queue: string,
    body: (qm: QueueManager, clock: ManualClock, reopen: () => Promise<QueueManager>) => Promise<void>,
  ) =>
    harness.withStorage(uniqueKey(`depth-${name}`), async (openStore) => {
      const clock = new ManualClock();
      const open = () => QueueManager.open({ name: "QM1", store: openStore(), clock });
      let qm = await open();
      try {
        await run(qm, `ALTER QMGR PERFMEV(${perfmev})\nDEFINE QLOCAL(${Q}) ${queue}`);
        await body(qm, clock, async () => {
          await qm.close();
          qm = await open();
          return qm;
        });
      } finally {
        await qm.close();
      }
    });

  describe(`queue depth events: ${name}`, () => {
    it("makes none while the queue manager's PERFMEV is DISABLED, and flips no switch", async () => {
      await withManager("DISABLED", "MAXDEPTH(4) QDEPTHHI(50) QDEPTHLO(50) QDPHIEV(ENABLED) QDPLOEV(ENABLED) QDPMAXEV(ENABLED)", async (qm) => {
        for (let i = 0; i < 4; i++) await qm.put(Q, { body: `m${i}` });
        expect(await reason(qm.put(Q, { body: "one too many" }))).toBe("MQRC_Q_FULL");
        while (await qm.get(Q));
        await settle();
        expect(qm.queueStatus(PERFORMANCE_EVENT_QUEUE).depth).toBe(0);
        expect(await switches(qm)).toEqual({ qdphiev: "ENABLED", qdploev: "ENABLED", qdpmaxev: "ENABLED" });
      });
    });

    it("raises Queue Depth High at QDEPTHHI and Queue Depth Low at QDEPTHLO, each switching the other on, as DISPLAY QLOCAL shows", async () => {
      await withManager(
        "ENABLED",
        "MAXDEPTH(10) QDEPTHHI(80) QDEPTHLO(20) QDPHIEV(ENABLED) QDPLOEV(DISABLED) QDPMAXEV(DISABLED)",
        async (qm, clock, reopen) => {
          for (let i = 0; i < 7; i++) await qm.put(Q, { body: `m${i}` });
          clock.advance(3_000);
          await qm.put(Q, { body: "m7" }); // depth 8 = 80% of 10
          await settle();
          expect(await switches(qm)).toEqual({ qdphiev: "DISABLED", qdploev: "ENABLED", qdpmaxev: "ENABLED" });
          await qm.put(Q, { body: "m8" });
          await qm.put(Q, { body: "m9" }); // still high: no second event while QDPHIEV is disabled
          clock.advance(5_000);
          for (let i = 0; i < 7; i++) await qm.get(Q); // depth 3: above 20%
          await settle();
          expect(qm.queueStatus(PERFORMANCE_EVENT_QUEUE).depth).toBe(1);
          await qm.get(Q); // depth 2 = 20% of 10
          await settle();
          expect(await switches(qm)).toEqual({ qdphiev: "ENABLED", qdploev: "DISABLED", qdpmaxev: "ENABLED" });

          const events = await eventMessages(qm);
          expect(events.map((m) => [m.format, m.messageType, m.bodyFormat])).toEqual([
            ["MQEVENT", "datagram", "bytes"],
            ["MQEVENT", "datagram", "bytes"],
          ]);
          expect(events.map((m) => decodeEvent(m.body as Uint8Array))).toEqual([
            {
              eventType: "Queue Depth High",
              reason: 2224,
              reasonName: "MQRC_Q_DEPTH_HIGH",
              queueManager: "QM1",
              queue: Q,
              timeSinceReset: 3,
              highQDepth: 8,
              msgEnqCount: 8,
              msgDeqCount: 0,
            },
            // The statistics were reset by the first event: 2 puts and 8 gets since, the peak 10.
            {
              eventType: "Queue Depth Low",
              reason: 2225,
              reasonName: "MQRC_Q_DEPTH_LOW",
              queueManager: "QM1",
              queue: Q,
              timeSinceReset: 5,
              highQDepth: 10,
              msgEnqCount: 2,
              msgDeqCount: 8,
            },
          ]);

          // The queue manager's switches are part of the definition: a restart keeps them.
          const again = await reopen();
          expect(await switches(again)).toEqual({ qdphiev: "ENABLED", qdploev: "DISABLED", qdpmaxev: "ENABLED" });
        },
      );
    });

    it("raises events after a restart with PERFMEV enabled, before any ALTER", async () => {
      await withManager("ENABLED", "MAXDEPTH(10) QDEPTHHI(50) QDPHIEV(ENABLED) QDPLOEV(DISABLED) QDPMAXEV(DISABLED)", async (_qm, _clock, reopen) => {
        const qm = await reopen();
        for (let i = 0; i < 5; i++) await qm.put(Q, { body: `m${i}` });
        await settle();
        const events = (await eventMessages(qm)).map((m) => decodeEvent(m.body as Uint8Array));
        expect(events).toMatchObject([{ eventType: "Queue Depth High", queue: Q }]);
      });
    });

    it("raises Queue Full when a put is refused, switching QDPMAXEV off and QDPLOEV on", async () => {
      await withManager("ENABLED", "MAXDEPTH(3) QDPHIEV(DISABLED) QDPLOEV(DISABLED) QDPMAXEV(ENABLED)", async (qm, clock) => {
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: `m${i}` });
        await qm.get(Q);
        await qm.put(Q, { body: "m3" });
        clock.advance(2_500);
        expect(await reason(qm.put(Q, { body: "refused" }))).toBe("MQRC_Q_FULL");
        expect(await reason(qm.put(Q, { body: "refused again" }))).toBe("MQRC_Q_FULL");
        await settle();
        expect(await switches(qm)).toEqual({ qdphiev: "DISABLED", qdploev: "ENABLED", qdpmaxev: "DISABLED" });
        const events = (await eventMessages(qm)).map((m) => decodeEvent(m.body as Uint8Array));
        // One event: the second refusal found QDPMAXEV disabled. The refused put is not counted.
        expect(events).toEqual([
          {
            eventType: "Queue Full",
            reason: 2053,
            reasonName: "MQRC_Q_FULL",
            queueManager: "QM1",
            queue: Q,
            timeSinceReset: 2,
            highQDepth: 3,
            msgEnqCount: 4,
            msgDeqCount: 1,
          },
        ]);
        expect(qm.queueStatus(Q).depth).toBe(3);
      });
    });

    it("counts a put under syncpoint when its unit commits; one backed out raises nothing", async () => {
      await withManager("ENABLED", "MAXDEPTH(4) QDEPTHHI(50) QDPHIEV(ENABLED)", async (qm) => {
        const backedOut = qm.beginUnitOfWork();
        for (let i = 0; i < 3; i++) await qm.put(Q, { body: `b${i}` }, { unitOfWork: backedOut });
        await backedOut.rollback();
        await settle();
        expect(qm.queueStatus(PERFORMANCE_EVENT_QUEUE).depth).toBe(0);
        const committed = qm.beginUnitOfWork();
        for (let i = 0; i < 2; i++) await qm.put(Q, { body: `c${i}` }, { unitOfWork: committed });
        await settle();
        expect(qm.queueStatus(PERFORMANCE_EVENT_QUEUE).depth).toBe(0);
        await committed.commit();
        await settle();
        const events = (await eventMessages(qm)).map((m) => decodeEvent(m.body as Uint8Array));
        expect(events).toEqual([expect.objectContaining({ eventType: "Queue Depth High", highQDepth: 2, msgEnqCount: 1 })]);
      });
    });

    it("never fails the application's put or get when the event cannot be put: the event is lost", async () => {
      await withManager("ENABLED", "MAXDEPTH(2) QDEPTHHI(50) QDEPTHLO(0) QDPHIEV(ENABLED) QDPLOEV(ENABLED) QDPMAXEV(ENABLED)", async (qm) => {
        await run(qm, `ALTER QLOCAL(${PERFORMANCE_EVENT_QUEUE}) PUT(DISABLED)`);
        await qm.put(Q, { body: "high" }); // Queue Depth High, not put
        await qm.put(Q, { body: "full" });
        expect(await reason(qm.put(Q, { body: "refused" }))).toBe("MQRC_Q_FULL"); // the application's own reason
        await run(qm, `ALTER QLOCAL(${PERFORMANCE_EVENT_QUEUE}) PUT(ENABLED)`);
        await run(qm, `DELETE QLOCAL(${PERFORMANCE_EVENT_QUEUE})`);
        expect((await qm.get(Q))?.body).toBe("high");
        expect((await qm.get(Q))?.body).toBe("full"); // Queue Depth Low, no queue to put it on
        await settle();
        expect(await switches(qm)).toEqual({ qdphiev: "ENABLED", qdploev: "DISABLED", qdpmaxev: "ENABLED" });
        // A full event queue loses the events after the first, and raises no Queue Full of its own.
        await run(qm, `DEFINE QLOCAL(${PERFORMANCE_EVENT_QUEUE}) MAXDEPTH(1)`);
        await qm.put(Q, { body: "high again" });
        await qm.put(Q, { body: "full again" });
        expect(await reason(qm.put(Q, { body: "refused" }))).toBe("MQRC_Q_FULL");
        await settle();
        expect((await eventMessages(qm)).map((m) => decodeEvent(m.body as Uint8Array).eventType)).toEqual(["Queue Depth High"]);
      });
    });
  });

  describe(`queue depth event PCF: ${name}`, () => {
    const event: DepthEvent = {
      eventType: "Queue Depth High",
      reason: 2224,
      reasonName: "MQRC_Q_DEPTH_HIGH",
      queueManager: "QM1",
      queue: "APP.ORDERS",
      timeSinceReset: 75,
      highQDepth: 800,
      msgEnqCount: 1157,
      msgDeqCount: 357,
    };

    it("lays out MQCFH, two MQCFST and four MQCFIN, little-endian and blank-padded, and decodes back", () => {
      const bytes = encodeDepthEvent(event, 1208);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const ints = (offset: number, count: number) => Array.from({ length: count }, (_, i) => view.getInt32(offset + 4 * i, true));
      const text = (offset: number, length: number) => new TextDecoder().decode(bytes.subarray(offset, offset + length));
      expect(bytes.length).toBe(236);
      // MQCFH: Type MQCFT_EVENT, StrucLength, Version 1, Command MQCMD_PERFM_EVENT, MsgSeqNumber, Control MQCFC_LAST, CompCode MQCC_WARNING, Reason, ParameterCount.
      expect(ints(0, 9)).toEqual([7, 36, 1, 45, 1, 1, 1, 2224, 6]);
      // MQCFST QMgrName: Type, StrucLength, Parameter MQCA_Q_MGR_NAME, CodedCharSetId, StringLength; then 48 blank-padded bytes.
      expect(DEPTH_EVENT_LAYOUT.queueManager).toBe(36);
      expect(ints(36, 5)).toEqual([4, 68, 2015, 1208, 48]);
      expect(text(56, 48)).toBe("QM1".padEnd(48, " "));
      expect(DEPTH_EVENT_LAYOUT.queue).toBe(104);
      expect(ints(104, 5)).toEqual([4, 68, 2002, 1208, 48]);
      expect(text(124, 48)).toBe("APP.ORDERS".padEnd(48, " "));
      // MQCFIN: Type, StrucLength, Parameter, Value.
      expect(ints(172, 4)).toEqual([3, 16, 35, 75]);
      expect(ints(188, 4)).toEqual([3, 16, 36, 800]);
      expect(ints(204, 4)).toEqual([3, 16, 37, 1157]);
      expect(ints(220, 4)).toEqual([3, 16, 38, 357]);
      expect([...bytes.subarray(28, 32)]).toEqual([0xb0, 0x08, 0, 0]); // 2224 = X'8B0', little-endian
      expect(decodeEvent(bytes)).toEqual(event);
    });

    it("decodes parameters in any order, skipping ones it does not know, and refuses what is no depth event", () => {
      const bytes = encodeDepthEvent(event);
      const header = bytes.subarray(0, 36);
      const parameters = [bytes.subarray(36, 104), bytes.subarray(104, 172), ...[172, 188, 204, 220].map((o) => bytes.subarray(o, o + 16))];
      const unknown = new Uint8Array(16);
      new DataView(unknown.buffer).setInt32(0, 3, true);
      new DataView(unknown.buffer).setInt32(4, 16, true);
      new DataView(unknown.buffer).setInt32(8, 9999, true);
      const shuffled = concat([header, unknown, ...parameters.reverse()]);
      new DataView(shuffled.buffer).setInt32(32, 7, true);
      expect(decodeEvent(shuffled)).toEqual(event);

      const notEvent = bytes.slice();
      new DataView(notEvent.buffer).setInt32(0, 2, true); // MQCFT_RESPONSE
      expect(() => decodeEvent(notEvent)).toThrow(/MQCFT_EVENT/);
      expect(() => decodeEvent(bytes.subarray(0, 100))).toThrow(/StrucLength|ends/);
    });
  });
}

// --- Internal helpers ---

async function run(qm: QueueManager, script: string): Promise<void> {
  const result = await qm.mqsc(script);
  if (result.notProcessed > 0 || result.syntaxErrors > 0) throw new Error(result.commands.flatMap((c) => c.text).join("\n"));
}

/** QDPHIEV, QDPLOEV and QDPMAXEV as DISPLAY QLOCAL shows them. */
async function switches(qm: QueueManager): Promise<Record<string, unknown>> {
  const shown = (await qm.mqsc(`DISPLAY QLOCAL(${Q}) QDPHIEV QDPLOEV QDPMAXEV`)).commands[0]!;
  const { qdphiev, qdploev, qdpmaxev } = shown.objects![0]!.parameters;
  return { qdphiev, qdploev, qdpmaxev };
}

/** Event messages are put just after the commit that raised them; let that happen. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

async function eventMessages(qm: QueueManager): Promise<Message[]> {
  const out: Message[] = [];
  for (let m = await qm.get(PERFORMANCE_EVENT_QUEUE); m; m = await qm.get(PERFORMANCE_EVENT_QUEUE)) out.push(m);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
