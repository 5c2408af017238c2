// The bench's @stomp/stompjs client (over `ws`), as an application would use it: each SEND
// waits for its RECEIPT before the next on that connection; get+ack is a client-individual
// subscription (prefetch-count 10) whose messages are each ACKed with a receipt.
import { Client } from "@stomp/stompjs";
import WebSocket from "ws";

async function connect(url, connectHeaders) {
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ["v12.stomp", "v11.stomp", "v10.stomp"]),
    connectHeaders,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => undefined,
  });
  await new Promise((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketClose = () => reject(new Error("closed before CONNECTED"));
    client.activate();
  });
  return client;
}

let receipts = 0;
function receipted(client, send) {
  const receipt = `r${++receipts}`;
  const done = new Promise((resolve) => client.watchForReceipt(receipt, resolve));
  send(receipt);
  return done;
}

/** `connections` clients put `messages` persistent messages with receipts, then get and ack them all. */
export async function stompjsRun(url, headers, queue, connections, messages, body, mark) {
  const clients = await Promise.all(Array.from({ length: connections }, () => connect(url, headers)));
  const destination = `/queue/${queue}`;
  // An ERROR frame (or a socket closed) ends the run rather than leaving it waiting for receipts that will not come.
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  for (const client of clients) {
    client.onStompError = (frame) => fail(new Error(`ERROR frame: ${frame.headers.message}`));
    client.onWebSocketClose = () => fail(new Error("the socket closed"));
  }
  try {
    const putLatencies = [];
    let next = 0;
    const putMark = mark();
    let start = performance.now();
    const puts = Promise.all(
      clients.map(async (client) => {
        while (next < messages) {
          next++;
          const t = performance.now();
          await receipted(client, (receipt) => client.publish({ destination, body, headers: { persistent: "true", receipt } }));
          putLatencies.push(performance.now() - t);
        }
      }),
    );
    await Promise.race([puts, failed]);
    const put = { ms: performance.now() - start, latencies: putLatencies, cpu: putMark };

    const getLatencies = [];
    let acked = 0;
    let finish;
    const allAcked = new Promise((resolve) => (finish = resolve));
    const getMark = mark();
    start = performance.now();
    for (const client of clients)
      client.subscribe(
        destination,
        (message) => {
          const t = performance.now();
          receipted(client, (receipt) => message.ack({ receipt })).then(() => {
            getLatencies.push(performance.now() - t);
            if (++acked === messages) finish();
          });
        },
        { ack: "client-individual", "prefetch-count": "10" },
      );
    await Promise.race([allAcked, failed]);
    return { put, get: { ms: performance.now() - start, latencies: getLatencies, cpu: getMark } };
  } finally {
    for (const client of clients) client.onWebSocketClose = () => undefined;
    await Promise.all(clients.map((client) => client.deactivate()));
  }
}
