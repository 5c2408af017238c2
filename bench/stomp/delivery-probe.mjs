// A focused look at delivery at the edge (issue 22): N persistent messages put on a queue, then
// one client-individual subscription with prefetch-count N. Reports how many WebSocket messages
// carried the N MESSAGE frames and how long they took, then the ACKs of all of them written in
// one WebSocket message (each with a receipt), how long until the last RECEIPT, and workerd's
// CPU for each phase. `node bench/stomp/delivery-probe.mjs [N]` (default 300).
// `node bench/stomp/delivery-probe.mjs 300 10 separate`: in the streaming phase, each ACK is a
// WebSocket message of its own, sent as its MESSAGE is read (as @stomp/stompjs does).
import WebSocket from "ws";
import { startEdge } from "./brokers.mjs";

const N = Number(process.argv[2] ?? 300);
/** With a second argument, a streaming phase too: prefetch-count WINDOW, each WebSocket message's MESSAGEs ACKed (with receipts) as they come, as the bench's raw client does. */
const WINDOW = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
/** "separate": each streaming ACK goes alone, at once (@stomp/stompjs); otherwise a WebSocket message's ACKs go together. */
const SEPARATE = process.argv[4] === "separate";
const TOKEN = "probe-token";
const edge = await startEdge(TOKEN);
const url = `${edge.url}/QM1`;

async function connect() {
  const ws = new WebSocket(url, ["v12.stomp"], { perMessageDeflate: false });
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  const state = { ws, messages: 0, frames: [], onFrame: () => undefined };
  let partial = "";
  ws.on("message", (data) => {
    state.messages++;
    const parts = (partial + data.toString("utf8")).split("\0");
    partial = parts.pop();
    for (const part of parts) {
      const frame = part.replace(/^[\r\n]+/, "");
      if (frame !== "") state.onFrame(frame);
    }
  });
  const connected = new Promise((resolve, reject) => (state.onFrame = (f) => (f.startsWith("CONNECTED") ? resolve() : reject(new Error(f)))));
  ws.send(`CONNECT\naccept-version:1.2\nhost:QM1\npasscode:${TOKEN}\nheart-beat:0,0\n\n\0`);
  await connected;
  return state;
}
const headerOf = (frame, name) => {
  const at = frame.indexOf(`\n${name}:`);
  return at < 0 ? undefined : frame.slice(at + name.length + 2, frame.indexOf("\n", at + name.length + 2));
};

try {
  const c = await connect();
  const body = "x".repeat(1024);
  let out = "";
  for (let i = 0; i < N; i++) out += `SEND\ndestination:/queue/BENCH.Q1\npersistent:true\ncontent-type:text/plain\nreceipt:p${i}\n\n${body}\0`;
  let receipts = 0;
  await new Promise((resolve, reject) => {
    c.onFrame = (f) => (f.startsWith("RECEIPT") ? ++receipts === N && resolve() : reject(new Error(f.slice(0, 300))));
    c.ws.send(out);
  });
  await new Promise((r) => setTimeout(r, 300));
  // Deliveries.
  c.messages = 0;
  const acks = [];
  let cpu = edge.cpuMs();
  let start = performance.now();
  await new Promise((resolve, reject) => {
    c.onFrame = (f) => {
      if (!f.startsWith("MESSAGE")) return reject(new Error(f.slice(0, 300)));
      acks.push(headerOf(f, "ack"));
      if (acks.length === N) resolve();
    };
    c.ws.send(`SUBSCRIBE\nid:s0\ndestination:/queue/BENCH.Q1\nack:client-individual\nprefetch-count:${N}\n\n\0`);
  });
  const deliverMs = performance.now() - start;
  const deliverCpu = edge.cpuMs() - cpu;
  const deliverMessages = c.messages;
  await new Promise((r) => setTimeout(r, 300));
  c.messages = 0;
  cpu = edge.cpuMs();
  start = performance.now();
  let acked = 0;
  await new Promise((resolve, reject) => {
    c.onFrame = (f) => (f.startsWith("RECEIPT") ? ++acked === N && resolve() : reject(new Error(f.slice(0, 300))));
    c.ws.send(acks.map((id, i) => `ACK\nid:${id}\nreceipt:a${i}\n\n\0`).join(""));
  });
  const ackMs = performance.now() - start;
  const ackCpu = edge.cpuMs() - cpu;
  console.log(
    JSON.stringify({
      messages: N,
      deliver: { ms: Math.round(deliverMs), webSocketMessages: deliverMessages, workerdCpuUsPerMsg: Math.round((deliverCpu * 1000) / N) },
      ack: { ms: Math.round(ackMs), webSocketMessages: c.messages, workerdCpuUsPerMsg: Math.round((ackCpu * 1000) / N) },
    }),
  );
  if (WINDOW !== undefined) {
    c.ws.send("UNSUBSCRIBE\nid:s0\n\n\0");
    c.ws.send(out);
    receipts = 0;
    await new Promise((resolve, reject) => {
      c.onFrame = (f) => (f.startsWith("RECEIPT") ? ++receipts === N && resolve() : reject(new Error(f.slice(0, 300))));
    });
    await new Promise((r) => setTimeout(r, 300));
    c.messages = 0;
    let messageFrames = 0;
    cpu = edge.cpuMs();
    start = performance.now();
    acked = 0;
    let pendingAcks = "";
    let flushScheduled = false;
    await new Promise((resolve, reject) => {
      c.onFrame = (f) => {
        if (f.startsWith("MESSAGE")) {
          messageFrames++;
          const ack = `ACK\nid:${headerOf(f, "ack")}\nreceipt:b${messageFrames}\n\n\0`;
          if (SEPARATE) return c.ws.send(ack);
          pendingAcks += ack;
          if (!flushScheduled) {
            flushScheduled = true;
            queueMicrotask(() => {
              flushScheduled = false;
              c.ws.send(pendingAcks);
              pendingAcks = "";
            });
          }
        } else if (f.startsWith("RECEIPT")) {
          if (++acked === N) resolve();
        } else reject(new Error(f.slice(0, 300)));
      };
      c.ws.send(`SUBSCRIBE\nid:s1\ndestination:/queue/BENCH.Q1\nack:client-individual\nprefetch-count:${WINDOW}\n\n\0`);
    });
    const ms = performance.now() - start;
    console.log(
      JSON.stringify({
        streaming: {
          window: WINDOW,
          acks: SEPARATE ? "one per WebSocket message" : "a WebSocket message's together",
          ms: Math.round(ms),
          perSecond: Math.round((N * 1000) / ms),
          webSocketMessagesIn: c.messages,
          workerdCpuUsPerMsg: Math.round(((edge.cpuMs() - cpu) * 1000) / N),
        },
      }),
    );
  }
  c.ws.send("DISCONNECT\n\n\0");
  c.ws.close();
} finally {
  await edge.stop();
}
