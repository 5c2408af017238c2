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

/**
 * The record for `databaseName`. The database is made at the first START CHANNEL, not at every
 * open: a manager that never runs a channel leaves no second database behind (where the
 * browser can list its databases; elsewhere it is opened, so made, at the first read).
 */
export async function openRememberedChannels(databaseName: string): Promise<RememberedChannels> {
  const name = rememberedDatabaseName(databaseName);
  let db: Promise<IDBPDatabase> | undefined;
  const opened = () =>
    (db ??= openDB(name, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore(STORE);
      },
    }));
  const listed = typeof indexedDB.databases === "function" ? (await indexedDB.databases()).some((d) => d.name === name) : true;
  if (listed) await opened();
  return {
    async names() {
      return db ? (await (await db).getAllKeys(STORE)).map(String) : [];
    },
    async remember(channel) {
      await (await opened()).put(STORE, true, channel);
    },
    async forget(channel) {
      if (db) await (await db).delete(STORE, channel);
    },
    close: () => void db?.then((opened) => opened.close()),
  };
}
