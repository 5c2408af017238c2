/**
 * The authority-record contract, run on every store and runtime: SET AUTHREC keeps a record
 * with the queue manager's objects, so that DISPLAY AUTHREC and the check give the same answer
 * after a restart; DELETE AUTHREC removes it for good; a stored value that is not a record
 * never grants.
 */
import { describe, expect, it } from "vitest";
import { MQError, QueueManager } from "../../core/index.js";
import { checkAuthority } from "../../core/features/authority/index.js";
import { uniqueKey, type StoreHarness } from "./harness.js";

export function testAuthorityRecords(name: string, harness: StoreHarness): void {
  const withManager = <T>(body: (open: () => Promise<QueueManager>) => Promise<T>) =>
    harness.withStorage(uniqueKey(`authrec-${name}`), (openStore) => body(() => QueueManager.open({ name: "QM1", store: openStore() })));

  describe(`authority records contract: ${name}`, () => {
    it("keeps records across a restart: DISPLAY AUTHREC shows them and the check grants and refuses as before", async () => {
      await withManager(async (open) => {
        const qm = await open();
        expect(qm.authorityRecords.values.size).toBe(0);
        const set = await qm.mqsc(
          [
            "SET AUTHREC PROFILE('APP.**') OBJTYPE(QUEUE) GROUP('apps') AUTHADD(PUT,GET,BROWSE,INQ)",
            "SET AUTHREC PROFILE('APP.SECRET') OBJTYPE(QUEUE) GROUP('apps') AUTHADD(NONE)",
            "SET AUTHREC OBJTYPE(QMGR) PRINCIPAL('alice') AUTHADD(CONNECT,DSP)",
          ].join("\n"),
        );
        expect(set.notProcessed, set.transcript).toBe(0);
        await qm.close();

        const again = await open();
        const shown = (await again.mqsc("DISPLAY AUTHREC")).commands[0]!;
        expect(shown.completionCode, shown.text.join("\n")).toBe(0);
        expect(shown.objects!.map((o) => o.parameters)).toEqual([
          { profile: "self", entity: "alice", enttype: "PRINCIPAL", objtype: "QMGR", authlist: ["CONNECT", "DSP"] },
          { profile: "APP.**", entity: "apps", enttype: "GROUP", objtype: "QUEUE", authlist: ["BROWSE", "GET", "INQ", "PUT"] },
          { profile: "APP.SECRET", entity: "apps", enttype: "GROUP", objtype: "QUEUE", authlist: ["NONE"] },
        ]);
        expect(() => checkAuthority(again, "bob", ["apps"], "QUEUE", "APP.ORDERS", "PUT")).not.toThrow();
        // The more specific APP.SECRET (no authority) decides for that queue, not APP.**.
        const refused = (() => {
          try {
            checkAuthority(again, "bob", ["apps"], "QUEUE", "APP.SECRET", "GET");
          } catch (error) {
            return error;
          }
        })();
        expect(refused).toBeInstanceOf(MQError);
        expect((refused as MQError).reasonCode).toBe(2035);

        const deleted = await again.mqsc("DELETE AUTHREC PROFILE('APP.SECRET') OBJTYPE(QUEUE) GROUP('apps')");
        expect(deleted.commands[0]!.messages[0]!.id).toBe("AMQ8863I");
        await again.close();

        const third = await open();
        expect(() => checkAuthority(third, "bob", ["apps"], "QUEUE", "APP.SECRET", "GET")).not.toThrow();
        const left = (await third.mqsc("DISPLAY AUTHREC OBJTYPE(QUEUE)")).commands[0]!;
        expect(left.objects!.map((o) => o.parameters.profile)).toEqual(["APP.**"]);
        await third.close();
      });
    });
  });
}
