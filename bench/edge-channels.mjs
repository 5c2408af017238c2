// Messages per second a channel moves object to object in workerd (issue 21's bench, edge
// part): the worker as `npm start` runs it (scripts/local-edge.mjs) on storage persisted to a
// temporary directory, QM1's transmission queue filled with persistent 1 KiB messages while
// the receiving channel is not yet defined, then START CHANNEL, timed until QM2's queue holds
// them all (its depth read over MQSC every 20 ms). Not part of npm test.
//
//   node bench/edge-channels.mjs            # BATCHSZ 50 and 1, 5,000 and 1,000 messages
//   BENCH_MESSAGES=20000 node bench/edge-channels.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalEdge } from "../scripts/local-edge.mjs";

const TOKEN = "bench-edge-channels";
// Each request on a connection of its own (Connection: close): workerd closes an idle keep-alive
// connection a few seconds after its last answer, which a pooled connection's next request can
// race ("other side closed", seen once in the bench).
const auth = { authorization: `Bearer ${TOKEN}`, "ibm-mq-rest-csrf-token": "", connection: "close" };
const body = "x".repeat(1024);

async function run(batchSize, count) {
  const persistTo = mkdtempSync(join(tmpdir(), "webmq-bench-channels-"));
  const edge = await startLocalEdge({ port: 0, persistTo, vars: { MQ_TOKENS: TOKEN, MQ_QUEUE_MANAGERS: "QM1,QM2" } });
  const mqsc = async (qmgr, command) => {
    const response = await fetch(`${edge.url}/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command } }),
    });
    return (await response.json()).commandResponse.map((r) => r.text.join(" ")).join("\n");
  };
  const depth = async (qmgr, queue) => Number(/CURDEPTH\((\d+)\)/.exec(await mqsc(qmgr, `DISPLAY QLOCAL(${queue}) CURDEPTH`))[1]);
  try {
    await mqsc(
      "QM1",
      `DEFINE QLOCAL(QM2) USAGE(XMITQ) MAXDEPTH(999999999)\nDEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM2)\nDEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(SDR) CONNAME('QM2') XMITQ(QM2) BATCHSZ(${batchSize})`,
    );
    let next = 0;
    const putter = async () => {
      while (next < count) {
        next++;
        const response = await fetch(`${edge.url}/ibmmq/rest/v3/messaging/qmgr/QM1/queue/ORDERS/message`, {
          method: "POST",
          headers: { ...auth, "content-type": "text/plain", "ibm-mq-md-persistence": "persistent" },
          body,
        });
        if (response.status !== 201) throw new Error(`put: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, putter));
    if ((await depth("QM1", "QM2")) !== count) throw new Error("the transmission queue is not full");
    await mqsc("QM2", "DEFINE QLOCAL(APP.ORDERS) MAXDEPTH(999999999)\nDEFINE CHANNEL(QM1.TO.QM2) CHLTYPE(RCVR)");
    const started = performance.now();
    await mqsc("QM1", "START CHANNEL(QM1.TO.QM2)");
    while ((await depth("QM2", "APP.ORDERS")) < count) await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - started) / 1000;
    return { batchSize, count, seconds, perSecond: Math.round(count / seconds) };
  } finally {
    await edge.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

const large = Number(process.env.BENCH_MESSAGES ?? 5000);
for (const [batchSize, count] of [
  [50, large],
  [1, Math.max(1, Math.floor(large / 5))],
]) {
  const result = await run(batchSize, count);
  console.log(
    `BATCHSZ(${result.batchSize}): ${result.count} persistent 1 KiB messages object to object in ${result.seconds.toFixed(2)} s: ${result.perSecond} messages/s`,
  );
}
