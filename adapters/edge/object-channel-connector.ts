/**
 * The sending end of a channel between queue managers of one Worker: the connector each
 * queue manager's object opens its QueueManager with. It finds the receiving queue manager
 * by the CONNAME rule (channel-address.ts) and opens a WebSocket to that queue manager's object
 * through its stub (`stub.fetch` with `Upgrade: websocket`), straight from object to object:
 * no front Worker, no credentials, because only this Worker's own code holds the namespace
 * binding that reaches an object. Each end is a SocketTransport (one frame per binary message);
 * the receiving object holds its end with the Hibernation API (channel-sockets.ts).
 */
import { MQError } from "../../core/index.js";
import { SocketTransport, type ChannelConnector, type ChannelTransport } from "../../core/features/channels/index.js";
import { connameEntries, isOwnHost, type ConnameEntry } from "./channel-address.js";
import { signPrincipal, type Principal } from "../http/index.js";
import { edgeSecurity, type EdgeEnv } from "./env.js";
import { rpc } from "./rpc-errors.js";
import { isServedQueueManager, servedNames } from "./served-names.js";

/** The RPC method of a queue manager's object the rule asks (QueueManagerObject's; named here, not imported, to keep imports acyclic). */
interface ReceivingChannelsRpc {
  receivingChannels(name: string): Promise<string[]>;
}

/** The path of a receiving object's channel socket: reached only through a stub, never forwarded by the front Worker (it forwards /ibmmq/ only). */
export const OBJECT_CHANNEL_PATH = "/.webmq/channel";

export interface ObjectChannelConnectorOptions {
  /** Told of every start of a sending channel (running-channels.ts remembers it across evictions). */
  connecting?: (channel: string) => void;
  /** Partners elsewhere (a CONNAME naming another host); without it they cannot be reached. */
  remote?: ChannelConnector;
}

export function objectChannelConnector(env: EdgeEnv, options: ObjectChannelConnectorOptions = {}): ChannelConnector {
  return {
    async connect(channel, connectionName, from) {
      options.connecting?.(channel);
      const failures: string[] = [];
      for (const entry of connameEntries(connectionName)) {
        const here = await queueManagerNamed(env, entry, channel, from);
        if (here !== undefined) {
          // One of this Worker's: its object, or why not, and the next entry is tried.
          if ("target" in here) return openObjectChannel(env, here.target, channel, from);
          failures.push(here.failure);
          continue;
        }
        if (!options.remote) {
          failures.push(
            `${entry.text} is neither a queue manager of this Worker nor its host (MQ_CHANNEL_HOSTS), and this Worker reaches no partner elsewhere`,
          );
          continue;
        }
        try {
          return await options.remote.connect(channel, entry.text, from);
        } catch (error) {
          // A partner that answered with a refusal (2035, no such channel) ends the attempt with its reason.
          if ((error as { refused?: boolean }).refused) throw error;
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
      throw new MQError("MQRC_CONNECTION_BROKEN", `channel ${channel}: no partner could be reached (AMQ9202): ${failures.join("; ")}`);
    },
  };
}

/** The queue manager of this Worker an entry names (or why it names none), or undefined when it names a partner elsewhere. */
async function queueManagerNamed(
  env: EdgeEnv,
  entry: ConnameEntry,
  channel: string,
  from: string,
): Promise<{ target: string } | { failure: string } | undefined> {
  const served = (name: string) => isServedQueueManager(env, name).catch(() => false);
  if (isOwnHost(entry.host, env.MQ_CHANNEL_HOSTS)) {
    // A name not served would make a Durable Object for it: refused, as the front Worker refuses it.
    if (entry.queueManager !== undefined)
      return (await served(entry.queueManager))
        ? { target: entry.queueManager }
        : { failure: `there is no queue manager ${entry.queueManager} at ${entry.text} (2058)` };
    const target = await receivingQueueManager(env, channel, from);
    return target !== undefined ? { target } : { failure: `no queue manager at ${entry.text} defines a receiving channel ${channel} (AMQ9520)` };
  }
  if (entry.queueManager === undefined && (await served(entry.host))) return { target: entry.host };
  return undefined;
}

/**
 * The queue manager here that defines a receiving channel `channel`, the sender's own passed
 * over (asking itself over RPC would wait on its own input). Each listed queue manager is asked
 * in its object; a generic MQ_QUEUE_MANAGERS entry's names cannot be listed, so name those in
 * the CONNAME.
 */
async function receivingQueueManager(env: EdgeEnv, channel: string, from: string): Promise<string | undefined> {
  for (const name of await servedNames(env)) {
    if (name === from) continue;
    const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)) as unknown as ReceivingChannelsRpc;
    if ((await rpc(stub.receivingChannels(name)).catch(() => [] as string[])).includes(channel)) return name;
  }
  return undefined;
}

/**
 * A WebSocket to queue manager `target`'s object, as the channel's connection (also the front
 * Worker's relay for partners outside, channel-endpoint.ts). A partner's principal goes with it
 * signed, as the REST front forwards a request's (x-webmq-principal): the receiving agent puts
 * as that principal (IBM's MCAUSER); between objects there is none, and the agent puts as the
 * queue manager's own, as an MCA with a blank MCAUSER does.
 */
export async function openObjectChannel(env: EdgeEnv, target: string, channel: string, from: string, principal?: Principal): Promise<ChannelTransport> {
  const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(target));
  const url = new URL(OBJECT_CHANNEL_PATH, "https://queue-manager.object");
  url.searchParams.set("qmgr", target);
  url.searchParams.set("channel", channel);
  url.searchParams.set("from", from);
  const headers = new Headers({ Upgrade: "websocket" });
  if (principal) await signPrincipal(headers, principal, await edgeSecurity(env).principalKey, { method: "GET", url: url.href });
  let response: Response;
  try {
    response = await stub.fetch(new Request(url, { headers }));
  } catch (cause) {
    throw new MQError("MQRC_CONNECTION_BROKEN", `channel ${channel}: queue manager ${target}'s object could not be reached: ${String(cause)}`, { cause });
  }
  const socket = response.webSocket;
  if (!socket) {
    const text = await response.text().catch(() => "");
    throw new MQError(
      "MQRC_CONNECTION_BROKEN",
      `channel ${channel}: queue manager ${target} refused the connection (HTTP ${response.status}): ${text.slice(0, 500)}`,
    );
  }
  // Binary messages as ArrayBuffers, which the frame decoder reads: workerd's standard default
  // (websocket_standard_binary_type) is Blob, which it cannot.
  socket.binaryType = "arraybuffer";
  socket.accept();
  const transport = new SocketTransport({ send: (message) => socket.send(message), close: (code, reason) => socket.close(code, reason) });
  socket.addEventListener("message", (event) => transport.received(event.data as ArrayBuffer | string));
  socket.addEventListener("close", () => transport.ended());
  socket.addEventListener("error", () => transport.ended());
  return transport;
}
