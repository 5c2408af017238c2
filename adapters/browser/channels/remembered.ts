/**
 * Which channels were running, kept across owners: IBM MQ restarts the channels that were
 * running when its queue manager (or channel initiator) comes back, and an owner change is
 * that, for a browser's queue manager. A channel is remembered at START CHANNEL and forgotten
 * at STOP CHANNEL (or when it is no longer defined at the next resume).
 *
 * Why a database of its own, `<database>:channels`: the queue manager's store holds what its
 * kernel commits, and nothing outside the kernel writes to it; this record is the adapter's,
 * holds no message and no credential (only channel names), and losing it costs only an
 * automatic restart (the sync records, which make delivery exactly once, are in the store).
 */
import { openDB, type IDBPDatabase } from "idb";

const STORE = "running";

export interface RememberedChannels {
  names(): Promise<string[]>;
  remember(name: string): Promise<void>;
  forget(name: string): Promise<void>;
  close(): void;
}

export const rememberedDatabaseName = (databaseName: string) => `${databaseName}:channels`;

export async function openRememberedChannels(databaseName: string): Promise<RememberedChannels> {
  const db: IDBPDatabase = await openDB(rememberedDatabaseName(databaseName), 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore(STORE);
    },
  });
  return {
    async names() {
      return (await db.getAllKeys(STORE)).map(String);
    },
    async remember(name) {
      await db.put(STORE, true, name);
    },
    async forget(name) {
      await db.delete(STORE, name);
    },
    close: () => db.close(),
  };
}
