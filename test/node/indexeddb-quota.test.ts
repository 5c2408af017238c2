/**
 * A full quota (IndexedDB's QuotaExceededError) is MQRC_STORAGE_NOT_AVAILABLE (2071), with a
 * message that says so, and nothing of the refused work is written: not in the manager's
 * view of the queue, not in the database after a reopen. The quota is made to run out by
 * having fake-indexeddb refuse writes, as a browser does when the origin's quota is used.
 * A refused definition (DEFINE QLOCAL, an ALTER) leaves the catalogue as it was, now and
 * after a reopen.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { IndexedDBStore } from "../../adapters/browser/index.js";

const originalPut = IDBObjectStore.prototype.put;
afterEach(() => {
  IDBObjectStore.prototype.put = originalPut;
});

/** From now on every IndexedDB write is refused as over quota. */
function runOutOfQuota(): void {
  IDBObjectStore.prototype.put = function refuse(): IDBRequest {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}

describe("IndexedDB out of quota", () => {
  it("refuses a persistent put with MQRC_STORAGE_NOT_AVAILABLE and writes nothing of it", async () => {
    const databaseName = `quota-${Date.now()}`;
    const qm = await QueueManager.open({ name: "QUOTA", store: new IndexedDBStore({ databaseName }) });
    await qm.put("DEV.QUEUE.1", { body: "before", persistent: true });

    runOutOfQuota();
    const error = await qm.put("DEV.QUEUE.1", { body: "x".repeat(1000), persistent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MQError);
    expect(error).toMatchObject({ reason: "MQRC_STORAGE_NOT_AVAILABLE", reasonCode: 2071 });
    expect((error as Error).message).toMatch(/quota .*used up/);
    expect((await qm.queueStatus("DEV.QUEUE.1")).depth).toBe(1);
    const unit = qm.beginUnitOfWork();
    await qm.put("DEV.QUEUE.1", { body: "in a unit", persistent: true }, { unitOfWork: unit });
    await qm.put("DEV.QUEUE.2", { body: "in a unit too", persistent: true }, { unitOfWork: unit });
    const commit = await unit.commit().catch((e: unknown) => e);
    expect(commit).toBeInstanceOf(MQError);
    // IBM: a commit that cannot complete is backed out (2003); the cause says it was the quota.
    expect(commit).toMatchObject({ reason: "MQRC_BACKED_OUT" });
    expect(String((commit as Error).message)).toMatch(/MQRC_STORAGE_NOT_AVAILABLE.*quota/);
    expect((await qm.queueStatus("DEV.QUEUE.2")).depth).toBe(0);

    IDBObjectStore.prototype.put = originalPut;
    await qm.close();
    const reopened = await QueueManager.open({ name: "QUOTA", store: new IndexedDBStore({ databaseName }) });
    expect((await reopened.queueStatus("DEV.QUEUE.1")).depth).toBe(1);
    expect((await reopened.queueStatus("DEV.QUEUE.2")).depth).toBe(0);
    expect(await reopened.get("DEV.QUEUE.1")).toMatchObject({ body: "before" });
    await reopened.put("DEV.QUEUE.1", { body: "after", persistent: true });
    expect(await reopened.get("DEV.QUEUE.1")).toMatchObject({ body: "after" });
    await reopened.close();
  });
});

describe("IndexedDB out of quota, for definitions", () => {
  it("refuses a DEFINE and an ALTER with MQRC_STORAGE_NOT_AVAILABLE and keeps the catalogue as it was", async () => {
    const databaseName = `quota-define-${Date.now()}`;
    const qm = await QueueManager.open({ name: "QUOTA", store: new IndexedDBStore({ databaseName }) });
    await qm.mqsc("DEFINE QLOCAL(APP.KEPT) MAXDEPTH(10)");

    runOutOfQuota();
    const define = await qm.mqsc("DEFINE QLOCAL(APP.REFUSED)");
    expect(JSON.stringify(define)).toMatch(/2071|STORAGE_NOT_AVAILABLE/);
    const alter = await qm.mqsc("ALTER QLOCAL(APP.KEPT) MAXDEPTH(20)");
    expect(JSON.stringify(alter)).toMatch(/2071|STORAGE_NOT_AVAILABLE/);
    expect(await qm.queueNames()).not.toContain("APP.REFUSED");
    expect((await qm.mqsc("DISPLAY QLOCAL(APP.KEPT) MAXDEPTH")).commands[0]!.objects?.[0]?.parameters).toMatchObject({ maxdepth: 10 });
    await expect(qm.put("APP.REFUSED", { body: "x" })).rejects.toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME" });

    IDBObjectStore.prototype.put = originalPut;
    await qm.close();
    const reopened = await QueueManager.open({ name: "QUOTA", store: new IndexedDBStore({ databaseName }) });
    expect(await reopened.queueNames()).not.toContain("APP.REFUSED");
    expect((await reopened.mqsc("DISPLAY QLOCAL(APP.KEPT) MAXDEPTH")).commands[0]!.objects?.[0]?.parameters).toMatchObject({ maxdepth: 10 });
    await reopened.close();
  });
});
