/**
 * Channel authentication records (SET CHLAUTH) are kept beside the authority records, but they
 * are not authority records: a queue manager with CHLAUTH records and no AUTHREC still checks no
 * authority (webmq's rule: with no authority record, none is enforced), so a SET CHLAUTH alone
 * does not lock every non-administrator out of every queue.
 */
import { afterEach, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { checkAuthority } from "../../core/features/authority/index.js";

let qm: QueueManager | undefined;
afterEach(async () => {
  await qm?.close();
  qm = undefined;
});

it("a queue manager whose only records are CHLAUTH ones checks no authority; an AUTHREC then does", async () => {
  qm = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
  const set = await qm.mqsc("SET CHLAUTH('DEV.APP.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('*') USERSRC(CHANNEL) CHCKCLNT(REQUIRED)");
  expect(set.notProcessed, set.transcript).toBe(0);
  expect((await qm.mqsc("DISPLAY CHLAUTH('DEV.APP.SVRCONN')")).commands[0]!.objects).toHaveLength(1);
  expect(() => checkAuthority(qm!, "app", ["apps"], "QUEUE", "DEV.QUEUE.1", "PUT")).not.toThrow();

  await qm.mqsc("SET AUTHREC PROFILE('DEV.**') OBJTYPE(QUEUE) GROUP('apps') AUTHADD(PUT)");
  expect(() => checkAuthority(qm!, "app", ["apps"], "QUEUE", "DEV.QUEUE.1", "PUT")).not.toThrow();
  expect(() => checkAuthority(qm!, "app", ["apps"], "QUEUE", "OTHER.QUEUE", "PUT")).toThrow(/not authorized/);
});
