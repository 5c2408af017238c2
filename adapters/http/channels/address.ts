/**
 * Where a channel's receiving end listens, and how a CONNAME names it. The endpoint is a
 * WebSocket at `/ibmmq/channel` (the queue manager there that defines a receiving channel of
 * the sender's channel name runs it, as IBM's listener finds its queue manager's channel) or at
 * `/ibmmq/channel/{qmgr}` (that queue manager only), under the subprotocol `webmq.channel.v1`.
 *
 * CONNAME as IBM writes it, `host(port)` (or `host`: the scheme's own port), several separated
 * by commas and tried in turn, becomes `ws://host:port/ibmmq/channel`; an `http(s)://` or
 * `ws(s)://` URL is taken as it is (http becomes ws, https wss), `/ibmmq/channel` added when it
 * has no path. Platform-neutral: both ends use it.
 */
import { MQError } from "../../../core/index.js";

export const CHANNEL_SUBPROTOCOL = "webmq.channel.v1";
export const CHANNEL_PATH = "/ibmmq/channel";

const PATH = /^\/ibmmq\/channel(?:\/([^/]+))?\/?$/;

/** What a request's path asks of the endpoint: `{}` (any queue manager here), `{ queueManager }`, or undefined for a path not the endpoint's. */
export function channelPathTarget(path: string): { queueManager?: string } | undefined {
  const match = PATH.exec(path);
  if (!match) return undefined;
  if (match[1] === undefined) return {};
  try {
    return { queueManager: decodeURIComponent(match[1]) };
  } catch {
    return { queueManager: match[1] };
  }
}

export interface AddressOptions {
  /** The scheme for `host(port)`: ws (the default) or wss. */
  scheme?: "ws" | "wss";
  /** The path for `host(port)` and for a URL without one (default `/ibmmq/channel`). */
  path?: string;
}

/** The WebSocket URLs a CONNAME names, in the order to try them; MQRC_CONNECTION_BROKEN (AMQ9214) for one that cannot be read. */
export function channelUrls(connectionName: string, options: AddressOptions = {}): string[] {
  const scheme = options.scheme ?? "ws";
  const path = options.path ?? CHANNEL_PATH;
  const names = connectionName
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0) throw unreadable(connectionName, "it is blank");
  return names.map((name) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) return urlOf(name, path, connectionName);
    const match = /^([^()\s]+?)(?:\((\d{1,5})\))?$/.exec(name);
    if (!match) throw unreadable(connectionName, `${JSON.stringify(name)} is neither host(port) nor a URL`);
    const host = match[1]!.includes(":") && !match[1]!.startsWith("[") ? `[${match[1]}]` : match[1]!;
    const port = match[2] === undefined ? "" : `:${Number(match[2])}`;
    return urlOf(`${scheme}://${host}${port}`, path, connectionName);
  });
}

function urlOf(text: string, path: string, connectionName: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw unreadable(connectionName, `${JSON.stringify(text)} is not a URL`);
  }
  const schemes: Record<string, string> = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" };
  const scheme = schemes[url.protocol];
  if (scheme === undefined) throw unreadable(connectionName, `${url.protocol} is not http(s) nor ws(s)`);
  const pathname = url.pathname === "/" || url.pathname === "" ? path : url.pathname;
  return `${scheme}//${url.host}${pathname}${url.search}`;
}

function unreadable(connectionName: string, why: string): MQError {
  return new MQError("MQRC_CONNECTION_BROKEN", `CONNAME(${JSON.stringify(connectionName)}) cannot be read: ${why} (AMQ9214)`);
}
