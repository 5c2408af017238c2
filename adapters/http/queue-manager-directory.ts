/**
 * Which queue managers a server has, for IBM's admin resources: GET /admin/qmgr lists them,
 * GET /admin/qmgr/{name} shows one, and our crtmqm and dltmqm calls (POST /admin/qmgr,
 * DELETE /admin/qmgr/{name}) add and remove them. A runtime gives its own directory: the
 * edge keeps created names in a Durable Object (adapters/edge/queue-manager-registry.ts);
 * `memoryDirectory` below serves a set of open QueueManagers, as the Node server does.
 */
import { MQError, QueueManager } from "../../core/index.js";
import { configuredQueueManager, queueManagerExists } from "./errors.js";

/** What GET /admin/qmgr shows of a queue manager, as facts; admin-qmgr-route.ts shapes them as IBM's JSON. */
export interface QueueManagerFacts {
  name: string;
  /** When it was started this time, ms since the epoch. */
  startedAt: number;
  /** Open queue handles and JMS connections (DISPLAY QMSTATUS CONNS). */
  connectionCount: number;
}

export interface QueueManagerDirectory {
  /** The queue managers served, in the order GET /admin/qmgr lists them. */
  names(): Promise<string[]>;
  /** One queue manager's facts; MQError MQRC_Q_MGR_NAME_ERROR (2058) when there is none of that name. */
  describe(name: string): Promise<QueueManagerFacts>;
  /** crtmqm: a new, empty queue manager; throws RestError MQWB0904E (409) when the name is taken. */
  create(name: string): Promise<void>;
  /** dltmqm: ends the queue manager and deletes it with its messages and objects; configured ones refuse (MQWB0905E, 409). */
  delete(name: string): Promise<void>;
}

/** A queue manager's facts, read as DISPLAY QMSTATUS reads them. */
export async function queueManagerFacts(qm: QueueManager): Promise<QueueManagerFacts> {
  const status = (await qm.mqsc("DISPLAY QMSTATUS CONNS")).commands[0]?.objects?.[0]?.parameters;
  return { name: qm.name, startedAt: qm.startedAt, connectionCount: Number(status?.conns ?? 0) };
}

export interface MemoryDirectoryOptions {
  /** The queue managers the server is configured with: served, never deleted through the API. */
  configured: Iterable<QueueManager>;
  /** Opens a created queue manager (default: in memory, `QueueManager.open({ name })`). */
  open?: (name: string) => Promise<QueueManager>;
}

/** A directory of open QueueManagers, and the resolver createHttpApp takes for the same set. */
export function memoryDirectory(options: MemoryDirectoryOptions): { directory: QueueManagerDirectory; resolve: (name: string) => Promise<QueueManager> } {
  const configured = new Map<string, QueueManager>();
  for (const qm of options.configured) configured.set(qm.name, qm);
  const created = new Map<string, Promise<QueueManager>>();
  const open = options.open ?? ((name: string) => QueueManager.open({ name }));
  const resolve = async (name: string): Promise<QueueManager> => {
    const qm = configured.get(name) ?? (await created.get(name));
    if (!qm) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name} here`);
    return qm;
  };
  const directory: QueueManagerDirectory = {
    names: async () => [...configured.keys(), ...created.keys()],
    describe: async (name) => queueManagerFacts(await resolve(name)),
    create: async (name) => {
      if (configured.has(name) || created.has(name)) throw queueManagerExists(name);
      const opening = open(name);
      created.set(name, opening);
      // A failed open leaves no name behind.
      await opening.catch((error: unknown) => {
        created.delete(name);
        throw error;
      });
    },
    delete: async (name) => {
      if (configured.has(name)) throw configuredQueueManager(name);
      const opening = created.get(name);
      if (!opening) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name} here`);
      created.delete(name);
      await (await opening).close();
    },
  };
  return { directory, resolve };
}
