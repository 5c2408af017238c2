/**
 * The shared queue manager's cases, run inside Chromium. Node (run.ts) calls
 * `window.bench.<case>(n, loops, persistent)`: `loops` loops share `n` put+get pairs, each
 * awaiting its put, then its get. "shared" goes through openBrowserQueueManager with the
 * manager in a SharedWorker, so this page is a client and every call crosses to the worker
 * (comlink over a relayed port); "local" is the same manager opened in this page, the baseline.
 * Each round opens a fresh database.
 */
import { openBrowserQueueManager, openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import { BODY_1KIB } from "../stats.js";

const QUEUE = "DEV.QUEUE.1";
export interface Timed {
  count: number;
  ms: number;
}

interface PutGet {
  put(queue: string, message: { body: string; persistent: boolean }): Promise<unknown>;
  get(queue: string): Promise<unknown>;
}

let databases = 0;
const freshName = () => `BENCH${Date.now().toString(36).toUpperCase()}${databases++}`;

async function pairs(qm: PutGet, n: number, loops: number, persistent: boolean): Promise<Timed> {
  const each = Math.ceil(n / loops);
  let got = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      for (let i = 0; i < each; i++) {
        await qm.put(QUEUE, { body: BODY_1KIB, persistent });
        if (await qm.get(QUEUE)) got++;
      }
    }),
  );
  const ms = performance.now() - start;
  if (got !== each * loops) throw new Error(`shared bench: ${got} of ${each * loops} gets returned a message`);
  return { count: got, ms };
}

/** Through the shared manager, run by a SharedWorker (this page a client). */
async function shared(n: number, loops: number, persistent: boolean): Promise<Timed> {
  // The worker keeps each database open for its life; the browser profile is thrown away after the run.
  const qm = await openBrowserQueueManager({ name: freshName(), sharedWorker: true });
  try {
    return await pairs(qm, n, loops, persistent);
  } finally {
    await qm.close();
  }
}

/** The same manager opened in this page: no boundary crossed. */
async function local(n: number, loops: number, persistent: boolean): Promise<Timed> {
  const qm = await openLocalBrowserQueueManager({ name: freshName() });
  try {
    return await pairs(qm, n, loops, persistent);
  } finally {
    await qm.close();
  }
}

const bench = { shared, local };
export type SharedPageBench = typeof bench;
declare global {
  interface Window {
    sharedBench: SharedPageBench;
  }
}
window.sharedBench = bench;
