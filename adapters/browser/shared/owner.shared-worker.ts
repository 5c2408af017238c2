/**
 * The SharedWorker that runs the origin's queue managers where the browser has SharedWorker:
 * one for every page of the origin (the same script URL), so the manager lives as long as any
 * page does, whichever page opened it first. Each page tells it which database it wants; the
 * worker stands for that database's lock (a tab that took it first, in a browser mixing both
 * ways, keeps it) and serves the manager like any owner (owner.ts).
 */
import { MQError, systemClock } from "../../../core/index.js";
import { openLocalBrowserQueueManager } from "../local.js";
import { standForOwner, type OwnerCandidacy } from "./owner.js";

interface OpenRequest {
  name: string;
  databaseName: string;
}

const candidacies = new Map<string, OwnerCandidacy>();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0]!;
  // The page learns that this script loaded and runs: it checks the script itself only when
  // its worker stays silent (open.ts), the browser's error event being its only other word.
  port.postMessage({ started: true });
  port.onmessage = (message: MessageEvent<OpenRequest>) => {
    const { name, databaseName } = message.data ?? ({} as OpenRequest);
    if (typeof name !== "string" || typeof databaseName !== "string") return;
    let candidacy = candidacies.get(databaseName);
    if (!candidacy) {
      candidacy = standForOwner({ name, databaseName, open: () => openLocalBrowserQueueManager({ name, databaseName, clock: systemClock }) });
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
