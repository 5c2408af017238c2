/**
 * The real path of an edge channel (issue 21): the worker as `npm start` runs it
 * (scripts/local-edge.mjs, MQ_QUEUE_MANAGERS=QM1,QM2) on storage persisted to disk, set up over
 * the REST MQSC endpoint with IBM's sender/receiver blueprint scripts (mq-ansible's sdr-rcvr,
 * test/fixtures/conformance/mqsc, only the CONNAME placeholder filled in). Persistent messages
 * put to the blueprint's QREMOTE on QM1 move object to object to QM2; workerd is killed
 * (SIGKILL, Miniflare's dispose) mid-transfer and started again on the same storage; every
 * message arrives on QM2's queue exactly once, in order within each priority.
 *
 * EDGE_CHANNEL_MESSAGES sets the count (the issue's 2,000 by default). A channel STOPped
 * before the restart stays stopped: the object forgets it.
 */
import { afterAll, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: a plain .mjs script, untyped
import { startLocalEdge } from "../../scripts/local-edge.mjs";

const COUNT = Number(process.env.EDGE_CHANNEL_MESSAGES ?? 2000);
const TOKEN = "edge-channels-token";
/** How long after START CHANNEL's answer workerd is killed (at once for fewer messages, which move sooner). */
const KILL_AFTER_MS = Number(process.env.EDGE_CHANNEL_KILL_AFTER_MS ?? (COUNT >= 2000 ? 20 : 0));
const FIXTURES = join(import.meta.dirname, "../fixtures/conformance/mqsc");
let persistTo = mkdtempSync(join(tmpdir(), "webmq-edge-channels-"));
let edge: { url: string; dispose(): Promise<void> } | undefined;

const start = async () => {
  edge = await startLocalEdge({ port: 0, persistTo, vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1,QM2" } });
};
afterAll(async () => {
  await edge?.dispose();
  rmSync(persistTo, { recursive: true, force: true });
});

// Each request on a connection of its own (Connection: close): workerd closes an idle keep-alive
// connection a few seconds after its last answer, which a pooled connection's next request can
// race ("other side closed", seen once in the bench).
const auth = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };
const rest = (path: string) => `${edge!.url}/ibmmq/rest/v3${path}`;

interface MqscAnswer {
  overallCompletionCode: number;
  commandResponse: { completionCode: number; message?: string[]; text?: string[] }[];
}

/** A keyword's value in runCommand's text answer (`CURDEPTH(12)`). */
const shown = (answer: MqscAnswer, keyword: string) =>
  new RegExp(`\\b${keyword}\\(([^)]*)\\)`).exec([...(answer.commandResponse[0]!.text ?? []), ...(answer.commandResponse[0]!.message ?? [])].join(" "))?.[1];
const failed = (answer: MqscAnswer) => answer.commandResponse.filter((r) => r.completionCode === 2);

async function mqsc(qmgr: string, script: string): Promise<MqscAnswer> {
  const response = await fetch(rest(`/admin/action/qmgr/${qmgr}/mqsc`), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "runCommand", parameters: { command: script } }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as MqscAnswer;
}

async function depth(qmgr: string, queue: string): Promise<number> {
  const answer = await mqsc(qmgr, `DISPLAY QLOCAL(${queue}) CURDEPTH`);
  return Number(shown(answer, "CURDEPTH"));
}

async function put(i: number): Promise<void> {
  const response = await fetch(rest(`/messaging/qmgr/QM1/queue/REMOTE.Q/message`), {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": "persistent", "ibm-mq-md-priority": String(i % 3) },
    body: `message ${i}`,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await response.arrayBuffer();
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) {
      const channel = await mqsc("QM1", "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL");
      throw new Error(
        `timed out waiting for ${what}; on QM1 ${channel.commandResponse.map((r) => [...(r.message ?? []), ...(r.text ?? [])].join(" ")).join(" | ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it(`moves ${COUNT} persistent messages QM1 -> QM2 object to object, exactly once and in order within each priority, across a SIGKILL of workerd mid-transfer`, async () => {
  await start();
  // IBM's blueprints as they are, but for the CONNAME placeholder: this Worker's own host names
  // the queue manager here that defines the receiving channel SDR.TO.RCVR (QM2).
  const receiver = readFileSync(join(FIXTURES, "mq-ansible__blueprints__sdr-rcvr__receiver-config.mqsc"), "utf8");
  const sender = readFileSync(join(FIXTURES, "mq-ansible__blueprints__sdr-rcvr__sender-config.mqsc"), "utf8").replace("<RCVR.QMGR.IP>", "127.0.0.1");
  // The sender first: its blueprint ends with START CHANNEL, and with no receiving channel
  // defined yet the channel is RETRYING, so the first half of the messages waits on the
  // transmission queue. The blueprint's remote queue manager is called RECEIVER (its
  // transmission queue's name); ours is QM2, so REMOTE.Q names it: the one line the blueprints
  // need beyond CONNAME.
  const sending = await mqsc("QM1", `${sender}\nALTER QREMOTE(REMOTE.Q) RQMNAME(QM2) XMITQ(RECEIVER)`);
  expect(failed(sending)).toEqual([]);
  const half = Math.floor(COUNT / 2);
  for (let i = 0; i < half; i++) await put(i);
  expect(await depth("QM1", "RECEIVER")).toBe(half);

  const receiving = await mqsc("QM2", receiver);
  // REFRESH SECURITY is the one command refused (there is no security cache to refresh).
  expect(failed(receiving).map((r) => r.message?.[0]?.slice(0, 30))).toEqual(["WEBMQ001E: REFRESH SECURITY is"]);
  await mqsc("QM1", "START CHANNEL(SDR.TO.RCVR)");
  // Killed mid-transfer: the channel moves these 1,000 in about 150 ms here, and START answers
  // before the channel has connected.
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  await edge!.dispose();
  edge = undefined;

  await start();
  // What arrived before the kill (QM1's object is not awake yet: its wake alarm is seconds
  // away); 150 of the 1,000 in the runs on this 2-core machine, 850 with 60 ms.
  const arrivedBeforeKill = await depth("QM2", "RCVR.TARGET.Q");
  expect(arrivedBeforeKill).toBeLessThan(half);
  // Nobody asks QM1 anything: its object wakes by its alarm and restarts the channel it was running.
  await until(`the first ${half} messages on QM2, QM1's channel restarted by its object`, async () => (await depth("QM2", "RCVR.TARGET.Q")) >= half, 60_000);
  // The kill came before the transfer ended: the restarted channel moved some of the first half.
  // (The sender counts a batch once the receiver's confirm comes, just after QM2's depth shows it.)
  let resumed = await mqsc("QM1", "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL");
  await until(
    `QM1's LSTSEQNO ${half}`,
    async () => shown((resumed = await mqsc("QM1", "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL")), "LSTSEQNO") === String(half),
    10_000,
  );
  expect(Number(shown(resumed, "MSGS")), JSON.stringify(resumed)).toBeGreaterThan(0);
  for (let i = half; i < COUNT; i++) await put(i);
  await until(`${COUNT} messages on QM2`, async () => (await depth("QM2", "RCVR.TARGET.Q")) >= COUNT, 120_000);
  let status = await mqsc("QM1", "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL");
  await until(
    `QM1's LSTSEQNO ${COUNT}`,
    async () => shown((status = await mqsc("QM1", "DISPLAY CHSTATUS(SDR.TO.RCVR) ALL")), "LSTSEQNO") === String(COUNT),
    10_000,
  );
  // Every message had one sequence number: a batch backed out at the restart was sent again under the same ones.
  expect([shown(status, "STATUS"), shown(status, "LSTSEQNO")], JSON.stringify(status)).toEqual(["RUNNING", String(COUNT)]);

  const bodies: string[] = [];
  for (;;) {
    const response = await fetch(rest(`/messaging/qmgr/QM2/queue/RCVR.TARGET.Q/message`), { method: "DELETE", headers: auth });
    if (response.status === 204) break;
    expect(response.status).toBe(200);
    bodies.push(await response.text());
  }
  const numbers = bodies.map((body) => Number(body.replace("message ", "")));
  expect(numbers.length).toBe(COUNT);
  expect(new Set(numbers).size).toBe(COUNT);
  for (let p = 0; p < 3; p++) {
    const ofPriority = numbers.filter((n) => n % 3 === p);
    expect(ofPriority).toEqual([...ofPriority].sort((a, b) => a - b));
  }
  expect(await depth("QM1", "RECEIVER")).toBe(0);
  expect(await depth("QM2", "DEV.DEAD.LETTER.QUEUE")).toBe(0);
}, 240_000);

it("does not restart a channel STOPped before workerd was killed", async () => {
  await edge?.dispose();
  rmSync(persistTo, { recursive: true, force: true });
  persistTo = mkdtempSync(join(tmpdir(), "webmq-edge-channels-"));
  await start();
  await mqsc("QM2", "DEFINE QLOCAL(APP.IN)\nDEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(RCVR)");
  await mqsc(
    "QM1",
    "DEFINE QLOCAL(QM2) USAGE(XMITQ)\nDEFINE QREMOTE(TO.QM2) RNAME(APP.IN) RQMNAME(QM2)\nDEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(SDR) CONNAME('QM2') XMITQ(QM2)\nSTART CHANNEL(QM1.TO.QM2)",
  );
  await until("the channel running", async () => shown(await mqsc("QM1", "DISPLAY CHSTATUS(QM1.TO.QM2)"), "STATUS") === "RUNNING", 10_000);
  expect(failed(await mqsc("QM1", "STOP CHANNEL(QM1.TO.QM2)"))).toEqual([]);
  await fetch(rest("/messaging/qmgr/QM1/queue/TO.QM2/message"), {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain", "ibm-mq-md-persistence": "persistent" },
    body: "stays",
  });
  await edge!.dispose();
  await start();
  // Longer than the wake (CHANNEL_WAKE_MS, 5 s) after which a remembered channel would have started again.
  await new Promise((resolve) => setTimeout(resolve, 7000));
  expect(await depth("QM2", "APP.IN")).toBe(0);
  expect(await depth("QM1", "QM2")).toBe(1);
  expect(shown(await mqsc("QM1", "DISPLAY CHSTATUS(QM1.TO.QM2)"), "STATUS")).toBeUndefined();
}, 60_000);
