/// <reference lib="webworker" />
// The triggered application of the trigger-latency bench (trigger-latency.ts): notes when its
// first get returned a message (on the shared wall-clock timeline, performance.timeOrigin +
// performance.now(), comparable with the page's), reports it on BENCH.DONE with when the
// worker was created (timeOrigin) and when its module graph had loaded, drains and ends.
import { runTriggeredApplication } from "../../adapters/worker/triggered-application.js";

const loadedAt = performance.timeOrigin + performance.now();

runTriggeredApplication(async (trigger, qm) => {
  const first = await qm.get(trigger.queueName, { wait: 5_000 });
  const gotAt = performance.timeOrigin + performance.now();
  if (!first) return;
  await qm.put("BENCH.DONE", {
    body: JSON.stringify({ createdAt: performance.timeOrigin, loadedAt, gotAt }),
    correlationId: first.messageId,
    persistent: false,
  });
  while (await qm.get(trigger.queueName)) {
    // Drained: EVERY started a worker per message, the one that finds none ends at once.
  }
});
