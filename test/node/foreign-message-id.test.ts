/**
 * A message a channel delivers keeps the id its sending queue manager gave it (IBM's message
 * channel agent passes MsgId on). Such an id is not one this queue manager made, so its seq
 * index cannot lead to it: a get or browse by that id must still find the message, whether it
 * is in memory or paged out to the store, and with a correlation id or selector beside it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { drain } from "../fixtures/channel-helpers.js";

const ODD = "0D".repeat(24);
const EVEN = "E0".repeat(24);
const open: QueueManager[] = [];
afterEach(async () => {
  for (const qm of open.splice(0)) await qm.close();
});

/** PAGE sends `count` messages to QM1's APP.ORDERS; QM1 keeps only 2 messages per lane in memory. */
async function delivered(count: number) {
  const registry = new LinkedChannels();
  const page = await QueueManager.open({ name: "PAGE", store: new MemoryStore(new MemoryStorage()), channelConnector: registry });
  const edge = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()), messagesInMemoryPerLane: 2 });
  open.push(page, edge);
  registry.register(edge);
  await page.mqsc(`DEFINE QLOCAL(QM1) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM1) XMITQ(QM1)
DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(SDR) CONNAME('QM1(443)') XMITQ(QM1) BATCHSZ(10)`);
  await edge.mqsc(`DEFINE CHANNEL(APP.TO.QM1) CHLTYPE(RCVR)\nDEFINE QLOCAL(APP.ORDERS)`);
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await page.put("ORDERS", { body: `order ${i}`, persistent: true, correlationId: i % 2 ? ODD : EVEN, properties: { n: i } })).messageId);
  page.startChannel("APP.TO.QM1");
  await expect.poll(() => edge.queueStatus("APP.ORDERS").depth).toBe(count);
  await page.stopChannel("APP.TO.QM1");
  return { edge, ids };
}

describe("a get or browse by the id another queue manager gave a message", () => {
  it("finds it in memory and paged out, alone and with a correlation id or selector", async () => {
    const { edge, ids } = await delivered(40);
    // The last message is paged out (2 per lane in memory), the first in memory.
    const last = await edge.get("APP.ORDERS", { messageId: ids[39] });
    expect(last?.body).toBe("order 39");
    const first = await edge.get("APP.ORDERS", { messageId: ids[0] });
    expect(first?.body).toBe("order 0");
    expect((await edge.browse("APP.ORDERS", { messageId: ids[20] }).next())?.body).toBe("order 20");
    expect((await edge.get("APP.ORDERS", { messageId: ids[21], correlationId: ODD }))?.body).toBe("order 21");
    expect(await edge.get("APP.ORDERS", { messageId: ids[22], correlationId: ODD })).toBeNull();
    expect((await edge.get("APP.ORDERS", { messageId: ids[30], selector: "n = 30" }))?.body).toBe("order 30");
    expect(await edge.get("APP.ORDERS", { messageId: ids[31], selector: "n = 30" })).toBeNull();
    // A selector whose scan found nothing for one id still finds another message it selects.
    expect((await edge.get("APP.ORDERS", { selector: "n = 31" }))?.body).toBe("order 31");
    expect(edge.queueStatus("APP.ORDERS").depth).toBe(35);
    const rest = await drain(edge, "APP.ORDERS", 35);
    expect(rest.map((m) => m.messageId)).toEqual(ids.filter((_, i) => ![0, 21, 30, 31, 39].includes(i)));
  });
});
