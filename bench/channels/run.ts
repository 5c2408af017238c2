/**
 * `npm run bench -- channels`: messages/s a sender channel moves, persistent 1 KiB messages at
 * BATCHSZ 50 and 1, beside a local put+get of as many messages on the same kind of store in the
 * same run: in process (LinkedChannels, memory stores) and over WebSocket between two queue
 * managers of this process, the receiver behind serveHttp on 127.0.0.1. The edge's object to
 * object figure is bench/edge-channels.mjs (it needs the local edge); the page to server one is
 * the browser channels' bench.
 */
import { createMemoryStore } from "../../core/index.js";
import { inProcessEnds, webSocketEnds } from "./ends.js";
import { median } from "../stats.js";
import type { BenchResult, BenchRow } from "../types.js";
import { channelRate, localRate } from "./moves.js";

const COUNT = 2000;
const ROUNDS = 5;
export async function runChannelsBench(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  for (const [transport, open] of [
    ["in process (LinkedChannels)", inProcessEnds],
    ["over WebSocket to serveHttp", webSocketEnds()],
  ] as const) {
    for (const batchSize of [50, 1]) {
      const ours: number[] = [];
      const baseline: number[] = [];
      // One round of each, not counted: the first measured round would otherwise time V8
      // compiling the channel's code (far more of it than a local put and get), not moving messages.
      await channelRate(open, COUNT, batchSize);
      await localRate(() => createMemoryStore(), COUNT);
      const oursCpu: number[] = [];
      const baselineCpu: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        ours.push(await channelRate(open, COUNT, batchSize, oursCpu));
        baseline.push(await localRate(() => createMemoryStore(), COUNT, baselineCpu));
      }
      const rate = median(ours);
      const local = median(baseline);
      const cpu = { ours: median(oursCpu), baseline: median(baselineCpu) };
      const inProcessGoal = transport.startsWith("in process") && batchSize === 50;
      rows.push({
        runtime: "node",
        case: `channel ${transport}, BATCHSZ ${batchSize}, persistent 1 KiB, memory stores`,
        ours: rate,
        baseline: local,
        ratio: rate / local,
        target: inProcessGoal ? "≥ 50%" : "-",
        met: inProcessGoal ? rate / local >= 0.5 : true,
        rounds: { ours, baseline },
        details: {
          messages: COUNT,
          baseline: "local put then get of as many persistent messages, one at a time, memory store",
          "CPU µs per message, ours": Math.round(cpu.ours),
          "CPU µs per message, baseline": Math.round(cpu.baseline),
          "CPU ratio (baseline / ours)": Number((cpu.baseline / cpu.ours).toFixed(3)),
        },
      });
    }
  }
  return {
    name: "channels",
    runtime: "node",
    versions: { node: process.version },
    rows,
    notes: [
      "Channel rows: messages waiting on the transmission queue, timed from START CHANNEL to the last one on the receiver's queue (bench/channels/).",
      `Each row: one round of the channel and of the baseline first, not counted (V8 compiling the code), then the median of ${ROUNDS} rounds of each.`,
      "details' CPU figures: this process's CPU time per message over the same spans (both ends run in it), the ratio as the rate's (baseline CPU / ours); steadier than wall time on a machine other processes share.",
    ],
  };
}
