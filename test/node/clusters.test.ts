/**
 * Queue-manager clusters (core/features/clusters) through MQSC and the JS API: a full repository
 * and partial ones over in-process channels; puts to a cluster queue balanced by the workload
 * algorithm and delivered by the cluster-senders.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TestCluster, drain, mqscOk, until } from "../fixtures/cluster-helpers.js";
import { setClusterOptions } from "../../core/features/clusters/install.js";

let cluster: TestCluster;
afterEach(async () => cluster?.close());

async function instancesKnown(qmName: string, queue: string, count: number): Promise<boolean> {
  const result = await cluster.qm(qmName).mqsc(`DISPLAY QCLUSTER(${queue})`);
  return (result.commands[0]!.objects?.length ?? 0) === count;
}

async function threeMembers(queueAttributes = "DEFBIND(NOTFIXED)") {
  cluster = new TestCluster();
  await cluster.fullRepository("REPOS1");
  await cluster.member("QM2", "REPOS1", `DEFINE QLOCAL(APP.Q) CLUSTER(C1) ${queueAttributes}`);
  await cluster.member("QM3", "REPOS1", `DEFINE QLOCAL(APP.Q) CLUSTER(C1) ${queueAttributes}`);
  await cluster.member("QM4", "REPOS1");
  // The full repository knows every instance; QM4 asks it when it first opens the queue (a subscription).
  await until(() => instancesKnown("REPOS1", "APP.Q", 2));
  await (await cluster.qm("QM4").open("APP.Q", { output: true })).close();
  expect(await instancesKnown("QM4", "APP.Q", 2)).toBe(true);
}

describe("clusters", () => {
  it("DISPLAY CLUSQMGR shows the members a partial repository learnt from the full one, with IBM's attributes", async () => {
    await threeMembers();
    const result = await cluster.qm("QM4").mqsc("DISPLAY CLUSQMGR(*) ALL");
    const rows = result.commands[0]!.objects!.map((o) => o.parameters);
    const byName = new Map(rows.map((r) => [r.clusqmgr, r]));
    expect([...byName.keys()].sort()).toEqual(["QM2", "QM3", "QM4", "REPOS1"]);
    expect(byName.get("REPOS1")).toMatchObject({ qmtype: "REPOS", deftype: "CLUSSDRB", cluster: "C1", channel: "TO.REPOS1" });
    expect(byName.get("QM2")).toMatchObject({ qmtype: "NORMAL", deftype: "CLUSSDRA", suspend: "NO" });
    expect(byName.get("QM4")).toMatchObject({ deftype: "CLUSRCVR" });
    expect(result.transcript).toContain("AMQ8441I");
  });

  it("a partial repository holds only what it uses: its first put asks the full repository, and later instances reach it", async () => {
    cluster = new TestCluster();
    await cluster.fullRepository("REPOS1");
    await cluster.member("QM2", "REPOS1", "DEFINE QLOCAL(APP.Q) CLUSTER(C1) DEFBIND(NOTFIXED)");
    await cluster.member("QM3", "REPOS1", "DEFINE QLOCAL(OTHER.Q) CLUSTER(C1) DEFBIND(NOTFIXED)");
    const qm4 = await cluster.member("QM4", "REPOS1");
    await until(async () => (await instancesKnown("REPOS1", "APP.Q", 1)) && (await instancesKnown("REPOS1", "OTHER.Q", 1)));
    await until(async () => ((await qm4.mqsc("DISPLAY CLUSQMGR(*)")).commands[0]!.objects?.length ?? 0) === 2);
    const members = async () => ((await qm4.mqsc("DISPLAY CLUSQMGR(*)")).commands[0]!.objects ?? []).map((o) => o.parameters.clusqmgr).sort();
    // Before it uses a cluster queue, QM4 knows only itself and the full repository.
    expect(await members()).toEqual(["QM4", "REPOS1"]);
    expect((await qm4.mqsc("DISPLAY QCLUSTER(*)")).commands[0]!.reason).toBe("MQRC_UNKNOWN_OBJECT_NAME");
    // The first put waits for the full repository's answer, then goes to the instance it names.
    await qm4.put("APP.Q", { body: "first", persistent: true });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth === 1);
    expect(await members()).toEqual(["QM2", "QM4", "REPOS1"]);
    expect(qm4.queueNames().filter((q) => q.startsWith("SYSTEM.CLUSTER.TRANSMIT."))).not.toContain("SYSTEM.CLUSTER.TRANSMIT.TO.QM3");
    // An instance defined later reaches the subscriber, with the queue manager hosting it.
    await mqscOk(cluster.qm("QM3"), "DEFINE QLOCAL(APP.Q) CLUSTER(C1) DEFBIND(NOTFIXED)");
    await until(() => instancesKnown("QM4", "APP.Q", 2));
    expect(await members()).toEqual(["QM2", "QM3", "QM4", "REPOS1"]);
    expect(await instancesKnown("QM4", "OTHER.Q", 0)).toBe(true);
    // A name the full repository does not know: the put fails once it has answered.
    await expect(qm4.put("NO.SUCH.Q", { body: "x" })).rejects.toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME" });
  });

  it("auto-defined cluster-senders show in DISPLAY CLUSQMGR, not DISPLAY CHANNEL, and go when their member goes", async () => {
    await threeMembers();
    const qm4 = cluster.qm("QM4");
    await qm4.put("APP.Q", { body: "m", persistent: true });
    const channels = (await qm4.mqsc("DISPLAY CHANNEL(*)")).commands[0]!.objects!.map((o) => o.parameters.channel);
    expect(channels).toContain("TO.REPOS1");
    expect(channels).toContain("TO.QM4");
    expect(channels).not.toContain("TO.QM2");
    expect(channels).not.toContain("TO.QM3");
    expect((await qm4.mqsc("DISPLAY CHANNEL(TO.QM2)")).commands[0]!.reason).toBe("MQRC_UNKNOWN_OBJECT_NAME");
    const shown = (await qm4.mqsc("DISPLAY CLUSQMGR(QM*) CHANNEL DEFTYPE")).commands[0]!.objects!.map((o) => o.parameters);
    expect(shown).toContainEqual(expect.objectContaining({ clusqmgr: "QM2", channel: "TO.QM2", deftype: "CLUSSDRA" }));
    expect(shown).toContainEqual(expect.objectContaining({ clusqmgr: "QM3", channel: "TO.QM3", deftype: "CLUSSDRA" }));
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 1);
    // QM3 leaves (forced out at the full repository): its cluster-sender and transmission queue go, at QM4 and at REPOS1.
    await cluster.qm("QM3").close();
    await mqscOk(cluster.qm("REPOS1"), "RESET CLUSTER(C1) QMNAME(QM3) ACTION(FORCEREMOVE)");
    await until(() => qm4.object("channel", "TO.QM3") === undefined && cluster.qm("REPOS1").object("channel", "TO.QM3") === undefined);
    expect(qm4.queueNames()).not.toContain("SYSTEM.CLUSTER.TRANSMIT.TO.QM3");
    expect(qm4.object("channel", "TO.QM2")).toBeDefined();
  });

  it("a cluster queue-manager alias (QREMOTE, blank RNAME, CLUSTER) takes puts naming it to its host; a put naming a member not yet known asks the full repository", async () => {
    await threeMembers();
    // QM2 advertises GATEWAY: a put to any queue at queue manager GATEWAY goes to QM2, which maps it to itself.
    await mqscOk(cluster.qm("QM2"), "DEFINE QLOCAL(BACKEND.Q)\nDEFINE QREMOTE(GATEWAY) RQMNAME(QM2) CLUSTER(C1)");
    await until(() => instancesKnown("REPOS1", "GATEWAY", 1));
    const shown = await cluster.qm("REPOS1").mqsc("DISPLAY QCLUSTER(*) CLUSQT");
    const types = new Map(shown.commands[0]!.objects!.map((o) => [`${o.parameters.queue} ${o.parameters.clusqmgr}`, o.parameters.clusqt]));
    expect(types.get("GATEWAY QM2")).toBe("QMGR");
    expect(types.get("APP.Q QM2")).toBe("QLOCAL");
    const qm4 = cluster.qm("QM4");
    await qm4.put("BACKEND.Q", { body: "via the alias", persistent: true }, { queueManager: "GATEWAY" });
    await until(() => cluster.qm("QM2").queueStatus("BACKEND.Q").depth === 1);
    // Not a queue of that name: a put to queue GATEWAY is still unknown.
    await expect(qm4.put("GATEWAY", { body: "x" })).rejects.toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME" });
    // QM5 joins later, with a queue outside the cluster: QM4 reaches it by name once the full repository has told it of QM5.
    await cluster.member("QM5", "REPOS1", "DEFINE QLOCAL(PRIVATE.Q)");
    await until(async () => ((await cluster.qm("REPOS1").mqsc("DISPLAY CLUSQMGR(QM5)")).commands[0]!.objects?.length ?? 0) === 1);
    await qm4.put("PRIVATE.Q", { body: "by name", persistent: true }, { queueManager: "QM5" });
    await until(() => cluster.qm("QM5").queueStatus("PRIVATE.Q").depth === 1);
  });

  it("puts to a cluster queue not defined here are spread over its instances and each arrives once", async () => {
    await threeMembers();
    const qm4 = cluster.qm("QM4");
    for (let i = 0; i < 40; i++) await qm4.put("APP.Q", { body: `m${i}`, persistent: true });
    let got: string[][] = [[], []];
    await until(async () => {
      got = [
        [...got[0]!, ...(await drain(cluster.qm("QM2"), "APP.Q"))],
        [...got[1]!, ...(await drain(cluster.qm("QM3"), "APP.Q"))],
      ];
      return got[0]!.length + got[1]!.length === 40;
    });
    expect(got[0]!.length).toBe(20);
    expect(got[1]!.length).toBe(20);
    expect(new Set([...got[0]!, ...got[1]!]).size).toBe(40);
  });

  it("CLWLWGHT on the CLUSRCVR sets each instance's share", async () => {
    await threeMembers();
    await mqscOk(cluster.qm("QM2"), "ALTER CHANNEL(TO.QM2) CHLTYPE(CLUSRCVR) CLWLWGHT(75)");
    await mqscOk(cluster.qm("QM3"), "ALTER CHANNEL(TO.QM3) CHLTYPE(CLUSRCVR) CLWLWGHT(25)");
    await until(async () => {
      const rows = (await cluster.qm("QM4").mqsc("DISPLAY CLUSQMGR(QM*) CLWLWGHT")).commands[0]!.objects!.map((o) => o.parameters);
      return rows.some((r) => r.clusqmgr === "QM2" && r.clwlwght === 75) && rows.some((r) => r.clusqmgr === "QM3" && r.clwlwght === 25);
    });
    for (let i = 0; i < 100; i++) await cluster.qm("QM4").put("APP.Q", { body: `m${i}`, persistent: true });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 100);
    expect(cluster.qm("QM2").queueStatus("APP.Q").depth).toBe(75);
    expect(cluster.qm("QM3").queueStatus("APP.Q").depth).toBe(25);
  });

  it("SUSPEND QMGR CLUSTER keeps puts away from a member while another instance can take them; RESUME brings it back", async () => {
    await threeMembers();
    await mqscOk(cluster.qm("QM3"), "SUSPEND QMGR CLUSTER(C1)");
    await until(async () => (await cluster.qm("QM4").mqsc("DISPLAY CLUSQMGR(QM3) SUSPEND")).commands[0]!.objects![0]!.parameters.suspend === "YES");
    for (let i = 0; i < 10; i++) await cluster.qm("QM4").put("APP.Q", { body: `m${i}`, persistent: true });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth === 10);
    expect(cluster.qm("QM3").queueStatus("APP.Q").depth).toBe(0);
    await mqscOk(cluster.qm("QM3"), "RESUME QMGR CLUSTER(C1)");
    await until(async () => (await cluster.qm("QM4").mqsc("DISPLAY CLUSQMGR(QM3) SUSPEND")).commands[0]!.objects![0]!.parameters.suspend === "NO");
    for (let i = 0; i < 10; i++) await cluster.qm("QM4").put("APP.Q", { body: `n${i}`, persistent: true });
    await until(() => cluster.qm("QM3").queueStatus("APP.Q").depth > 0);
  });

  it("DEFBIND(OPEN): a handle's puts all go to the instance chosen at open", async () => {
    await threeMembers("DEFBIND(OPEN)");
    const handle = await cluster.qm("QM4").open("APP.Q", { output: true });
    for (let i = 0; i < 10; i++) await handle.put({ body: `m${i}`, persistent: true });
    await handle.close();
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 10);
    expect([cluster.qm("QM2").queueStatus("APP.Q").depth, cluster.qm("QM3").queueStatus("APP.Q").depth].sort()).toEqual([0, 10]);
  });

  it("DEFBIND(GROUP): the messages of one group (GroupId) stay on one instance", async () => {
    await threeMembers("DEFBIND(GROUP)");
    for (let i = 0; i < 12; i++) await cluster.qm("QM4").put("APP.Q", { body: `m${i}`, persistent: true, properties: { GroupId: `G${i % 3}` } });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 12);
    const where = new Map<string, Set<string>>();
    for (const name of ["QM2", "QM3"]) {
      for (let m = await cluster.qm(name).get("APP.Q"); m; m = await cluster.qm(name).get("APP.Q")) {
        const group = String(m.properties.find((p) => p.name === "GroupId")?.value);
        where.set(group, (where.get(group) ?? new Set()).add(name));
      }
    }
    expect([...where.values()].every((s) => s.size === 1)).toBe(true);
  });

  it("CLWLUSEQ: a member's puts stay on its own instance (LOCAL, the default); ANY on the queue balances them over every instance", async () => {
    await threeMembers();
    const qm2 = cluster.qm("QM2");
    for (let i = 0; i < 10; i++) await qm2.put("APP.Q", { body: `local${i}`, persistent: true });
    expect(qm2.queueStatus("APP.Q").depth).toBe(10);
    // Nothing left for QM3: QM2 has not even a cluster-sender toward it (defined on first use).
    expect(qm2.queueNames()).not.toContain("SYSTEM.CLUSTER.TRANSMIT.TO.QM3");
    await drain(qm2, "APP.Q");

    // QM2 knew only its own instance: with ANY it subscribes to the others.
    expect(await instancesKnown("QM2", "APP.Q", 1)).toBe(true);
    await mqscOk(qm2, "ALTER QLOCAL(APP.Q) CLWLUSEQ(ANY)");
    await until(() => instancesKnown("QM2", "APP.Q", 2));
    const shown = await qm2.mqsc("DISPLAY QLOCAL(APP.Q) CLWLUSEQ");
    expect(shown.commands[0]!.objects![0]!.parameters.clwluseq).toBe("ANY");
    for (let i = 0; i < 40; i++) await qm2.put("APP.Q", { body: `any${i}`, persistent: true });
    await until(() => qm2.queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 40);
    expect(qm2.queueStatus("APP.Q").depth).toBe(20);
    expect(cluster.qm("QM3").queueStatus("APP.Q").depth).toBe(20);
    const bodies = [...(await drain(qm2, "APP.Q")), ...(await drain(cluster.qm("QM3"), "APP.Q"))];
    expect(new Set(bodies).size).toBe(40);
  });

  it("CLWLUSEQ(ANY) with DEFBIND(OPEN): each handle keeps the instance chosen at open, the local one included", async () => {
    await threeMembers("DEFBIND(OPEN) CLWLUSEQ(ANY)");
    await until(() => instancesKnown("QM2", "APP.Q", 2));
    const qm2 = cluster.qm("QM2");
    const handles = [await qm2.open("APP.Q", { output: true }), await qm2.open("APP.Q", { output: true })];
    for (const [h, handle] of handles.entries()) for (let i = 0; i < 5; i++) await handle.put({ body: `h${h}-${i}`, persistent: true });
    for (const handle of handles) await handle.close();
    await until(() => qm2.queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 10);
    const local = await drain(qm2, "APP.Q");
    const remote = await drain(cluster.qm("QM3"), "APP.Q");
    expect([local.length, remote.length]).toEqual([5, 5]);
    expect(new Set(local.map((b) => b.split("-")[0])).size).toBe(1);
    expect(new Set(remote.map((b) => b.split("-")[0])).size).toBe(1);
  });

  it("CLWLUSEQ(QMGR) takes ALTER QMGR CLWLUSEQ(ANY); what a cluster channel brings stays on the instance it reached", async () => {
    await threeMembers("DEFBIND(NOTFIXED) CLWLUSEQ(QMGR)");
    // Both members balance their own puts: a message QM2 sent to QM3 that QM3 balanced again could go back.
    for (const name of ["QM2", "QM3"]) await mqscOk(cluster.qm(name), "ALTER QMGR CLWLUSEQ(ANY)");
    await until(() => instancesKnown("QM2", "APP.Q", 2));
    await until(() => instancesKnown("QM3", "APP.Q", 2));
    const shown = await cluster.qm("QM2").mqsc("DISPLAY QMGR CLWLUSEQ");
    expect(shown.commands[0]!.objects![0]!.parameters.clwluseq).toBe("ANY");
    const qm2 = cluster.qm("QM2");
    for (let i = 0; i < 40; i++) await qm2.put("APP.Q", { body: `m${i}`, persistent: true });
    await until(() => qm2.queueStatus("SYSTEM.CLUSTER.TRANSMIT.TO.QM3").depth === 0 && cluster.qm("QM3").queueStatus("APP.Q").depth === 20);
    expect(qm2.queueStatus("APP.Q").depth).toBe(20);
    expect(cluster.qm("QM3").queueStatus("SYSTEM.CLUSTER.TRANSMIT.TO.QM2").depth).toBe(0);
    // A put naming the queue manager (as a channel's does) is not balanced either.
    await qm2.put("APP.Q", { body: "named", persistent: true }, { queueManager: "QM2" });
    expect(qm2.queueStatus("APP.Q").depth).toBe(21);
  });

  it("a name known nowhere is MQRC_UNKNOWN_OBJECT_NAME; bad cluster commands answer with IBM's messages", async () => {
    await threeMembers();
    await expect(cluster.qm("QM4").put("NO.SUCH.Q", { body: "x" })).rejects.toMatchObject({ reason: "MQRC_UNKNOWN_OBJECT_NAME" });
    const suspend = await cluster.qm("QM4").mqsc("SUSPEND QMGR CLUSTER(OTHER)");
    expect(suspend.commands[0]!.reason).toBe("MQRC_UNKNOWN_OBJECT_NAME");
    const reset = await cluster.qm("QM4").mqsc("RESET CLUSTER(C1) QMNAME(QM2) ACTION(FORCEREMOVE)");
    expect(reset.commands[0]!.completionCode).toBe(2);
    const syntax = await cluster.qm("REPOS1").mqsc("RESET CLUSTER(C1) QMNAME(QM2)");
    expect(syntax.syntaxErrors).toBe(1);
  });
});

describe("clusters at size", () => {
  it("a full repository keeps more records than a queue's default MAXDEPTH (5,000): the cluster's system queues have IBM's 999,999,999", async () => {
    cluster = new TestCluster();
    await cluster.fullRepository("REPOS1");
    const count = 5_100;
    await cluster.member("QM2", "REPOS1", Array.from({ length: count }, (_, i) => `DEFINE QLOCAL(MANY.${i}) CLUSTER(C1)`).join("\n"));
    // Before, the repository's updates failed with MQRC_Q_FULL past 5,000 and were backed out and retried for ever.
    await until(() => cluster.qm("REPOS1").queueStatus("SYSTEM.CLUSTER.REPOSITORY.QUEUE").depth >= count, 200_000);
    for (const queue of ["SYSTEM.CLUSTER.REPOSITORY.QUEUE", "SYSTEM.CLUSTER.COMMAND.QUEUE"])
      expect(cluster.qm("REPOS1").queueAttributes(queue).maxDepth).toBe(999_999_999);
  }, 90_000);
});

describe("clusters across restarts and failures", () => {
  it("a partial repository reopened on its store still knows the cluster queue, with its full repository gone", async () => {
    await threeMembers();
    await cluster.qm("REPOS1").close();
    await cluster.qm("QM4").close();
    const qm4 = await cluster.open("QM4");
    expect(await instancesKnown("QM4", "APP.Q", 2)).toBe(true);
    for (let i = 0; i < 10; i++) await qm4.put("APP.Q", { body: `m${i}`, persistent: true });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth + cluster.qm("QM3").queueStatus("APP.Q").depth === 10);
  });

  it("NOTFIXED: messages waiting for a member whose channel is retrying go to another instance, once", async () => {
    await threeMembers("DEFBIND(NOTFIXED)");
    await cluster.qm("QM3").close();
    for (let i = 0; i < 10; i++) await cluster.qm("QM4").put("APP.Q", { body: `m${i}`, persistent: true });
    await until(() => cluster.qm("QM4").channelStatus("TO.QM3") === "retrying");
    // The reallocation looks every 5 s (on the queue manager's clock) while cluster transmission queues hold messages.
    await until(() => {
      cluster.clock.advance(5_000);
      return cluster.qm("QM4").queueStatus("SYSTEM.CLUSTER.TRANSMIT.TO.QM3").depth === 0;
    });
    await until(() => cluster.qm("QM2").queueStatus("APP.Q").depth === 10);
    const qm3 = await cluster.open("QM3");
    expect(qm3.queueStatus("APP.Q").depth).toBe(0);
  });

  it("RESET CLUSTER ACTION(FORCEREMOVE) at the full repository removes a member from every cache; REFRESH CLUSTER at a partial one learns the cluster again", async () => {
    await threeMembers();
    await cluster.qm("QM3").close();
    await mqscOk(cluster.qm("REPOS1"), "RESET CLUSTER(C1) QMNAME(QM3) ACTION(FORCEREMOVE)");
    await until(() => instancesKnown("QM4", "APP.Q", 1));
    const known = await cluster.qm("QM4").mqsc("DISPLAY CLUSQMGR(QM3)");
    expect(known.commands[0]!.reason).toBe("MQRC_UNKNOWN_OBJECT_NAME");
    await mqscOk(cluster.qm("QM4"), "REFRESH CLUSTER(C1)");
    expect(await instancesKnown("QM4", "APP.Q", 0)).toBe(true);
    await until(() => instancesKnown("QM4", "APP.Q", 1));
  });

  it("records not published again within their lifetime expire; a live member's are published again before", async () => {
    setClusterOptions({ recordLifetimeMs: 60 * 60 * 1000 });
    try {
      await threeMembers();
      await cluster.qm("QM3").close();
      // 90% of the lifetime: QM2 publishes its records again; QM3, closed, cannot.
      for (let minute = 0; minute < 61; minute++) {
        cluster.clock.advance(60_000);
        await until(() => true);
        for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
      }
      await until(() => instancesKnown("QM4", "APP.Q", 1));
      const rows = (await cluster.qm("QM4").mqsc("DISPLAY QCLUSTER(APP.Q)")).commands[0]!.objects!;
      expect(rows[0]!.parameters.clusqmgr).toBe("QM2");
    } finally {
      setClusterOptions({});
    }
  });
});
