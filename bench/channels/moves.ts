/**
 * What a channel moves, for the channels benchmark: 1 KiB persistent messages waiting on a
 * sender's transmission queue, timed from START CHANNEL to the last one on the receiver's
 * queue, over a given connector; and the baseline, a local put+get of as many messages on the
 * same kind of store, one at a time.
 */
import { QueueManager, type Store } from "../../core/index.js";

export const BODY = new Uint8Array(1024).fill(42);

export interface ChannelEnds {
  sender: QueueManager;
  receiver: QueueManager;
  /** CONNAME the sender dials to reach the receiver. */
  connectionName: string;
  close(): Promise<void>;
}

/** The CPU time this process has used, in microseconds (both ends of a channel run in it). */
const cpuMicros = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

/**
 * Messages per second a channel of BATCHSZ `batchSize` moves between the two ends `open` makes;
 * `cpu` gets the process's CPU microseconds per message over the same span.
 */
export async function channelRate(open: () => Promise<ChannelEnds>, count: number, batchSize: number, cpu?: number[]): Promise<number> {
  const ends = await open();
  try {
    const { sender, receiver } = ends;
    await receiver.mqsc("DEFINE QLOCAL(TARGET) MAXDEPTH(999999999)\nDEFINE CHANNEL(BENCH) CHLTYPE(RCVR)");
    await sender.mqsc(`DEFINE QLOCAL(RECEIVER) USAGE(XMITQ) MAXDEPTH(999999999)
DEFINE QREMOTE(REMOTE.Q) RNAME(TARGET) RQMNAME(${receiver.name}) XMITQ(RECEIVER)
DEFINE CHANNEL(BENCH) CHLTYPE(SDR) CONNAME('${ends.connectionName}') XMITQ(RECEIVER) BATCHSZ(${batchSize})`);
    for (let i = 0; i < count; i++) await sender.put("REMOTE.Q", { body: BODY, persistent: true });
    const started = performance.now();
    const cpuStarted = cpuMicros();
    sender.startChannel("BENCH");
    if ((await sender.channelStarted("BENCH")) !== "running") throw new Error(`channel BENCH: ${sender.channelAgentStatus("BENCH")?.reason}`);
    while (receiver.queueStatus("TARGET").depth < count) await new Promise((resolve) => setTimeout(resolve, 1));
    const seconds = (performance.now() - started) / 1000;
    cpu?.push((cpuMicros() - cpuStarted) / count);
    await sender.stopChannel("BENCH");
    return count / seconds;
  } finally {
    await ends.close();
  }
}

/** Messages per second of a local put then get of `count` persistent messages, one at a time; `cpu` as channelRate's. */
export async function localRate(store: () => Store | undefined, count: number, cpu?: number[]): Promise<number> {
  const given = store();
  const qm = await QueueManager.open({ name: "LOCAL", ...(given ? { store: given } : {}) });
  try {
    await qm.mqsc("DEFINE QLOCAL(TARGET) MAXDEPTH(999999999)");
    const started = performance.now();
    const cpuStarted = cpuMicros();
    for (let i = 0; i < count; i++) await qm.put("TARGET", { body: BODY, persistent: true });
    for (let i = 0; i < count; i++) if (!(await qm.get("TARGET"))) throw new Error("a message went missing");
    const rate = count / ((performance.now() - started) / 1000);
    cpu?.push((cpuMicros() - cpuStarted) / count);
    return rate;
  } finally {
    await qm.close();
  }
}
