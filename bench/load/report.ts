/** The load run's report, one block per server. */
import type { LoadResult } from "./run-load.js";

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function formatResult(result: LoadResult): string {
  const { options: o, tally: t, conservation: c } = result;
  const seconds = result.elapsedMs / 1000;
  const lines = [
    `== ${result.server}: ${o.producers} producers, ${o.readers + o.slowReaders + o.neverReaders + o.aborters} consumers (${o.readers} read, ${o.slowReaders} slow, ${o.neverReaders} never read, ${o.aborters} abort), ${o.monitors} browse+MQSC; ${seconds.toFixed(1)} s, at most ${o.maxInFlight} in flight (peak ${result.peakInFlight}), MAXDEPTH(${o.maxDepth}) (max CURDEPTH seen ${t.maxDepthSeen}), puts in bursts of ${o.burstMs} ms`,
    `   puts/s ${(result.puts / seconds).toFixed(0)}  (${result.puts} acknowledged, ${t.refusedFull} refused MQRC_Q_FULL)   put latency p50 ${ms(result.putP50)}  p99 ${ms(result.putP99)}`,
    `   gets/s ${(result.gets / seconds).toFixed(0)}  (${result.gets} got during the load, ${result.drained} in the drain)   get latency p50 ${ms(result.getP50)}  p99 ${ms(result.getP99)} (readers; includes waiting for a message)`,
    `   aborted gets ${t.abortedGets} (${t.abortedInWait} mid-wait, ${t.neverRead} never read)   slow reads ${t.slowReads}   cut by the server ${t.cutByServer}   backed out and got again ${c.backedOutSeen}   browses ${t.browses}   MQSC ${t.mqscCommands}`,
    `   conservation: ${c.acknowledged} acknowledged, ${c.received} got once; taken by a client that left them unread (README) ${c.takenUnread.length} seen + ${c.takenUnseen} unseen (of ${t.abortedInWait} that closed before any answer); lost = ${c.lost.length}, duplicated = ${c.duplicated.length}, never put = ${c.phantom.length}; CURDEPTH after drain ${result.depthAfter}`,
  ];
  if (c.lost.length > 0) lines.push(`   LOST: ${c.lost.slice(0, 20).join(", ")}`);
  if (c.duplicated.length > 0) lines.push(`   DUPLICATED: ${c.duplicated.slice(0, 20).join(", ")}`);
  if (c.phantom.length > 0) lines.push(`   NEVER PUT: ${c.phantom.slice(0, 20).join(", ")}`);
  for (const error of result.errors.slice(0, 10)) lines.push(`   ERROR: ${error}`);
  if (result.errors.length > 10) lines.push(`   ... and ${result.errors.length - 10} more errors`);
  lines.push(`   ${result.ok ? "OK" : "FAILED"}`);
  return lines.join("\n");
}
