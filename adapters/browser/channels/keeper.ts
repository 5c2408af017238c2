/**
 * The channels of a browser's queue manager, kept running by the context that runs it (the
 * owner): the channels that were running when the last owner went are started again when
 * this one opens the manager (their in-doubt batch is resolved by the agent as it starts),
 * a channel that cannot reach its partner is started again every SHORTTMR seconds while the
 * browser is online and at once when it comes online, and not tried while it is offline.
 *
 * Why here and not in core: which channels to resume is the owner's memory (remembered.ts),
 * and online/offline are the browser's word (network.ts). Core's agents do not retry yet
 * (SHORTRTY/LONGRTY are coming, branch h1-channel-ops); once they do, this keeps only the
 * resume and the start at `online`, and a pause at `offline` needs a hook of theirs.
 */
import type { QueueManager } from "../../../core/index.js";
import { dialsOut } from "../../../core/features/channels/settings.js";
import { openRememberedChannels, type RememberedChannels } from "./remembered.js";
import { watchNetwork, type NetworkWatch } from "./network.js";

/** How often the keeper looks at the channels it keeps (the retry intervals are SHORTTMR's, at least this). */
const TICK_MS = 1000;

export interface ChannelKeeper {
  /** The channels it restarts: started and not stopped by an operator. */
  readonly kept: ReadonlySet<string>;
  readonly online: boolean;
  stop(): void;
}

/**
 * Keeps `qm`'s channels: resumes those remembered for `databaseName`, and from now on
 * remembers each START CHANNEL and forgets each STOP CHANNEL (through MQSC or the API: both
 * call the manager's startChannel/stopChannel, which this wraps on the instance).
 */
export async function keepChannels(qm: QueueManager, databaseName: string): Promise<ChannelKeeper> {
  // Without its memory (IndexedDB refused it) the keeper still retries; it only cannot resume.
  const memory: RememberedChannels | undefined = await openRememberedChannels(databaseName).catch(() => undefined);
  const kept = new Set<string>(memory ? await memory.names().catch(() => []) : []);
  const nextTry = new Map<string, number>();
  let writes = Promise.resolve();
  const write = (op: (m: RememberedChannels) => Promise<void>) => {
    if (memory) writes = writes.then(() => op(memory)).catch(() => undefined);
  };

  const start = qm.startChannel.bind(qm);
  const stop = qm.stopChannel.bind(qm);
  const retryInterval = (name: string) => Math.max(TICK_MS, Number(qm.object("channel", name)?.attributes.shortRetryInterval ?? 60) * 1000);
  const startKept = (name: string) => {
    nextTry.set(name, Date.now() + retryInterval(name));
    start(name);
  };
  qm.startChannel = (name) => {
    const state = start(name);
    if (dialsOut(qm.object("channel", name)?.attributes) && !kept.has(name)) {
      kept.add(name);
      write((m) => m.remember(name));
    }
    nextTry.set(name, Date.now() + retryInterval(name));
    return state;
  };
  qm.stopChannel = (name) => {
    const stopped = stop(name);
    if (kept.delete(name)) write((m) => m.forget(name));
    return stopped;
  };

  const network: NetworkWatch = watchNetwork(databaseName, (online) => {
    if (online) for (const name of kept) if (waiting(qm, name)) startKept(name);
  });
  const timer = setInterval(() => {
    if (!network.online) return;
    const now = Date.now();
    for (const name of kept) if (waiting(qm, name) && now >= (nextTry.get(name) ?? 0)) startKept(name);
  }, TICK_MS);

  for (const name of [...kept]) {
    if (dialsOut(qm.object("channel", name)?.attributes)) startKept(name);
    else if (kept.delete(name)) write((m) => m.forget(name));
  }

  const close = qm.close.bind(qm);
  let stopped = false;
  const keeper: ChannelKeeper = {
    kept,
    get online() {
      return network.online;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      network.stop();
      void writes.then(() => memory?.close());
    },
  };
  qm.close = async () => {
    keeper.stop();
    return close();
  };
  return keeper;
}

/**
 * A kept channel waiting to reach its partner: RETRYING (it could not connect, or its
 * connection broke mid-batch), or a requester whose connection broke (core shows it STOPPED
 * with the reason; IBM's would retry, a communications error). One an operator stopped is
 * not kept, so is not here.
 */
function waiting(qm: QueueManager, name: string): boolean {
  const status = qm.channelStatus(name);
  if (status === "retrying") return true;
  return status === "stopped" && (qm.channelAgentStatus(name)?.reason ?? "").startsWith("MQRC_CONNECTION_BROKEN");
}
