/**
 * Authority records on the STOMP paths, over real sockets with @stomp/stompjs against serveHttp:
 * SEND to a queue needs PUT on it, to a topic PUB; SUBSCRIBE to a queue needs GET, to a topic
 * SUB (on the administrative topic closest to the topic string, as IBM's topic security). Each
 * case granted through a group the user directory gives, and refused with an ERROR frame
 * carrying MQRC_NOT_AUTHORIZED (2035), nothing put or consumed. MQWebAdmin is never checked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";
import { connect, eventually, Inbox, stompUrl, type TestClient } from "./stomp/stomp-client.js";

let server: NodeServer;
let count = 0;
const managers: QueueManager[] = [];
const open: TestClient[] = [];

beforeAll(async () => {
  for (let i = 0; i < 10; i++) {
    const qm = await QueueManager.open({ name: `QM.SAUTH.${i}` });
    await qm.mqsc("DEFINE QLOCAL(APP.Q)\nDEFINE TOPIC(APP.TOPIC) TOPICSTR('app')");
    managers.push(qm);
  }
  server = await serveHttp({ queueManagers: managers, tokens: ["admin-token", "app-token:MQWebUser:tok-app:apps"] });
});
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});
afterAll(async () => {
  await server.close();
  for (const qm of managers) await qm.close();
});

async function client(qm: QueueManager, passcode: string): Promise<TestClient> {
  const c = await connect(stompUrl(server.url), { passcode, host: qm.name });
  open.push(c);
  return c;
}

interface StompCase {
  path: string;
  objectType: "QUEUE" | "TOPIC";
  profile: string;
  authority: string;
  /** What must be there before the operation (untimed, not counted in `effect`). */
  prepare?: (qm: QueueManager) => Promise<unknown>;
  /** Does the operation as the app; resolves once it has taken effect, or the client has an ERROR. */
  run: (qm: QueueManager, c: TestClient) => Promise<void>;
  /** What the operation changes: compared before and after a refusal, and must change when granted. */
  effect: (qm: QueueManager) => number;
}

const depth = (qm: QueueManager) => qm.queueStatus("APP.Q").depth;
const settled = (c: TestClient, done: () => boolean) => eventually(() => c.errors.length > 0 || done(), "the operation or its refusal");

const CASES: StompCase[] = [
  {
    path: "SEND /queue/APP.Q",
    objectType: "QUEUE",
    profile: "APP.*",
    authority: "PUT",
    run: async (qm, c) => {
      const before = depth(qm);
      c.client.publish({ destination: "/queue/APP.Q", body: "order", headers: { receipt: "r1" } });
      await settled(c, () => depth(qm) > before);
    },
    effect: depth,
  },
  {
    path: "SUBSCRIBE /queue/APP.Q",
    objectType: "QUEUE",
    profile: "APP.**",
    authority: "GET",
    prepare: (qm) => qm.put("APP.Q", { body: "waiting" }),
    run: async (qm, c) => {
      const inbox = new Inbox();
      c.client.subscribe("/queue/APP.Q", inbox.take);
      await settled(c, () => inbox.messages.length > 0);
    },
    effect: (qm) => -qm.queueStatus("APP.Q").depth,
  },
  {
    path: "SEND /topic/app/prices",
    objectType: "TOPIC",
    profile: "APP.TOPIC",
    authority: "PUB",
    prepare: (qm) => qm.mqsc("DEFINE QLOCAL(APP.SUBQ) REPLACE\nDEFINE SUB(APP.SUB) TOPICSTR('app/prices') DEST(APP.SUBQ) REPLACE"),
    run: async (qm, c) => {
      const before = qm.queueStatus("APP.SUBQ").depth;
      c.client.publish({ destination: "/topic/app/prices", body: "42" });
      await settled(c, () => qm.queueStatus("APP.SUBQ").depth > before);
    },
    effect: (qm) => (qm.object("queue", "APP.SUBQ") ? qm.queueStatus("APP.SUBQ").depth : 0),
  },
  {
    path: "SUBSCRIBE /topic/app/#",
    objectType: "TOPIC",
    profile: "APP.TOPIC",
    authority: "SUB",
    run: async (qm, c) => {
      const inbox = new Inbox();
      c.client.subscribe("/topic/app/#", inbox.take);
      // A subscription that was made receives a publication; one refused never does.
      await eventually(async () => c.errors.length > 0 || (await qm.publish("app/news", { body: "n" })).subscriptions > 0, "the subscription");
      await settled(c, () => inbox.messages.length > 0);
    },
    effect: () => 0,
  },
];

describe.each(CASES)("$path needs $authority", ({ objectType, profile, authority, prepare, run, effect }) => {
  it(`is refused with an ERROR frame carrying 2035 once records exist and none grants ${authority}, and changes nothing`, async () => {
    const qm = managers[count++]!;
    // A record for another entity turns checking on; the app's group holds nothing here.
    await qm.mqsc(`SET AUTHREC PROFILE('${profile}') OBJTYPE(${objectType}) GROUP('others') AUTHADD(${authority})`);
    await prepare?.(qm);
    const before = effect(qm);
    const c = await client(qm, "app-token");
    await run(qm, c);
    expect(c.errors[0]).toMatch(/MQRC_NOT_AUTHORIZED|2035/);
    expect(effect(qm)).toBe(before);
  });

  it(`is granted by a GROUP record with ${authority} on ${profile}`, async () => {
    const qm = managers[count++]!;
    await qm.mqsc(`SET AUTHREC PROFILE('${profile}') OBJTYPE(${objectType}) GROUP('apps') AUTHADD(${authority})`);
    await prepare?.(qm);
    const before = effect(qm);
    const c = await client(qm, "app-token");
    await run(qm, c);
    expect(c.errors).toEqual([]);
    if (authority !== "SUB") expect(effect(qm)).toBeGreaterThan(before);
  });
});

it("never checks MQWebAdmin against the records", async () => {
  const qm = managers[count++]!;
  await qm.mqsc("SET AUTHREC PROFILE('APP.*') OBJTYPE(QUEUE) GROUP('others') AUTHADD(PUT)");
  const c = await client(qm, "admin-token");
  c.client.publish({ destination: "/queue/APP.Q", body: "admin" });
  await eventually(() => depth(qm) === 1, "the admin's put");
  expect(c.errors).toEqual([]);
});
