/**
 * The SharedWorker that runs the origin's queue managers where the browser has SharedWorker:
 * one for every page of the origin (the same script URL), so the manager lives as long as any
 * page does, whichever page opened it first. Each page tells it which database it wants; the
 * worker stands for that database's lock (a tab that took it first, in a browser mixing both
 * ways, keeps it) and serves the manager like any owner (owner.ts).
 */
import { MQError, systemClock } from "../../../core/index.js";
import type { ChannelCredential } from "../../http/channels/credentials.js";
import { openLocalBrowserQueueManager } from "../local.js";
import { standForOwner, type OwnerCandidacy } from "./owner.js";

interface OpenRequest {
  name: string;
  databaseName: string;
  channelCredentials?: Record<string, ChannelCredential>;
}

const candidacies = new Map<string, OwnerCandidacy>();
/**
 * The channel credentials the pages gave, per database, held here in memory only: the
 * connector reads them at each connect, so a page that opens later with a channel of its own
 * (or a new token) is heard even though the manager was opened before it.
 */
const credentials = new Map<string, Record<string, ChannelCredential>>();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0]!;
  // The page learns that this script loaded and runs: it checks the script itself only when
  // its worker stays silent (open.ts), the browser's error event being its only other word.
  port.postMessage({ started: true });
  port.onmessage = (message: MessageEvent<OpenRequest>) => {
    const { name, databaseName, channelCredentials } = message.data ?? ({} as OpenRequest);
    if (typeof name !== "string" || typeof databaseName !== "string") return;
    const known = credentials.get(databaseName) ?? {};
    credentials.set(databaseName, Object.assign(known, channelCredentials));
    let candidacy = candidacies.get(databaseName);
    if (!candidacy) {
      candidacy = standForOwner({
        name,
        databaseName,
        open: () => openLocalBrowserQueueManager({ name, databaseName, clock: systemClock, channelCredentials: known }),
      });
      candidacies.set(databaseName, candidacy);
    }
    // A page learns of a failed open here; it could not otherwise tell a failure from a slow open.
    // The failure is forgotten, so that the next page (asking by the right name, or once the
    // storage is there again) stands again rather than being told of this one for the worker's life.
    const standing = candidacy;
    candidacy.owned.catch((error: unknown) => {
      if (candidacies.get(databaseName) === standing) candidacies.delete(databaseName);
      port.postMessage({ error: error instanceof Error ? error.message : String(error), mqError: error instanceof MQError ? error.toJSON() : undefined });
    });
  };
  port.start();
};
