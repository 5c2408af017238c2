/**
 * The admin resources, crtmqm/dltmqm and the error-id table through the real worker and its
 * Durable Objects in workerd; and what only the edge has: created queue managers outlive a
 * restart, and dltmqm empties the queue manager's Durable Object.
 */
import { abortAllDurableObjects, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, testAdminApi, type AdminTarget } from "../contract/http-admin.contract.js";
import type { QueueManagerObject } from "../../adapters/edge/queue-manager-object.js";
import { testAdminObjectsApi } from "../contract/http-admin-objects.contract.js";
import { TEST_READER_TOKEN, TEST_USERS } from "../fixtures/security.js";

let counter = 0;
const edgeAdmin: AdminTarget = {
  token: "edge-test-token",
  fetch: (path, init) => SELF.fetch("http://localhost" + path, init),
  // test/edge/vitest.config.ts: MQ_QUEUE_MANAGERS is "QM1, QM.EDGE.*"; a created name must fall outside both.
  configured: "QM1",
  newName: () => `QM.MADE.${Date.now().toString(36)}.${(counter++).toString(36)}`,
  platform: "workerd",
};

testAdminApi("worker and Durable Object (workerd)", edgeAdmin);
testAdminObjectsApi("worker and Durable Object (workerd)", {
  fetch: edgeAdmin.fetch,
  admin: { authorization: `Bearer ${edgeAdmin.token}` },
  reader: { authorization: `Bearer ${TEST_READER_TOKEN}` },
  user: { authorization: `Basic ${btoa(`app:${TEST_USERS.app.password}`)}` },
  qmgr: "QM1",
});

describe("admin REST API: workerd-only", () => {
  it("keeps a created queue manager, and its persistent messages, across a restart of every Durable Object", async () => {
    const { create, list, put, get } = adminClient(edgeAdmin);
    const qmgr = edgeAdmin.newName();
    expect((await create({ name: qmgr })).status).toBe(201);
    expect((await put(qmgr, "survives", "DEV.QUEUE.1", { "ibm-mq-md-persistence": "persistent" })).status).toBe(201);

    await abortAllDurableObjects();

    const names = ((await (await list()).json()) as { qmgr: { name: string }[] }).qmgr.map((q) => q.name);
    expect(names).toContain(qmgr);
    expect(names).toContain("QM1");
    // A generic entry (QM.EDGE.*) admits names it cannot list.
    expect(names.some((name) => name.includes("*"))).toBe(false);
    const got = await get(qmgr);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("survives");
  });

  it("answers an error from a queue manager's Durable Object with its MQ reason, not a 500: a name whose object was deleted while still listed", async () => {
    const { create, show } = adminClient(edgeAdmin);
    const qmgr = edgeAdmin.newName();
    expect((await create({ name: qmgr })).status).toBe(201);
    // The moment inside a dltmqm after the object refuses requests and before the registry forgets the name.
    const object = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(qmgr)) as DurableObjectStub<QueueManagerObject>;
    await object.deleteQueueManager();
    const shown = await show(qmgr);
    expect(shown.status).toBe(404);
    expect(await shown.json()).toMatchObject({ error: [{ msgId: "MQWB0009E", reasonCode: 2058, completionCode: 2 }] });
  });

  it("lets no request racing dltmqm leave anything behind: created again, the queue manager starts from nothing and works", async () => {
    const { create, remove, put, get, mqsc } = adminClient(edgeAdmin);
    const qmgr = edgeAdmin.newName();
    expect((await create({ name: qmgr })).status).toBe(201);
    expect((await put(qmgr, "before", "DEV.QUEUE.1", { "ibm-mq-md-persistence": "persistent" })).status).toBe(201);
    // Puts sent as the delete is: each is put before it (and deleted with it) or refused 404, never kept.
    const racing = Array.from({ length: 12 }, (_, i) => put(qmgr, `racing-${i}`, "DEV.QUEUE.1", { "ibm-mq-md-persistence": "persistent" }));
    const [deleted, ...puts] = await Promise.all([remove(qmgr), ...racing]);
    expect(deleted.status).toBe(204);
    for (const response of puts) {
      expect([201, 404]).toContain(response.status);
      await response.arrayBuffer();
    }
    expect((await create({ name: qmgr })).status).toBe(201);
    const depth = await mqsc(qmgr, "DISPLAY QLOCAL(DEV.QUEUE.1) CURDEPTH");
    expect(depth.status).toBe(200);
    expect(JSON.stringify(await depth.json())).toContain("CURDEPTH(0)");
    expect((await put(qmgr, "after", "DEV.QUEUE.1", { "ibm-mq-md-persistence": "persistent" })).status).toBe(201);
    const got = await get(qmgr);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("after");
  });

  it("leaves a name served and usable, or gone, when crtmqm and dltmqm of it race", async () => {
    const { create, remove, show, put } = adminClient(edgeAdmin);
    for (let round = 0; round < 6; round++) {
      const qmgr = edgeAdmin.newName();
      expect((await create({ name: qmgr })).status).toBe(201);
      const [deleted, created] = await Promise.all([remove(qmgr), create({ name: qmgr })]);
      expect([204, 404]).toContain(deleted.status);
      expect([201, 409]).toContain(created.status);
      await Promise.all([deleted.arrayBuffer(), created.arrayBuffer()]);
      const shown = await show(qmgr);
      await shown.arrayBuffer();
      const putOne = await put(qmgr, "after the race");
      // Served (shown) means usable; otherwise it is gone for every request alike.
      expect(putOne.status, `round ${round}: show ${shown.status}, delete ${deleted.status}, create ${created.status}`).toBe(shown.status === 200 ? 201 : 404);
      await putOne.arrayBuffer();
    }
  });

  it("serves a name a generic MQ_QUEUE_MANAGERS entry admits without creating it, and refuses to create or delete it", async () => {
    const { create, remove, show } = adminClient(edgeAdmin);
    const name = `QM.EDGE.ADMIN.${Date.now().toString(36)}`;
    expect((await show(name)).status).toBe(200);
    expect((await create({ name })).status).toBe(409);
    expect((await remove(name)).status).toBe(409);
  });
});
