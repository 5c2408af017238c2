/**
 * webmq/ibmmq's asynchronous Get stopped by GetDone just as a message arrives, outside
 * syncpoint: every message put is either handed to the callback or still on the queue, none
 * lost and none handed twice. Over local bindings (an in-memory QueueManager) and over client
 * bindings to a server in a process of its own (test/fixtures/mqi-client-server.ts), where the
 * server may have taken the message and sent it while the client's cancel was on its way.
 *
 * Each round starts a waiting Get, puts one message from another connection and calls GetDone
 * a varying number of event-loop turns after the put's answer, so that some rounds land in the
 * window between the message's taking and its delivery. What is asserted holds in every round
 * whatever the timing: the count of messages.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import * as mq from "../../adapters/mqi/index.js";

const MQC = mq.MQC;
const ROUNDS = 48;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the rounds on `queue`: what the callbacks were handed, and what was put. */
async function raceGetDone(
  consumer: mq.MQQueueManager,
  producer: mq.MQQueueManager,
  queue: string,
  syncpoint = false,
): Promise<{ delivered: string[]; put: string[] }> {
  const od = Object.assign(new mq.MQOD(), { ObjectName: queue });
  const hObj = await mq.OpenPromise(consumer, od, MQC.MQOO_INPUT_AS_Q_DEF);
  const output = await mq.OpenPromise(producer, od, MQC.MQOO_OUTPUT);
  const delivered: string[] = [];
  const put: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const gmo = Object.assign(new mq.MQGMO(), {
      Options: (syncpoint ? MQC.MQGMO_SYNCPOINT : MQC.MQGMO_NO_SYNCPOINT) | MQC.MQGMO_WAIT,
      WaitInterval: MQC.MQWI_UNLIMITED,
    });
    let stopped = false;
    mq.Get(hObj, new mq.MQMD(), gmo, (err, _obj, _gmo, _md, data) => {
      expect(stopped, "a callback after GetDone").toBe(false);
      if (!err) delivered.push(data!.toString());
    });
    await turn(); // the get is on its way (over a client) or waiting (local)
    const text = `round ${round}`;
    const putting = mq.PutPromise(output, new mq.MQMD(), new mq.MQPMO(), text);
    put.push(text);
    if (round % 8 < 4) {
      // GetDone 0 to 3 turns of the event loop after the put's answer...
      await putting;
      for (let turns = 0; turns < round % 4; turns++) await turn();
    } else for (let ticks = 0; ticks < (round % 4) * 3; ticks++) await Promise.resolve(); // ...or a few microtasks after the put began
    mq.GetDone(hObj);
    stopped = true;
    await putting;
  }
  await mq.ClosePromise(output, 0);
  // Under syncpoint the messages handed over are committed now; one GetDone overtook must not be among them.
  if (syncpoint) await mq.Cmit(consumer);
  const left = await drain(hObj);
  await mq.ClosePromise(hObj, 0);
  return { delivered: [...delivered, ...left], put };
}

/** What is left on an object's queue: a get with a short wait until none (a message given back late is woken for). */
function drain(hObj: mq.MQObject): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    const found: string[] = [];
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT, WaitInterval: 1000 });
    mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, md, data) => {
      // Given back as it was: a GetDone race is no failed attempt at the message.
      if (!err) return void found.push(md!.BackoutCount === 0 ? data!.toString() : `${data!.toString()} backed out ${md!.BackoutCount}`);
      mq.GetDone(obj);
      if (err.mqrc === MQC.MQRC_NO_MSG_AVAILABLE) resolve(found);
      else reject(err);
    });
  });
}

const byRound = (texts: string[]) => [...texts].sort((a, b) => Number(a.split(" ")[1]) - Number(b.split(" ")[1]));

describe("GetDone crossing a non-syncpoint get's message loses nothing", { timeout: 60_000 }, () => {
  it("over local bindings", async () => {
    const qm = await QueueManager.open({ name: "QMRACE" });
    const unregister = mq.registerQueueManager(qm);
    try {
      const consumer = await mq.ConnxPromise("QMRACE", new mq.MQCNO());
      const producer = await mq.ConnxPromise("QMRACE", new mq.MQCNO());
      await qm.mqsc("DEFINE QLOCAL(RACE.Q)");
      const { delivered, put } = await raceGetDone(consumer, producer, "RACE.Q");
      expect(byRound(delivered)).toEqual(put);
      await mq.DiscPromise(consumer);
      await mq.DiscPromise(producer);
    } finally {
      unregister();
      await qm.close();
    }
  });

  it("over local bindings under syncpoint: a message GetDone overtook is not in the unit Cmit commits, it is back on the queue", async () => {
    const qm = await QueueManager.open({ name: "QMRACESP" });
    const unregister = mq.registerQueueManager(qm);
    try {
      const consumer = await mq.ConnxPromise("QMRACESP", new mq.MQCNO());
      const producer = await mq.ConnxPromise("QMRACESP", new mq.MQCNO());
      await qm.mqsc("DEFINE QLOCAL(RACE.Q)");
      const { delivered, put } = await raceGetDone(consumer, producer, "RACE.Q", true);
      expect(byRound(delivered)).toEqual(put);
      await mq.DiscPromise(consumer);
      await mq.DiscPromise(producer);
    } finally {
      unregister();
      await qm.close();
    }
  });

  describe("over client bindings to a server process", () => {
    let server: ChildProcess;
    let exited: Promise<unknown>;
    let port = 0;
    let folder = "";
    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), "webmq-get-done-race-"));
      const fixture = join(import.meta.dirname, "../fixtures/mqi-client-server.ts");
      server = spawn(process.execPath, ["--import", "tsx", fixture, join(folder, "qm1.db"), "0", "ASQMGR", "app-pw-51", "admin-pw-51", "token-race-51"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      exited = new Promise((done) => server.on("exit", done));
      let out = "";
      port = await new Promise<number>((resolve, reject) => {
        server.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
          out += chunk;
          const match = /port (\d+)\n/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        void exited.then(() => reject(new Error(`the server ended before it listened: ${out}`)));
      });
    }, 60_000);
    afterAll(async () => {
      server?.kill("SIGTERM");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    });

    const connect = () => {
      const cd = Object.assign(new mq.MQCD(), { ChannelName: "DEV.APP.SVRCONN", ConnectionName: `127.0.0.1(${port})` });
      return mq.ConnxPromise("QM1", Object.assign(new mq.MQCNO(), { ClientConn: cd }));
    };

    it("every message put is handed to the callback or left on the queue", async () => {
      const consumer = await connect();
      const producer = await connect();
      const { delivered, put } = await raceGetDone(consumer, producer, "DEV.QUEUE.1");
      expect(byRound(delivered)).toEqual(put);
      await mq.DiscPromise(consumer);
      await mq.DiscPromise(producer);
    });

    it("a waiting get cut short by Disc leaves the message that crossed it on the queue", async () => {
      const producer = await connect();
      const od = Object.assign(new mq.MQOD(), { ObjectName: "DEV.QUEUE.2" });
      const put: string[] = [];
      const delivered: string[] = [];
      for (let round = 0; round < 10; round++) {
        const consumer = await connect();
        const hObj = await mq.OpenPromise(consumer, od, MQC.MQOO_INPUT_AS_Q_DEF);
        const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT, WaitInterval: MQC.MQWI_UNLIMITED });
        mq.Get(hObj, new mq.MQMD(), gmo, (err, _obj, _gmo, _md, data) => void (err ? undefined : delivered.push(data!.toString())));
        await turn();
        const text = `round ${round}`;
        await mq.Put1Promise(producer, od, new mq.MQMD(), new mq.MQPMO(), text);
        put.push(text);
        for (let turns = 0; turns < round % 3; turns++) await turn();
        await mq.DiscPromise(consumer);
      }
      const drainer = await connect();
      const hObj = await mq.OpenPromise(drainer, od, MQC.MQOO_INPUT_AS_Q_DEF);
      const left = await drain(hObj);
      await mq.ClosePromise(hObj, 0);
      await mq.DiscPromise(drainer);
      await mq.DiscPromise(producer);
      expect(byRound([...delivered, ...left])).toEqual(put);
    });
  });
});
