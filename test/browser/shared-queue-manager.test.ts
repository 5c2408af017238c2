/**
 * One queue manager per origin (Chromium): several pages of one browser context (same-origin
 * iframes of the test page, each its own window with its own locks, closed by removing it)
 * and a Web Worker open the same IndexedDB database, and one of them runs its manager.
 * Each proof runs both ways: the manager in a SharedWorker (Chromium's default), and, with
 * `sharedWorker: false`, in the tab that won the election, so that closing the owner's page
 * makes another page take over.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import type { ConsumeReport } from "./fixtures/shared-page.js";
import { closeAllPages, openPage, sleep } from "./support/shared-pages.js";

function closePage(frame: HTMLIFrameElement): void {
  frame.remove();
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

/** The reason of an MQError made in another page's realm (instanceof does not cross realms). */
function reasonOf(error: unknown): string {
  return String((error as { reason?: unknown })?.reason ?? (error instanceof Error ? error.message : error));
}

/** The Web Locks client id of the page in `frame`: the holder of a lock it takes for the asking. */
async function clientIdOf(frame: HTMLIFrameElement): Promise<string> {
  const locks = frame.contentWindow!.navigator.locks;
  const probe = `webmq-test-probe-${crypto.randomUUID()}`;
  return locks.request(probe, async () => (await navigator.locks.query()).held!.find((lock) => lock.name === probe)!.clientId!);
}

/** The names of the leases (webmq-lease-*) page `clientId` holds, and of those anyone still asks for. */
async function leasesOf(clientId: string): Promise<{ held: string[]; asked: string[] }> {
  const { held = [], pending = [] } = await navigator.locks.query();
  const mine = held.filter((lock) => lock.clientId === clientId && lock.name!.startsWith("webmq-lease-")).map((lock) => lock.name!);
  return { held: mine, asked: pending.filter((lock) => mine.includes(lock.name!)).map((lock) => lock.name!) };
}

/** Everything on `queue`, got. */
async function drain(qm: SharedQueueManager, queue: string): Promise<string[]> {
  const bodies: string[] = [];
  for (let message = await qm.get(queue); message; message = await qm.get(queue)) bodies.push(String(message.body));
  return bodies;
}

afterEach(closeAllPages);

describe.each([
  { mode: "in a SharedWorker", sharedWorker: true },
  { mode: "in the tab that holds the lock", sharedWorker: false },
])("one queue manager per origin, run $mode (Chromium)", ({ sharedWorker }) => {
  const names = () => {
    const name = `SHARED${sharedWorker ? "W" : "T"}${Date.now().toString(36).toUpperCase()}`;
    return { name, databaseName: `webmq-test:${name}`, sharedWorker };
  };

  it("shows a DEFINE made in one page in another, without a reload", async () => {
    const options = names();
    const a = await openPage();
    const b = await openPage();
    const qmA = await a.page.openBrowserQueueManager(options);
    const qmB = await b.page.openBrowserQueueManager(options);
    expect([qmA.role, qmB.role].filter((role) => role === "owner")).toHaveLength(sharedWorker ? 0 : 1);
    const told = new Promise<boolean>((resolve) => qmB.onChange((notice) => notice.objects && resolve(true)));

    await qmA.mqsc("DEFINE QLOCAL(APP.SEEN.EVERYWHERE) MAXDEPTH(42)");
    expect(await told).toBe(true);
    const display = await qmB.mqsc("DISPLAY QLOCAL(APP.SEEN.EVERYWHERE) MAXDEPTH");
    expect(display.commands[0]!.objects?.[0]?.parameters).toMatchObject({ queue: "APP.SEEN.EVERYWHERE", maxdepth: 42 });

    const depthTold = new Promise<number>((resolve) =>
      qmA.onChange((notice) => notice.depths["APP.SEEN.EVERYWHERE"] !== undefined && resolve(notice.depths["APP.SEEN.EVERYWHERE"]!)),
    );
    await qmB.put("APP.SEEN.EVERYWHERE", { body: "put in B", persistent: true });
    expect(await depthTold).toBe(1);
    expect(await qmA.get("APP.SEEN.EVERYWHERE")).toMatchObject({ body: "put in B" });
    expect(await qmB.get("APP.SEEN.EVERYWHERE")).toBeNull(); // not twice
    await qmA.close();
    await qmB.close();
  });

  it("answers calls issued together in the order they were issued, each message once", async () => {
    const options = names();
    const { page } = await openPage();
    const qm = await page.openBrowserQueueManager(options);
    // Calls issued in one turn cross to the owner together (port-relay.ts), in order.
    await Promise.all(Array.from({ length: 64 }, (_, i) => qm.put("DEV.QUEUE.1", { body: `m${i}`, persistent: i % 2 === 0 })));
    const got = await Promise.all(Array.from({ length: 64 }, () => qm.get("DEV.QUEUE.1")));
    expect(got.map((m) => m?.body)).toEqual(Array.from({ length: 64 }, (_, i) => `m${i}`));
    expect(await qm.get("DEV.QUEUE.1")).toBeNull();
    await qm.close();
  });

  it("puts and sends the message as it was when put or send was called, not as the caller changed it after", async () => {
    const options = names();
    const page = await openPage();
    const qm = await page.page.openBrowserQueueManager(options);
    const bytes = new Uint8Array([1, 2, 3]);
    const message = { body: bytes, properties: { step: "called" } };
    const putting = qm.put("DEV.QUEUE.1", message);
    bytes[0] = 9;
    message.properties.step = "changed";
    await putting;
    const session = await (await qm.createConnection()).createSession();
    const text = { body: new Uint8Array([4, 5]) };
    const sending = session.send("DEV.QUEUE.1", text);
    text.body[0] = 9;
    await sending;
    const first = await qm.get("DEV.QUEUE.1");
    expect([...(first!.body as Uint8Array)]).toEqual([1, 2, 3]);
    expect(first!.properties).toContainEqual(expect.objectContaining({ name: "step", value: "called" }));
    expect([...((await qm.get("DEV.QUEUE.1"))!.body as Uint8Array)]).toEqual([4, 5]);
    await session.close();
    await qm.close();
  });

  it(
    "has 1,000 persistent messages got by consumers in three pages at once, each exactly once, while the first page (the owner in tab mode) is closed",
    { timeout: 120_000 },
    async () => {
      const options = names();
      const pages = [await openPage(), await openPage(), await openPage()];
      const managers: SharedQueueManager[] = [];
      for (const { page } of pages) managers.push(await page.openBrowserQueueManager(options));
      // The first page to stand for the lock won it (tab mode): closing it is closing the owner.
      if (!sharedWorker) expect(managers.map((qm) => qm.role)).toEqual(["owner", "client", "client"]);
      const [first, second, third] = managers as [SharedQueueManager, SharedQueueManager, SharedQueueManager];
      await first.mqsc("DEFINE QLOCAL(APP.WORK) MAXDEPTH(5000)\nDEFINE QLOCAL(APP.DONE) MAXDEPTH(5000)");

      const all = Array.from({ length: 1000 }, (_, i) => `m${i}`);
      for (let i = 0; i < all.length; i += 100) await Promise.all(all.slice(i, i + 100).map((body) => first.put("APP.WORK", { body, persistent: true })));
      expect((await second.queueStatus("APP.WORK")).depth).toBe(1000);

      const consumers = pages.map(({ page }, i) => page.consume(managers[i]!, "APP.WORK", "APP.DONE", `page-${i}`));
      consumers[0]!.catch(() => undefined); // its page is closed before it ends
      await until(async () => (await second.queueStatus("APP.DONE")).depth >= 300, "300 messages were done");
      closePage(pages[0]!.frame);

      const reports: ConsumeReport[] = await Promise.all(consumers.slice(1));
      for (const report of reports) expect(report.errors).toEqual([]);
      if (!sharedWorker) expect([second.role, third.role].filter((role) => role === "owner")).toHaveLength(1);

      const done = (await drain(second, "APP.DONE")).map((text) => JSON.parse(text) as { body: string; page: string });
      const left = await drain(third, "APP.WORK");
      const doneBodies = done.map((record) => record.body);
      expect(new Set(doneBodies).size).toBe(doneBodies.length); // none got twice
      expect([...doneBodies, ...left].sort()).toEqual([...all].sort()); // none lost: got once, or still there
      // The three pages each took part, and the two that stayed did most of it after the close.
      expect(new Set(done.map((record) => record.page)).size).toBe(3);
      expect(reports[0]!.committed + reports[1]!.committed).toBeGreaterThan(0);
      await second.close();
      await third.close();
    },
  );

  it("keeps a page's listener handling, and a browse working, after the first page closes", { timeout: 60_000 }, async () => {
    const options = names();
    const first = await openPage();
    const second = await openPage();
    const qmFirst = await first.page.openBrowserQueueManager(options);
    const qmSecond = await second.page.openBrowserQueueManager(options);
    await qmFirst.mqsc("DEFINE QLOCAL(APP.LISTENED)");
    const handled: string[] = [];
    const listener = await qmSecond.listen("APP.LISTENED", (message) => void handled.push(String(message.body)));
    for (let i = 0; i < 5; i++) await qmFirst.put("APP.LISTENED", { body: `before ${i}`, persistent: true });
    await until(async () => handled.length === 5, "the first five were handled");
    await qmFirst.put("APP.LISTENED", { body: "browsed", persistent: true });
    await until(async () => handled.length === 6, "the sixth was handled");
    // Committed, not only handled: a get the owner had not committed when it went would be
    // rolled back and handled again (at least once, as a listener promises).
    await until(async () => (await qmFirst.queueStatus("APP.LISTENED")).depth === 0, "the six gets were committed");

    closePage(first.frame);
    // In tab mode the second page takes over; a put sent in the moment the first page goes
    // would be in doubt (MQRC_CALL_INTERRUPTED), so this one waits for the new owner.
    if (!sharedWorker) await until(async () => qmSecond.role === "owner", "the second page took over");
    // The listener follows the owner.
    for (let i = 0; i < 5; i++) await qmSecond.put("APP.LISTENED", { body: `after ${i}`, persistent: true });
    await until(async () => handled.length === 11, "the five put after the close were handled");
    expect(handled.sort()).toEqual(
      [...Array.from({ length: 5 }, (_, i) => `after ${i}`), ...Array.from({ length: 5 }, (_, i) => `before ${i}`), "browsed"].sort(),
    );
    await listener.close();

    await qmSecond.put("APP.LISTENED", { body: "left to browse", persistent: true });
    const cursor = await qmSecond.browse("APP.LISTENED");
    expect(await cursor.next()).toMatchObject({ body: "left to browse" });
    expect(await cursor.next()).toBeNull();
    await cursor.close();
    expect((await qmSecond.queueStatus("APP.LISTENED")).depth).toBe(1);
    await qmSecond.close();
  });

  it(
    "frees the link of each client page that closes its manager or goes away, so a long-lived owner holds only the links in use",
    { timeout: 60_000 },
    async () => {
      const options = names();
      const first = await openPage();
      const qm = await first.page.openBrowserQueueManager(options);
      const before = await qm.ownerStatus();
      const clients: { frame: HTMLIFrameElement; qm: SharedQueueManager }[] = [];
      for (let i = 0; i < 4; i++) {
        const { frame, page } = await openPage();
        clients.push({ frame, qm: await page.openBrowserQueueManager(options) });
      }
      await clients[0]!.qm.put("DEV.QUEUE.1", { body: "from a client", persistent: true });
      const opened = await qm.ownerStatus();
      expect(opened).toEqual({ owner: before.owner, links: before.links + 4 });

      // Two close their manager and stay; two pages go away without closing anything.
      await clients[0]!.qm.close();
      await clients[1]!.qm.close();
      clients[2]!.frame.remove();
      clients[3]!.frame.remove();
      await until(async () => (await qm.ownerStatus()).links === before.links, `the owner held ${before.links} links again`, 10_000);
      expect((await qm.ownerStatus()).owner).toBe(before.owner); // the same owner: its links were freed, not lost with it

      // The owner serves on: the page left, and a page that comes now.
      expect(await qm.get("DEV.QUEUE.1")).toMatchObject({ body: "from a client" });
      const later = await openPage();
      const laterQm = await later.page.openBrowserQueueManager(options);
      await laterQm.put("DEV.QUEUE.1", { body: "from a later page", persistent: true });
      expect(await qm.get("DEV.QUEUE.1")).toMatchObject({ body: "from a later page" });
      expect((await qm.ownerStatus()).links).toBe(before.links + 1);
      await laterQm.close();
      await qm.close();
    },
  );

  it(
    "closes the JMS connections and listeners made from it when it is closed: an uncommitted get comes back, the connection's calls fail with MQRC_HCONN_ERROR, the listener handles no more",
    { timeout: 60_000 },
    async () => {
      const options = names();
      const staying = await openPage();
      const closing = await openPage();
      const qm = await staying.page.openBrowserQueueManager(options);
      const closingQm = await closing.page.openBrowserQueueManager(options);
      await qm.put("DEV.QUEUE.1", { body: "held, then given back", persistent: true });

      const closingClient = await clientIdOf(closing.frame);
      expect(await leasesOf(closingClient)).toEqual({ held: [], asked: [] });
      const connection = await closingQm.createConnection();
      const session = await connection.createSession({ transacted: true });
      expect(await session.receive("DEV.QUEUE.1", 1000)).toMatchObject({ body: "held, then given back" });
      expect(await qm.get("DEV.QUEUE.1")).toBeNull(); // held by the uncommitted get
      const handled: string[] = [];
      await closingQm.listen("DEV.QUEUE.2", (message) => void handled.push(String(message.body)));
      await qm.put("DEV.QUEUE.2", { body: "heard", persistent: true });
      await until(async () => handled.length === 1, "the listener handled the first message", 10_000);
      // The connection and the listener are each leased to the page; the owner watches each lease.
      const leases = await leasesOf(closingClient);
      expect(leases.held).toHaveLength(2);
      expect(leases.asked.sort()).toEqual([...leases.held].sort());

      // Its page stays open: only the close can give the message back.
      await closingQm.close();
      expect(await qm.get("DEV.QUEUE.1")).toMatchObject({ body: "held, then given back" });
      // Their leases ended with them: the page holds none, the owner asks for none.
      await until(async () => (await leasesOf(closingClient)).held.length === 0, "the page held no lease");
      expect((await navigator.locks.query()).pending!.filter((lock) => leases.held.includes(lock.name!))).toEqual([]);

      const failures = await Promise.all([
        session.receiveNoWait("DEV.QUEUE.1").then(() => "answered", reasonOf),
        session.send("DEV.QUEUE.1", { body: "after the close" }).then(() => "answered", reasonOf),
        session.commit().then(() => "answered", reasonOf),
        connection.createSession().then(() => "answered", reasonOf),
        closingQm.put("DEV.QUEUE.1", { body: "after the close" }).then(() => "answered", reasonOf),
        closingQm.createConnection().then(() => "answered", reasonOf),
      ]);
      expect(failures).toEqual(Array.from({ length: 6 }, () => "MQRC_HCONN_ERROR"));
      // The refused connection took no lease.
      expect((await leasesOf(closingClient)).held).toEqual([]);
      expect((await qm.queueStatus("DEV.QUEUE.1")).depth).toBe(0); // nothing was sent after the close

      // The listener was closed on the owner: what is put now stays on its queue.
      await qm.put("DEV.QUEUE.2", { body: "not heard", persistent: true });
      await sleep(500);
      expect(handled).toEqual(["heard"]);
      expect(await qm.get("DEV.QUEUE.2")).toMatchObject({ body: "not heard" });
      await qm.close();
    },
  );

  // A dedicated worker loads its modules through Vite first, which is slow while the other projects run: 45 s.
  it("serves a Web Worker started from a page the same queue manager", { timeout: 45_000 }, async () => {
    const options = names();
    const { page } = await openPage();
    const qm = await page.openBrowserQueueManager(options);
    await qm.put("DEV.QUEUE.1", { body: "from the page", persistent: true });
    const worker = new Worker(new URL("./fixtures/shared-qm.worker.ts", import.meta.url), { type: "module" });
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.addEventListener("message", (event) => resolve(event.data), { once: true });
      // A worker whose script fails to load or throws says so, rather than leaving the test waiting.
      worker.addEventListener("error", (event) => reject(new Error(`the worker failed: ${event.message || "its script did not load"}`)), { once: true });
    });
    worker.postMessage({ name: options.name, databaseName: options.databaseName, queue: "DEV.QUEUE.1", reply: "DEV.QUEUE.2" });
    expect(await answer).toMatchObject({ got: "from the page", role: "client" });
    expect(await qm.get("DEV.QUEUE.2")).toMatchObject({ body: "worker got: from the page" });
    expect(await qm.get("DEV.QUEUE.1")).toBeNull();
    worker.terminate();
    await qm.close();
  });
});
