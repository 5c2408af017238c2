/**
 * Clusters at the edge (issue 26): the worker as `npm start` runs it (scripts/local-edge.mjs) on
 * storage persisted to disk, MQ_QUEUE_MANAGERS=GW,QM1,...,QM4 and MQ_CLUSTERS making them one
 * cluster, DEMO (full repositories QM1 and QM2). Each member's object defines its own cluster
 * channels as it opens (nothing but the cluster queue is defined by hand); the channels run object
 * to object. APP.Q has an instance on QM1..QM4, DEFBIND(NOTFIXED). Persistent puts to GW (the
 * gateway, no instance: the core balances a put only where there is no local instance, CLWLUSEQ
 * being LOCAL) are spread over the four; mid-load QM3 stops taking its cluster channel (its
 * CLUSRCVR stopped: the member unreachable), so GW's messages for it are reallocated to the
 * others; then workerd is killed (SIGKILL, Miniflare's dispose) and started again on the same
 * storage, and the rest is put. Every message is got, over REST, from exactly one member.
 *
 * EDGE_CLUSTER_MESSAGES sets the count (1,000 by default; 10,000 for the figure).
 */
import { afterAll, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";

const COUNT = Number(process.env.EDGE_CLUSTER_MESSAGES ?? 1000);
const TOKEN = "edge-clusters-token";
const INSTANCES = ["QM1", "QM2", "QM3", "QM4"];
const CLUSTERS = { DEMO: { repositories: ["QM1", "QM2"], members: ["GW", ...INSTANCES] } };
const persistTo = mkdtempSync(join(tmpdir(), "webmq-edge-clusters-"));
let edge: { url: string; dispose(): Promise<void> } | undefined;

const start = async () => {
  edge = await startLocalEdge({
    port: 0,
    persistTo,
    vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: ["GW", ...INSTANCES].join(","), MQ_CLUSTERS: JSON.stringify(CLUSTERS) },
  });
};
afterAll(async () => {
  await edge?.dispose();
  rmSync(persistTo, { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };
const rest = (path: string) => `${edge!.url}/ibmmq/rest/v3${path}`;

interface MqscAnswer {
  commandResponse: { completionCode: number; message?: string[]; text?: string[] }[];
}
const textOf = (answer: MqscAnswer) => answer.commandResponse.map((r) => [...(r.message ?? []), ...(r.text ?? [])].join(" ")).join("\n");

async function mqsc(qmgr: string, command: string): Promise<string> {
  const response = await fetch(rest(`/admin/action/qmgr/${qmgr}/mqsc`), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "runCommand", parameters: { command } }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return textOf((await response.json()) as MqscAnswer);
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; GW: ${await mqsc("GW", "DISPLAY CHSTATUS(*)")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function put(qmgr: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(rest(`/messaging/qmgr/${qmgr}/queue/APP.Q/message`), {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": "persistent", ...headers },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await response.arrayBuffer();
  return response;
}

/** Puts messages `from` to `to` - 1 to GW, four requests in flight. */
async function putRange(from: number, to: number): Promise<void> {
  let next = from;
  const lane = async () => {
    while (next < to) await put("GW", `message ${next++}`);
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

/** Every message on APP.Q of `qmgr`, got destructively over REST. */
async function drain(qmgr: string): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const response = await fetch(rest(`/messaging/qmgr/${qmgr}/queue/APP.Q/message`), { method: "DELETE", headers: auth });
    if (response.status === 204) return bodies;
    expect(response.status).toBe(200);
    bodies.push(await response.text());
  }
}

const depth = async (qmgr: string, queue: string) => Number(/CURDEPTH\((\d+)\)/.exec(await mqsc(qmgr, `DISPLAY QLOCAL('${queue}') CURDEPTH`))?.[1] ?? NaN);
const instancesKnown = async (qmgr: string) => ((await mqsc(qmgr, "DISPLAY QCLUSTER(APP.Q)")).match(/CLUSQMGR\(/g) ?? []).length;

it(`balances ${COUNT} persistent puts over a cluster queue's four instances object to object, a member's share reallocated when it goes away, across a SIGKILL of workerd: each got exactly once`, async () => {
  await start();
  for (const qmgr of INSTANCES) expect(await mqsc(qmgr, "DEFINE QLOCAL(APP.Q) CLUSTER(DEMO) DEFBIND(NOTFIXED) MAXDEPTH(999999999)")).toContain("AMQ8006I");
  // MQ_CLUSTERS's set-up, made by each object as it opened: REPOS on the full repositories, a CLUSRCVR naming itself.
  expect(await mqsc("QM1", "DISPLAY QMGR REPOS")).toMatch(/REPOS\(DEMO\)/);
  expect(await mqsc("QM3", "DISPLAY CHANNEL(DEMO.QM3) CONNAME")).toMatch(/CHLTYPE\(CLUSRCVR\)[\s\S]*CONNAME\(QM3\)/);
  // A full repository knows every instance; GW (a partial repository) asks for APP.Q at its first put.
  await until("the full repository to learn APP.Q's four instances", async () => (await instancesKnown("QM1")) === 4);

  // The first half, spread over the four.
  const half = Math.floor(COUNT / 2);
  await putRange(0, half);
  expect(await instancesKnown("GW")).toBe(4);
  expect((await mqsc("GW", "DISPLAY CLUSQMGR(*)")).match(/CLUSQMGR\(/g)).toHaveLength(5);
  await until("the first half to arrive", async () => {
    let total = 0;
    for (const qmgr of INSTANCES) total += await depth(qmgr, "APP.Q");
    return total === half;
  });
  const firstShares = await Promise.all(INSTANCES.map((qmgr) => depth(qmgr, "APP.Q")));
  for (const share of firstShares) expect(share).toBeGreaterThanOrEqual(Math.floor(half / 4) - 4);

  // QM3 goes away for the cluster: its CLUSRCVR stopped, GW's sender toward it retries, and what
  // GW holds for it, and what is put meanwhile, goes to the others (NOTFIXED).
  const qm3Before = firstShares[2]!;
  await mqsc("QM3", "STOP CHANNEL(DEMO.QM3) MODE(FORCE)");
  const quarter = half + Math.floor((COUNT - half) / 2);
  await putRange(half, quarter);
  // Reallocated, not waiting: nothing left for QM3 at GW, and QM3 has what it had.
  await until("GW's messages for QM3 to go to the others", async () => (await depth("GW", "SYSTEM.CLUSTER.TRANSMIT.DEMO.QM3")) === 0);
  expect(await depth("QM3", "APP.Q")).toBe(qm3Before);
  // workerd killed mid-load and started again on the same storage.
  await edge!.dispose();
  await start();
  // QM3's CLUSRCVR comes back STOPPED, as IBM keeps a stopped channel across a restart.
  expect(await mqsc("QM3", "DISPLAY CHSTATUS(DEMO.QM3)")).toMatch(/STATUS\(STOPPED\)/);
  await putRange(quarter, COUNT);
  await until(
    "every message to reach an instance",
    async () => {
      let total = 0;
      for (const qmgr of INSTANCES) total += await depth(qmgr, "APP.Q");
      return total === COUNT && (await depth("GW", "SYSTEM.CLUSTER.TRANSMIT.DEMO.QM3")) === 0;
    },
    120_000,
  );
  const got = new Map<string, string[]>();
  for (const qmgr of INSTANCES) got.set(qmgr, await drain(qmgr));
  const all = [...got.values()].flat();
  expect(all).toHaveLength(COUNT);
  expect(new Set(all).size).toBe(COUNT);
  expect(new Set(all)).toEqual(new Set(Array.from({ length: COUNT }, (_, i) => `message ${i}`)));
  // QM3 took nothing while it was away (its CLUSRCVR stays STOPPED across the restart, as IBM
  // keeps it, until START CHANNEL); the other three took its share meanwhile.
  expect(got.get("QM3")!.length).toBeLessThan(Math.floor(COUNT / 4));
  for (const qmgr of ["QM1", "QM2", "QM4"]) expect(got.get(qmgr)!.length).toBeGreaterThan(Math.floor(COUNT / 4));
}, 300_000);

it("a cluster's name in the URL reaches one member per client (x-webmq-client-id, else the principal): a client's gets are served where its puts went", async () => {
  if (!edge) await start();
  const served = new Map<string, string>();
  for (let client = 0; client < 24; client++) {
    const id = `client-${client}`;
    const answer = await put("DEMO", `from ${id}`, { "x-webmq-client-id": id });
    const member = answer.headers.get("x-webmq-qmgr")!;
    expect(["GW", ...INSTANCES]).toContain(member);
    served.set(id, member);
  }
  // Many clients spread over every member.
  expect(new Set(served.values()).size).toBe(5);
  // The same client reaches the same member again: on an instance's member its get finds its own message.
  for (const [id, member] of served) {
    if (member === "GW") continue;
    const response = await fetch(rest(`/messaging/qmgr/DEMO/queue/APP.Q/message?wait=5000`), {
      method: "DELETE",
      headers: { ...auth, "x-webmq-client-id": id },
    });
    expect(response.headers.get("x-webmq-qmgr")).toBe(member);
    expect(response.status).toBe(200);
  }
  // Without the header, the principal at its address: the same member each time.
  const first = (await put("DEMO", "anonymous")).headers.get("x-webmq-qmgr");
  expect((await put("DEMO", "anonymous")).headers.get("x-webmq-qmgr")).toBe(first);
  // A name that is neither a queue manager nor a cluster: 2058, as before.
  const unknown = await fetch(rest(`/messaging/qmgr/NOPE/queue/APP.Q/message`), { method: "DELETE", headers: auth });
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain("2058");
  // The admin API names queue managers only.
  const admin = await fetch(rest(`/admin/action/qmgr/DEMO/mqsc`), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "runCommand", parameters: { command: "DISPLAY QMGR" } }),
  });
  expect(admin.status).toBe(404);
}, 120_000);
