/**
 * Calls caught by an owner change (Chromium, the manager run by the tab that holds the lock):
 * the owner's page is closed while a call of another page is on its way, and that call must
 * end (no one waits forever) and say what is true (a commit whose outcome is not known is not
 * reported backed out: an application that believed it would redo work that was done).
 * Pages are same-origin iframes, each its own window with its own locks, closed by removal.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import { closeAllPages, openPage, sleep } from "./support/shared-pages.js";

/** `work`, or a failure naming `what` if it has not settled within `ms` (a wait that would last forever). */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    work,
    sleep(ms).then((): never => {
      throw new Error(`${what} never settled`);
    }),
  ]);
}

/** The reason of an MQError made in another page's realm (instanceof does not cross realms). */
function reasonOf(error: unknown): string {
  return String((error as { reason?: unknown })?.reason ?? (error instanceof Error ? error.message : error));
}

/** An owner page and a client page on a new database, the owner first so that it wins the lock. */
async function ownerAndClient(): Promise<{ owner: { frame: HTMLIFrameElement; qm: SharedQueueManager }; client: SharedQueueManager }> {
  const name = `CHANGE${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const options = { name, databaseName: `webmq-test:${name}`, sharedWorker: false };
  const ownerPage = await openPage();
  const clientPage = await openPage();
  const ownerQm = await ownerPage.page.openBrowserQueueManager(options);
  const client = await clientPage.page.openBrowserQueueManager(options);
  expect([ownerQm.role, client.role]).toEqual(["owner", "client"]);
  return { owner: { frame: ownerPage.frame, qm: ownerQm }, client };
}

afterEach(closeAllPages);

describe("a call caught by the owner's page closing (tab mode, Chromium)", () => {
  it("a browse opened as the owner goes is opened on the new owner, not left waiting forever", { timeout: 30_000 }, async () => {
    const { owner, client } = await ownerAndClient();
    await owner.qm.mqsc("DEFINE QLOCAL(APP.BROWSED)");
    await client.put("APP.BROWSED", { body: "still here", persistent: true });

    const browsing = client.browse("APP.BROWSED");
    owner.frame.remove();
    const cursor = await within(browsing, 10_000, "the browse");
    expect(await cursor.next()).toMatchObject({ body: "still here" });
    expect(await cursor.next()).toBeNull();
    await cursor.close();
    await client.close();
  });

  it("a listener started as the owner goes is started on the new owner and handles what is put there", { timeout: 30_000 }, async () => {
    const { owner, client } = await ownerAndClient();
    await owner.qm.mqsc("DEFINE QLOCAL(APP.HEARD)");
    const handled: string[] = [];

    const listening = client.listen("APP.HEARD", (message) => void handled.push(String(message.body)));
    owner.frame.remove();
    const listener = await within(listening, 10_000, "the listen");
    await client.put("APP.HEARD", { body: "after the change", persistent: true });
    await within(
      (async () => {
        while (handled.length === 0) await sleep(25);
      })(),
      10_000,
      "the handling",
    );
    expect(handled).toEqual(["after the change"]);
    await listener.close();
    await client.close();
  });

  it(
    "a commit in flight as the owner goes is MQRC_CALL_INTERRUPTED (its outcome is not known), never MQRC_BACKED_OUT when it was committed",
    { timeout: 90_000 },
    async () => {
      // The owner's page is closed 0 to 5 ms after the commit is sent: early, the commit never
      // reached it; a little later, it was committed and the answer was lost (seen at 2 ms);
      // later still, it was answered. The client cannot tell the first two apart.
      const outcomes: { delay: number; reason: string; committed: boolean }[] = [];
      for (let delay = 0; delay < 6; delay++) {
        const { owner, client } = await ownerAndClient();
        await owner.qm.mqsc("DEFINE QLOCAL(APP.IN)\nDEFINE QLOCAL(APP.OUT)");
        await client.put("APP.IN", { body: `work ${delay}`, persistent: true });
        const connection = await client.createConnection();
        const session = await connection.createSession({ transacted: true });
        const message = await session.receive("APP.IN", 1000);
        expect(message).toMatchObject({ body: `work ${delay}` });
        await session.send("APP.OUT", { body: `done ${delay}`, persistent: true });

        const committing = session.commit().then(
          () => "committed",
          (error: unknown) => reasonOf(error),
        );
        if (delay > 0) await sleep(delay);
        owner.frame.remove();
        const reason = await within(committing, 10_000, "the commit");
        // What the new owner (the client's page) opened from IndexedDB says what happened.
        const outDepth = (await client.queueStatus("APP.OUT")).depth;
        const inDepth = (await client.queueStatus("APP.IN")).depth;
        expect(outDepth + inDepth).toBe(1); // never both, never neither
        outcomes.push({ delay, reason, committed: outDepth === 1 });
        await client.close();
      }
      for (const outcome of outcomes) {
        if (outcome.reason === "committed") expect(outcome.committed).toBe(true);
        else expect(outcome, JSON.stringify(outcomes)).toMatchObject({ reason: "MQRC_CALL_INTERRUPTED" });
      }
    },
  );

  it(
    "an individual acknowledge in flight as the owner goes is MQRC_CALL_INTERRUPTED (it may have been applied), never MQRC_BACKED_OUT",
    { timeout: 90_000 },
    async () => {
      // As for the commit: closed 0 to 5 ms after the acknowledge is sent, the owner may not
      // have had it, or may have applied it and lost the answer. A caller told "backed out"
      // would process again a message that was in fact acknowledged.
      const outcomes: { delay: number; reason: string; acknowledged: boolean }[] = [];
      for (let delay = 0; delay < 6; delay++) {
        const { owner, client } = await ownerAndClient();
        await owner.qm.mqsc("DEFINE QLOCAL(APP.IN)");
        await client.put("APP.IN", { body: `acknowledged ${delay}`, persistent: true });
        await client.put("APP.IN", { body: `left ${delay}`, persistent: true });
        const connection = await client.createConnection();
        const session = await connection.createSession({ acknowledgeMode: "individual" });
        const message = await session.receive("APP.IN", 1000);
        expect(message).toMatchObject({ body: `acknowledged ${delay}` });
        expect(await session.receive("APP.IN", 1000)).toMatchObject({ body: `left ${delay}` }); // held, never acknowledged

        const acknowledging = session.acknowledge(message!.token).then(
          () => "acknowledged",
          (error: unknown) => reasonOf(error),
        );
        if (delay > 0) await sleep(delay);
        owner.frame.remove();
        const reason = await within(acknowledging, 10_000, "the acknowledge");
        // The new owner (the client's page) opened from IndexedDB: the message left
        // unacknowledged is back; the acknowledged one is gone if the owner applied it.
        const bodies: string[] = [];
        const cursor = await client.browse("APP.IN");
        for (let m = await cursor.next(); m; m = await cursor.next()) bodies.push(String(m.body));
        await cursor.close();
        expect(bodies).toContain(`left ${delay}`);
        outcomes.push({ delay, reason, acknowledged: !bodies.includes(`acknowledged ${delay}`) });
        // The other message was held, unacknowledged, when the owner went: whatever became of
        // the acknowledge, the session says that one was backed out, once, and carries on.
        expect(await session.receiveNoWait("APP.IN").then(() => "answered", reasonOf)).toBe("MQRC_BACKED_OUT");
        expect(await session.receiveNoWait("APP.IN")).not.toBeNull();
        await session.close();
        await client.close();
      }
      for (const outcome of outcomes) {
        if (outcome.reason === "acknowledged") expect(outcome.acknowledged).toBe(true);
        else expect(outcome, JSON.stringify(outcomes)).toMatchObject({ reason: "MQRC_CALL_INTERRUPTED" });
      }
      // Closed as the acknowledge was sent, the owner never answered it: the case this is about.
      expect(outcomes[0]!.reason).toBe("MQRC_CALL_INTERRUPTED");
    },
  );
});

describe.each([
  { mode: "in a SharedWorker", sharedWorker: true },
  { mode: "in the tab that holds the lock", sharedWorker: false },
])("two names, run $mode (Chromium)", ({ sharedWorker }) => {
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  it(
    "refuses, with MQRC_Q_MGR_NAME_ERROR, a second name for a database another page runs, instead of handing it the other manager",
    { timeout: 30_000 },
    async () => {
      const databaseName = `webmq-test:${unique("DB")}`;
      const first = await openPage();
      const second = await openPage();
      const qm = await first.page.openBrowserQueueManager({ name: "QM.ONE", databaseName, sharedWorker });
      const refused = await within(second.page.openBrowserQueueManager({ name: "QM.TWO", databaseName, sharedWorker }), 10_000, "the open").then(
        (other) => `opened as ${other.name}, running ${String((other as unknown as { role: string }).role)}`,
        (error: unknown) => reasonOf(error),
      );
      expect(refused).toBe("MQRC_Q_MGR_NAME_ERROR");
      // The first page's manager carries on.
      await qm.put("DEV.QUEUE.1", { body: "still served", persistent: true });
      expect(await qm.get("DEV.QUEUE.1")).toMatchObject({ body: "still served" });
      await qm.close();
    },
  );

  it("keeps two managers of different names opened by one page apart", { timeout: 30_000 }, async () => {
    const { page } = await openPage();
    const one = await page.openBrowserQueueManager({ name: unique("ONE"), sharedWorker });
    const two = await page.openBrowserQueueManager({ name: unique("TWO"), sharedWorker });
    await one.put("DEV.QUEUE.1", { body: "for one", persistent: true });
    await two.put("DEV.QUEUE.1", { body: "for two", persistent: true });
    expect((await one.queueStatus("DEV.QUEUE.1")).depth).toBe(1);
    expect(await two.get("DEV.QUEUE.1")).toMatchObject({ body: "for two" });
    expect(await two.get("DEV.QUEUE.1")).toBeNull();
    expect(await one.get("DEV.QUEUE.1")).toMatchObject({ body: "for one" });
    await one.close();
    await two.close();
  });
});

describe("the SharedWorker after a failed open (Chromium)", () => {
  it(
    "opens the database for a later page by its right name after a page asked by a wrong one, and says why the wrong one failed",
    { timeout: 30_000 },
    async () => {
      const { openLocalBrowserQueueManager } = await import("../../adapters/browser/index.js");
      const name = `SWNAME${Date.now().toString(36).toUpperCase()}`;
      const databaseName = `webmq-test:${name}`;
      // The database exists, made by QM `name`; no context runs it.
      const made = await openLocalBrowserQueueManager({ name, databaseName });
      await made.put("DEV.QUEUE.1", { body: "kept", persistent: true });
      await made.close();

      const wrong = await openPage();
      const refused = await within(wrong.page.openBrowserQueueManager({ name: "NOT.IT", databaseName, sharedWorker: true }), 10_000, "the wrong open").then(
        () => "opened",
        (error: unknown) => reasonOf(error),
      );
      expect(refused).toBe("MQRC_Q_MGR_NAME_ERROR");

      const right = await openPage();
      const qm = await within(right.page.openBrowserQueueManager({ name, databaseName, sharedWorker: true }), 10_000, "the right open");
      expect(await qm.get("DEV.QUEUE.1")).toMatchObject({ body: "kept" });
      await qm.close();
    },
  );
});

describe("a page that closes its manager as its turn to run it comes (tab mode, Chromium)", () => {
  it("runs nothing after close(): the next page to stand becomes the owner", { timeout: 90_000 }, async () => {
    // The owner's page is closed, and the next page closes its manager 0 to 80 ms later: at
    // some of these it was granted the lock and is opening the manager from IndexedDB.
    for (const delay of [0, 2, 5, 10, 20, 40, 80]) {
      const { owner, client } = await ownerAndClient();
      const options = { name: client.name, databaseName: client.databaseName, sharedWorker: false };
      owner.frame.remove();
      if (delay > 0) await sleep(delay);
      await client.close();
      const third = await openPage();
      const qm = await within(third.page.openBrowserQueueManager(options), 10_000, `the third page's open (delay ${delay} ms)`);
      const end = Date.now() + 5000;
      while (qm.role !== "owner" && Date.now() < end) await sleep(25);
      expect(qm.role, `the page that came after a close ${delay} ms after the owner went`).toBe("owner");
      await qm.close();
    }
  });
});
