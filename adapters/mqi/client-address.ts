/**
 * Where a client binding connects, read as IBM's MQ clients read it, in their order:
 *
 * 1. MQCNO's MQCD (`ClientConn`: ChannelName, ConnectionName);
 * 2. a CCDT named by MQCNO's CCDTUrl or the MQCCDTURL environment variable, in IBM's JSON
 *    format (`{"channel":[{"name","type":"clientConnection","clientConnection":{"connection":
 *    [{"host","port"}],"queueManager"}}]}`), its entry for the queue manager named (any entry for
 *    a blank or `*` name); a `file://` URL or a path, or an http(s) URL;
 * 3. the MQSERVER environment variable, `CHANNEL/TCP/host(port)` (several `host(port)` separated
 *    by commas are tried in turn, as IBM's connection lists are).
 *
 * CONNAME `host(port)` becomes `ws://host:port/ibmmq/client`; an http(s) or ws(s) URL is taken
 * as it is (adapters/http/channels/address.ts reads it, as it does for channels). What cannot
 * be read is MQRC_CLIENT_CONN_ERROR (2278), as IBM's clients answer a bad MQSERVER or MQCD.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { channelUrls } from "../http/channels/address.js";
import { MQI_CLIENT_PATH } from "./client-protocol.js";
import { MQError } from "./structures.js";

/** IBM's client channel definition, the fields a client binding reads. */
export class MQCD {
  ChannelName = "";
  ConnectionName = "";
  /** MQXPT_TCP (2). */
  TransportType = 2;
  Version = 11;
}

export interface ClientTarget {
  channel: string;
  /** The WebSocket URLs to try, in order. */
  urls: string[];
  /** The queue manager a CCDT entry names ("" when it names none). */
  queueManager: string;
}

function refused(why: string): MQError {
  const error = new MQError(N.MQCC_FAILED, N.MQRC_CLIENT_CONN_ERROR, "CONNX");
  error.message += `: ${why}`;
  return error;
}

function urlsOf(connectionName: string): string[] {
  try {
    return channelUrls(connectionName, { path: MQI_CLIENT_PATH });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
}

/** MQSERVER's `CHANNEL/TCP/host(port)`. */
export function parseMqServer(text: string): ClientTarget {
  const match = /^([^/]+)\/([^/]+)\/(.+)$/.exec(text.trim());
  if (!match) throw refused(`MQSERVER ${JSON.stringify(text)} is not CHANNEL/TCP/host(port)`);
  if (match[2]!.trim().toUpperCase() !== "TCP") throw refused(`MQSERVER's transport ${match[2]} is not TCP`);
  return { channel: match[1]!.trim(), urls: urlsOf(match[3]!), queueManager: "" };
}

interface CcdtChannel {
  name?: unknown;
  type?: unknown;
  clientConnection?: { connection?: { host?: unknown; port?: unknown }[]; queueManager?: unknown };
}

/** The CCDT entry (IBM's JSON format) for queue manager `qMgrName`. */
export function ccdtTarget(ccdt: unknown, qMgrName: string): ClientTarget {
  const channels = (ccdt as { channel?: unknown } | null)?.channel;
  if (!Array.isArray(channels)) throw refused("the CCDT has no channel list");
  const wanted = qMgrName.trim();
  const entry = (channels as CcdtChannel[]).find(
    (c) => c.type === "clientConnection" && (wanted === "" || wanted === "*" || c.clientConnection?.queueManager === wanted),
  );
  if (entry === undefined || typeof entry.name !== "string") {
    const error = new MQError(N.MQCC_FAILED, N.MQRC_Q_MGR_NAME_ERROR, "CONNX");
    error.message += `: the CCDT has no clientConnection channel for queue manager ${wanted || "(any)"}`;
    throw error;
  }
  const connections = entry.clientConnection?.connection ?? [];
  const names = connections.map((c) => `${String(c.host)}${c.port === undefined ? "" : `(${Number(c.port)})`}`);
  if (names.length === 0) throw refused(`the CCDT's channel ${entry.name} has no connection`);
  const queueManager = entry.clientConnection?.queueManager;
  return { channel: entry.name, urls: urlsOf(names.join(",")), queueManager: typeof queueManager === "string" ? queueManager : "" };
}

/** Reads a CCDT: a file:// URL or a path (Node), or an http(s) URL. */
async function readCcdt(location: string): Promise<unknown> {
  let text: string;
  try {
    if (/^https?:\/\//i.test(location)) text = await (await fetch(location)).text();
    else {
      const fs = "node:fs/promises";
      const { readFile } = (await import(/* @vite-ignore */ fs)) as typeof import("node:fs/promises");
      text = await readFile(location.startsWith("file://") ? new URL(location) : location, "utf8");
    }
  } catch (error) {
    throw refused(`the CCDT ${location} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw refused(`the CCDT ${location} is not JSON`);
  }
}

const environment = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name] || undefined;

/** Whether a connection with these options is a client binding (before any local queue manager is looked for). */
export function wantsClient(cno: { Options?: number; ClientConn?: unknown; CCDTUrl?: string | null } | null): boolean {
  return ((cno?.Options ?? 0) & N.MQCNO_CLIENT_BINDING) !== 0 || cno?.ClientConn != null || cno?.CCDTUrl != null || environment("MQ_CONNECT_TYPE") === "CLIENT";
}

/** Whether the environment names a server (MQSERVER, MQCCDTURL): a client binding when no local queue manager answers. */
export function environmentNamesServer(): boolean {
  return environment("MQSERVER") !== undefined || environment("MQCCDTURL") !== undefined;
}

/** Where to connect: the MQCD, then a CCDT, then MQSERVER. */
export async function clientTarget(cno: { ClientConn?: unknown; CCDTUrl?: string | null } | null, qMgrName: string): Promise<ClientTarget> {
  const cd = cno?.ClientConn as Partial<MQCD> | null | undefined;
  if (cd != null) {
    if (!cd.ChannelName?.trim() || !cd.ConnectionName?.trim()) throw refused("the MQCD needs ChannelName and ConnectionName");
    return { channel: cd.ChannelName.trim(), urls: urlsOf(cd.ConnectionName), queueManager: "" };
  }
  const ccdt = cno?.CCDTUrl ?? environment("MQCCDTURL");
  if (ccdt) return ccdtTarget(await readCcdt(ccdt), qMgrName);
  const server = environment("MQSERVER");
  if (server) return parseMqServer(server);
  throw refused("a client binding needs an MQCD, a CCDT (MQCCDTURL) or MQSERVER");
}
