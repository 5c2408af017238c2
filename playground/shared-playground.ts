/**
 * PLAYGROUND opened once per browser, shared by every tab of the playground: the tabs elect
 * one (a Web Lock) to run it, and the others talk to it; when that tab closes another takes
 * over from IndexedDB. The tab that runs it is chosen rather than a SharedWorker because the
 * tutorials need the manager itself (their listeners, trigger monitor and event subscribers
 * live next to it), so they run in that tab. This module also asks for persistent storage,
 * says on the page whether it was granted, and hands the manager to the devtools console as
 * `globalThis.qm`, saying so on the page.
 */
import { askForPersistentStorage, openBrowserQueueManager, type SharedQueueManager } from "../adapters/browser/index.js";
import type { QueueManager } from "../core/index.js";

export interface SharedPlayground {
  /** The shared manager, once linked to whichever tab runs it. */
  opening: Promise<SharedQueueManager>;
  /** The manager itself, when and if this tab runs it. */
  owned: Promise<QueueManager>;
}

export function openSharedPlayground(name: string, statusHost: HTMLElement): SharedPlayground {
  const status = document.createElement("p");
  status.className = "queue-note shared-status";
  status.setAttribute("aria-live", "polite");
  const storage = document.createElement("span");
  const where = document.createElement("span");
  const devtools = document.createElement("span");
  status.replaceChildren(where, " ", storage, " ", devtools);
  statusHost.parentElement!.insertBefore(status, statusHost);

  const opening = openBrowserQueueManager({ name, sharedWorker: false });
  const owned = opening.then((qm) => qm.whenOwner());
  where.textContent = `Opening ${name}…`;
  void opening.then(
    (qm) => {
      (globalThis as { qm?: SharedQueueManager }).qm = qm;
      devtools.innerHTML = `In the devtools console, <code>qm</code> is ${name}: try <code>await qm.put("DEV.QUEUE.1", { body: "hi" })</code>.`;
      const say = () =>
        (where.textContent =
          qm.role === "owner"
            ? `${name} runs in this tab; other tabs of the playground use it from here.`
            : `${name} runs in another tab of this browser, shared with this one; if that tab closes, one of the others takes over.`);
      say();
      void owned.then(say);
    },
    (error: unknown) => (where.textContent = `${name} could not be opened: ${error instanceof Error ? error.message : String(error)}`),
  );
  void askForPersistentStorage().then(
    (granted) =>
      (storage.textContent =
        granted === undefined
          ? "This browser cannot keep storage persistent."
          : granted
            ? "Storage is persistent: the browser will not evict the queues."
            : "Persistent storage was not granted: under storage pressure the browser may evict the queues."),
    () => (storage.textContent = "Persistent storage could not be asked for."),
  );
  return { opening, owned };
}
