/**
 * The listener container (qm.listen) on every store and runtime: seed 000's scenario (a
 * listener that never stalls: poison messages to the backout queue, unprocessable ones to
 * the dead-letter queue, every good message handled exactly once), with a store that fails
 * once in the middle; and each rule on its own.
 */
import { describe, expect, it, vi } from "vitest";
import {
  ManualClock,
  QueueManager,
  type DeadLetterHandlerReport,
  UnprocessableMessageError,
  type Listener,
  type ListenerEvent,
  type Message,
  type Store,
} from "../../core/index.js";
import { MQDLH_LENGTH, decodeDeadLetterHeader, encodeDeadLetterHeader } from "../../core/features/dead-letters/dead-letters.js";
import { bind, uniqueKey, type StoreHarness } from "./harness.js";

const APP = "APP.IN";
const BOQ = "APP.BACKOUT";
const DLQ = "SYSTEM.DEAD.LETTER.QUEUE";

/** Waits (real time) until `done` holds, or fails with what `state` says. */
async function until(done: () => boolean, state: () => unknown, ms = 60_000): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > ms) throw new Error(`timed out; state: ${JSON.stringify(state())}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function drain(qm: QueueManager, queue: string): Promise<Message[]> {
  const out: Message[] = [];
  for (let m = await qm.get(queue); m; m = await qm.get(queue)) out.push(m);
  return out;
}

/** A store whose `failAt`th commit fails (nothing of it applied); the others pass. */
function failingOnce(store: Store, failAt: number): Store & { failed: boolean } {
  let commits = 0;
  const wrapped = bind(store) as Store & { failed: boolean };
  wrapped.failed = false;
  wrapped.commit = (batch) => {
    if (++commits === failAt) {
      wrapped.failed = true;
      return Promise.reject(new Error(`injected failure of commit ${failAt}`));
    }
    return store.commit(batch);
  };
  return wrapped;
}

export function testListener(name: string, harness: StoreHarness, options: { messages: number } = { messages: 1000 }): void {
  const withManager = (body: (qm: QueueManager) => Promise<void>, wrap: (store: Store) => Store = (s) => s) =>
    harness.withStorage(uniqueKey(`listener-${name}`), async (openStore) => {
      const qm = await QueueManager.open({ name: "QM1", store: wrap(openStore()) });
      try {
        await qm.mqsc(`DEFINE QLOCAL(${APP}) MAXDEPTH(100000) BOTHRESH(4) BOQNAME(${BOQ})\nDEFINE QLOCAL(${BOQ}) MAXDEPTH(100000)`);
        await qm.alterQueue(DLQ, { maxDepth: 100000 });
        await body(qm);
      } finally {
        await qm.close();
      }
    });

  const seedScenario = async (qm: QueueManager, failingStore?: { failed: boolean }) => {
    const total = options.messages;
    // Every 20th message is poison (the handler always throws), every 50th from 7 on unprocessable.
    const kindOf = (i: number) => (i % 20 === 0 ? "poison" : i % 50 === 7 ? "unprocessable" : "good");
    const sent = Array.from({ length: total }, (_, i) => i);
    for (const i of sent) await qm.put(APP, { body: `m${i}`, persistent: true, properties: { n: i, kind: kindOf(i) } });
    const handled = new Map<number, number>();
    let running = 0;
    let mostAtOnce = 0;
    const events: ListenerEvent[] = [];
    const listener = qm.listen(
      APP,
      async (message) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 0));
          const n = Number(message.properties.find((p) => p.name === "n")!.value);
          if (kindOf(n) === "poison") throw new Error(`poison ${n}`);
          if (kindOf(n) === "unprocessable") throw new UnprocessableMessageError(`message ${n} is of the wrong type`);
          handled.set(n, (handled.get(n) ?? 0) + 1);
        } finally {
          running--;
        }
      },
      { maxSessions: 4, maxRetries: 5 },
    );
    for (const type of ["error", "poison", "dead-letter", "warning"] as const) listener.addEventListener(type, (event) => events.push(event));
    const poison = sent.filter((i) => kindOf(i) === "poison");
    const unprocessable = sent.filter((i) => kindOf(i) === "unprocessable");
    const good = sent.filter((i) => kindOf(i) === "good");
    await until(
      () => qm.queueStatus(APP).depth === 0 && listener.stats.processed + listener.stats.backedOut + listener.stats.deadLettered >= total,
      () => ({ stats: listener.stats, depth: qm.queueStatus(APP), failed: failingStore?.failed }),
    );
    expect(listener.closed).toBe(false);
    expect(mostAtOnce, `handlers at once: ${mostAtOnce}`).toBeLessThanOrEqual(4);
    // Every good message handled exactly once (a failed commit backs its get out; it is handled again, not twice committed).
    const committedGood = good.filter((i) => (handled.get(i) ?? 0) >= 1);
    expect(committedGood).toEqual(good);
    if (!failingStore) for (const i of good) expect(handled.get(i), `message ${i}`).toBe(1);
    const onBoq = await drain(qm, BOQ);
    expect(onBoq.map((m) => Number(m.properties.find((p) => p.name === "n")!.value)).sort((a, b) => a - b)).toEqual(poison);
    // Each poison message reached BOTHRESH(4); with the failing store, the one whose move was the
    // failed commit was backed out by it (MQ counts that backout too) and moved at 5.
    const counts = onBoq.map((m) => m.backoutCount);
    if (!failingStore) expect(new Set(counts)).toEqual(new Set([4]));
    else {
      expect(counts.filter((c) => c !== 4).length, `counts seen: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(1);
      expect(counts.every((c) => c === 4 || c === 5)).toBe(true);
    }
    const onDlq = await drain(qm, DLQ);
    expect(onDlq.map((m) => Number(m.properties.find((p) => p.name === "n")!.value)).sort((a, b) => a - b)).toEqual(unprocessable);
    for (const m of onDlq) expect(m.deadLetterHeader).toMatchObject({ reason: 65536, destQueue: APP, destQueueManager: "QM1" });
    const { stats } = listener;
    const errors = events.filter((e) => e.type === "error").map((e) => e.detail);
    const context = JSON.stringify({ stats, errors: errors.filter((e) => !e.startsWith("the handler failed")) });
    expect(stats.processed, context).toBe(good.length);
    expect(stats.backedOut, context).toBe(poison.length);
    expect(stats.deadLettered, context).toBe(unprocessable.length);
    // sent = handled + moved
    expect(stats.processed + stats.backedOut + stats.deadLettered, context).toBe(total);
    expect(stats.rolledBack, context).toBe(poison.length * 4);
    expect(
      events.filter((e) => e.type === "poison"),
      context,
    ).toHaveLength(poison.length);
    expect(events.filter((e) => e.type === "warning")).toEqual([]);
    await listener.close();
  };

  describe(`listener: ${name}`, () => {
    it(`never stalls: of ${options.messages} messages, good ones are handled once, poison ones go to BOQNAME with their count, unprocessable ones to the dead-letter queue`, async () => {
      await withManager((qm) => seedScenario(qm));
    }, 120_000);

    it("loses nothing when the store fails once in the middle", async () => {
      let failing: (Store & { failed: boolean }) | undefined;
      await withManager(
        (qm) => seedScenario(qm, failing),
        (store) => (failing = failingOnce(store, Math.floor(options.messages * 1.6))),
      );
      expect(failing!.failed).toBe(true);
    }, 120_000);

    it("backs a message out when the handler throws, and hands it over again with its count raised", async () => {
      await withManager(async (qm) => {
        await qm.put(APP, { body: "flaky", persistent: true });
        const seen: number[] = [];
        const listener = qm.listen(APP, (message) => {
          seen.push(message.backoutCount);
          if (seen.length < 3) throw new Error("not yet");
        });
        await until(
          () => listener.stats.processed === 1,
          () => listener.stats,
        );
        expect(seen).toEqual([0, 1, 2]);
        expect(listener.stats).toMatchObject({ processed: 1, rolledBack: 2, backedOut: 0, errors: 2 });
        expect(qm.queueStatus(APP).depth).toBe(0);
        await listener.close();
      });
    });

    it("puts a poison message on the dead-letter queue with a dead-letter header when the queue has no BOQNAME", async () => {
      await withManager(async (qm) => {
        await qm.alterQueue(APP, { backoutRequeueQueue: "", backoutThreshold: 2 });
        await qm.put(APP, { body: "bad", persistent: true, correlationId: "ab".repeat(24) });
        const listener = qm.listen(APP, () => {
          throw new Error("always");
        });
        await until(
          () => listener.stats.deadLettered === 1,
          () => listener.stats,
        );
        const [dead] = await drain(qm, DLQ);
        expect(dead).toMatchObject({ body: "bad", backoutCount: 2, correlationId: "ab".repeat(24) });
        expect(dead!.deadLetterHeader).toMatchObject({
          reason: 2362,
          reasonName: "MQRC_BACKOUT_THRESHOLD_REACHED",
          destQueue: APP,
          destQueueManager: "QM1",
          format: "MQSTR",
        });
        const bytes = encodeDeadLetterHeader(dead!.deadLetterHeader!);
        expect(bytes.byteLength).toBe(MQDLH_LENGTH);
        expect(decodeDeadLetterHeader(bytes)).toMatchObject({ reason: 2362, destQueue: APP });
        await listener.close();
      });
    });

    it("falls back to the dead-letter queue when the backout queue refuses the message (put inhibited)", async () => {
      await withManager(async (qm) => {
        await qm.alterQueue(BOQ, { putEnabled: false });
        await qm.alterQueue(APP, { backoutThreshold: 1 });
        await qm.put(APP, { body: "bad", persistent: true });
        const listener = qm.listen(APP, () => {
          throw new Error("always");
        });
        await until(
          () => listener.stats.deadLettered === 1,
          () => listener.stats,
        );
        expect((await drain(qm, DLQ)).map((m) => m.body)).toEqual(["bad"]);
        expect(qm.queueStatus(BOQ).depth).toBe(0);
        await listener.close();
      });
    });

    it("holds aside a poison message that can go nowhere, goes on with the messages behind it, reports it once, and puts it back on close", async () => {
      await withManager(async (qm) => {
        await qm.alterQueue(APP, { backoutRequeueQueue: "NO.SUCH.QUEUE", backoutThreshold: 1 });
        await qm.alterQueueManager({ deadLetterQueue: "" });
        await qm.put(APP, { body: "poison", persistent: true, priority: 9 });
        for (let i = 0; i < 5; i++) await qm.put(APP, { body: `good ${i}`, persistent: true });
        const handled: unknown[] = [];
        const poisonEvents: ListenerEvent[] = [];
        const listener = qm.listen(APP, (message) => {
          if (message.body === "poison") throw new Error("always");
          handled.push(message.body);
        });
        listener.addEventListener("poison", (event) => poisonEvents.push(event));
        // Handled and committed: the handler has run for each, and its get is committed.
        await until(
          () => listener.stats.processed === 5,
          () => ({ stats: listener.stats, handled }),
        );
        expect(poisonEvents).toHaveLength(1);
        expect(poisonEvents[0]!.detail).toMatch(/stays on queue APP.IN/);
        expect(qm.queueStatus(APP)).toMatchObject({ depth: 1, uncommitted: 1 });
        await listener.close();
        expect(await qm.get(APP)).toMatchObject({ body: "poison", backoutCount: 1 });
      });
    });

    it("discards an unprocessable message where the options say so", async () => {
      await withManager(async (qm) => {
        await qm.put(APP, { body: "junk", persistent: true });
        const listener = qm.listen(
          APP,
          () => {
            throw new UnprocessableMessageError("junk");
          },
          { unprocessable: "discard" },
        );
        await until(
          () => listener.stats.discarded === 1,
          () => listener.stats,
        );
        expect(qm.queueStatus(APP).depth).toBe(0);
        expect(qm.queueStatus(DLQ).depth).toBe(0);
        await listener.close();
      });
    });

    it("warns of the seed's stalling configuration, maxRetries at or below BOTHRESH, and still never stalls", async () => {
      await withManager(async (qm) => {
        await qm.alterQueue(APP, { backoutThreshold: 5, backoutRequeueQueue: BOQ });
        const warnings: ListenerEvent[] = [];
        await qm.put(APP, { body: "bad", persistent: true });
        const listener: Listener = qm.listen(
          APP,
          () => {
            throw new Error("always");
          },
          { maxRetries: 3 },
        );
        listener.addEventListener("warning", (event) => warnings.push(event));
        await until(
          () => listener.stats.backedOut === 1,
          () => listener.stats,
        );
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.detail).toMatch(/maxRetries \(3\) is at or below/);
        expect((await qm.get(BOQ))?.backoutCount).toBe(3);
        await listener.close();
      });
    });

    it("waits before handing a message over again, as redeliveryDelay says", async () => {
      await withManager(async (qm) => {
        await qm.put(APP, { body: "slow", persistent: false });
        const times: number[] = [];
        const listener = qm.listen(
          APP,
          () => {
            times.push(Date.now());
            if (times.length < 3) throw new Error("again");
          },
          { redeliveryDelay: { initial: 40, multiplier: 2, max: 1000 } },
        );
        await until(
          () => listener.stats.processed === 1,
          () => listener.stats,
        );
        expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(35);
        expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(75);
        await listener.close();
      });
    });

    it("lets running handlers finish on close, and takes nothing more", async () => {
      await withManager(async (qm) => {
        for (let i = 0; i < 3; i++) await qm.put(APP, { body: i, persistent: true });
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const started: unknown[] = [];
        const listener = qm.listen(APP, async (message) => {
          started.push(message.body);
          await gate;
        });
        await until(
          () => started.length === 1,
          () => started,
        );
        const closing = listener.close();
        release();
        await closing;
        expect(started).toEqual([0]);
        expect(listener.stats.processed).toBe(1);
        expect(qm.queueStatus(APP)).toMatchObject({ depth: 2, uncommitted: 0, openInputCount: 0 });
      });
    });

    it("closes the queue manager while a handler waits for ever on a get, and while a message waits out its redelivery delay", async () => {
      await harness.withStorage(uniqueKey(`listener-close-${name}`), async (openStore) => {
        const qm = await QueueManager.open({ name: "QM1", store: openStore() });
        await qm.mqsc(`DEFINE QLOCAL(${APP})\nDEFINE QLOCAL(APP.OTHER)\nDEFINE QLOCAL(APP.NEVER)`);
        await qm.put(APP, { body: "waits", persistent: true });
        let entered = false;
        qm.listen(APP, async () => {
          entered = true;
          await qm.get("APP.NEVER", { wait: Infinity });
        });
        await until(
          () => entered,
          () => "the handler did not start",
        );
        await qm.put("APP.OTHER", { body: "delayed", persistent: true });
        const retried: number[] = [];
        qm.listen(
          "APP.OTHER",
          (m) => {
            retried.push(m.backoutCount);
            throw new Error("again");
          },
          { redeliveryDelay: { initial: 60_000 } },
        );
        await until(
          () => retried.length === 1,
          () => retried,
        );
        const started = Date.now();
        await qm.close();
        expect(Date.now() - started).toBeLessThan(5000);
        const reopened = await QueueManager.open({ name: "QM1", store: openStore() });
        // Neither message was lost: the one whose handler never finished, and the one that waited out its delay.
        expect(reopened.queueStatus(APP).depth).toBe(1);
        expect((await reopened.get("APP.OTHER"))?.backoutCount).toBe(1);
        await reopened.close();
      });
    });

    it("refuses bad options with MQRC_OPTIONS_ERROR", async () => {
      await withManager(async (qm) => {
        expect(() => qm.listen(APP, () => undefined, { maxSessions: 0 })).toThrow(/maxSessions/);
        expect(() => qm.listen(APP, () => undefined, { redeliveryDelay: { initial: -1 } })).toThrow(/initial/);
        expect(() => qm.listen("NO.SUCH.QUEUE", () => undefined)).toThrow(/NO.SUCH.QUEUE/);
      });
    });
  });

  describe(`dead-letter queue handler: ${name}`, () => {
    /** A manager on a manual clock, with a dead-lettered message from APP.IN on the DLQ. */
    const withDeadLetter = (body: (qm: QueueManager, clock: ManualClock) => Promise<void>) =>
      harness.withStorage(uniqueKey(`dlq-handler-${name}`), async (openStore) => {
        const clock = new ManualClock();
        const qm = await QueueManager.open({ name: "QM1", store: openStore(), clock });
        try {
          await qm.mqsc(`DEFINE QLOCAL(${APP}) BOTHRESH(1)\nDEFINE QLOCAL(APP.PARKED)`);
          await qm.put(APP, { body: "order 7", persistent: true, properties: { n: 7 } });
          const unit = qm.beginUnitOfWork();
          const got = await qm.get(APP, { unitOfWork: unit });
          await unit.rollback();
          const listener = qm.listen(APP, () => {
            throw new Error("never");
          });
          for (let i = 0; i < 100 && listener.stats.deadLettered === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
          await listener.close();
          expect(got?.body).toBe("order 7");
          expect(qm.queueStatus(DLQ).depth).toBe(1);
          await body(qm, clock);
        } finally {
          await qm.close();
        }
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    it("RETRY puts a message back where it was going once the queue takes it again, trying every RETRYINT seconds", async () => {
      await withDeadLetter(async (qm, clock) => {
        await qm.alterQueue(APP, { putEnabled: false });
        const reports: DeadLetterHandlerReport[] = [];
        const handler = await qm.startDeadLetterHandler(`INPUTQ(${DLQ}) RETRYINT(5) WAIT(YES)\nREASON(MQRC_BACKOUT_THRESHOLD_REACHED) ACTION(RETRY) RETRY(3)`);
        handler.onReport((report) => reports.push(report));
        clock.advance(0);
        // The handler's work is asynchronous (store commits): wait for it, do not sleep a fixed time.
        await vi.waitFor(() => expect(handler.stats.failedAttempts).toBe(1));
        expect(reports[0]!.detail).toMatch(/MQRC_PUT_INHIBITED/);
        await qm.alterQueue(APP, { putEnabled: true });
        clock.advance(5000);
        await vi.waitFor(() => expect(handler.stats).toMatchObject({ retried: 1, failedAttempts: 1 }));
        expect(await qm.get(APP)).toMatchObject({ body: "order 7", backoutCount: 1 });
        expect(qm.queueStatus(DLQ).depth).toBe(0);
        await handler.close();
      });
    });

    it("FWD forwards with &DESTQ substitution, keeping or dropping the header; after RETRY(n) fails the next matching rule decides", async () => {
      await withDeadLetter(async (qm, clock) => {
        await qm.alterQueue(APP, { putEnabled: false });
        const handler = await qm.startDeadLetterHandler(
          [
            `INPUTQ(' ') RETRYINT(1) WAIT(YES)`,
            "* try the destination once, then park it with its header",
            `DESTQ(APP.*) ACTION(RETRY) RETRY(1)`,
            `DESTQ(APP.*) ACTION(FWD) FWDQ(APP.PARKED) HEADER(YES)`,
          ].join("\n"),
        );
        clock.advance(0);
        await vi.waitFor(() => expect(handler.stats.failedAttempts).toBe(1));
        clock.advance(1000);
        await vi.waitFor(() => expect(handler.stats.forwarded).toBe(1));
        const parked = await qm.get("APP.PARKED");
        expect(parked).toMatchObject({ body: "order 7" });
        expect(parked!.deadLetterHeader).toMatchObject({ destQueue: APP, reason: 2362 });
        expect(handler.stats).toMatchObject({ forwarded: 1, failedAttempts: 1 });
        await handler.close();
      });
    });

    it("DISCARD removes, IGNORE leaves, and a message no rule matches stays; WAIT(NO) ends the handler when nothing is left to do", async () => {
      await withDeadLetter(async (qm, clock) => {
        await qm.put(DLQ, { body: "no header" });
        const handler = await qm.startDeadLetterHandler(
          `WAIT(NO)\nREASON(MQRC_BACKOUT_THRESHOLD_REACHED) ACTION(DISCARD)\nDESTQ(NOTHING.LIKE.IT) ACTION(IGNORE)`,
        );
        clock.advance(0);
        await handler.ended;
        expect(handler.closed).toBe(true);
        expect(handler.stats).toMatchObject({ discarded: 1, unmatched: 1 });
        expect((await qm.list(DLQ)).map((m) => m.deadLetterHeader === undefined)).toEqual([true]);
      });
    });

    it("refuses a bad rules table with the line and column of the fault", async () => {
      await withDeadLetter(async (qm) => {
        let error: unknown;
        try {
          await qm.startDeadLetterHandler("INPUTQ(' ')\nDESTQ(X) ACTION(FLY)");
        } catch (caught) {
          error = caught;
        }
        expect(error).toMatchObject({ line: 2, reason: "MQRC_FORMAT_ERROR" });
        expect(String((error as Error).message)).toMatch(/ACTION/);
      });
    });
  });
}

export function testExpiry(name: string, harness: StoreHarness): void {
  const withManager = (
    body: (qm: QueueManager, clock: ManualClock, reopen: () => Promise<QueueManager>) => Promise<void>,
    options: { messagesInMemoryPerLane?: number } = {},
  ) =>
    harness.withStorage(uniqueKey(`expiry-${name}`), async (openStore) => {
      const clock = new ManualClock();
      const open = () => QueueManager.open({ name: "QM1", store: openStore(), clock, ...options });
      const qm = await open();
      let current = qm;
      try {
        await body(qm, clock, async () => {
          await current.close();
          current = await open();
          return current;
        });
      } finally {
        await current.close();
      }
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  describe(`expiry: ${name}`, () => {
    it("removes a message when its time comes, without a get passing it, from memory and the store", async () => {
      await withManager(async (qm, clock, reopen) => {
        await qm.put("DEV.QUEUE.1", { body: "soon gone", persistent: true, expiry: 1000 });
        await qm.put("DEV.QUEUE.1", { body: "stays", persistent: true });
        expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(2);
        clock.advance(999);
        expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(2);
        clock.advance(1);
        await vi.waitFor(() => expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1));
        const again = await reopen();
        expect(await again.list("DEV.QUEUE.1")).toHaveLength(1);
        expect((await again.get("DEV.QUEUE.1"))?.body).toBe("stays");
      });
    });

    it("moves an expired message to the dead-letter queue with reason MQFB_EXPIRATION where the queue says USEDLQ(YES); there it does not expire", async () => {
      await withManager(async (qm, clock) => {
        const altered = await qm.mqsc("ALTER QLOCAL(DEV.QUEUE.1) USEDLQ(YES)\nDISPLAY QLOCAL(DEV.QUEUE.1) USEDLQ");
        expect(altered.commands[1]!.objects![0]!.parameters).toMatchObject({ usedlq: "YES" });
        await qm.put("DEV.QUEUE.1", { body: "late", persistent: true, expiry: 500, properties: { order: 9 } });
        clock.advance(500);
        await vi.waitFor(() => expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0));
        clock.advance(10_000);
        const [dead] = await drain(qm, DLQ);
        expect(dead).toMatchObject({ body: "late", expiry: null, persistent: true });
        expect(dead!.deadLetterHeader).toMatchObject({ reason: 258, reasonName: "MQFB_EXPIRATION", destQueue: "DEV.QUEUE.1" });
      });
    });

    it("holds an expired message back when the dead-letter queue refuses it, without spinning, and moves it at the retry sweep", async () => {
      await withManager(async (qm, clock) => {
        await qm.mqsc("ALTER QLOCAL(DEV.QUEUE.1) USEDLQ(YES)");
        await qm.alterQueue(DLQ, { putEnabled: false });
        await qm.put("DEV.QUEUE.1", { body: "late", persistent: true, expiry: 100 });
        clock.advance(100);
        await settle();
        // A get meets it, and a timer still fires: the failed move is not started again and again.
        expect(await qm.get("DEV.QUEUE.1")).toBeNull();
        let fired = false;
        setTimeout(() => (fired = true), 1);
        await settle();
        expect(fired).toBe(true);
        expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
        await qm.alterQueue(DLQ, { putEnabled: true });
        clock.advance(60_000);
        await vi.waitFor(() => expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(0));
        expect((await drain(qm, DLQ)).map((m) => m.body)).toEqual(["late"]);
      });
    });

    it("reaches expiring messages that are in the store only, page by page", async () => {
      await withManager(
        async (qm, clock) => {
          for (let i = 0; i < 12; i++) await qm.put("DEV.QUEUE.1", { body: `m${i}`, persistent: true, expiry: 1000 });
          await qm.put("DEV.QUEUE.1", { body: "stays", persistent: true });
          clock.advance(1000);
          for (let i = 0; i < 20 && qm.queueStatus("DEV.QUEUE.1").depth > 1; i++) {
            await settle();
            clock.advance(1);
          }
          expect(qm.queueStatus("DEV.QUEUE.1").depth).toBe(1);
        },
        { messagesInMemoryPerLane: 4 },
      );
    });
  });
}
