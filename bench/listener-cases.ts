/**
 * The listener cases (qm.listen, issue 9), the same in every runtime: n persistent 1 KiB
 * messages already on the queue (put before the timed part) are taken off it
 *
 *   plain        by a plain get loop (the baseline of the same run)
 *   poison-P     by a listener with maxSessions 4 and maxRetries 5 on a queue with BOTHRESH(4)
 *                and a backout queue, whose handler throws for P% of the messages: each of
 *                those is delivered 4 times, then moved to the backout queue with its get
 *
 * Rates are messages settled (handled or moved aside) per second.
 */
import type { QueueManager } from "../core/index.js";
import { BODY_1KIB } from "./stats.js";
import type { CaseSet } from "./case-rows.js";

export const LISTENER_CASES = ["plain", "poison-0", "poison-1", "poison-10"] as const;
export type ListenerCase = (typeof LISTENER_CASES)[number];

const QUEUE = "BENCH.LISTENER.IN";
const BACKOUT = "BENCH.LISTENER.BACKOUT";

/** Untimed: the queues, and n messages on the input queue (every 100/P-th one poison). */
export async function prepareListenerCase(qm: QueueManager, kind: ListenerCase, n: number): Promise<void> {
  await qm.mqsc(`DEFINE QLOCAL(${QUEUE}) MAXDEPTH(999999999) BOTHRESH(4) BOQNAME(${BACKOUT}) REPLACE\nDEFINE QLOCAL(${BACKOUT}) MAXDEPTH(999999999) REPLACE`);
  const percent = kind === "plain" ? 0 : Number(kind.slice(7));
  for (let i = 0; i < n; i++) await qm.put(QUEUE, { body: BODY_1KIB, persistent: true, properties: { poison: percent > 0 && i % (100 / percent) === 0 } });
}

/** Timed: takes every message off the queue; resolves with how many were settled. */
export async function runListenerCase(qm: QueueManager, kind: ListenerCase, n: number): Promise<number> {
  if (kind === "plain") {
    let got = 0;
    while (await qm.get(QUEUE)) got++;
    return got;
  }
  const listener = qm.listen(
    QUEUE,
    (message) => {
      if (message.properties.some((p) => p.name === "poison" && p.value === true)) throw new Error("poison");
    },
    { maxSessions: 4, maxRetries: 5 },
  );
  const settled = () => listener.stats.processed + listener.stats.backedOut;
  while (settled() < n) await new Promise((resolve) => setTimeout(resolve, 1));
  await listener.close();
  return settled();
}

export const LISTENER_SET: CaseSet<ListenerCase> = {
  cases: LISTENER_CASES,
  describe: (kind) => `persistent, listener (maxSessions 4) with ${kind.slice(7)}% poison messages (BOTHRESH 4), messages settled/s`,
  target: () => undefined,
  baseline: "a plain get loop",
};
