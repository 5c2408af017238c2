/**
 * The channels of a browser's queue manager, kept running by the context that runs it (the
 * owner): the channels that were running when the last owner went are started again when
 * this one opens the manager (their in-doubt batch is resolved by the agent as it starts),
 * and a channel waiting to reach its partner is started at once when the browser comes
 * online, rather than at its next retry (core's SHORTRTY/SHORTTMR, then LONGRTY/LONGTMR:
 * twenty minutes apart by default, once ten minutes offline have spent the short ones).
 *
 * Why here and not in core: which channels to resume is the owner's memory (remembered.ts),
 * and online/offline are the browser's word (network.ts). That word is also given to core
 * through the connector (`network`): while offline, core's retries wait, RETRYING, instead of
 * each failing at once (the browser refuses the connection) and spending SHORTRTY and LONGRTY.
 */
import type { QueueManager } from "../../../core/index.js";
import { dialsOut } from "../../../core/features/channels/settings.js";
import type { BrowserChannelConnector } from "./connector.js";
import { openRememberedChannels, type RememberedChannels } from "./remembered.js";
import { watchNetwork, type NetworkWatch } from "./network.js";

export interface ChannelKeeper {
  /** The channels it restarts: started and not stopped by an operator. */
  readonly kept: ReadonlySet<string>;
  readonly online: boolean;
  /** Stops watching the network; resolves once what it was remembering is written. */
  stop(): Promise<void>;
}

/**
 * Keeps `qm`'s channels: resumes those remembered for `databaseName`, and from now on
 * remembers each START CHANNEL and forgets each STOP CHANNEL (through MQSC or the API: both
 * call the manager's startChannel/stopChannel, which this wraps on the instance).
 */
export async function keepChannels(qm: QueueManager, databaseName: string, connector?: BrowserChannelConnector): Promise<ChannelKeeper> {
  // Without its memory (IndexedDB refused it) the keeper still retries; it only cannot resume.
  const memory: RememberedChannels | undefined = await openRememberedChannels(databaseName).catch(() => undefined);
  const kept = new Set<string>(memory ? await memory.names().catch(() => []) : []);
  let writes = Promise.resolve();
  const write = (op: (m: RememberedChannels) => Promise<void>) => {
    if (memory) writes = writes.then(() => op(memory)).catch(() => undefined);
  };

  const start = qm.startChannel.bind(qm);
  const stop = qm.stopChannel.bind(qm);
  qm.startChannel = (name) => {
    const state = start(name);
    if (dialsOut(qm.object("channel", name)?.attributes) && !kept.has(name)) {
      kept.add(name);
      write((m) => m.remember(name));
    }
    return state;
  };
  qm.stopChannel = (name) => {
    const stopped = stop(name);
    if (kept.delete(name)) write((m) => m.forget(name));
    return stopped;
  };

  // START of a RETRYING channel cancels its retry timer and dials now (core's agents.ts).
  let backOnline: (() => void)[] = [];
  const network: NetworkWatch = watchNetwork(databaseName, (online) => {
    if (!online) return;
    for (const wake of backOnline.splice(0)) wake();
    for (const name of kept) if (waiting(qm, name)) start(name);
  });
  if (connector)
    connector.network = {
      get online() {
        return network.online;
      },
      whenOnline: () => (network.online ? Promise.resolve() : new Promise<void>((resolve) => backOnline.push(resolve))),
    };

  for (const name of [...kept]) {
    if (dialsOut(qm.object("channel", name)?.attributes)) start(name);
    else if (kept.delete(name)) write((m) => m.forget(name));
  }

  const close = qm.close.bind(qm);
  let stopped = false;
  const keeper: ChannelKeeper = {
    kept,
    get online() {
      return network.online;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      network.stop();
      if (connector) connector.network = undefined;
      backOnline = [];
      await writes;
      memory?.close();
    },
  };
  qm.close = async () => {
    // What START and STOP said is written before the manager is closed, so the next owner reads it.
    await keeper.stop();
    return close();
  };
  return keeper;
}

/**
 * A kept channel waiting to reach its partner: RETRYING (it could not connect, or its
 * connection broke), or STOPPED for a broken connection once its retries were spent (offline
 * for long): the browser's `online` is a new reason to try. One an operator stopped is not
 * kept, so is not here.
 */
function waiting(qm: QueueManager, name: string): boolean {
  const status = qm.channelStatus(name);
  if (status === "retrying") return true;
  return status === "stopped" && (qm.channelAgentStatus(name)?.reason ?? "").startsWith("MQRC_CONNECTION_BROKEN");
}
