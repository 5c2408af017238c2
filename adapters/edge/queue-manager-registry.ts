/**
 * The queue managers created through the admin REST API (our crtmqm), kept so that they
 * outlive the worker: one Durable Object, the one named REGISTRY_OBJECT_NAME (not a valid
 * queue manager name, so no queue manager ever shares it), holds the names in its storage.
 * The worker serves a name when MQ_QUEUE_MANAGERS configures it or the registry holds it.
 * The object's single thread makes each add and remove atomic: two crtmqm of one name, one
 * wins.
 */

/** The registry's object name: `#` is not allowed in an MQ name. */
export const REGISTRY_OBJECT_NAME = "#registry";

const PREFIX = "created-qmgr:";

/** The names held, in creation order. */
export async function registeredNames(storage: DurableObjectStorage): Promise<string[]> {
  const entries = await storage.list<number>({ prefix: PREFIX });
  return [...entries].sort((a, b) => a[1] - b[1]).map(([key]) => key.slice(PREFIX.length));
}

export async function isRegistered(storage: DurableObjectStorage, name: string): Promise<boolean> {
  return (await storage.get<number>(PREFIX + name)) !== undefined;
}

/** Adds a name; false when it was already there. */
export async function register(storage: DurableObjectStorage, name: string): Promise<boolean> {
  if (await isRegistered(storage, name)) return false;
  await storage.put(PREFIX + name, Date.now());
  return true;
}

/** Removes a name; false when it was not there. */
export async function unregister(storage: DurableObjectStorage, name: string): Promise<boolean> {
  return storage.delete(PREFIX + name);
}
