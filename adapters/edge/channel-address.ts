/**
 * The CONNAME rule at the edge: which of this Worker's queue managers a sending channel's
 * CONNAME names, or that it names a partner elsewhere. Each comma-separated entry is tried in
 * turn, as IBM tries a CONNAME list:
 *
 * 1. `host(port)`, `host` or a URL whose host is this Worker's own (`MQ_CHANNEL_HOSTS`, and
 *    the loopback names, which under `npm start` are this Worker and deployed are nothing a
 *    Worker can reach) names the queue manager here that defines a receiving channel of the
 *    sender's channel name, as IBM's listener at an address finds its queue manager's channel;
 *    a URL whose path is `/ibmmq/channel/{qmgr}` names that queue manager. The port is not
 *    looked at: one Worker answers every port of its host.
 * 2. `QM2` or `QM2(1414)`, where QM2 is a queue manager this Worker serves: that queue manager.
 * 3. Anything else is a partner elsewhere, reached over a WebSocket when the object has a
 *    connector for that (undefined here).
 */
import { MQError } from "../../core/index.js";

/** Host names that are this Worker wherever it runs: under `npm start` loopback is the Worker itself. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

const CHANNEL_PATH = /^\/ibmmq\/channel\/([^/]+)\/?$/;

export interface ConnameEntry {
  /** The entry as written, for a partner elsewhere and for messages. */
  text: string;
  /** Its host, without the port; a queue manager's name keeps its case. */
  host: string;
  /** The queue manager a URL's path names (`/ibmmq/channel/QM2`). */
  queueManager?: string;
}

/** The entries of a CONNAME list; MQRC_CONNECTION_BROKEN for one that is neither host(port) nor a URL. */
export function connameEntries(connectionName: string): ConnameEntry[] {
  const texts = connectionName
    .split(",")
    .map((text) => text.trim())
    .filter((text) => text !== "");
  if (texts.length === 0) throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's CONNAME is blank: it names no partner");
  return texts.map((text) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        throw new MQError("MQRC_CONNECTION_BROKEN", `CONNAME entry ${JSON.stringify(text)} is not a URL that can be read`);
      }
      const named = CHANNEL_PATH.exec(url.pathname)?.[1];
      return named === undefined ? { text, host: url.hostname } : { text, host: url.hostname, queueManager: decodeURIComponent(named) };
    }
    const match = /^([^()\s]+?)(?:\(\d{1,5}\))?$/.exec(text);
    if (!match) throw new MQError("MQRC_CONNECTION_BROKEN", `CONNAME entry ${JSON.stringify(text)} is neither host(port) nor a URL (AMQ9214)`);
    return { text, host: match[1]! };
  });
}

/** Whether `host` is this Worker: a loopback name or one `MQ_CHANNEL_HOSTS` lists (host names, comma-separated, any case). */
export function isOwnHost(host: string, configured: string | undefined): boolean {
  const name = host.toLowerCase();
  if (LOOPBACK.has(name)) return true;
  return (configured ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry !== "" && entry === name);
}
