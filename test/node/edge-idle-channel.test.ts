/**
 * What an idle sending channel costs a Durable Object (issue 21): its alarms. The sender's
 * queue manager keeps time on the object's AlarmClock and remembers its channel in
 * RunningChannels (adapters/edge), as QueueManagerObject wires them, over a storage that
 * records every alarm it is given; this test plays the runtime, firing the alarm when it is due
 * while the wall clock moves on (only Date is faked). An idle sender waits on its transmission
 * queue in memory: no alarm fires until DISCINT ends it, and a message put meanwhile moves at
 * once. A persistent message put on the queue arms the wake that resumes the channel after an
 * eviction, and that wake, finding the channel idle again, is not armed again.
 */
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager, type StoreOp } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { AlarmClock } from "../../adapters/edge/alarm-clock.js";
import { CHANNEL_WAKE_MS, RunningChannels } from "../../adapters/edge/running-channels.js";

/** The parts of DurableObjectStorage the clock and RunningChannels use, with the alarm as the runtime keeps it. */
function recordingStorage() {
  const data = new Map<string, unknown>();
  const storage = {
    alarmAt: null as number | null,
    alarmWrites: 0,
    get: async (key: string) => data.get(key),
    put: async (key: string, value: unknown) => void data.set(key, value),
    delete: async (key: string) => data.delete(key),
    setAlarm: async (at: number | Date) => {
      storage.alarmAt = typeof at === "number" ? at : at.getTime();
      storage.alarmWrites++;
    },
    deleteAlarm: async () => {
      storage.alarmAt = null;
      storage.alarmWrites++;
    },
  };
  return storage;
}

/** A memory store that tells of each commit, as the object's DurableObjectStore does (its `committed`). */
class ToldStore extends MemoryStore {
  committed: ((batch: StoreOp[]) => void) | undefined;
  override async commit(batch: StoreOp[]): Promise<void> {
    await super.commit(batch);
    this.committed?.(batch);
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

let opened: QueueManager[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 11, 3, 12) });
});
afterEach(async () => {
  for (const qm of opened) await qm.close();
  opened = [];
  vi.useRealTimers();
});

/** `hbint`: the channel's HBINT at both ends; 0 by default here, so DISCINT's is the only timer of the idle sender (see the last test for heartbeats). */
async function edgeSender(discint: number, hbint = 0) {
  const storage = recordingStorage();
  const clock = new AlarmClock(storage as unknown as DurableObjectStorage);
  const channels = new RunningChannels(storage as unknown as DurableObjectStorage, (text) => {
    throw new Error(text);
  });
  const link = new LinkedChannels();
  const receiver = await QueueManager.open({ name: "QM2", store: new MemoryStore(new MemoryStorage()) });
  link.register(receiver);
  const store = new ToldStore(new MemoryStorage());
  const sender = await QueueManager.open({
    name: "QM1",
    store,
    clock,
    // As objectChannelConnector's `connecting`: RunningChannels remembers each channel that starts.
    channelConnector: { connect: (channel, connectionName, from) => (channels.started(channel), link.connect(channel, connectionName, from)) },
  });
  opened.push(sender, receiver);
  store.committed = (batch) => channels.committed(batch);
  await channels.resume(sender);
  await receiver.mqsc(`DEFINE QLOCAL(APP.IN)\nDEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(RCVR) HBINT(${hbint})`);
  await sender.mqsc(`DEFINE QLOCAL(QM2) USAGE(XMITQ)
DEFINE QREMOTE(TO.QM2) RNAME(APP.IN) RQMNAME(QM2) XMITQ(QM2)
DEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(SDR) CONNAME('QM2') XMITQ(QM2) DISCINT(${discint}) HBINT(${hbint})`);
  let wakes = 0;
  /** The runtime: time passes a second at a time, and the alarm fires (the object's alarm() calls fire()) when due. */
  const pass = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 1000) {
      vi.setSystemTime(Date.now() + 1000);
      if (storage.alarmAt !== null && storage.alarmAt <= Date.now()) {
        storage.alarmAt = null;
        wakes++;
        clock.fire();
      }
      await settle();
    }
  };
  const arrived = () => receiver.queueStatus("APP.IN").depth;
  return { sender, channels, storage, pass, arrived, wakes: () => wakes };
}

it("an idle sender wakes its object for nothing: no alarm fires in ten minutes, and a message put meanwhile moves at once", async () => {
  const edge = await edgeSender(6000);
  edge.sender.startChannel("QM1.TO.QM2");
  expect(await edge.sender.channelStarted("QM1.TO.QM2")).toBe("running");
  await edge.sender.put("TO.QM2", { body: "first", persistent: true });
  await vi.waitFor(() => expect(edge.arrived()).toBe(1));
  // The wake armed by the start (and the put) comes once, finds the channel idle, and is not armed again.
  await edge.pass(CHANNEL_WAKE_MS);
  const settled = { wakes: edge.wakes(), alarmWrites: edge.storage.alarmWrites };
  expect(settled.wakes).toBe(1);

  await edge.pass(10 * 60_000);
  expect(edge.wakes() - settled.wakes).toBe(0);
  expect(edge.storage.alarmWrites - settled.alarmWrites).toBe(0);
  // What is due is DISCINT's end, 6000 s after the last message.
  expect(edge.storage.alarmAt).toBeGreaterThan(Date.now() + 5000_000);
  expect(edge.sender.channelStatus("QM1.TO.QM2")).toBe("running");

  // A message put while idle moves with no alarm: the sender's wait is the queue's, in memory.
  await edge.sender.put("TO.QM2", { body: "second", persistent: true });
  await vi.waitFor(() => expect(edge.arrived()).toBe(2));
  expect(edge.wakes() - settled.wakes).toBe(0);
  // That put armed the wake that would resume the channel after an eviction mid-transfer.
  expect(edge.storage.alarmAt).toBeLessThanOrEqual(Date.now() + CHANNEL_WAKE_MS);
  await edge.pass(60_000);
  expect(edge.wakes() - settled.wakes).toBe(1);
  expect(await edge.channels.names()).toEqual(["QM1.TO.QM2"]);
});

it("DISCINT is the one alarm of an idle sender: it ends the channel, and nothing is due after", async () => {
  const edge = await edgeSender(60);
  edge.sender.startChannel("QM1.TO.QM2");
  expect(await edge.sender.channelStarted("QM1.TO.QM2")).toBe("running");
  await edge.sender.put("TO.QM2", { body: "only", persistent: true });
  await vi.waitFor(() => expect(edge.arrived()).toBe(1));
  await edge.pass(10 * 60_000);
  // The start's wake, then DISCINT's end.
  expect(edge.wakes()).toBe(2);
  expect(edge.sender.channelStatus("QM1.TO.QM2")).toBeUndefined();
  expect(edge.storage.alarmAt).toBeNull();
  expect(await edge.channels.names()).toEqual([]);
});

it("HBINT(300): the idle sender's other alarm is its heartbeat, one each interval, and the channel stays running", async () => {
  const edge = await edgeSender(6000, 300);
  edge.sender.startChannel("QM1.TO.QM2");
  expect(await edge.sender.channelStarted("QM1.TO.QM2")).toBe("running");
  await edge.sender.put("TO.QM2", { body: "first", persistent: true });
  await vi.waitFor(() => expect(edge.arrived()).toBe(1));
  await edge.pass(CHANNEL_WAKE_MS);
  const settled = edge.wakes();
  await edge.pass(10 * 60_000);
  expect(edge.wakes() - settled).toBe(2);
  expect(edge.sender.channelStatus("QM1.TO.QM2")).toBe("running");
  expect(edge.sender.channelAgentStatus("QM1.TO.QM2")?.heartbeatInterval).toBe(300);
});
