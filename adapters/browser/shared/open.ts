/**
 * Opens the origin's one queue manager for a database. Where the browser has SharedWorker
 * (and `sharedWorker` is not false), a SharedWorker stands for the database's lock and runs
 * it; otherwise this context stands for the lock itself, and runs the manager once granted
 * it (at once when no one holds it; when the holder goes, otherwise). Either way this context
 * talks to the owner through its link.
 */
import { MQError, type QueueManager, type SerializedMQError } from "../../../core/index.js";
import { openLocalBrowserQueueManager, databaseNameOf, type BrowserQueueManagerOptions } from "../local.js";
import { standForOwner } from "./owner.js";
import { OwnerLink } from "./owner-link.js";
import { SharedQueueManager } from "./shared-queue-manager.js";
import { WORKER_SILENT_MS, workerScriptProblem } from "./worker-script-check.js";
import { relayNetwork } from "../channels/network.js";

export interface SharedBrowserQueueManagerOptions extends BrowserQueueManagerOptions {
  /**
   * Run the manager in a SharedWorker (default: where the browser has one, as Chromium and
   * Firefox do in pages). False: the tabs and workers elect one of themselves to run it.
   */
  sharedWorker?: boolean;
}

export async function openSharedQueueManager(options: SharedBrowserQueueManagerOptions): Promise<SharedQueueManager> {
  const databaseName = databaseNameOf(options);
  const useSharedWorker = options.sharedWorker ?? typeof SharedWorker === "function";
  let failed: Promise<never>;
  let owning = () => false;
  let owned = new Promise<QueueManager>(() => undefined);
  let stop: () => Promise<void> = async () => undefined;
  let links: OwnerLink;
  /** True once the open has its answer: a silent SharedWorker's script is no longer checked then. */
  let settled = false;
  if (useSharedWorker) {
    let reject!: (error: Error) => void;
    failed = new Promise<never>((_, r) => (reject = r));
    let port: MessagePort | undefined;
    const didNotLoad = (why?: string) =>
      new MQError(
        "MQRC_Q_MGR_NOT_AVAILABLE",
        `the queue manager ${options.name} could not be opened: its SharedWorker, owner.shared-worker.js, did not load (${why ? `${why}; ` : ""}a bundler that leaves new URL(..., import.meta.url) as it is, esbuild's, needs webmq/browser/shared-worker built beside the bundle under that name)`,
      );
    const start = () => {
      let scriptUrl: URL | undefined;
      // Vite rewrites the worker's URL only where it is written inside `new SharedWorker(...)`
      // (and webpack bundles the worker only from there), so the URL cannot be made first and
      // kept: the browser's SharedWorker, under its own name here, notes the URL it is given.
      const SharedWorker = class extends globalThis.SharedWorker {
        constructor(url: URL, workerOptions: WorkerOptions) {
          super(url, workerOptions);
          scriptUrl = url;
        }
      };
      // Written as `new SharedWorker(new URL(..., import.meta.url), { type: "module" })` so that
      // Vite bundles the worker, in the playground's build and in vitest's browser mode alike.
      const worker = new SharedWorker(new URL("./owner.shared-worker.js", import.meta.url), { type: "module" });
      // The browser tells only the worker object that its script did not load (a bundler that
      // did not bundle it, a server that does not serve it): say so, rather than wait for an
      // owner that will never come.
      worker.addEventListener("error", () => reject(didNotLoad()));
      // That event is not to be counted on (a page of a loaded Chromium waited 20 s without
      // it): a worker that has said nothing for a while has its script fetched here, and one
      // whose script could not have run is reported the same way.
      let heard = false;
      const silent = setTimeout(() => {
        if (heard || settled || !scriptUrl) return;
        void workerScriptProblem(scriptUrl).then((why) => {
          if (why !== undefined && !heard) reject(didNotLoad(why));
        });
      }, WORKER_SILENT_MS);
      port = worker.port;
      port.onmessage = (event: MessageEvent<{ started?: boolean; error?: string; mqError?: SerializedMQError }>) => {
        heard = true;
        clearTimeout(silent);
        // An MQError keeps its reason code across the worker's port, for the caller to act on.
        if (event.data?.mqError?.name === "MQError") reject(MQError.fromJSON(event.data.mqError));
        else if (typeof event.data?.error === "string") reject(new Error(`the queue manager ${options.name} could not be opened: ${event.data.error}`));
      };
      port.start();
      // The channel credentials go to the worker that runs the manager, in memory: never stored.
      port.postMessage({ name: options.name, databaseName, channelCredentials: options.channelCredentials });
    };
    // A SharedWorker that ended while pages still use it (it crashed) is started again: the
    // same URL gives a new one, which takes the lock and opens the manager from IndexedDB.
    links = new OwnerLink(databaseName, () => port && start());
    start();
    // The worker learns of online/offline from the pages (channels/network.ts says why).
    const stopRelay = relayNetwork(databaseName);
    // The page keeps the worker's port for as long as the manager is open: it keeps the worker alive.
    stop = async () => {
      stopRelay();
      port?.close();
      port = undefined;
    };
  } else {
    links = new OwnerLink(databaseName);
    const candidacy = standForOwner({ name: options.name, databaseName, open: () => openLocalBrowserQueueManager({ ...options, databaseName }) });
    owning = () => candidacy.owning;
    owned = candidacy.owned;
    stop = () => candidacy.stop();
    failed = candidacy.owned.then(() => new Promise<never>(() => undefined));
  }
  failed.catch(() => undefined);
  try {
    const link = await Promise.race([links.current(), failed]).finally(() => (settled = true));
    // The database is run under the name it was made with: a context asking for it by another
    // name would otherwise be handed that manager as if it were its own (and, in tab mode,
    // fail to open it when its turn to run it came, leaving its calls waiting for an owner).
    if (link.ownerName !== options.name) {
      throw new MQError(
        "MQRC_Q_MGR_NAME_ERROR",
        `the IndexedDB database ${databaseName} is run as queue manager ${link.ownerName}, not ${options.name}: open it by that name, or give ${options.name} a database of its own`,
      );
    }
  } catch (error) {
    links.close();
    await stop();
    throw error;
  }
  return new SharedQueueManager(options.name, databaseName, links, owning, owned, stop);
}
