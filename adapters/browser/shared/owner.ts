/**
 * The owner of a database: the one context of the origin that holds the database's Web Lock
 * runs its QueueManager, and serves every other context (and its own) over links: comlink on
 * a port relayed over a BroadcastChannel of the link's own (port-relay.ts). Every context
 * that may own queues for the lock; the browser grants it to the next one when the holder's
 * tab closes or crashes, and that one opens the manager from IndexedDB: committed work is
 * there, what was uncommitted is rolled back by the open, and the survivors reconnect.
 */
import type { Clock, QueueManager } from "../../../core/index.js";
import { exposeQueueManager } from "../../worker/index.js";
import { relayPort, type PortRelay } from "./port-relay.js";
import { broadcastChanges } from "./change-feed.js";
import { serveConfirmedGets } from "./confirmed-get.js";
import { aliveLockName, controlChannelName, linkChannelName, linkLockName, ownerLockName, type ControlMessage } from "./protocol.js";

export interface OwnerOptions {
  name: string;
  databaseName: string;
  clock?: Clock;
  /** Opens the manager on IndexedDB once the lock is held (index.ts passes openLocalBrowserQueueManager). */
  open(): Promise<QueueManager>;
}

export interface OwnerCandidacy {
  /** Resolves with the manager if and when this context becomes the owner. */
  readonly owned: Promise<QueueManager>;
  /** True while this context runs the manager. */
  readonly owning: boolean;
  /** Withdraws: stops serving, closes the manager, releases (or stops waiting for) the lock. */
  stop(): Promise<void>;
}

/** Queues this context for the database's lock; when granted, opens the manager and serves it. */
export function standForOwner(options: OwnerOptions): OwnerCandidacy {
  const withdrawn = new AbortController();
  let release: () => void = () => undefined;
  let owning = false;
  let serving: { stop(): Promise<void> } | undefined;
  let resolveOwned!: (manager: QueueManager) => void;
  let rejectOwned!: (error: unknown) => void;
  const owned = new Promise<QueueManager>((resolve, reject) => {
    resolveOwned = resolve;
    rejectOwned = reject;
  });
  owned.catch(() => undefined);

  // Settles once the lock is given up (or was never granted): stop() waits for it.
  const held = navigator.locks
    .request(ownerLockName(options.databaseName), { signal: withdrawn.signal }, async () => {
      const manager = await options.open();
      // Withdrawn while the manager was opening (the lock had been granted, so the abort did
      // nothing): close it and give the lock up, rather than run it for a context that closed.
      if (withdrawn.signal.aborted) return manager.close();
      owning = true;
      const served = await serve(manager, options);
      if (withdrawn.signal.aborted) {
        owning = false;
        await served.stop();
        return manager.close();
      }
      serving = served;
      resolveOwned(manager);
      // Held for as long as this context lives, or until stop().
      await new Promise<void>((resolve) => (release = resolve));
    })
    .catch((error: unknown) => rejectOwned(error));

  return {
    owned,
    get owning() {
      return owning;
    },
    async stop() {
      withdrawn.abort();
      if (serving) await serving.stop();
      owning = false;
      if (serving) await (await owned).close();
      release();
      await held;
    },
  };
}

// --- Internal helpers ---

/** Announces this owner and serves each link a client asks for. */
async function serve(manager: QueueManager, options: OwnerOptions): Promise<{ stop(): Promise<void> }> {
  const ownerId = crypto.randomUUID();
  // Held while this owner serves; its release tells every client at once that it is gone.
  let stopBeingAlive: () => void = () => undefined;
  await new Promise<void>((held) => {
    void navigator.locks.request(aliveLockName(ownerId), () => {
      held();
      return new Promise<void>((release) => (stopBeingAlive = release));
    });
  });
  const control = new BroadcastChannel(controlChannelName(options.databaseName));
  // The links served, by id: each is freed when its client's link lock is granted here.
  const links = new Map<string, PortRelay>();
  const stopping = new AbortController();
  const changes = broadcastChanges(manager, options.databaseName, ownerId);
  const shared = sharedView(manager, changes.objectsChanged);
  // Gets answered to other contexts wait for their word; those a former owner left prepared are taken in first.
  const { recover, ...confirmedGets } = serveConfirmedGets(manager, stopping.signal);
  await recover();
  const announce = () => control.postMessage({ t: "owner", owner: ownerId, name: manager.name } satisfies ControlMessage);

  control.onmessage = (event: MessageEvent<ControlMessage>) => {
    const message = event.data;
    if (message?.t === "who") announce();
    if (message?.t === "status?" && typeof message.ask === "string") {
      control.postMessage({ t: "status", ask: message.ask, owner: ownerId, links: links.size } satisfies ControlMessage);
    }
    if (message?.t === "connect" && message.owner === ownerId && typeof message.link === "string" && !links.has(message.link)) {
      const id = message.link;
      const name = linkChannelName(options.databaseName, id);
      const relay = relayPort(name, "b");
      links.set(id, relay);
      exposeQueueManager(shared, relay.port, confirmedGets);
      // The client holds the link's lock while the link lives (owner-link.ts): granted here
      // when it closed its manager or went away, so the relay, its ports and the comlink
      // endpoint on it are freed then, not kept for as long as this owner runs.
      void navigator.locks
        .request(linkLockName(id), { signal: stopping.signal }, () => {
          links.get(id)?.close();
          links.delete(id);
        })
        .catch(() => undefined);
      const reply = new BroadcastChannel(name);
      reply.postMessage({ t: "linked" } satisfies ControlMessage);
      reply.close();
    }
  };
  announce();
  return {
    async stop() {
      control.close();
      changes.stop();
      stopping.abort();
      for (const link of links.values()) link.close();
      links.clear();
      stopBeingAlive();
    },
  };
}

/**
 * The manager as clients see it: a client's close ends its link, never the manager others
 * share; definitions are told to every context. Methods are bound to the manager itself,
 * whose private fields a Proxy receiver could not reach.
 */
function sharedView(manager: QueueManager, objectsChanged: () => void): QueueManager {
  const changesObjects = new Set([
    "defineQueue",
    "alterQueue",
    "deleteQueue",
    "clearQueue",
    "alterQueueManager",
    "defineObject",
    "alterObject",
    "deleteObject",
    "mqsc",
  ]);
  return new Proxy(manager, {
    get(target, property) {
      if (property === "close") return async () => undefined;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (typeof property !== "string" || !changesObjects.has(property)) return bound;
      return async (...args: unknown[]) => {
        try {
          return await bound(...args);
        } finally {
          objectsChanged();
        }
      };
    },
  });
}
