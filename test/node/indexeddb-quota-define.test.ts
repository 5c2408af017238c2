/**
 * A full quota refusing a definition (DEFINE QLOCAL, an ALTER) leaves the catalogue as it was:
 * the object is not there now, nor after a reopen.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { IndexedDBStore } from "../../adapters/browser/index.js";

const originalPut = IDBObjectStore.prototype.put;
afterEach(() => {
  IDBObjectStore.prototype.put = originalPut;
});

function runOutOfQuota(): void {
  IDBObjectStore.prototype.put = function refuse(): IDBRequest {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}

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
