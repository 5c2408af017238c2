/** How many of the page's leases (Web Locks held, webmq-lease-*) and the worker's requests for them (pending) there are. */
export async function leaseLocks(): Promise<number> {
  const { held = [], pending = [] } = await navigator.locks.query();
  return [...held, ...pending].filter((lock) => lock.name?.startsWith("webmq-lease-")).length;
}
