/**
 * The publish/subscribe and selector cases, the same in every runtime, against plain put+get
 * of the same run:
 *
 *   plain        n persistent put+get pairs (the baseline)
 *   fanout-S     n/S persistent publications to S subscriptions (n copies delivered, each a put to
 *                its subscription's queue, all of one publication in one unit of work)
 *   selective    n selective gets, each finding the 1 message in 1,000 that a selector picks on a
 *                queue 10,000 deep (the deep queue is filled before the timed part), the selector
 *                first used after the fill: each get reads on from where the last stopped
 *   selective-live  the same with the selector in use before the fill (one get with it on the
 *                empty queue, as a consumer or a polling client has): its put-time index
 *                (core/kernel/selector-index.ts) leads each get to its message
 */
import type { QueueManager } from "../core/index.js";
import { BODY_1KIB } from "./stats.js";
import type { CaseSet } from "./case-rows.js";

export const PUBSUB_CASES = ["plain", "fanout-1", "fanout-10", "fanout-100", "selective", "selective-live"] as const;
export type PubSubCase = (typeof PUBSUB_CASES)[number];

const QUEUE = "DEV.QUEUE.1";
export const SELECTIVE_DEPTH = 10_000;
const FILL_UNIT = 1_000;

/** Untimed set-up for a case: subscriptions and their queues, or the deep queue. */
export async function preparePubSubCase(qm: QueueManager, kind: PubSubCase, n: number): Promise<void> {
  await qm.alterQueue(QUEUE, { maxDepth: 999_999_999 });
  if (kind.startsWith("fanout-")) {
    const subscriptions = Number(kind.slice(7));
    for (let i = 0; i < subscriptions; i++) {
      await qm.defineQueue(`FAN.${i}`, { maxDepth: 999_999_999 });
      await qm.defineObject("subscription", `FAN.SUB.${i}`, { topicString: "bench/fan/#", destination: `FAN.${i}` });
    }
  }
  if (kind === "selective-live") await qm.get(QUEUE, { selector: "region = 'eu'" });
  if (kind.startsWith("selective")) {
    // n matching messages, each with 999 that do not match before it; 1,000 puts to a unit of
    // work, so that filling IndexedDB takes seconds, not the benchmark's whole time.
    for (let i = 0; i < Math.max(SELECTIVE_DEPTH, n * 1000); i += FILL_UNIT) {
      const unitOfWork = qm.beginUnitOfWork();
      for (let j = i; j < i + FILL_UNIT; j++)
        await qm.put(QUEUE, { body: BODY_1KIB, persistent: true, properties: { region: j % 1000 === 999 ? "eu" : "us" } }, { unitOfWork });
      await unitOfWork.commit();
    }
  }
}

/** Runs one case; returns how many messages went through (n when all did). */
export async function runPubSubCase(qm: QueueManager, kind: PubSubCase, n: number): Promise<number> {
  let through = 0;
  if (kind === "plain") {
    for (let i = 0; i < n; i++) {
      await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
      if (await qm.get(QUEUE)) through++;
    }
  } else if (kind.startsWith("selective")) {
    for (let i = 0; i < n; i++) if (await qm.get(QUEUE, { selector: "region = 'eu'" })) through++;
  } else {
    const subscriptions = Number(kind.slice(7));
    for (let i = 0; i < n / subscriptions; i++) through += (await qm.publish("bench/fan/prices", { body: BODY_1KIB, persistent: true })).subscriptions;
  }
  return through;
}

export const PUBSUB_SET: CaseSet<PubSubCase> = {
  cases: PUBSUB_CASES,
  describe: (kind) =>
    kind.startsWith("selective")
      ? `selective get of 1 in 1,000 on a queue 10,000 deep, the selector ${kind === "selective" ? "first used after the fill" : "in use before it"} (gets/s)`
      : `publication to ${kind.slice(7)} subscriptions (copies delivered/s)`,
  target: () => undefined,
};
