/**
 * Whether the browser is online, as the owner of a queue manager learns it: its own global's
 * `online`/`offline` events (a tab's window; a worker's global, where the browser fires them)
 * and what the pages of the origin tell it on a BroadcastChannel. Why the pages tell it: a
 * SharedWorker is not a window, and Chromium does not carry DevTools' (Playwright's) network
 * emulation to it, so its own `navigator.onLine` may never change while every page is
 * offline; a page's events are the browser's word, relayed. The latest word wins.
 */
const networkChannelName = (databaseName: string) => `webmq-network:${databaseName}`;

interface NetworkMessage {
  t: "network";
  online: boolean;
}

type EventHost = { addEventListener?(type: string, listener: () => void): void; removeEventListener?(type: string, listener: () => void): void };

export interface NetworkWatch {
  readonly online: boolean;
  stop(): void;
}

/** Calls `changed` with each change of this context's word on the network; `online` is the latest. */
export function watchNetwork(databaseName: string, changed: (online: boolean) => void): NetworkWatch {
  let online = globalThis.navigator?.onLine ?? true;
  const set = (now: boolean) => {
    if (now === online) return;
    online = now;
    changed(now);
  };
  const host = globalThis as EventHost;
  const up = () => set(true);
  const down = () => set(false);
  host.addEventListener?.("online", up);
  host.addEventListener?.("offline", down);
  const pages = new BroadcastChannel(networkChannelName(databaseName));
  pages.onmessage = (event: MessageEvent<NetworkMessage>) => {
    if (event.data?.t === "network" && typeof event.data.online === "boolean") set(event.data.online);
  };
  return {
    get online() {
      return online;
    },
    stop() {
      host.removeEventListener?.("online", up);
      host.removeEventListener?.("offline", down);
      pages.close();
    },
  };
}

/** In a page: tells the owner of `databaseName` the page's network state now and at each change, until stopped. */
export function relayNetwork(databaseName: string): () => void {
  const host = globalThis as EventHost;
  if (!host.addEventListener || typeof BroadcastChannel !== "function") return () => undefined;
  const channel = new BroadcastChannel(networkChannelName(databaseName));
  const tell = () => channel.postMessage({ t: "network", online: globalThis.navigator?.onLine ?? true } satisfies NetworkMessage);
  host.addEventListener("online", tell);
  host.addEventListener("offline", tell);
  // Only an offline page speaks at once: an owner believes itself online until told otherwise.
  if (globalThis.navigator?.onLine === false) tell();
  return () => {
    host.removeEventListener?.("online", tell);
    host.removeEventListener?.("offline", tell);
    channel.close();
  };
}
