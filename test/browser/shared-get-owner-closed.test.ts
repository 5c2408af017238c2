/**
 * Plain gets across pages while the owner's page is closed (Chromium, the manager run by the
 * tab that holds the lock): a get answered to another page is taken under syncpoint and
 * committed only once that page has it (confirmed-get.ts), so closing the owner at any point
 * loses no message and delivers none twice. Pages are same-origin iframes, each its own window
 * with its own locks, closed by removal. Three pages get; the owner (a fourth page at first,
 * then whichever page the lock goes to) gets nothing while it owns: a get of the page that is
 * closed dies with the page, as any application's does, which is not what this is about. The points are drawn from a seed printed at the
 * start: a failure names it, and `SEED` below replays it.
 */
import { afterEach, expect, it } from "vitest";
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import type { SharedPage } from "./fixtures/shared-page.js";
import { closeAllPages, openPage, sleep } from "./support/shared-pages.js";

/** Set to a printed seed to replay that run. */
const SEED: number | undefined = undefined;
const MESSAGES = 1000;
const PAGES = 3;
/** Owner pages closed during the drain, each replaced by a new page. */
const CLOSES = 4;
const QUEUE = "APP.DRAINED";

interface Getter {
  frame: HTMLIFrameElement;
  page: SharedPage;
  qm: SharedQueueManager;
  /** Whether the page has a get of its own in flight. */
  state: { getting: boolean };
}

/** A small seeded generator (mulberry32): the same seed draws the same points. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

afterEach(closeAllPages);

it(
  `${MESSAGES} persistent messages got by ${PAGES} pages while the owner's page is closed ${CLOSES} times at random points: each is received exactly once`,
  { timeout: 90_000 },
  async () => {
    const seed = SEED ?? (Math.random() * 2 ** 32) >>> 0;
    console.log(`shared-get-owner-closed: seed ${seed}`);
    const random = seeded(seed);
    const name = `GETS${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const options = { name, databaseName: `webmq-test:${name}`, sharedWorker: false };

    const received: string[] = [];
    const failures: string[] = [];
    let stopped = false;
    const live = new Set<Getter>();
    const join = async (): Promise<Getter> => {
      const { frame, page } = await openPage();
      const getter = { frame, page, qm: await page.openBrowserQueueManager(options), state: { getting: false } };
      live.add(getter);
      void page.getUntil(
        getter.qm,
        QUEUE,
        (body) => received.push(body),
        (reason) => failures.push(reason),
        () => stopped,
        getter.state,
      );
      return getter;
    };

    // The first page owns the manager; its messages are put there directly, in one burst.
    const { frame, page } = await openPage();
    const firstQm = await page.openBrowserQueueManager(options);
    const manager = await firstQm.whenOwner();
    await manager.mqsc(`DEFINE QLOCAL(${QUEUE}) MAXDEPTH(${MESSAGES * 2})`);
    await Promise.all(Array.from({ length: MESSAGES }, (_, i) => manager.put(QUEUE, { body: `m${i}`, persistent: true })));
    const first = { frame, page, qm: firstQm, state: { getting: false } };
    live.add(first);
    void page.getUntil(
      firstQm,
      QUEUE,
      (body) => received.push(body),
      (reason) => failures.push(reason),
      () => stopped,
      first.state,
    );
    for (let i = 0; i < PAGES; i++) await join();

    // The owner is closed once the pages have received a drawn number of messages, a drawn
    // 0 to 4 ms later: so at any point of a get's way (asked, taken, answered, confirmed).
    const points = Array.from({ length: CLOSES }, () => 100 + Math.floor(random() * (MESSAGES - 200))).sort((a, b) => a - b);
    const joining: Promise<Getter>[] = [];
    for (const point of points) {
      await until(() => received.length >= point, `${point} messages were received (seed ${seed})`, 30_000);
      const delay = Math.floor(random() * 5);
      if (delay > 0) await sleep(delay);
      let owner: Getter | undefined;
      await until(() => (owner = [...live].find((getter) => getter.qm.role === "owner")) !== undefined, `a page owns the manager (seed ${seed})`, 20_000);
      // Its own get (begun before it became the owner) ends first: what is closed is the owner of others' gets.
      await until(() => !owner!.state.getting, `the owner's own get ended (seed ${seed})`, 20_000);
      owner!.frame.remove();
      live.delete(owner!);
      joining.push(join());
    }
    await Promise.all(joining);

    // Done when every message is received, or when the queue is empty with nothing held (a lost
    // message would otherwise be waited for forever).
    const survivor = [...live][0]!.qm;
    await until(
      async () => {
        if (received.length >= MESSAGES) return true;
        const status = await survivor.queueStatus(QUEUE);
        return status.depth === 0 && status.uncommitted === 0;
      },
      `the messages were all received or the queue emptied (seed ${seed})`,
      30_000,
    );
    // A message delivered twice would come after the last one: give the pages a few more gets.
    await sleep(300);
    stopped = true;
    const status = await survivor.queueStatus(QUEUE);

    const counts = new Map<string, number>();
    for (const body of received) counts.set(body, (counts.get(body) ?? 0) + 1);
    const missing = Array.from({ length: MESSAGES }, (_, i) => `m${i}`).filter((body) => !counts.has(body));
    const twice = [...counts].filter(([, count]) => count > 1).map(([body]) => body);
    expect({ seed, missing, twice, failures, depth: status.depth, uncommitted: status.uncommitted }).toEqual({
      seed,
      missing: [],
      twice: [],
      failures: [],
      depth: 0,
      uncommitted: 0,
    });
    expect(received).toHaveLength(MESSAGES);
    for (const getter of live) await getter.qm.close();
  },
);

it(
  "a page closed while its get waits (the manager in a SharedWorker) takes nothing: the next message put is another page's at once, its backout count 0",
  { timeout: 30_000 },
  async () => {
    const name = `GONE${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const options = { name, databaseName: `webmq-test:${name}`, sharedWorker: true };
    const leaving = await openPage();
    const staying = await openPage();
    const gone = await leaving.page.openBrowserQueueManager(options);
    const qm = await staying.page.openBrowserQueueManager(options);
    await qm.mqsc(`DEFINE QLOCAL(${QUEUE})`);

    void gone.get(QUEUE, { wait: 10_000 }).catch(() => undefined);
    await sleep(300); // the get is waiting on the owner
    leaving.frame.remove();
    await sleep(300); // the owner is granted the page's lease
    await qm.put(QUEUE, { body: "for whoever is here", persistent: true });
    const message = await qm.get(QUEUE, { wait: 2_000 });
    expect(message).toMatchObject({ body: "for whoever is here", backoutCount: 0 });
    await qm.close();
  },
);
